// Checks of error bodies and of the general headers and conventions (§ Errors, § Endpoints > Header
// parameters, § Resources > Conventions).
import { describeResponse, expectErrorBody, responseOf } from '../../session/expect.ts';
import { headerValue } from '../../tpp/http-message.ts';
import { badJsonDates, expectJsonUtf8, serverErrorProblems } from '../platform.ts';
import { defineCheck } from './check.ts';

/** An error answer (status 400 or above) whose error body states the HTTP status. */
export const errorBodyStatus = defineCheck({
  id: 'platform.error-body-status',
  clauses: ['fields.error-body'],
  run(_s, ex) {
    const r = responseOf(ex, ['fields.error-body']);
    if (r.status < 400)
      return {
        title: `expected an error answer, but ${describeResponse(ex)}`,
        expected: 'a status of 400 or above',
        received: r.status,
      };
    expectErrorBody(ex, r.status, undefined, ['fields.error-body.status']);
    return undefined;
  },
});

/**
 * Every odd request (kept as `unusual`) was answered, and every 5xx answer is the error body, 500 with code
 * SYSTEM_ERROR.
 */
export const serverErrorsAreSystemError = defineCheck({
  id: 'platform.server-errors-system-error',
  clauses: ['errors.SYSTEM_ERROR', 'fields.error-body'],
  run(s) {
    const problems = s.need('unusual', 'odd requests').flatMap(({ name, ex }) => serverErrorProblems(name, ex));
    if (problems.length)
      return {
        title: `answers to odd requests break § Errors (500 SYSTEM_ERROR with the error body):\n  ${problems.join('\n  ')}`,
        received: problems,
      };
    return undefined;
  },
});

/** The answer is never XML: a 406, or a JSON body in UTF-8. */
export const neverXml = defineCheck({
  id: 'platform.never-xml',
  clauses: ['conventions.json-utf8'],
  run(_s, ex) {
    const r = responseOf(ex, ['conventions.json-utf8']);
    const ct = String(r.headers['content-type'] ?? '');
    if (/xml/i.test(ct) || /^\s*</.test(r.text))
      return {
        title: `XML is not supported, but ${describeResponse(ex)} (Content-Type ${ct})`,
        expected: '406 or application/json',
        received: ct,
      };
    if (r.status !== 406) expectJsonUtf8(ex);
    return undefined;
  },
});

/** The answer carries the X-Request-ID its request carried. */
export const requestIdEchoed = defineCheck({
  id: 'platform.x-request-id-echoed',
  clauses: ['headers.x-request-id'],
  run(_s, ex) {
    const r = responseOf(ex, ['headers.x-request-id']);
    const sent = headerValue(ex!.request.headers, 'x-request-id');
    const got = r.headers['x-request-id'];
    if (got !== sent)
      return {
        title: `the request carried X-Request-ID ${sent}, the answer ${got === undefined ? 'none' : got}`,
        expected: sent,
        received: got,
      };
    return undefined;
  },
});

/** Every date in the JSON body (UTF-8) is an ISO 8601 date or a date-time with offset. */
export const jsonDatesIso = defineCheck({
  id: 'platform.json-dates-iso',
  clauses: ['conventions.date-json'],
  run(_s, ex) {
    const bad = badJsonDates(expectJsonUtf8(ex));
    if (bad.length)
      return {
        title: `dates in JSON must be ISO 8601 dates or date-times with offset: ${bad.slice(0, 8).join('; ')}`,
        received: bad.slice(0, 8),
      };
    return undefined;
  },
});
