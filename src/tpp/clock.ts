// Moving a target's clock, never by waiting: one signed request to its clock control (the reference
// bank's test-mode `POST /__control/clock`, or the operation a profile names). The one clock mover
// of the suite's scenario session and the fuzzer's target.
import type { TppClient } from './client.ts';
import { ClockMoveFailed } from './errors.ts';
import { fillText } from './fill-text.ts';

/** The clock control of a target: `{{seconds}}` in the body is filled with the seconds to move. */
export interface ClockControl {
  method: string;
  path: string;
  body?: string;
}

/** Moves a target's clock and keeps count of how far. */
export interface ClockMover {
  /** Seconds the target clock has been moved, in total, by this mover. */
  readonly offsetSeconds: number;
  /** Moves the clock by `seconds` (negative: back); throws ClockMoveFailed when the target refused. */
  advance(seconds: number): Promise<void>;
  /** Puts the clock back where it was. */
  restore(): Promise<void>;
}

export interface ClockMoverOptions {
  /** Where this mover starts counting from (a mover that continues another's moves); default 0. */
  offsetSeconds?: number;
  /** Called after each accepted move with the new total offset (e.g. to keep a client's Date in step). */
  onMove?: (offsetSeconds: number) => void;
}

/** Moves the target's clock by `seconds` with one signed request to its clock control; the problem when it failed. */
export async function requestClockMove(
  client: TppClient,
  cc: ClockControl,
  seconds: number,
): Promise<string | undefined> {
  const body = cc.body === undefined ? undefined : fillText(cc.body, { seconds });
  const ex = await client.request({
    method: cc.method,
    path: cc.path,
    body: body === undefined ? undefined : Buffer.from(body),
    headers: body ? { 'Content-Type': 'application/json' } : {},
    psu: false,
  });
  if (!ex.response || ex.response.status >= 300)
    return `clock control ${cc.method} ${cc.path} failed: ${ex.error?.message ?? `${ex.response?.status} ${ex.response?.text.slice(0, 200)}`}`;
  return undefined;
}

/** A clock mover that sends its moves with `client` to `control`. */
export function clockMover(client: TppClient, control: ClockControl, opts: ClockMoverOptions = {}): ClockMover {
  let offset = opts.offsetSeconds ?? 0;
  const move = async (seconds: number) => {
    const problem = await requestClockMove(client, control, seconds);
    if (problem) throw new ClockMoveFailed(problem);
    offset += seconds;
    opts.onMove?.(offset);
  };
  return {
    get offsetSeconds() {
      return offset;
    },
    advance: move,
    restore: async () => {
      if (offset !== 0) await move(-offset);
    },
  };
}
