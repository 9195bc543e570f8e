// The last payment request as it was sent, to send again changed (features/error-codes.feature: the
// same payment again with allowLogicalDuplicate=false, or under another product).
import { fail } from '../session/expect.ts';
import type { Exchange } from '../tpp/client.ts';

export interface SentPayment {
  path: string;
  query: URLSearchParams;
  body: any;
  /** The x-accept-fix header it carried, as headers to send again (none when it carried none). */
  fix: Record<string, string>;
}

/** The last request as sent: its path and query, its JSON body, and its x-accept-fix. */
export function lastPayment(w: { readonly last?: Exchange }): SentPayment {
  const req = w.last?.request;
  if (!req || req.method !== 'POST') fail('no payment was sent before this step', []);
  const url = new URL(req!.target, 'http://target.invalid');
  let body: any;
  try {
    body = JSON.parse(req!.body.toString('utf8'));
  } catch {
    fail(`the last request's body is not JSON: ${req!.body.toString('utf8').slice(0, 200)}`, []);
  }
  const fix = req!.headers.find(([name]) => name.toLowerCase() === 'x-accept-fix');
  return { path: url.pathname, query: url.searchParams, body, fix: fix ? { 'x-accept-fix': fix[1] } : {} };
}
