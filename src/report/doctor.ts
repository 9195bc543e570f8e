// `doctor`: what the last run's inconclusive and not-applicable scenarios need, grouped by the profile
// key that would change them. The reasons the run wrote name
// the key: "(capabilities.bulkProducts)", "(operations.x: null)", "set psu.private.nationalId in the
// profile", "set responses.x …"; an SCA that gave no psu-id is the SCA mapping's (sca.form / sca.browser).
import type { ScenarioResult } from './verdict.ts';

/** A profile key as the reasons write it: a top-level key of the profile, dotted. */
const KEY = String.raw`((?:tpp|psu|sca|capabilities|operations|responses|templates|preconditions|clockControl|batchControl|customerTypes|bookingStatuses|proxy|noProxy|environment|signing|fuzz|timeoutMs|concurrency|waivers)(?:\.[\w-]+)*)`;
const PATTERNS = [
  new RegExp(String.raw`\(${KEY}(?::[^)]*)?\)`),
  new RegExp(String.raw`\bset ${KEY}\b`),
  new RegExp(String.raw`\bkey ${KEY}\b`),
];

/** The profile key a reason names, or what it points at where it names none. */
export function profileKeyOf(reason: string): string | undefined {
  if (/SCA did not give a psu-id/.test(reason))
    return 'sca.form.fields / sca.browser.steps (the SCA pages as the bank shows them)';
  for (const p of PATTERNS) {
    const m = p.exec(reason);
    if (m) return m[1];
  }
  return undefined;
}

/** The report: one group per key, biggest first, each with its scenarios and one reason. */
export function doctor(
  results: readonly Pick<ScenarioResult, 'name' | 'outcome' | 'reason' | 'message' | 'level'>[],
): string {
  const open = results.filter((r) => r.outcome === 'inconclusive' || r.outcome === 'not-applicable');
  if (!open.length) return 'every scenario of the last run was judged: nothing inconclusive or not applicable\n';
  const groups = new Map<string, typeof open>();
  for (const r of open) {
    const reason = (r.reason ?? r.message ?? '').split('\n')[0];
    const key = profileKeyOf(reason) ?? '(no profile key: the target itself, or the spec)';
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const out: string[] = [`${open.length} scenarios not judged, by the profile key that would change them:`];
  for (const [key, rs] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    const musts = rs.filter((r) => r.level === 'must').length;
    const inconclusive = rs.filter((r) => r.outcome === 'inconclusive').length;
    out.push(
      '',
      `${key}: ${rs.length} scenario${rs.length === 1 ? '' : 's'} (${musts} MUST; ${inconclusive} inconclusive, ${rs.length - inconclusive} not applicable)`,
    );
    out.push(`  why: ${(rs[0].reason ?? rs[0].message ?? '').split('\n')[0].slice(0, 240)}`);
    for (const r of rs.slice(0, 5)) out.push(`  - ${r.name}`);
    if (rs.length > 5) out.push(`  … ${rs.length - 5} more`);
  }
  return out.join('\n') + '\n';
}
