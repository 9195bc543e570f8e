// Consent and identity: bank-offered consents, the removed /v1/consents, users/user, agreements.
import { BankError } from '../errors.ts';
import { json, type Ctx, type Reply } from '../http.ts';
import { agreementsOf, psuIdFor, resolvePsu, scaRequired, startSca } from '../sca.ts';
import { sessionKey } from '../state.ts';

/**
 * POST /v1/bank-offered-consents: the body is ignored; 201 with the scaRedirect (consent stays hidden from the TPP).
 */
export function bankOfferedConsents(ctx: Ctx): Reply {
  const href = startSca(ctx, 'consent', { expectedNid: resolvePsu(ctx), corporateId: ctx.h('psu-corporate-id') });
  return json(201, { consentStatus: 'received', _links: { scaRedirect: { href, verbs: ['GET'] } } });
}

/**
 * POST /v1/consents: removed on 05-Dec-2024 (§ Versioning > Deprecations). Before that date (bank
 * clock) it behaves as /v1/bank-offered-consents with a Deprecation header; from then on it answers
 * 404 RESOURCE_UNKNOWN naming the replacement.
 */
export function consents(ctx: Ctx): Reply {
  const removed = Date.parse(ctx.bank.rules.consentsRemovedOn + 'T00:00:00Z');
  if (ctx.now >= removed) {
    throw new BankError(
      'RESOURCE_UNKNOWN',
      `POST /v1/consents was removed on ${ctx.bank.rules.consentsRemovedOn}; use POST /v1/bank-offered-consents`,
    );
  }
  const reply = bankOfferedConsents(ctx);
  reply.headers = {
    deprecation: 'true',
    sunset: new Date(removed).toUTCString(),
    link: '</v1/bank-offered-consents>; rel="successor-version"',
  };
  return reply;
}

/** GET /v1/users and /v1/user: an SCA to establish a PSU id; with a valid session, the PSU id. */
export function users(ctx: Ctx): Reply {
  const nid = resolvePsu(ctx);
  const s = nid ? ctx.bank.state.sessions.get(sessionKey(ctx.tpp.id, nid)) : undefined;
  const valid =
    s &&
    s.sessionId === (ctx.h('tpp-session-id') ?? '') &&
    ctx.now - s.scaAt <= ctx.bank.rules.scaSessionHours * 3600_000;
  if (!nid || !valid) throw scaRequired(ctx, 'user', { expectedNid: nid });
  return json(200, { psuId: psuIdFor(ctx.tpp.id, nid) });
}

/** GET /v1/agreements: the corporate agreements of a PSU the TPP knows (psuCorporateId goes in PSU-Corporate-ID). */
export function agreements(ctx: Ctx): Reply {
  const nid = resolvePsu(ctx);
  if (!nid) throw scaRequired(ctx, 'user');
  const st = ctx.bank.state;
  return json(200, {
    agreements: agreementsOf(ctx.bank, nid).map((a) => ({
      psuCorporateId: a.agreementId,
      name: a.name,
      organisationNumber: a.owner,
      ownerName: st.customers.get(a.owner)?.name,
    })),
  });
}
