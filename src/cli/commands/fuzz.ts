// `fuzz`: the signature fuzzer. Exit 0: no MUST-level operator got a wrong verdict; 1: one did (or
// the target refused the valid request); 2: unusable input; 3: the target cannot be reached.
import { type Command } from 'commander';
import { UsageError } from '../errors.ts';
import { EXIT } from '../io.ts';
import { operatorById, OPERATORS, type MutationOperator } from '../../fuzz/operators.ts';
import { BaseRequestRefused } from '../../fuzz/errors.ts';
import {
  formatFinding,
  formatTable,
  loadFinding,
  preflight,
  replayFinding,
  runFuzz,
  Sender,
} from '../../fuzz/runner.ts';
import { caseFactoryFor } from '../../fuzz/signing.ts';
import { openTarget, type Target } from '../../fuzz/target.ts';
import { ProfileError } from '../../session/errors.ts';
import { closeTransports } from '../../transport/index.ts';
import { DIALECTS, isDialect, type Dialect } from '../../session/dialects.ts';
import { serializeRequest } from '../../tpp/http-message.ts';

interface FuzzCliOptions {
  target?: string;
  profile?: string;
  seconds?: string;
  cases?: string;
  seed?: string;
  operators?: string;
  replay?: string;
  faults?: string;
  dialect?: string;
  saveDir: string;
  concurrency: string;
  list?: boolean;
}

const int = (v: string | undefined, name: string, min: number): number | undefined => {
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v) || Number(v) < min)
    throw new UsageError(`${name} "${v}" is not a whole number${min > 0 ? ` ≥ ${min}` : ''}`);
  return Number(v);
};

async function open(o: FuzzCliOptions): Promise<Target> {
  try {
    if (o.dialect !== undefined && !isDialect(o.dialect))
      throw new UsageError(`--dialect "${o.dialect}" is not one of ${DIALECTS.join(', ')}`);
    return await openTarget({
      target: o.target,
      profile: o.profile,
      dialect: o.dialect as Dialect | undefined,
      faults: o.faults
        ? o.faults
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    });
  } catch (e) {
    if (e instanceof ProfileError || /fault|dialect/.test((e as Error).message))
      throw new UsageError((e as Error).message);
    throw e;
  }
}

async function reachable(target: Target): Promise<string | undefined> {
  const sender = new Sender(target.url, target.transport, 1, target.profile.timeoutMs);
  try {
    const r = await preflight(caseFactoryFor(target), sender, target.profile.signing.rejectStatuses);
    return r.error;
  } finally {
    await sender.close();
  }
}

export function register(program: Command): void {
  program
    .command('fuzz')
    .description(
      "fuzz the target's HTTP-signature checks with named mutation operators (default: the embedded reference bank). Each case starts from the profile's fuzz.baseRequest (default GET /v1/accounts); a signature counts as accepted on 2xx or 401 with _links.scaRedirect, as rejected on 400 (plus the profile's signing.rejectStatuses)",
    )
    .option('--target <URL>', 'base URL of the bank (default: $XS2A_TARGET_URL, else the embedded reference bank)')
    .option('--profile <FILE>', 'target profile, JSON or YAML (default: $XS2A_PROFILE)')
    .option('--seconds <S>', 'time budget in seconds (default 10)')
    .option('--cases <N>', 'number of cases instead of a time budget')
    .option('--seed <N>', 'seed of the run (default: random, printed)')
    .option('--operators <a,b>', 'only these operators (ids; see --list)')
    .option('--replay <FILE>', 'replay one saved finding (fixtures/fuzz-regressions/*.json)')
    .option('--faults <a,b>', 'switch faults on in the embedded reference bank')
    .option('--dialect <default|variant>', "the embedded reference bank's dialect (variant: also its shipped profile)")
    .option(
      '--save-dir <DIR>',
      "where findings are saved (copy one into the project's fixtures/fuzz-regressions/ to keep it as a regression npm test replays)",
      'reports/fuzz-findings',
    )
    .option('--concurrency <N>', 'cases in flight', '32')
    .option('--list', 'list the operators and exit')
    .action(async (o: FuzzCliOptions) => {
      if (o.list) {
        for (const op of OPERATORS)
          process.stdout.write(`${op.id.padEnd(34)} ${op.expect.padEnd(6)} ${op.level.padEnd(6)} ${op.description}\n`);
        return;
      }
      if (o.seconds !== undefined && o.cases !== undefined) throw new UsageError('give --seconds or --cases, not both');
      const seconds = int(o.seconds, '--seconds', 1);
      const cases = int(o.cases, '--cases', 1);
      const concurrency = int(o.concurrency, '--concurrency', 1)!;
      const seed = int(o.seed, '--seed', -(2 ** 31)) ?? (Date.now() ^ (Math.random() * 2 ** 31)) | 0;
      let operators: MutationOperator[] | undefined;
      if (o.operators) {
        try {
          operators = o.operators
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .map(operatorById);
        } catch (e) {
          throw new UsageError((e as Error).message);
        }
      }
      let finding;
      if (o.replay) {
        try {
          finding = loadFinding(o.replay);
          operatorById(finding.operator);
        } catch (e) {
          throw new UsageError(`--replay ${o.replay}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
      const target = await open(o);
      try {
        const err = await reachable(target).catch((e) => {
          if (e instanceof BaseRequestRefused) return undefined;
          throw e;
        });
        if (err) {
          process.stderr.write(`xs2a-conformance: target ${target.url} unreachable: ${err}\n`);
          process.exitCode = EXIT.UNREACHABLE;
          return;
        }
        if (finding) {
          const r = await replayFinding(target, finding);
          const got = r.response?.error ?? r.response?.status;
          process.stdout.write(
            `replay ${finding.operator} { seed: ${finding.seed}, path: "${finding.path}" } value ${r.value}: expected ${finding.expect}, got ${got}\n`,
          );
          if (r.request)
            process.stdout.write(
              serializeRequest(r.request).toString('utf8').replace(/\r\n/g, '\n').replace(/^/gm, '  ') + '\n',
            );
          process.stdout.write(
            r.reproduced ? `still wrong (${finding.level})\n` : 'verdict as the spec expects: fixed\n',
          );
          process.exitCode = r.reproduced && finding.level === 'must' ? EXIT.FAIL : EXIT.OK;
          return;
        }
        const ops = operators ?? OPERATORS;
        process.stderr.write(
          `fuzz: ${ops.length} operators against ${target.url}${target.embedded ? ' (embedded reference bank)' : ''}, seed ${seed}, ${cases !== undefined ? `${cases} cases` : `${seconds ?? 10} s`}\n`,
        );
        const tty = process.stderr.isTTY;
        const report = await runFuzz({
          target,
          seed,
          seconds,
          cases,
          operators,
          concurrency,
          saveDir: o.saveDir,
          faults: o.faults
            ? o.faults
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : undefined,
          onProgress: (p) =>
            process.stderr.write(
              `${tty ? '\r' : ''}fuzz: ${(p.elapsedMs / 1000).toFixed(0)} s, ${p.cases} cases, ${Math.round(p.perSecond)}/s, ${p.unexpected} unexpected${tty ? '   ' : '\n'}`,
            ),
        });
        if (tty) process.stderr.write('\n');
        process.stdout.write(formatTable(report) + '\n');
        for (const f of report.findings) process.stdout.write('\n' + formatFinding(f) + '\n');
        const must = report.findings.filter((f) => f.level === 'must').length;
        const should = report.findings.length - must;
        process.stdout.write(
          `\nseed ${seed}: ${report.cases} cases in ${(report.elapsedMs / 1000).toFixed(1)} s; ${must} MUST-level and ${should} SHOULD-level unexpected verdicts\n`,
        );
        process.exitCode = must ? EXIT.FAIL : EXIT.OK;
      } catch (e) {
        if (e instanceof BaseRequestRefused) {
          process.stderr.write(`xs2a-conformance: ${e.message}\n`);
          process.exitCode = EXIT.FAIL;
          return;
        }
        throw e;
      } finally {
        await target.close();
        await closeTransports();
      }
    });
}
