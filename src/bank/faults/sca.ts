// The SCA redirect flow (§ Authentication > PSU authentication, § Events): the redirect's
// parameters, the psu-id, the session rules and the corporate id.
import { randomUUID } from 'node:crypto';
import { sessionKey } from '../state.ts';
import {
  dropVerbs,
  errorBody,
  errorText,
  mapJson,
  mapRedirect,
  onOps,
  skip,
  wrongWire,
  type AreaFault,
  type Transform,
} from './support.ts';

const features = ['sca-redirect', 'sca-sessions', 'consents-users-agreements'];

/** A new psu-id on every SCA, still known to the bank (so only its stability is broken). */
const unstablePsuId: Transform = mapRedirect((q, ctx) => {
  const old = q.get('psu-id');
  const known = old ? ctx.bank.state.psuIds.get(old) : undefined;
  if (!old || !known) return;
  const fresh = randomUUID();
  ctx.bank.state.psuIds.set(fresh, known);
  q.set('psu-id', fresh);
});

/** After a cancelled SCA, the PSU's current session is ended too. */
const abortEndsSession: Transform = onOps(['sca-identify', 'sca-authorise'], (reply, ctx) => {
  const loc = reply.headers?.location ?? '';
  if (reply.status !== 302 || !/[?&]code=SCA_INVALID\b/.test(loc) || !ctx.params) return reply;
  const rec = ctx.bank.state.scaRequests.get(ctx.params.scaId ?? '');
  const nid = rec?.identifiedNid ?? rec?.expectedNid;
  if (rec && nid) ctx.bank.state.sessions.delete(sessionKey(rec.tppId, nid));
  return reply;
});

export const SCA_FAULTS: readonly AreaFault[] = [
  {
    id: 'agreements-without-chosen',
    area: 'sca',
    features,
    description:
      'Leaves out of GET /v1/agreements every corporate agreement the PSU chose for the TPP in a CORPORATE SCA (it lists only the others).',
    clauses: ['endpoints.list-agreements', 'sca.corporate-context'],
    hooks: {
      transformResponse: mapJson(
        ['list-agreements'],
        (body: { agreements?: Array<{ psuCorporateId?: string }> }, ctx) => {
          const chosen = new Set(
            [...ctx.bank.state.consents.values()]
              .filter((c) => c.tppId === ctx.tpp?.id && c.context === 'CORPORATE')
              .map((c) => c.corporateId),
          );
          return { ...body, agreements: (body.agreements ?? []).filter((a) => !chosen.has(a.psuCorporateId ?? '')) };
        },
      ),
    },
  },
  {
    id: 'redirect-without-tpp-session-id',
    area: 'sca',
    features,
    description: 'Leaves tpp-session-id out of the redirect after a successful SCA.',
    clauses: ['events.success.tpp-session-id'],
    hooks: {
      transformResponse: mapRedirect((q) => {
        if (q.has('psu-id')) q.delete('tpp-session-id');
      }),
    },
  },
  {
    id: 'redirect-context-lowercase',
    area: 'sca',
    features,
    description: "Writes the redirect's context in lower case (private, corporate).",
    clauses: ['events.success.context', 'conventions.enums-exact'],
    hooks: {
      transformResponse: mapRedirect((q) => {
        const c = q.get('context');
        if (c) q.set('context', c.toLowerCase());
      }),
    },
  },
  {
    id: 'psu-id-not-uuid',
    area: 'sca',
    features,
    description: 'Sends a psu-id that is not an RFC 4122 UUID (hex without hyphens) in the redirect.',
    clauses: ['events.success.psu-id'],
    hooks: {
      transformResponse: mapRedirect((q, ctx) => {
        const id = q.get('psu-id');
        const known = id ? ctx.bank.state.psuIds.get(id) : undefined;
        if (id && known) {
          const bare = id.replace(/-/g, '');
          ctx.bank.state.psuIds.set(bare, known);
          q.set('psu-id', bare);
        }
      }),
    },
  },
  {
    id: 'psu-id-unstable',
    area: 'sca',
    features,
    description: 'Gives the same PSU a new psu-id at every SCA.',
    clauses: ['sca.psu-id-reused', 'events.success.psu-id'],
    hooks: { transformResponse: unstablePsuId },
  },
  {
    id: 'corporate-redirect-without-corporate-id',
    area: 'sca',
    features,
    description: 'Leaves psu-corporate-id out of the redirect after a CORPORATE SCA.',
    clauses: ['events.success.psu-corporate-id', 'sca.corporate-context'],
    hooks: { transformResponse: mapRedirect((q) => q.delete('psu-corporate-id')) },
  },
  {
    id: 'failure-redirect-without-code',
    area: 'sca',
    features,
    description: 'Leaves code out of the redirect after a failed or cancelled SCA.',
    clauses: ['events.failure.code'],
    hooks: {
      transformResponse: mapRedirect((q) => {
        if (q.has('status')) q.delete('code');
      }),
    },
  },
  {
    id: 'failure-redirect-status-text',
    area: 'sca',
    features,
    description: 'Writes the failure redirect\'s status as text ("Unauthorized") instead of the HTTP status number.',
    clauses: ['events.failure.status'],
    hooks: {
      transformResponse: mapRedirect((q) => {
        if (q.get('status') === '401') q.set('status', 'Unauthorized');
      }),
    },
  },
  {
    id: 'session-id-ignored',
    area: 'sca',
    features,
    description: "Serves any TPP-Session-ID on the strength of the PSU's last SCA (a new session needs no SCA).",
    clauses: ['states.sca-session-new-needs-sca', 'sca.session'],
    hooks: skip('sca-session-id'),
  },
  {
    id: 'aborted-sca-ends-session',
    area: 'sca',
    features,
    description: "Ends the PSU's old session when an SCA in a new TPP session is aborted.",
    clauses: ['states.sca-session-abort-keeps-old'],
    hooks: { transformResponse: abortEndsSession },
  },
  // The consent registered inside the flow not found through the redirect's psu-id.
  {
    id: 'psu-id-not-recognised',
    area: 'sca',
    features,
    description:
      'Refuses the account list to a request whose PSU-ID is the psu-id an SCA gave (400 FORMAT_ERROR "PSU-ID unknown"), as if the consent were not registered inside the flow.',
    clauses: ['sca.psu-id-reused', 'headers.psu-id'],
    hooks: {
      transformResponse: onOps(['list-accounts'], (reply, ctx) =>
        reply.status === 200 && ctx.h?.('psu-id') ? errorBody('FORMAT_ERROR', 'PSU-ID unknown') : reply,
      ),
    },
  },
  // A new corporate id (one with no consent of this TPP) refused instead of starting a consent flow.
  {
    id: 'new-corporate-id-refused',
    area: 'sca',
    features,
    description:
      'Refuses a request whose PSU-Corporate-ID has no consent yet with 403 CONSENT_INVALID instead of answering it with a scaRedirect.',
    clauses: ['sca.corporate-context', 'sca.redirect-on-401'],
    hooks: {
      transformResponse: onOps(['list-accounts'], (reply, ctx) =>
        reply.status === 401 && ctx.h?.('psu-corporate-id') && (reply.body as any)?._links?.scaRedirect
          ? wrongWire(403, 'CONSENT_INVALID', 'no consent for this corporate id')
          : reply,
      ),
    },
  },
  {
    id: 'corporate-id-not-required',
    area: 'sca',
    features,
    description: "Serves a corporate user's request that lacks PSU-Corporate-ID.",
    clauses: ['errors.corporate-id-missing', 'sca.corporate-context'],
    hooks: skip('corporate-id'),
  },
  {
    id: 'redirect-uri-optional',
    area: 'sca',
    features,
    description: 'Serves requests without TPP-Redirect-URI when no SCA is due.',
    clauses: ['sca.redirect-uri-always', 'headers.tpp-redirect-uri'],
    hooks: skip('required-header:*:tpp-redirect-uri'),
  },
  {
    id: 'psu-id-format-unchecked',
    area: 'sca',
    features: ['headers', 'transaction-details', 'error-bodies'],
    description:
      'Does not check that PSU-ID is a UUID: a malformed one is treated as an unknown PSU (401 scaRedirect).',
    clauses: ['headers.psu-id'],
    hooks: {
      transformResponse: (reply, ctx) =>
        reply.status === 400 && /header PSU-ID:/.test(errorText(reply))
          ? {
              status: 401,
              body: { _links: { scaRedirect: { href: `${ctx.bank.url}/sca/unknown-psu`, verbs: ['GET'] } } },
            }
          : reply,
    },
  },
  {
    id: 'bank-offered-consents-link-without-verbs',
    area: 'sca',
    replay: 'clauses',
    description: 'Answers POST /v1/bank-offered-consents with a scaRedirect link that has no verbs.',
    clauses: ['endpoints.bank-offered-consents'],
    hooks: { transformResponse: mapJson(['bank-offered-consents'], dropVerbs) },
  },
];
