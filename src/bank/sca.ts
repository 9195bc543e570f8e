// PSU authentication: who the PSU is, whether SCA is needed (401 scaRedirect), and the SCA
// redirect flow as plain HTML pages (spec § Authentication > PSU authentication, § Events).
import type { PsuContext } from '../spec/codes.ts';
import { wireStatus, type WireCode } from '../spec/wire-codes.ts';
import type { Bank } from './bank.ts';
import { executePayment } from './batch.ts';
import { isoDate } from './clock.ts';
import { SYSTEM } from './checks.ts';
import { BankError, ScaNeeded } from './errors.ts';
import type { Ctx, Reply } from './http.ts';
import { isNationalIdentityNumber, nameUuid } from './ids.ts';
import { consentKey, sessionKey, type Consent, type Payment, type ScaKind, type ScaRequest } from './state.ts';

/** Form field names and button values of the SCA pages, in one place (a profile can map them). */
export const SCA_FIELDS = {
  identity: 'psu-identity',
  accounts: 'account',
  context: 'context',
  agreement: 'agreement',
  action: 'action',
} as const;
export const SCA_ACTIONS = { proceed: 'continue', cancel: 'cancel' } as const;
export const SCA_PATHS = {
  start: '/sca/{scaId}',
  identify: '/sca/{scaId}/identify',
  authorise: '/sca/{scaId}/authorise',
} as const;

/** psu-id: a UUID stable per TPP and PSU (§ SCA flow step 5). */
export const psuIdFor = (tppId: string, nid: string): string => nameUuid(`psu|${tppId}|${nid}`);

export function startSca(
  ctx: Ctx,
  kind: ScaKind,
  opts: {
    expectedNid?: string;
    corporateId?: string;
    targetId?: string;
    authorisationId?: string;
    redirectUri?: string;
  } = {},
): string {
  const bank = ctx.bank;
  const scaId = bank.nextId('sca');
  const rec: ScaRequest = {
    scaId,
    kind,
    tppId: ctx.tpp.id,
    tppSessionId: ctx.h('tpp-session-id') ?? '',
    redirectUri: opts.redirectUri ?? ctx.h('tpp-redirect-uri') ?? '',
    expectedNid: opts.expectedNid,
    corporateId: opts.corporateId,
    targetId: opts.targetId,
    authorisationId: opts.authorisationId,
    createdAt: ctx.now,
    state: 'started',
  };
  if (!rec.redirectUri)
    throw new BankError('FORMAT_ERROR', 'TPP-Redirect-URI is needed: this request needs SCA', {
      tppCode: 'HTTP_HEADER_REQUIRED',
      path: 'TPP-Redirect-URI',
    });
  // Links older than a day are of no use any more (TTL rules.scaRedirectTtlMinutes): drop them so a long run stays
  // bounded.
  if (bank.state.scaRequests.size > 1000) {
    for (const [id, r] of bank.state.scaRequests)
      if (ctx.now - r.createdAt > 86400_000) bank.state.scaRequests.delete(id);
  }
  bank.state.scaRequests.set(scaId, rec);
  return `${bank.url}/sca/${encodeURIComponent(scaId)}`;
}

export const scaRequired = (ctx: Ctx, kind: ScaKind, opts: Parameters<typeof startSca>[2] = {}): ScaNeeded =>
  new ScaNeeded(startSca(ctx, kind, opts));

/** The PSU a request names: PSU-ID (known to this TPP) or X-PSU-IDENTITY. */
export function resolvePsu(ctx: Ctx): string | undefined {
  const st = ctx.bank.state;
  const psuId = ctx.h('psu-id');
  if (psuId) {
    const m = st.psuIds.get(psuId.toLowerCase());
    return m && m.tppId === ctx.tpp.id ? m.nid : undefined;
  }
  // X-PSU-IDENTITY is the header table's alternative to PSU-ID (a fault may switch it off).
  const x = ctx.bank.checkOn('x-psu-identity') ? ctx.h('x-psu-identity') : undefined;
  return x && st.customers.get(x)?.type === 'private' ? x : undefined;
}

export interface AisAccess {
  nid: string;
  consent: Consent;
  present: boolean;
}

/** Consent and session for an account-information call; throws 401 scaRedirect or 400 as the spec says. */
export function aisAccess(ctx: Ctx): AisAccess {
  const { bank } = ctx;
  const st = bank.state;
  const nid = resolvePsu(ctx);
  const corp = ctx.h('psu-corporate-id');
  const redirect = () => scaRequired(ctx, 'consent', { expectedNid: nid, corporateId: corp });
  if (!nid) throw redirect();
  let consent: Consent | undefined;
  if (corp) {
    consent = st.consents.get(consentKey(ctx.tpp.id, nid, 'CORPORATE', corp));
    // § SCA flow step 7: a new corporate id with no consent starts a consent flow.
    if (!consent) throw redirect();
  } else {
    consent = st.consents.get(consentKey(ctx.tpp.id, nid, 'PRIVATE'));
    {
      // A corporate user: one whose latest SCA with this TPP chose CORPORATE (or who says so in PSU-Context).
      const corporateUser =
        ctx.h('psu-context') === 'CORPORATE' || st.sessions.get(sessionKey(ctx.tpp.id, nid))?.context === 'CORPORATE';
      // § SCA flow step 7 / § Errors: a corporate user's request lacking PSU-Corporate-ID is answered with 400.
      if (corporateUser && bank.checkOn('corporate-id')) {
        throw new BankError('FORMAT_ERROR', 'PSU-Corporate-ID is required: this PSU acts in the CORPORATE context', {
          tppCode: 'HTTP_HEADER_REQUIRED',
          path: 'PSU-Corporate-ID',
        });
      }
      if (!consent) throw redirect();
    }
  }
  const present = ctx.h('psu-ip-address') !== undefined;
  if (present && bank.checkOn('sca-session')) {
    // § States > SCA within a TPP-Session-ID: valid up to 1 h; a new session needs a new SCA.
    const s = st.sessions.get(sessionKey(ctx.tpp.id, nid));
    const sameSession = s && (s.sessionId === (ctx.h('tpp-session-id') ?? '') || !bank.checkOn('sca-session-id'));
    const valid = s && sameSession && ctx.now - s.scaAt <= bank.rules.scaSessionHours * 3600_000;
    if (!valid) throw redirect();
  }
  return { nid, consent, present };
}

/** Without the PSU present (no PSU-IP-Address), the consent's last SCA must be at most `days` old,
 * else 401 with a new consent SCA; the check `check` switches the guard off. */
export function requireScaWithoutPsu(
  ctx: Ctx,
  access: AisAccess,
  check: Parameters<Bank['checkOn']>[0],
  days: number,
): void {
  if (!access.present && ctx.bank.checkOn(check) && ctx.now - access.consent.scaAt > days * 86400_000) {
    throw scaRequired(ctx, 'consent', {
      expectedNid: access.nid,
      corporateId: access.consent.corporateId || undefined,
    });
  }
}

/** Accounts (and card accounts) a PSU reaches in a context. */
export function reachableAccounts(bank: Bank, nid: string, context: PsuContext, agreementId?: string): string[] {
  const st = bank.state;
  if (context === 'PRIVATE') {
    return [...st.accounts.values(), ...st.cardAccounts.values()]
      .filter((a) => a.customerNumber === nid)
      .map((a) => a.id);
  }
  const ag = agreementId ? st.agreements.get(agreementId) : undefined;
  return ag ? ag.engagements.filter((e) => e.customer === nid).flatMap((e) => e.accountIds) : [];
}

export function agreementsOf(bank: Bank, nid: string) {
  return [...bank.state.agreements.values()].filter((a) => a.engagements.some((e) => e.customer === nid));
}

// ---------------------------------------------------------------- pages

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(title: string, inner: string, status = 200, lang = 'en'): Reply {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    raw: `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8"><title>${esc(title)}</title></head>\n<body>\n<h1>${esc(title)}</h1>\n${inner}\n</body></html>\n`,
  };
}

function redirect(location: string): Reply {
  return { status: 302, headers: { location, 'cache-control': 'no-store' }, raw: '' };
}

function withParams(uri: string, params: Record<string, string>): string {
  const u = new URL(uri);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** Failure redirect (§ Events > Redirect after failed SCA). An aborted SCA changes no session. */
export function fail(bank: Bank, rec: ScaRequest, code: WireCode, message: string): Reply {
  const status = wireStatus(code);
  rec.state = 'failed';
  markAuthorisation(bank, rec, 'failed');
  return redirect(withParams(rec.redirectUri, { system: SYSTEM, status: String(status), code, message }));
}

function markAuthorisation(bank: Bank, rec: ScaRequest, scaStatus: string): void {
  if (!rec.authorisationId || !rec.targetId) return;
  const holder = rec.kind === 'basket' ? bank.state.baskets.get(rec.targetId) : bank.state.payments.get(rec.targetId);
  const a = holder?.authorisations.find((x) => x.authorisationId === rec.authorisationId);
  if (a) a.scaStatus = scaStatus;
}

export function usable(ctx: Ctx): { rec: ScaRequest } | { reply: Reply } {
  const rec = ctx.bank.state.scaRequests.get(ctx.params.scaId);
  if (!rec) return { reply: page('Unknown authentication', '<p>This authentication link is unknown.</p>', 404) };
  if (rec.state === 'finalised' || rec.state === 'failed')
    return { reply: page('Authentication already completed', '<p>This authentication link has been used.</p>', 400) };
  if (ctx.now - rec.createdAt > ctx.bank.rules.scaRedirectTtlMinutes * 60_000)
    return { reply: fail(ctx.bank, rec, 'SCA_EXPIRED', 'the authentication link has expired') };
  return { rec };
}

const F = SCA_FIELDS;
const buttons = `<p><button type="submit" name="${F.action}" value="${SCA_ACTIONS.proceed}">Continue</button>\n<button type="submit" name="${F.action}" value="${SCA_ACTIONS.cancel}">Cancel</button></p>`;

/** GET /sca/{scaId}: the sandbox asks only for a mock national identity number (§ SCA flow step 2). */
export function scaStartPage(ctx: Ctx): Reply {
  const u = usable(ctx);
  if ('reply' in u) return u.reply;
  return page(
    'Log in to XS2A Reference Bank (sandbox)',
    `<form method="post" action="/sca/${esc(encodeURIComponent(u.rec.scaId))}/identify">
<p><label for="${F.identity}">National identity number (11 digits, mock)</label>
<input id="${F.identity}" name="${F.identity}" type="text" inputmode="numeric" autocomplete="off"></p>
${buttons}
</form>`,
  );
}

export function form(ctx: Ctx): URLSearchParams {
  return new URLSearchParams(ctx.body.toString('utf8'));
}

function choicePage(ctx: Ctx, rec: ScaRequest, error?: string): Reply {
  const bank = ctx.bank;
  const nid = rec.identifiedNid!;
  const st = bank.state;
  const consentFlow = rec.kind === 'consent';
  const accountLine = (id: string) => {
    const a = st.accounts.get(id);
    const c = st.cardAccounts.get(id);
    const label = a ? `${a.accountName} (${a.iban}, ${a.currency})` : c ? `${c.name} (${c.maskedPan})` : id;
    return `<li><input type="checkbox" id="acc-${esc(id)}" name="${F.accounts}" value="${esc(id)}" checked><label for="acc-${esc(id)}">${esc(label)}</label></li>`;
  };
  const ags = agreementsOf(bank, nid);
  let html = error ? `<p role="alert"><strong>${esc(error)}</strong></p>\n` : '';
  html += `<form method="post" action="/sca/${esc(encodeURIComponent(rec.scaId))}/authorise">\n<fieldset><legend>Context</legend>
<p><input type="radio" id="ctx-private" name="${F.context}" value="PRIVATE" checked><label for="ctx-private">PRIVATE</label></p>
<p><input type="radio" id="ctx-corporate" name="${F.context}" value="CORPORATE"${rec.corporateId ? ' checked' : ''}><label for="ctx-corporate">CORPORATE</label></p>
</fieldset>\n`;
  if (ags.length) {
    html += `<fieldset><legend>Corporate agreement (for CORPORATE)</legend>\n${ags.map((a, i) => `<p><input type="radio" id="ag-${i}" name="${F.agreement}" value="${esc(a.agreementId)}"${a.agreementId === rec.corporateId || (!rec.corporateId && i === 0) ? ' checked' : ''}><label for="ag-${i}">${esc(a.name)}</label></p>`).join('\n')}\n</fieldset>\n`;
  }
  if (consentFlow) {
    html += `<fieldset><legend>Accounts to share (PRIVATE)</legend><ul>\n${reachableAccounts(bank, nid, 'PRIVATE').map(accountLine).join('\n')}\n</ul></fieldset>\n`;
    for (const a of ags) {
      html += `<fieldset><legend>Accounts to share (${esc(a.name)})</legend><ul>\n${reachableAccounts(bank, nid, 'CORPORATE', a.agreementId).map(accountLine).join('\n')}\n</ul></fieldset>\n`;
    }
  } else if (rec.kind !== 'user') {
    html += `<p>Approve ${esc(rec.kind === 'cancellation' ? 'the cancellation of' : '')} ${esc(rec.kind === 'basket' ? 'signing basket' : 'payment')} ${esc(rec.targetId ?? '')}.</p>\n`;
  }
  html += buttons + '\n</form>';
  return page('Choose what to share', html, error ? 400 : 200);
}

/** POST /sca/{scaId}/identify. */
export function scaIdentify(ctx: Ctx): Reply {
  const u = usable(ctx);
  if ('reply' in u) return u.reply;
  const rec = u.rec;
  const f = form(ctx);
  if (f.get(F.action) === SCA_ACTIONS.cancel) return cancelled(ctx.bank, rec);
  return identify(ctx, rec, f.get(F.identity) ?? '') ?? choicePage(ctx, rec);
}

/** The PSU cancelled (§ Events > Redirect after failed SCA). */
export const cancelled = (bank: Bank, rec: ScaRequest): Reply =>
  fail(bank, rec, 'SCA_INVALID', 'the PSU cancelled the authentication');

/**
 * Identifies the PSU by the mock national identity number; a failure redirect when it is unknown or not the expected
 * one.
 */
export function identify(ctx: Ctx, rec: ScaRequest, given: string): Reply | undefined {
  const nid = given.trim();
  const known = isNationalIdentityNumber(nid) && ctx.bank.state.customers.get(nid)?.type === 'private';
  if (!known || (rec.expectedNid && rec.expectedNid !== nid)) {
    return fail(
      ctx.bank,
      rec,
      'PSU_CREDENTIALS_INVALID',
      known ? 'the identity does not match the PSU-ID of the request' : 'unknown national identity number',
    );
  }
  rec.identifiedNid = nid;
  rec.state = 'identified';
  return undefined;
}

/** Authorises a payment for a PSU; a failure text when it cannot be. */
function authorisePayment(bank: Bank, p: Payment, nid: string, reach: string[], now: number): string | undefined {
  if (p.status !== 'RCVD') return `payment ${p.paymentId} has status ${p.status}, not RCVD`;
  if (p.psuNid && p.psuNid !== nid) return `payment ${p.paymentId} belongs to another PSU`;
  if (!reach.includes(p.debtorAccountId))
    return `the debtor account of payment ${p.paymentId} is not an account of this PSU in the chosen context`;
  p.psuNid = nid;
  p.authorisedAt = now;
  p.status = 'ACTC';
  // rules.pendingUntilExecutionDate: a payment dated in the future waits as PDNG for that date's batch.
  if (bank.rules.pendingUntilExecutionDate && p.service !== 'periodic-payments' && p.executionDate > isoDate(now)) {
    p.status = 'PDNG';
    return undefined;
  }
  // Instant product: executed at once, not in the batch.
  if (p.product === 'instant-norwegian-domestic-credit-transfers-straks') executePayment(bank, p, now, true);
  return undefined;
}

/** POST /sca/{scaId}/authorise: registers the outcome and redirects to the TPP (§ Events). */
export function scaAuthorise(ctx: Ctx): Reply {
  const u = usable(ctx);
  if ('reply' in u) return u.reply;
  const rec = u.rec;
  const bank = ctx.bank;
  if (rec.state !== 'identified' || !rec.identifiedNid)
    return page('Log in first', '<p>Identify yourself before choosing.</p>', 400);
  const f = form(ctx);
  if (f.get(F.action) === SCA_ACTIONS.cancel) return cancelled(bank, rec);
  const nid = rec.identifiedNid;
  const context = f.get(F.context);
  if (context !== 'PRIVATE' && context !== 'CORPORATE') return choicePage(ctx, rec, 'Choose PRIVATE or CORPORATE.');
  const agreementId = context === 'CORPORATE' ? (f.get(F.agreement) ?? '') : '';
  if (context === 'CORPORATE' && !agreementsOf(bank, nid).some((a) => a.agreementId === agreementId))
    return choicePage(ctx, rec, 'Choose a corporate agreement.');
  const done = finishSca(ctx, rec, context, agreementId, f.getAll(F.accounts));
  return 'reask' in done ? choicePage(ctx, rec, done.reask) : done;
}

/**
 * The PSU has chosen (context, agreement, accounts for a consent): registers the outcome and
 * redirects to the TPP (§ Events). `reask` when the choice cannot be taken (no account chosen).
 */
export function finishSca(
  ctx: Ctx,
  rec: ScaRequest,
  context: PsuContext,
  agreementId: string,
  accounts: readonly string[],
): Reply | { reask: string } {
  const bank = ctx.bank;
  const st = bank.state;
  const nid = rec.identifiedNid!;
  const reach = reachableAccounts(bank, nid, context, agreementId);
  const now = ctx.now;
  if (rec.kind === 'consent') {
    // The page offers the accounts of every context at once (all ticked); those outside the chosen
    // context and agreement are not granted.
    const chosen = [...new Set(accounts)].filter((id) => reach.includes(id));
    if (!chosen.length)
      return {
        reask: `Choose at least one account of the ${context} context${context === 'CORPORATE' ? ' and the chosen agreement' : ''}.`,
      };
    st.consents.set(consentKey(rec.tppId, nid, context, agreementId), {
      tppId: rec.tppId,
      nid,
      context,
      corporateId: agreementId,
      accountIds: chosen,
      createdAt: now,
      scaAt: now,
    });
  } else if (rec.kind === 'payment' || rec.kind === 'cancellation') {
    const p = st.payments.get(rec.targetId ?? '');
    if (!p) return fail(bank, rec, 'RESOURCE_UNKNOWN', 'the payment no longer exists');
    if (rec.kind === 'payment') {
      const why = authorisePayment(bank, p, nid, reach, now);
      if (why) return fail(bank, rec, 'PAYMENT_FAILED', why);
    } else {
      if (p.psuNid && p.psuNid !== nid)
        return fail(bank, rec, 'PSU_CREDENTIALS_INVALID', 'the payment belongs to another PSU');
      if (!['ACTC', 'RCVD'].includes(p.status))
        return fail(
          bank,
          rec,
          'CONFLICT',
          `payment ${p.paymentId} has status ${p.status} and can no longer be cancelled`,
        );
      p.status = 'CANC';
    }
  } else if (rec.kind === 'basket') {
    const b = st.baskets.get(rec.targetId ?? '');
    if (!b || b.deleted) return fail(bank, rec, 'RESOURCE_UNKNOWN', 'the signing basket no longer exists');
    const payments = b.paymentIds.map((id) => st.payments.get(id)).filter((p): p is Payment => !!p);
    const blocked = payments.find(
      (p) => p.status === 'RCVD' && (!reach.includes(p.debtorAccountId) || (p.psuNid && p.psuNid !== nid)),
    );
    if (blocked)
      return fail(
        bank,
        rec,
        'PAYMENT_FAILED',
        `the debtor account of payment ${blocked.paymentId} is not an account of this PSU in the chosen context`,
      );
    for (const p of payments) if (p.status === 'RCVD') authorisePayment(bank, p, nid, reach, now);
  }
  rec.state = 'finalised';
  bank.scasCompleted++;
  markAuthorisation(bank, rec, 'finalised');
  // A successful SCA opens the session; it replaces (invalidates) the PSU's previous one.
  st.sessions.set(sessionKey(rec.tppId, nid), { sessionId: rec.tppSessionId, scaAt: now, context });
  const psuId = psuIdFor(rec.tppId, nid);
  st.psuIds.set(psuId, { tppId: rec.tppId, nid });
  const params: Record<string, string> = { 'psu-id': psuId, 'tpp-session-id': rec.tppSessionId, context };
  if (context === 'CORPORATE') params['psu-corporate-id'] = agreementId;
  return redirect(withParams(rec.redirectUri, params));
}
