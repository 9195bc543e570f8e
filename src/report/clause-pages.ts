// The clause pages: one browsable HTML page with an anchor per clause of src/spec:
// its id, level and basis, the spec's sentence (or the source of a default), the scenarios and
// properties that check it, and the faults that proved them. Every clause link of the reports
// (Allure, JUnit, summary) points into it: `clauses.html#<clause id>`, a file the project ships in
// the report folder, not the spec the user may not have.
import { CLAUSES, SPEC_SECTIONS } from '../spec/clauses.ts';
import type { Coverage } from './coverage.ts';

/** The page's file name; links are relative to the report folder that holds it. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function clausePagesHtml(cov: Coverage, generatedAt = new Date().toISOString()): string {
  const rows = new Map(cov.rows.map((r) => [r.clause, r]));
  const bySection = new Map<string, (typeof CLAUSES)[number][]>();
  for (const c of CLAUSES) bySection.set(c.section, [...(bySection.get(c.section) ?? []), c]);
  const mut = cov.mutation
    ? `Faults from the mutation run of ${esc(cov.mutation.generatedAt ?? '?')}: ${cov.mutation.killed} of ${cov.mutation.faults} killed (${cov.mutation.score} %).`
    : 'No mutation run was found (reports/mutation.json): the fault column is empty.';
  const out: string[] = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>xs2a-conformance: the clauses</title>',
    '<style>body{font:14px/1.45 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem}section{border-top:1px solid #ddd;padding:.6rem 0}' +
      'section:target{background:#fff8d6}h2{margin-top:2rem}code{background:#f3f3f3;padding:0 .2rem}.must{color:#a00}.should{color:#666}' +
      'blockquote{margin:.3rem 0;padding:.2rem .8rem;border-left:3px solid #888;color:#333}ul{margin:.2rem 0}.none{color:#a00}</style></head><body>',
    '<h1>The clauses of the interface specification</h1>',
    `<p>${CLAUSES.length} clauses, ${cov.percent} % with a check or a stated reason why none can exist. ${mut} Generated ${esc(generatedAt)}.</p>`,
    '<p><strong>MUST</strong>: the spec states it (the sentence is quoted); <strong>SHOULD</strong>: a Berlin Group default or a choice where the spec is silent (its source is named): reported, never a conformance failure.</p>',
    '<nav><ul>',
    ...[...bySection.keys()].map(
      (k) =>
        `<li><a href="#section-${esc(k)}">${esc(SPEC_SECTIONS[k as keyof typeof SPEC_SECTIONS]?.title ?? k)}</a> (${bySection.get(k)!.length})</li>`,
    ),
    '</ul></nav>',
  ];
  for (const [k, list] of bySection) {
    out.push(`<h2 id="section-${esc(k)}">${esc(SPEC_SECTIONS[k as keyof typeof SPEC_SECTIONS]?.title ?? k)}</h2>`);
    for (const c of list) {
      const r = rows.get(c.id);
      const checks = r?.checks ?? [];
      out.push(
        `<section id="${esc(c.id)}"><h3><a href="#${esc(c.id)}"><code>${esc(c.id)}</code></a> ${esc(c.title)} <span class="${c.level}">${c.level.toUpperCase()}</span></h3>`,
      );
      out.push(
        c.quote
          ? `<blockquote>${esc(c.quote)}</blockquote>`
          : `<p>${esc(c.text)}${c.source ? ` <em>Source: ${esc(c.source)}.</em>` : ''}</p>`,
      );
      if (checks.length)
        out.push(
          '<p>Checked by:</p><ul>',
          ...checks.map((ch) => `<li>${ch.kind} <code>${esc(ch.where)}</code> ${esc(ch.name)} (${ch.level})</li>`),
          '</ul>',
        );
      else
        out.push(
          r?.uncheckable
            ? `<p>Not checkable from outside: ${esc(r.uncheckable)}</p>`
            : '<p class="none">No check yet.</p>',
        );
      if (r?.faults.length)
        out.push(`<p>Proved by the faults: ${r.faults.map((f) => `<code>${esc(f)}</code>`).join(', ')}</p>`);
      out.push('</section>');
    }
  }
  out.push('</body></html>');
  return out.join('\n') + '\n';
}
