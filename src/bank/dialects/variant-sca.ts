// The variant dialect's SCA pages: a three-page flow with Norwegian labels and its own field names,
// still plain HTML forms without script. 1 "Logg inn" (fødselsnummer), 2 "Velg avtale" (context and
// corporate agreement), 3 "Godkjenn" (accounts to share, or the payment/basket to approve), then the
// 302 to TPP-Redirect-URI with the parameters the spec fixes (§ Events). The outcome is registered
// by the same code as the default pages (sca.ts finishSca).
import type { PsuContext } from '../../spec/codes.ts';
import type { Ctx, Reply } from '../http.ts';
import { agreementsOf, cancelled, esc, finishSca, form, identify, page, reachableAccounts, usable } from '../sca.ts';
import type { ScaRequest } from '../state.ts';
import type { ScaPageRoute } from './types.ts';

/** Form field names of the variant's SCA pages (a profile maps them). */
export const VARIANT_SCA_FIELDS = {
  identity: 'fnr',
  context: 'kontekst',
  agreement: 'avtale',
  accounts: 'konto',
  action: 'handling',
} as const;
/** Button values: `neste` on pages 1 and 2, `godkjenn` on page 3, `avbryt` everywhere. */
export const VARIANT_SCA_ACTIONS = { proceed: 'neste', approve: 'godkjenn', cancel: 'avbryt' } as const;
export const VARIANT_SCA_PATHS = {
  start: '/sca/{scaId}',
  identify: '/sca/{scaId}/innlogging',
  choose: '/sca/{scaId}/avtale',
  authorise: '/sca/{scaId}/godkjenning',
} as const;

const F = VARIANT_SCA_FIELDS;
const A = VARIANT_SCA_ACTIONS;
const NO = (title: string, inner: string, status = 200) => page(title, inner, status, 'no');
const action = (rec: ScaRequest, pattern: string) => esc(pattern.replace('{scaId}', encodeURIComponent(rec.scaId)));
const button = (value: string, label: string) =>
  `<button type="submit" name="${F.action}" value="${value}">${label}</button>`;
const buttons = (proceed: string, label: string) => `<p>${button(proceed, label)}\n${button(A.cancel, 'Avbryt')}</p>`;
const alert = (error?: string) => (error ? `<p role="alert"><strong>${esc(error)}</strong></p>\n` : '');

/** Page 1, GET /sca/{scaId}: the sandbox asks only for a mock national identity number (§ SCA flow step 2). */
function loginPage(ctx: Ctx): Reply {
  const u = usable(ctx);
  if ('reply' in u) return u.reply;
  return NO(
    'Logg inn',
    `<form method="post" action="${action(u.rec, VARIANT_SCA_PATHS.identify)}">
<p><label for="${F.identity}">Fødselsnummer</label>
<input id="${F.identity}" name="${F.identity}" type="text" inputmode="numeric" autocomplete="off"></p>
${buttons(A.proceed, 'Neste')}
</form>`,
  );
}

/** Page 2: context (Privat/Bedrift) and the corporate agreement. */
function choosePage(ctx: Ctx, rec: ScaRequest, error?: string): Reply {
  const ags = agreementsOf(ctx.bank, rec.identifiedNid!);
  const corporate = (rec.chosenContext ?? (rec.corporateId ? 'CORPORATE' : 'PRIVATE')) === 'CORPORATE';
  const chosen = rec.chosenAgreementId ?? rec.corporateId;
  let html = alert(error);
  html += `<form method="post" action="${action(rec, VARIANT_SCA_PATHS.choose)}">
<fieldset><legend>Hvem handler du på vegne av?</legend>
<p><input type="radio" id="kontekst-privat" name="${F.context}" value="PRIVATE"${corporate ? '' : ' checked'}><label for="kontekst-privat">Privat</label></p>
<p><input type="radio" id="kontekst-bedrift" name="${F.context}" value="CORPORATE"${corporate ? ' checked' : ''}><label for="kontekst-bedrift">Bedrift</label></p>
</fieldset>\n`;
  if (ags.length) {
    const pick = ags.some((a) => a.agreementId === chosen) ? chosen : ags[0].agreementId;
    html += `<fieldset><legend>Bedriftsavtale (for Bedrift)</legend>\n${ags.map((a, i) => `<p><input type="radio" id="avtale-${i}" name="${F.agreement}" value="${esc(a.agreementId)}"${a.agreementId === pick ? ' checked' : ''}><label for="avtale-${i}">${esc(a.name)}</label></p>`).join('\n')}\n</fieldset>\n`;
  }
  html += `${buttons(A.proceed, 'Neste')}\n</form>`;
  return NO('Velg avtale', html, error ? 400 : 200);
}

/** Page 3: the accounts to share (consent) or what is approved (payment, cancellation, basket, log-in). */
function approvePage(ctx: Ctx, rec: ScaRequest, error?: string): Reply {
  const st = ctx.bank.state;
  const context = rec.chosenContext!;
  let html = alert(error);
  html += `<form method="post" action="${action(rec, VARIANT_SCA_PATHS.authorise)}">\n`;
  if (rec.kind === 'consent') {
    const line = (id: string) => {
      const a = st.accounts.get(id);
      const c = st.cardAccounts.get(id);
      const label = a ? `${a.accountName} (${a.iban}, ${a.currency})` : c ? `${c.name} (${c.maskedPan})` : id;
      return `<li><input type="checkbox" id="konto-${esc(id)}" name="${F.accounts}" value="${esc(id)}" checked><label for="konto-${esc(id)}">${esc(label)}</label></li>`;
    };
    const ids = reachableAccounts(ctx.bank, rec.identifiedNid!, context, rec.chosenAgreementId);
    html += `<fieldset><legend>Kontoer du deler (${context === 'PRIVATE' ? 'Privat' : 'Bedrift'})</legend><ul>\n${ids.map(line).join('\n')}\n</ul></fieldset>\n`;
  } else {
    const what =
      rec.kind === 'basket'
        ? `signeringskurven ${rec.targetId ?? ''}`
        : rec.kind === 'cancellation'
          ? `kanselleringen av betaling ${rec.targetId ?? ''}`
          : rec.kind === 'payment'
            ? `betaling ${rec.targetId ?? ''}`
            : 'innloggingen';
    html += `<p>Godkjenn ${esc(what)}.</p>\n`;
  }
  html += `${buttons(A.approve, 'Godkjenn')}\n</form>`;
  return NO('Godkjenn', html, error ? 400 : 200);
}

/** POST page 1: identify (a wrong identity is the failure redirect at once), then page 2. */
function identifyStep(ctx: Ctx): Reply {
  const u = usable(ctx);
  if ('reply' in u) return u.reply;
  const f = form(ctx);
  if (f.get(F.action) === A.cancel) return cancelled(ctx.bank, u.rec);
  return identify(ctx, u.rec, f.get(F.identity) ?? '') ?? choosePage(ctx, u.rec);
}

function identified(ctx: Ctx): { rec: ScaRequest } | { reply: Reply } {
  const u = usable(ctx);
  if ('reply' in u) return u;
  if (u.rec.state !== 'identified' || !u.rec.identifiedNid)
    return { reply: NO('Logg inn først', '<p>Du må logge inn før du velger.</p>', 400) };
  return u;
}

/** POST page 2: the context and agreement, then page 3. */
function chooseStep(ctx: Ctx): Reply {
  const u = identified(ctx);
  if ('reply' in u) return u.reply;
  const rec = u.rec;
  const f = form(ctx);
  if (f.get(F.action) === A.cancel) return cancelled(ctx.bank, rec);
  const context = f.get(F.context);
  if (context !== 'PRIVATE' && context !== 'CORPORATE') return choosePage(ctx, rec, 'Velg Privat eller Bedrift.');
  const agreementId = context === 'CORPORATE' ? (f.get(F.agreement) ?? '') : '';
  if (context === 'CORPORATE' && !agreementsOf(ctx.bank, rec.identifiedNid!).some((a) => a.agreementId === agreementId))
    return choosePage(ctx, rec, 'Velg en bedriftsavtale.');
  rec.chosenContext = context as PsuContext;
  rec.chosenAgreementId = agreementId;
  return approvePage(ctx, rec);
}

/** POST page 3: the approval; registers the outcome and redirects to the TPP. */
function approveStep(ctx: Ctx): Reply {
  const u = identified(ctx);
  if ('reply' in u) return u.reply;
  const rec = u.rec;
  if (!rec.chosenContext) return choosePage(ctx, rec, 'Velg Privat eller Bedrift først.');
  const f = form(ctx);
  if (f.get(F.action) === A.cancel) return cancelled(ctx.bank, rec);
  const done = finishSca(ctx, rec, rec.chosenContext, rec.chosenAgreementId ?? '', f.getAll(F.accounts));
  return 'reask' in done ? approvePage(ctx, rec, 'Velg minst én konto.') : done;
}

export const VARIANT_SCA_PAGES: readonly ScaPageRoute[] = [
  { method: 'GET', pattern: VARIANT_SCA_PATHS.start, op: 'sca-start', handler: loginPage },
  { method: 'POST', pattern: VARIANT_SCA_PATHS.identify, op: 'sca-identify', handler: identifyStep },
  { method: 'POST', pattern: VARIANT_SCA_PATHS.choose, op: 'sca-choose', handler: chooseStep },
  { method: 'POST', pattern: VARIANT_SCA_PATHS.authorise, op: 'sca-authorise', handler: approveStep },
];
