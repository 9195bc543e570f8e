// Steps shared by every area: statuses, error bodies, schemas.
import { Then } from '@cucumber/cucumber';
import { expectErrorBody, expectSchema, expectStatus, fail, jsonOf } from '../src/session/expect.ts';
import { isSchemaName } from '../src/spec/schemas/index.ts';
import type { Xs2aWorld } from './support/world.ts';

// Every body is JSON, UTF-8 encoded (spec: What the service does), so a status check also reads it.
function expectStatusAndJson(world: Xs2aWorld, allowed: number[]): void {
  expectStatus(world.last, allowed);
  if (world.last!.response!.body.length) jsonOf(world.last, ['conventions.json-utf8']);
}

Then('the response status is {int}', function (this: Xs2aWorld, status: number) {
  expectStatusAndJson(this, [status]);
});

Then('the response status is {int} or {int}', function (this: Xs2aWorld, a: number, b: number) {
  expectStatusAndJson(this, [a, b]);
});

Then('the request is accepted', function (this: Xs2aWorld) {
  const s = this.status;
  if (s >= 400) fail(`expected the request to be accepted, but it was refused with ${s}: ${this.last!.response!.text.slice(0, 300)}`);
});

Then('the request is refused with status {int}', function (this: Xs2aWorld, status: number) {
  expectErrorBody(this.last, status, undefined);
});

Then('the request is refused with status {int} and code {word}', function (this: Xs2aWorld, status: number, code: string) {
  expectErrorBody(this.last, status, code, [`errors.${code}`].filter((c) => /^errors\.[A-Z_]+$/.test(c)));
});

Then('the response body matches the {string} schema', function (this: Xs2aWorld, schema: string) {
  if (!isSchemaName(schema)) fail(`no schema named "${schema}"`);
  expectSchema(jsonOf(this.last), schema, 'the response body');
});
