// Production mode must never spend more than the stated allowance of calls made without a PSU
// present (spec Limits: 4 per 24 hours for balances, transactions and transaction details). The
// guard counts such calls per account in this process (production runs use one worker) and refuses
// to send the fifth, failing the scenario instead of burning the bank's allowance.
import { limitValue } from '../spec/limits.ts';
import { AllowanceExceeded } from './errors.ts';

const NO_PSU_PATH = /^\/v1\/(?:card-)?accounts\/([^/?]+)\/(balances|transactions)(?:\/[^?]+)?(?:\?.*)?$/;
const used = new Map<string, number>();

/** Call before sending; throws when the call would exceed the allowance. */
export function spendAllowance(method: string, path: string, psuPresent: boolean): void {
  if (psuPresent || method.toUpperCase() !== 'GET') return;
  const m = NO_PSU_PATH.exec(path);
  if (!m) return;
  const key = m[1];
  const max = limitValue('calls-without-psu');
  const n = (used.get(key) ?? 0) + 1;
  if (n > max)
    throw new AllowanceExceeded(
      `production mode: a ${n}th call without PSU-IP-Address to account ${key} would exceed the allowance of ${max} per 24 hours; not sent`,
    );
  used.set(key, n);
}
