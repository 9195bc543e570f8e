// Evidence of a failed step, as a reader wants it under that step: the request as sent and the
// response, as HTTP text with the JSON pretty-printed (national identity numbers masked, never a
// private key), the recorded exchange (for `xs2a-conformance replay`), and a curl line, which is
// valid for the spec's 60 s Date window only.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redactExchange, toCurl, type Exchange } from '../tpp/client.ts';
import type { ScaResult } from './sca/index.ts';

const pretty = (body: string): string => {
  if (!body) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

/** The exchange as readable HTTP/1.1 text: request, blank line, response. */
export function exchangeAsHttp(ex: Exchange): string {
  const r = redactExchange(ex);
  const u = new URL(r.request.url);
  const out = [
    `${r.request.method} ${u.pathname}${u.search} HTTP/1.1`,
    `Host: ${u.host}`,
    ...r.request.headers.filter(([k]) => k.toLowerCase() !== 'host').map(([k, v]) => `${k}: ${v}`),
    '',
  ];
  if (r.request.body) out.push(pretty(r.request.body), '');
  if (r.response) {
    out.push(
      `HTTP/1.1 ${r.response.status}`,
      ...Object.entries(r.response.headers).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}: ${x}`)),
      '',
    );
    if (r.response.body) out.push(pretty(r.response.body));
  } else out.push(`(no response: ${r.error?.code ?? 'none'}: ${r.error?.message ?? ''})`);
  return out.join('\n') + '\n';
}

export interface EvidenceFile {
  name: string;
  mediaType: string;
  body: string | Buffer;
}

/** How the run reached its target, as far as replaying its exchanges later is concerned. */
export interface ReplayTarget {
  embedded: boolean;
  embeddedTls?: boolean;
  embeddedBank?: { dialect?: string; faults: string[] };
}

/**
 * What reproduce.txt says about the target beyond the request: the embedded reference bank of a run
 * stopped with the run, so its recorded URL no longer answers; the lines start the same bank again.
 */
export function embeddedBankNote(t: ReplayTarget | undefined, exchangeFile: string): string {
  if (!t?.embedded) return '';
  const b = t.embeddedBank;
  const serve = [
    'npx xs2a-conformance serve --port 8080 --seed 1',
    b?.dialect && b.dialect !== 'default' ? `--dialect ${b.dialect}` : '',
    b?.faults.length ? `--faults ${b.faults.join(',')}` : '',
    t.embeddedTls ? '--tls --client-cert' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return [
    "# The run's target was its embedded reference bank: it stopped when the run ended, so the URL below",
    '# no longer answers. Start the same bank (same seed, dialect and faults), then replay against it:',
    `#   ${serve}`,
    `#   npx xs2a-conformance replay "${exchangeFile}" --target ${t.embeddedTls ? 'https' : 'http'}://127.0.0.1:8080`,
    '',
  ].join('\n');
}

/** What to attach for the exchanges of a failed step (`target`: how the run reached its target). */
export function evidenceFiles(exchanges: Exchange[], target?: ReplayTarget): EvidenceFile[] {
  return exchanges.flatMap((ex) => {
    const what = `${ex.request.method} ${ex.request.target.split('?')[0]}`;
    return [
      { name: `${what}.http`, mediaType: 'text/plain', body: exchangeAsHttp(ex) },
      {
        name: `exchange ${what}.json`,
        mediaType: 'application/json',
        body: JSON.stringify(redactExchange(ex), null, 2),
      },
      {
        name: 'reproduce.txt',
        mediaType: 'text/plain',
        body: `${embeddedBankNote(target, `exchange ${what}.json`)}# Replays the request signed anew (fresh Date, Digest, X-Request-ID), at any time:\n#   npx xs2a-conformance replay "exchange ${what}.json" [--target URL]\n# The curl line sends the recorded signature: valid only within 60 s of its Date (spec § Limits).\n${toCurl(ex)}\n`,
      },
    ];
  });
}

/** The folder of a scenario's exchanges under `run --bundle`'s exchanges dir: its id, file-name safe. */
export function exchangesFolder(scenarioId: string): string {
  return scenarioId.replace(/[^A-Za-z0-9._-]+/g, '_');
}

/**
 * Writes every exchange of a scenario (redacted: the replayable record) as `<dir>/<scenario>/NNN.json`; returns the
 * files written, relative to `dir`.
 */
export function writeExchanges(dir: string, scenarioId: string, exchanges: readonly Exchange[]): string[] {
  if (!exchanges.length) return [];
  const folder = exchangesFolder(scenarioId);
  mkdirSync(join(dir, folder), { recursive: true });
  return exchanges.map((ex, i) => {
    const name = `${folder}/${String(i + 1).padStart(3, '0')}.json`;
    writeFileSync(join(dir, name), JSON.stringify({ scenario: scenarioId, ...redactExchange(ex) }, null, 2));
    return name;
  });
}

/**
 * The evidence of an SCA's failure, for the step that failed: where the flow ended (the redirect to
 * TPP-Redirect-URI and its parameters, or why it did not get there), the last page's screenshot, the
 * flow (each page it went through; for the browser driver each step of the profile's script: run,
 * skipped or failed), and the page a browser flow stopped on (its HTML, secrets masked).
 */
export function scaEvidenceFiles(sca: ScaResult, opts: { screenshot?: boolean } = {}): EvidenceFile[] {
  const where = sca.completed
    ? `The SCA reached TPP-Redirect-URI:\n  ${sca.finalUrl ?? '(its address was not kept)'}\n${Object.entries(
        sca.params,
      )
        .map(([k, v]) => `  ${k} = ${v}`)
        .join('\n')}\n`
    : `The SCA did not reach TPP-Redirect-URI: ${sca.problem ?? 'no reason given'}\n`;
  // The step that ran the SCA has its screenshots already (ScenarioSession.runSca attaches them).
  const last = opts.screenshot === false ? undefined : sca.screenshots?.at(-1);
  const flow = {
    completed: sca.completed,
    problem: sca.problem,
    redirect: sca.finalUrl,
    params: Object.keys(sca.params),
    pages: sca.steps,
    script: sca.script,
    stoppedInBrowser: sca.requests?.filter((q) => q.decision !== 'allowed'),
  };
  return [
    { name: 'sca redirect.txt', mediaType: 'text/plain', body: where },
    ...(last ? [{ name: `sca last screenshot, ${last.name}.jpg`, mediaType: last.mediaType, body: last.data }] : []),
    { name: 'sca flow.json', mediaType: 'application/json', body: JSON.stringify(flow, null, 2) },
    ...(sca.page
      ? // As text: the bank's page is shown, never run, inside the report.
        [{ name: 'sca page (HTML).txt', mediaType: 'text/plain', body: `<!-- ${sca.page.url} -->\n${sca.page.html}` }]
      : []),
  ];
}
