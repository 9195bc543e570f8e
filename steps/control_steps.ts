// The control of every negative check (src/suite/controls.ts): the step that sent the violating
// request kept the same request without the violation; this sends it and expects it accepted.
import { Then } from '@cucumber/cucumber';
import { expectControlAccepted } from '../src/suite/controls.ts';
import type { Xs2aWorld } from './support/world.ts';

Then('the same request without the violation is accepted', async function (this: Xs2aWorld) {
  await expectControlAccepted(this.session);
});
