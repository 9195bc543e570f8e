// TPP dialogue: the contact e-mail operation, built from the "tpp-contact" template.
import { When } from '@cucumber/cucumber';
import { buildBody } from '../src/suite/templates.ts';
import type { Xs2aWorld } from './support/world.ts';

When('the TPP registers the contact e-mail {string}', async function (this: Xs2aWorld, email: string) {
  const t = buildBody(this.profile, 'tpp-contact', { email }) as { method: string; path: string; body: unknown };
  await this.send({ method: t.method, path: t.path, body: t.body, psu: false });
});
