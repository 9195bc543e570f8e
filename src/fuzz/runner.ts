// The fuzz engine: for each operator, lanes of fast-check runs (fc.check over the operator's `arb`),
// all lanes at once over keep-alive connections. A wrong verdict ends its lane; fast-check shrinks
// it to its smallest form, and the finding carries the lane's seed and path that replay it.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { serializeRequest, type HttpRequest } from '../tpp/http-message.ts';
import { lateVerdict, untilInTime } from '../tpp/tampering/index.ts';
import { newDispatcher, type Dispatcher, type TransportConfig } from '../transport/index.ts';
import type { Level } from '../spec/level.ts';
import { OPERATORS, operatorById, type MutationOperator, type Verdict } from './operators.ts';
import {
  describeAnswer,
  rejectionText,
  signatureAsExpected,
  signatureOutcome,
  type OracleAnswer,
  type SignatureOutcome,
} from '../tpp/signature-oracle.ts';
import { CaseFactory, caseFactoryFor } from './signing.ts';
import type { Target } from './target.ts';
import type { FailureShape } from '../session/failure.ts';
import { BaseRequestRefused } from './errors.ts';

export type CaseResult = OracleAnswer;

export type Outcome = SignatureOutcome;

/**
 * The signature oracle (src/tpp/signature-oracle.ts): 2xx/3xx and 401 with scaRedirect accepted, 400 (and the profile's
 * statuses) rejected.
 */
export const outcomeOf = signatureOutcome;

/**
 * The spec: a valid signature is accepted (SCA may still be demanded); one that fails validation is rejected with 400.
 */
export function asExpected(expect: Verdict, r: CaseResult, rejectStatuses?: readonly number[]): boolean {
  return signatureAsExpected(expect, r, rejectStatuses);
}

/** Sends built requests byte-exact over keep-alive connections. */
export class Sender {
  private readonly pool: Dispatcher;
  readonly origin: string;
  constructor(
    url: string,
    transport?: TransportConfig,
    connections = 16,
    private readonly timeoutMs = 10_000,
  ) {
    this.origin = new URL(url).origin;
    this.pool = newDispatcher(transport, connections);
  }

  async send(req: HttpRequest): Promise<CaseResult> {
    const headers: string[] = [];
    for (const [k, v] of req.headers) if (k.toLowerCase() !== 'host') headers.push(k, v);
    try {
      const res = await this.pool.request({
        origin: this.origin,
        path: req.target,
        method: req.method as 'POST',
        headers,
        body: req.body.length || !['GET', 'HEAD', 'DELETE'].includes(req.method) ? req.body : undefined,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      const body = await res.body.text();
      return { status: res.statusCode, body };
    } catch (e) {
      const err = e as { code?: string; message?: string };
      return { error: `${err.code ?? 'NETWORK'}: ${err.message ?? String(e)}`, body: '' };
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

export interface OperatorStats {
  id: string;
  level: Level;
  expect: Verdict;
  cases: number;
  accepted: number;
  rejected: number;
  errors: number;
  unexpected: number;
  /** Time the operator's lanes ran (ms). */
  ms: number;
}

export interface Finding {
  operator: string;
  description: string;
  level: Level;
  expect: Verdict;
  clauses: string[];
  /** fast-check seed and path of the lane: `fc.check(property(op.arb), { seed, path })` replays it. */
  seed: number;
  path: string;
  value: string;
  target: string;
  faults?: string[];
  /** The statuses that counted as a rejection, when the profile declared more than 400. */
  rejectStatuses?: number[];
  request: { method: string; target: string; headers: Array<[string, string]>; body: string };
  response: { status?: number; error?: string; body: string };
  foundAt: string;
  file?: string;
  /** The finding in the shared failure shape (src/session/failure.ts). */
  failure: FailureShape;
}

/** A finding in the shared failure shape: the operator's verdict wanted against the answer that came back. */
export function findingFailure(f: Omit<Finding, 'failure'>): FailureShape {
  return {
    code: 'FUZZ_FINDING',
    title: `${f.operator}: ${f.description}`,
    expected: f.expect,
    received: f.response.status ?? f.response.error,
    clauses: [...f.clauses],
    evidence: [
      {
        label: `${f.operator} (seed ${f.seed}, path ${f.path})`,
        request: `${f.request.method} ${f.request.target}\n${f.request.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${f.request.body}`,
        response: `${f.response.status ?? f.response.error ?? ''}\n\n${f.response.body}`,
      },
    ],
  };
}

export interface FuzzRunOptions {
  target: Target;
  seed: number;
  /** Time budget (default 10 s when `cases` is not given). */
  seconds?: number;
  /** Total cases over all operators (instead of seconds). */
  cases?: number;
  operators?: readonly MutationOperator[];
  /** Lanes run at once (default 32; at least one per operator). */
  concurrency?: number;
  /** Shrink wrong verdicts (default true). */
  shrink?: boolean;
  /** Where findings are saved (default: not saved). */
  saveDir?: string;
  /** Fault ids of the embedded bank, recorded in findings. */
  faults?: string[];
  onProgress?: (p: Progress) => void;
}

export interface Progress {
  elapsedMs: number;
  cases: number;
  unexpected: number;
  perSecond: number;
}

export interface FuzzReport {
  seed: number;
  elapsedMs: number;
  cases: number;
  stats: OperatorStats[];
  findings: Finding[];
}

/** A per-lane seed that does not depend on which operators were chosen. */
export function laneSeed(seed: number, operatorId: string, lane: number): number {
  const h = createHash('sha256').update(`${seed}|${operatorId}|${lane}`).digest();
  return h.readInt32LE(0);
}

interface Lane {
  op: MutationOperator;
  seed: number;
  stats: OperatorStats;
}

/** One operator case: the operator applied to the current valid request, sent, judged. */
export function caseProperty(
  op: MutationOperator,
  factory: CaseFactory,
  sender: Sender,
  now: () => number,
  record: (value: unknown, req: HttpRequest, res: CaseResult, ok: boolean) => void,
  rejectStatuses?: readonly number[],
) {
  return fc.asyncProperty(op.arb, async (value) => {
    // A verdict against `expect` that came too late to count is tried again (src/tpp/tampering/timing.ts); still
    // late, the case is discarded (fc.pre), not judged.
    const { result, late } = await untilInTime(async (transitMs) => {
      const signed = factory.base();
      const started = Date.now();
      const req = op.apply(signed, {
        value,
        now: now(),
        transitMs,
        unsigned: factory.unsigned,
        sign: (r, o, k) => factory.sign(r, o, k),
        key: factory.key,
        other: factory.other,
      });
      const res = await sender.send(req);
      const tookMs = Date.now() - started;
      return { result: { req, res }, tookMs, late: lateVerdict(op, value, res, tookMs, transitMs, rejectStatuses) };
    });
    fc.pre(!late);
    const ok = asExpected(op.expect, result.res, rejectStatuses);
    record(value, result.req, result.res, ok);
    return ok;
  });
}

/**
 * Sends the valid signed request once: unreachable targets and targets that do not accept it stop
 * the run. Accepted means 2xx or 401 with scaRedirect (a bank that demands SCA on every request).
 */
export async function preflight(
  factory: CaseFactory,
  sender: Sender,
  rejectStatuses?: readonly number[],
): Promise<CaseResult> {
  const res = await sender.send(factory.base().request);
  if (res.error) return res;
  if (signatureOutcome(res, rejectStatuses) !== 'accepted') {
    throw new BaseRequestRefused(
      `the valid signed request ${factory.unsigned.method} ${factory.unsigned.target} was answered ${describeAnswer(res)}; set the profile's fuzz.baseRequest to a request the bank accepts (2xx, or 401 with _links.scaRedirect)`,
    );
  }
  return res;
}

export async function runFuzz(o: FuzzRunOptions): Promise<FuzzReport> {
  const ops = o.operators ?? OPERATORS;
  const factory = caseFactoryFor(o.target);
  const rejectStatuses = o.target.profile.signing.rejectStatuses;
  const sender = new Sender(o.target.url, o.target.transport, 16, o.target.profile.timeoutMs);
  const started = Date.now();
  const seconds = o.cases === undefined ? (o.seconds ?? 10) : undefined;
  const deadline = seconds !== undefined ? started + seconds * 1000 : undefined;
  const lanesPerOp = Math.max(1, Math.round((o.concurrency ?? 32) / ops.length));
  const runsPerLane =
    o.cases !== undefined ? Math.max(1, Math.ceil(o.cases / (ops.length * lanesPerOp))) : 1_000_000_000;
  const statsById = new Map<string, OperatorStats>(
    ops.map((op) => [
      op.id,
      {
        id: op.id,
        level: op.level,
        expect: op.expect,
        cases: 0,
        accepted: 0,
        rejected: 0,
        errors: 0,
        unexpected: 0,
        ms: 0,
      },
    ]),
  );
  const lanes: Lane[] = ops.flatMap((op) =>
    Array.from({ length: lanesPerOp }, (_, i) => ({
      op,
      seed: laneSeed(o.seed, op.id, i),
      stats: statsById.get(op.id)!,
    })),
  );
  const findings: Finding[] = [];
  let total = 0;
  let unexpected = 0;
  const timer = o.onProgress
    ? setInterval(() => {
        const ms = Date.now() - started;
        o.onProgress!({ elapsedMs: ms, cases: total, unexpected, perSecond: total / Math.max(0.001, ms / 1000) });
      }, 1000)
    : undefined;
  try {
    await preflight(factory, sender, rejectStatuses).then((r) => {
      if (r.error) throw new Error(`target unreachable: ${r.error}`);
    });
    await Promise.all(
      lanes.map(async (lane) => {
        const t0 = Date.now();
        let failed = false;
        let last: { req: HttpRequest; res: CaseResult } | undefined;
        const prop = caseProperty(
          lane.op,
          factory,
          sender,
          o.target.now,
          (_v, req, res, ok) => {
            if (!failed) {
              const s = lane.stats;
              s.cases++;
              total++;
              const out = outcomeOf(res);
              if (out === 'accepted') s.accepted++;
              else if (out === 'rejected') s.rejected++;
              else s.errors++; // 5xx, no answer, or a status that is neither acceptance nor rejection
              if (!ok) {
                s.unexpected++;
                unexpected++;
              }
            }
            if (!ok) {
              failed = true;
              last = { req, res };
            }
          },
          rejectStatuses,
        );
        const remaining = deadline !== undefined ? Math.max(1, deadline - Date.now()) : undefined;
        // Generation: until the first wrong verdict, the run count or the deadline.
        let details = await fc.check(prop, {
          seed: lane.seed,
          numRuns: runsPerLane,
          endOnFailure: true,
          ...(remaining !== undefined ? { interruptAfterTimeLimit: remaining, markInterruptAsFailure: false } : {}),
        });
        // Shrinking: resume from the failing run's path (at most 15 s more).
        if (details.failed && o.shrink !== false && details.counterexamplePath) {
          const shrunk = await fc.check(prop, {
            seed: lane.seed,
            path: details.counterexamplePath,
            interruptAfterTimeLimit: 15_000,
            markInterruptAsFailure: false,
          });
          if (shrunk.failed) details = shrunk;
        }
        lane.stats.ms += Date.now() - t0;
        if (details.failed && last) {
          const f = toFinding(
            lane.op,
            details.seed,
            details.counterexamplePath ?? '',
            details.counterexample?.[0],
            last.req,
            last.res,
            o.target.url,
            o.faults,
            rejectStatuses,
          );
          findings.push(f);
        }
      }),
    );
  } finally {
    if (timer) clearInterval(timer);
    await sender.close();
  }
  // One finding per operator: the smallest shrunk value.
  const best = new Map<string, Finding>();
  for (const f of findings) {
    const b = best.get(f.operator);
    if (!b || f.value.length < b.value.length) best.set(f.operator, f);
  }
  if (o.saveDir) for (const f of best.values()) f.file = saveFinding(o.saveDir, f);
  return {
    seed: o.seed,
    elapsedMs: Date.now() - started,
    cases: total,
    stats: [...statsById.values()],
    findings: [...best.values()],
  };
}

function toFinding(
  op: MutationOperator,
  seed: number,
  path: string,
  value: unknown,
  req: HttpRequest,
  res: CaseResult,
  target: string,
  faults?: string[],
  rejectStatuses?: readonly number[],
): Finding {
  const f: Omit<Finding, 'failure'> = {
    operator: op.id,
    description: op.description,
    level: op.level,
    expect: op.expect,
    clauses: op.clauses,
    ...(rejectStatuses && rejectStatuses.some((x) => x !== 400) ? { rejectStatuses: [...rejectStatuses] } : {}),
    seed,
    path,
    value: fc.stringify(value),
    target,
    ...(faults?.length ? { faults } : {}),
    request: {
      method: req.method,
      target: req.target,
      headers: req.headers.map(([k, v]) => [k, v] as [string, string]),
      body: req.body.toString('utf8'),
    },
    response: { status: res.status, error: res.error, body: res.body.slice(0, 2000) },
    foundAt: new Date().toISOString(),
  };
  return { ...f, failure: findingFailure(f) };
}

export function saveFinding(dir: string, f: Finding): string {
  mkdirSync(dir, { recursive: true });
  const id = createHash('sha256').update(`${f.operator}|${f.seed}|${f.path}|${f.target}`).digest('hex').slice(0, 10);
  const file = join(dir, `${f.operator}-${id}.json`);
  const { file: _omit, ...rest } = f;
  writeFileSync(file, JSON.stringify(rest, null, 2) + '\n');
  return file;
}

export function loadFinding(file: string): Finding {
  const f = JSON.parse(readFileSync(file, 'utf8')) as Finding;
  if (typeof f.operator !== 'string' || typeof f.seed !== 'number' || typeof f.path !== 'string')
    throw new Error(`${file} is not a fuzz regression (operator, seed, path)`);
  return f.failure ? f : { ...f, failure: findingFailure(f) };
}

export interface ReplayResult {
  finding: Finding;
  /** True when the target still gives the wrong verdict. */
  reproduced: boolean;
  value?: string;
  request?: HttpRequest;
  response?: CaseResult;
}

/** Replays a finding against a target: the same operator, seed and path, re-signed with a fresh Date. */
export async function replayFinding(target: Target, finding: Finding): Promise<ReplayResult> {
  const op = operatorById(finding.operator);
  const factory = caseFactoryFor(target);
  const sender = new Sender(target.url, target.transport, 2, target.profile.timeoutMs);
  let last: { value: unknown; req: HttpRequest; res: CaseResult } | undefined;
  try {
    const prop = caseProperty(
      op,
      factory,
      sender,
      target.now,
      (value, req, res) => {
        last = { value, req, res };
      },
      target.profile.signing.rejectStatuses,
    );
    const details = await fc.check(prop, { seed: finding.seed, path: finding.path, endOnFailure: true, numRuns: 1 });
    return {
      finding,
      reproduced: details.failed,
      value: last ? fc.stringify(last.value) : undefined,
      request: last?.req,
      response: last?.res,
    };
  } finally {
    await sender.close();
  }
}

// ---------------------------------------------------------------- text output

const pad = (s: string | number, n: number, right = false) => (right ? String(s).padStart(n) : String(s).padEnd(n));

export function formatTable(report: FuzzReport): string {
  const w = Math.max(8, ...report.stats.map((s) => s.id.length));
  const lines = [
    `${pad('operator', w)}  ${pad('expect', 6)}  ${pad('level', 6)}  ${pad('cases', 7, true)}  ${pad('accepted', 8, true)}  ${pad('rejected', 8, true)}  ${pad('unexpected', 10, true)}  ${pad('cases/s', 8, true)}`,
  ];
  lines.push('-'.repeat(lines[0].length));
  for (const s of report.stats) {
    const rate = s.ms ? Math.round((s.cases / s.ms) * 1000) : 0;
    lines.push(
      `${pad(s.id, w)}  ${pad(s.expect, 6)}  ${pad(s.level, 6)}  ${pad(s.cases, 7, true)}  ${pad(s.accepted, 8, true)}  ${pad(s.rejected, 8, true)}  ${pad(s.unexpected, 10, true)}  ${pad(rate, 8, true)}`,
    );
  }
  lines.push('-'.repeat(lines[0].length));
  const acc = report.stats.reduce((a, s) => a + s.accepted, 0);
  const rej = report.stats.reduce((a, s) => a + s.rejected, 0);
  const un = report.stats.reduce((a, s) => a + s.unexpected, 0);
  lines.push(
    `${pad('total', w)}  ${pad('', 6)}  ${pad('', 6)}  ${pad(report.cases, 7, true)}  ${pad(acc, 8, true)}  ${pad(rej, 8, true)}  ${pad(un, 10, true)}  ${pad(Math.round(report.cases / Math.max(0.001, report.elapsedMs / 1000)), 8, true)}`,
  );
  return lines.join('\n');
}

export function formatFinding(f: Finding): string {
  const got = f.response.error ? `no answer (${f.response.error})` : `${f.response.status}`;
  const raw = serializeRequest({
    method: f.request.method,
    target: f.request.target,
    headers: f.request.headers,
    body: Buffer.from(f.request.body, 'utf8'),
  })
    .toString('utf8')
    .replace(/\r\n/g, '\n');
  return [
    `UNEXPECTED ${f.operator} [${f.level}]: expected ${f.expect === 'accept' ? 'acceptance (2xx, or 401 with scaRedirect)' : `rejection with ${rejectionText(f.rejectStatuses)}`}, got ${got}`,
    `  ${f.description}`,
    `  clauses: ${f.clauses.join(', ')}`,
    `  shrunk value: ${f.value}`,
    `  replay: { seed: ${f.seed}, path: "${f.path}", endOnFailure: true }${f.file ? `   xs2a-conformance fuzz --replay ${f.file}` : ''}`,
    '  request:',
    ...raw.split('\n').map((l) => `    ${l}`),
    `  response: ${got} ${f.response.body.replace(/\s+/g, ' ').slice(0, 300)}`,
  ].join('\n');
}

export interface OperatorCheck {
  operator: string;
  failed: boolean;
  runs: number;
  /** On failure: what came back, and the seed and path that replay it. */
  message?: string;
}

/** Runs one operator as a property (fc.check, shrinking on), for properties/ and the fault proofs. */
export async function checkOperator(
  env: { target: Target; factory: CaseFactory; sender: Sender },
  op: MutationOperator,
  params: { seed: number; numRuns: number },
): Promise<OperatorCheck> {
  const seed = laneSeed(params.seed, op.id, 0);
  let last: { value: unknown; req: HttpRequest; res: CaseResult } | undefined;
  const prop = caseProperty(
    op,
    env.factory,
    env.sender,
    env.target.now,
    (value, req, res, ok) => {
      if (!ok) last = { value, req, res };
    },
    env.target.profile.signing.rejectStatuses,
  );
  const d = await fc.check(prop, {
    seed,
    numRuns: params.numRuns,
    interruptAfterTimeLimit: 20_000,
    markInterruptAsFailure: false,
  });
  if (!d.failed) return { operator: op.id, failed: false, runs: d.numRuns };
  const got = last?.res.error ?? `${last?.res.status} ${last?.res.body.replace(/\s+/g, ' ').slice(0, 200)}`;
  return {
    operator: op.id,
    failed: true,
    runs: d.numRuns,
    message: `${op.id} [${op.level}]: expected ${op.expect}, got ${got}; shrunk value ${fc.stringify(d.counterexample?.[0])}; replay { seed: ${d.seed}, path: "${d.counterexamplePath}", endOnFailure: true }`,
  };
}
