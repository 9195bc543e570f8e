// TPP dialogue: the contact e-mail operation (operations.register-tpp-contact), its body from the "tpp-contact"
// template.
import { When } from '@cucumber/cucumber';
import { sendWithControl } from '../src/suite/controls.ts';
import { silentOperation } from '../src/suite/sandbox.ts';
import { buildBody } from '../src/session/templates.ts';
import type { RequestSpec } from '../src/tpp/client.ts';
import type { Xs2aWorld } from './support/world.ts';

When('the TPP registers the contact e-mail {string}', async function (this: Xs2aWorld, email: string) {
  await this.session.send({
    ...silentOperation(this.session, 'register-tpp-contact'),
    body: buildBody(this.session.profile, 'tpp-contact', { email }),
    psu: false,
  });
});

When(
  'the TPP registers the contact e-mail {string} instead of {string}',
  async function (this: Xs2aWorld, email: string, usual: string) {
    const register = (e: string): RequestSpec => ({
      ...silentOperation(this.session, 'register-tpp-contact'),
      body: buildBody(this.session.profile, 'tpp-contact', { email: e }),
      psu: false,
    });
    await sendWithControl(this.session, register(email), register(usual), `the same registration of ${usual}`);
  },
);
