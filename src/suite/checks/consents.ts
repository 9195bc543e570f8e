// Checks of consents and corporate agreements (§ Endpoints > Other operations, § Versioning > Deprecations, § SCA:
// corporate context).
import { describeResponse, expectErrorBody, fail, jsonOf, responseOf } from '../../session/expect.ts';
import { stringsIn } from '../sca-checks.ts';
import { defineCheck } from './check.ts';

const REMOVED = 'deprecations.consents-endpoint';

/** POST /v1/consents, removed on 05-Dec-2024: a client error other than 401, with the error body and no scaRedirect. */
export const consentsRemovedEndpointRefused = defineCheck({
  id: 'consents.removed-endpoint-refused',
  clauses: [REMOVED],
  run(_s, ex) {
    const r = responseOf(ex, [REMOVED]);
    if (r.status < 400 || r.status >= 500 || r.status === 401)
      return {
        title: `POST /v1/consents was removed on 05-Dec-2024, but ${describeResponse(ex)}`,
        clauses: ['endpoints.create-consent'],
        expected: '4xx other than 401',
        received: r.status,
      };
    expectErrorBody(ex, r.status, undefined, [REMOVED]);
    if ((r.json as any)?._links?.scaRedirect)
      return {
        title: 'the removed /v1/consents still hands out a scaRedirect',
        received: (r.json as any)._links.scaRedirect,
      };
    return undefined;
  },
});

/**
 * GET /v1/agreements lists the corporate id the PSU chose (the session's PSU-Corporate-ID; a PSU without one fails as a
 * set-up, with no clause).
 */
export const consentsAgreementsHoldCorporateId = defineCheck({
  id: 'consents.agreements-hold-corporate-id',
  clauses: ['endpoints.list-agreements', 'sca.corporate-context'],
  run(s, ex) {
    const id = s.psu.psuCorporateId;
    if (!id) fail('the corporate PSU has no corporate id');
    if (stringsIn(jsonOf(ex)).includes(id)) return undefined;
    return {
      title: `GET /v1/agreements does not list the corporate id ${id} the PSU chose: ${describeResponse(ex)}`,
      expected: id,
    };
  },
});
