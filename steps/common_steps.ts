// Steps shared by every area: statuses, error bodies, schemas.
import { Then } from '@cucumber/cucumber';
import { expectErrorBody, expectSchema, jsonOf } from '../src/session/expect.ts';
import { expectAccepted, expectStatusAndJson, schemaNamed } from '../src/suite/checks/common.ts';
import type { Xs2aWorld } from './support/world.ts';

// Every body is JSON, UTF-8 encoded (spec: What the service does), so a status check also reads it.
Then('the response status is {int}', function (this: Xs2aWorld, status: number) {
  expectStatusAndJson(this.session, [status]);
});

Then('the response status is {int} or {int}', function (this: Xs2aWorld, a: number, b: number) {
  expectStatusAndJson(this.session, [a, b]);
});

Then('the request is accepted', function (this: Xs2aWorld) {
  expectAccepted(this.session);
});

Then('the request is refused with status {int}', function (this: Xs2aWorld, status: number) {
  expectErrorBody(this.session.last, status, undefined);
});

Then(
  'the request is refused with status {int} and code {word}',
  function (this: Xs2aWorld, status: number, code: string) {
    expectErrorBody(
      this.session.last,
      status,
      code,
      [`errors.${code}`].filter((c) => /^errors\.[A-Z_]+$/.test(c)),
    );
  },
);

Then('the response body matches the {string} schema', function (this: Xs2aWorld, schema: string) {
  const name = schemaNamed(schema);
  expectSchema(jsonOf(this.session.last), name, 'the response body');
});
