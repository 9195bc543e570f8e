// What every area's steps judge: a status, a refusal, a schema named in the feature text. None of
// these has a clause of its own (the scenario's tags name what it proves: an accepted request is the
// success of whatever operation the scenario sends), and a named check needs one; so they are
// assertions that fail as they always did (no clause), kept here beside the checks that use them.
import { describeResponse, expectErrorBody, expectStatus, fail, jsonOf } from '../../session/expect.ts';
import type { ScenarioSession } from '../../session/session.ts';
import { isSchemaName, type SchemaName } from '../../spec/schemas/index.ts';

/** A schema named in a feature: the name itself, or a failure naming the typo. */
export function schemaNamed(name: string): SchemaName {
  if (!isSchemaName(name)) fail(`no schema named "${name}"`);
  return name;
}

/**
 * The last answer has one of the statuses, and its body, when there is one, is JSON (spec: every body is JSON, UTF-8
 * encoded).
 */
export function expectStatusAndJson(s: ScenarioSession, allowed: number[]): void {
  expectStatus(s.last, allowed);
  if (s.last!.response!.body.length) jsonOf(s.last, ['conventions.json-utf8']);
}

/** The last request was not refused: a status below 400. */
export function expectAccepted(s: ScenarioSession): void {
  const status = s.status;
  if (status >= 400)
    fail(
      `expected the request to be accepted, but it was refused with ${status}: ${s.last!.response!.text.slice(0, 300)}`,
      [],
      { expected: '< 400', received: status },
    );
}

/** The last request was refused with a client error (4xx), with the error body unless the refusal is a 401. */
export function expectClientError(s: ScenarioSession): void {
  const status = s.status;
  if (status < 400 || status >= 500)
    fail(`expected a refusal (4xx), but ${describeResponse(s.last)}`, [], { expected: '4xx', received: status });
  if (status !== 401) expectErrorBody(s.last, status, undefined);
}
