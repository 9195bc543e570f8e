// TPP dialogue: register a non-personal contact e-mail for technical notices (§ Endpoints > Other operations).
import { BankError } from '../errors.ts';
import { json, type Ctx, type Reply } from '../http.ts';

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** Words that mark a role address (our heuristic for "non-personal"). */
const ROLE_WORDS =
  /^(support|ops|operations|psd2|openbanking|api|apis|it|tech|teknisk|dev|developers|admin|noreply|no-reply|team|drift|post|kontakt|contact|info|alerts?|security|service|integration|notices?)$/i;

/** A `firstname.lastname` local part without a role word reads as personal. */
export function looksPersonal(email: string): boolean {
  const local = email.slice(0, email.indexOf('@'));
  const parts = local.split(/[._]/);
  return (
    parts.length === 2 && parts.every((p) => /^[A-Za-zÆØÅæøå]{2,}$/.test(p)) && !parts.some((p) => ROLE_WORDS.test(p))
  );
}

export function registerContact(ctx: Ctx): Reply {
  const b = ctx.json as { email?: unknown };
  const email = b && typeof b === 'object' && !Array.isArray(b) ? b.email : undefined;
  if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email))
    throw new BankError('FORMAT_ERROR', '/email must be an e-mail address', { path: '/email' });
  if (looksPersonal(email))
    throw new BankError(
      'FORMAT_ERROR',
      `/email ${email} looks personal; register a non-personal address such as psd2-ops@your-domain`,
      { path: '/email' },
    );
  const rec = { email, registeredAt: ctx.now };
  ctx.bank.state.tppContacts.set(ctx.tpp.id, rec);
  return json(201, { email, registeredAt: new Date(ctx.now).toISOString() });
}

export function getContact(ctx: Ctx): Reply {
  const rec = ctx.bank.state.tppContacts.get(ctx.tpp.id);
  if (!rec) throw new BankError('RESOURCE_UNKNOWN', 'no contact e-mail registered for this TPP');
  return json(200, { email: rec.email, registeredAt: new Date(rec.registeredAt).toISOString() });
}
