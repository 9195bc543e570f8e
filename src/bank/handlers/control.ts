// Test-mode control endpoint (docs/reference-bank.md). Not signed; absent in sandbox and production modes.
import { wireStatus } from '../../spec/wire-codes.ts';
import { runBatch } from '../batch.ts';
import { json, type Ctx, type Reply } from '../http.ts';

function body(ctx: Ctx): Record<string, unknown> {
  try {
    const v = ctx.body.length ? JSON.parse(ctx.body.toString('utf8')) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

const clockView = (ctx: Ctx) => ({ now: new Date(ctx.bank.now()).toISOString(), ms: ctx.bank.now() });

export const getClock = (ctx: Ctx): Reply => json(200, clockView(ctx));

/** POST /__control/clock {"advanceSeconds": n} or {"set": "<ISO date-time>"}. */
export function moveClock(ctx: Ctx): Reply {
  const b = body(ctx);
  if (typeof b.advanceSeconds === 'number' && Number.isFinite(b.advanceSeconds))
    ctx.bank.clock.advance(b.advanceSeconds);
  else if (typeof b.set === 'string' && !Number.isNaN(Date.parse(b.set))) ctx.bank.clock.set(Date.parse(b.set));
  else
    return json(wireStatus('FORMAT_ERROR'), {
      id: 'control',
      system: 'xs2a-reference-bank',
      status: wireStatus('FORMAT_ERROR'),
      code: 'FORMAT_ERROR',
      message: 'send {"advanceSeconds": n} or {"set": "<ISO date-time>"}',
    });
  // Moved back (a suite undoing its time travel): batches due from now on run again.
  const st = ctx.bank.state;
  if (st.lastBatchAt > ctx.bank.now()) st.lastBatchAt = ctx.bank.now();
  ctx.bank.tick();
  return json(200, clockView(ctx));
}

export function reset(ctx: Ctx): Reply {
  ctx.bank.reset();
  return json(200, { reset: true, ...clockView(ctx) });
}

export const digest = (ctx: Ctx): Reply => json(200, { digest: ctx.bank.stateDigest() });

/**
 * Runs one batch now, the day's last with {"lastOfDay": true}. A dialect's own control body comes
 * adapted (ctx.json: {lastOfDay, runs}, the variant's POST /__control/payment-batch): `runs` batches
 * now, the last of them the day's last with lastOfDay.
 */
export function batch(ctx: Ctx): Reply {
  const adapted = ctx.json as { lastOfDay?: unknown; runs?: unknown } | undefined;
  const b = adapted ?? body(ctx);
  const runs = adapted && typeof adapted.runs === 'number' ? adapted.runs : 1;
  for (let i = 1; i <= runs; i++) runBatch(ctx.bank, ctx.bank.now(), b.lastOfDay === true && i === runs);
  return json(200, { ran: true, ...clockView(ctx) });
}
