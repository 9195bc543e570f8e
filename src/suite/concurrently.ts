// Independent requests of one scenario, a few at a time. Over an internet link a
// scenario's time is its round trips: the per-currency, per-code and per-country tries, the allowance
// probes and the details reads do not depend on each other's answers, so they overlap. Every such loop
// goes through this one helper, bounded by the profile's `concurrency` (default 4; 1 sends one at a
// time), never through an ad-hoc Promise.all.
//
// The answers come back in the order of the items, whatever order they arrive in. A call that throws
// stops the others from starting and its error is the helper's (the first one, in item order).

/** Requests one worker may have in flight for one scenario when the profile says nothing. */
export const DEFAULT_CONCURRENCY = 4;

/** Runs `call` for every item, at most `width` at once; the results are in item order. */
export async function concurrently<T, R>(
  items: readonly T[],
  width: number,
  call: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const n = Math.max(1, Math.floor(width) || 1);
  const out: R[] = new Array(items.length);
  const errors: Array<{ i: number; e: unknown }> = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length && !errors.length) {
      const i = next++;
      try {
        out[i] = await call(items[i], i);
      } catch (e) {
        errors.push({ i, e });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
  if (errors.length) throw errors.sort((a, b) => a.i - b.i)[0].e;
  return out;
}

/** The same for a scenario: the width is the profile's `concurrency`. */
export function eachAtOnce<T, R>(
  w: { profile: { concurrency?: number } },
  items: readonly T[],
  call: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  return concurrently(items, w.profile.concurrency ?? DEFAULT_CONCURRENCY, call);
}
