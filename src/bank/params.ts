// Query parameter parsing: malformed values are 400 FORMAT_ERROR, missing required ones
// 400 QUERY_PARAMETER_REQUIRED (§ Errors).
import { isoDate, parseIsoDate } from './clock.ts';
import { BankError } from './errors.ts';
import type { Ctx } from './http.ts';

const fmt = (name: string, why: string) =>
  new BankError('FORMAT_ERROR', `query parameter ${name}: ${why}`, { tppCode: 'FORMAT_ERROR', path: name });

export function queryRequired(ctx: Ctx, name: string): string {
  const v = ctx.query.get(name);
  if (v === null || v === '')
    throw new BankError('QUERY_PARAMETER_REQUIRED', `query parameter ${name} is required for ${ctx.route.op}`, {
      tppCode: 'QUERY_PARAMETER_REQUIRED',
      path: name,
    });
  return v;
}

export function queryInt(ctx: Ctx, name: string, min: number): number | undefined {
  const v = ctx.query.get(name);
  if (v === null) return undefined;
  if (!/^-?\d{1,9}$/.test(v)) throw fmt(name, `"${v.slice(0, 40)}" is not an int32`);
  const n = Number(v);
  if (n < min) throw fmt(name, `must be at least ${min}`);
  return n;
}

export function queryDate(ctx: Ctx, name: string): string | undefined {
  const v = ctx.query.get(name);
  if (v === null) return undefined;
  if (Number.isNaN(parseIsoDate(v))) throw fmt(name, `"${v.slice(0, 40)}" is not an ISO 8601 date (YYYY-MM-DD)`);
  return v;
}

export function queryBool(ctx: Ctx, name: string): boolean | undefined {
  const v = ctx.query.get(name);
  if (v === null) return undefined;
  if (v !== 'true' && v !== 'false') throw fmt(name, 'must be true or false');
  return v === 'true';
}

export function queryEnum<T extends string>(ctx: Ctx, name: string, values: readonly T[], value: string): T {
  if (!(values as readonly string[]).includes(value))
    throw fmt(name, `"${value.slice(0, 40)}" is not one of ${values.join(', ')}`);
  return value as T;
}

export const daysAgo = (now: number, days: number): string => isoDate(now - days * 86400_000);
