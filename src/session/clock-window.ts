// The window in which a scenario has the target's clock moved: from its first move until its end,
// no other scenario runs (a move would expire their sessions and consents, or run their payments'
// batches under them). Before its first move a clock-moving scenario is a scenario like any other, so
// its set-up (sandbox data, SCAs) runs beside the others.
//
// The coordinator and the workers are processes of their own; they agree through files in one
// folder of the run: one marker per running scenario (made by the coordinator as it assigns it,
// removed by the worker when the scenario ends) and `wanted`, made by the scenario that is about to
// move the clock. Each side writes before it reads, so a scenario assigned at the moment the window
// is wanted is either seen by the mover (which then waits for its end) or sees `wanted` itself and is
// not started:
// - the coordinator makes the scenario's marker, then looks for `wanted` (and takes the marker back
//   if it is there);
// - the mover makes `wanted`, then waits until no marker but its own is left.
// A batch's first scenario is marked by the coordinator; the scenarios after it in the same cucumber
// run mark themselves as they start (admit, from the Before hook), the same way round: marker first,
// then `wanted`; while a window is wanted such a scenario waits for its end instead of starting. So
// a mover waits for the scenario each worker slot is running, never for the rest of its batch.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const WANTED = 'wanted';
const RUNNING = 'running';

/** A scenario's marker file name (pickle ids are UUIDs; anything else is made a file name). */
const markerName = (id: string) => id.replace(/[^\w.-]/g, '_');
const markerOf = (dir: string, id: string) => join(dir, RUNNING, markerName(id));

/** Coordinator: marks `id` running, unless a scenario wants the clock window (then it is not started). */
export function enterUnlessWindow(dir: string, id: string): boolean {
  mkdirSync(join(dir, RUNNING), { recursive: true });
  const marker = markerOf(dir, id);
  writeFileSync(marker, '');
  if (!existsSync(join(dir, WANTED))) return true;
  rmSync(marker, { force: true });
  return false;
}

/** How often the mover looks whether the other scenarios have ended (and a waiting scenario whether the window has). */
const POLL_MS = 10;

/**
 * Worker, as scenario `id` starts: returns at once when the coordinator marked it (the first of its
 * batch); otherwise marks it, and while a scenario wants the window, takes the mark back and waits
 * for the window's end. Resolves with the milliseconds it waited.
 */
export async function admit(dir: string, id: string): Promise<number> {
  if (existsSync(markerOf(dir, id))) return 0;
  const t0 = Date.now();
  while (!enterUnlessWindow(dir, id)) while (existsSync(join(dir, WANTED))) await sleep(POLL_MS);
  return Date.now() - t0;
}

/**
 * Worker: opens the clock window for scenario `id`: no scenario starts from now on, and this returns
 * once every other running one has ended (false when some still ran after `ms`; the window stays
 * wanted, so none starts, until the scenario ends: leaveWindow).
 */
export async function openWindow(dir: string, id: string, ms: number): Promise<boolean> {
  writeFileSync(join(dir, WANTED), id);
  const own = markerName(id);
  const deadline = Date.now() + ms;
  for (;;) {
    let others: string[];
    try {
      others = readdirSync(join(dir, RUNNING)).filter((f) => f !== own);
    } catch {
      others = [];
    }
    if (!others.length) return true;
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
}

/** Worker, as scenario `id` ends: its marker goes, and the window if it had it. */
export function leaveWindow(dir: string, id: string, hadWindow: boolean): void {
  rmSync(markerOf(dir, id), { force: true });
  if (hadWindow) rmSync(join(dir, WANTED), { force: true });
}

/** Coordinator, when the host running scenario `id` was lost: its marker goes, and the window if it wanted it. */
export function abandon(dir: string, id: string): void {
  let wanted: string | undefined;
  try {
    wanted = readFileSync(join(dir, WANTED), 'utf8');
  } catch {
    wanted = undefined;
  }
  leaveWindow(dir, id, wanted === id);
}
