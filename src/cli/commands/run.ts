// `run`: the conformance run. Exit 0: every applicable MUST passes; 1: a MUST fails; 2: unusable
// input; 3: the target cannot be reached.
import { type Command } from 'commander';
import { DIALECTS, isDialect, type Dialect } from '../../session/dialects.ts';
import { runSuite } from '../../run/run.ts';
import { parseDuration } from '../../session/run-guard.ts';
import { profileFileOf, targetOf } from '../../session/run-context.ts';
import { parseShard } from '../../run/shard.ts';
import { UsageError } from '../errors.ts';
import { readText } from '../io.ts';
import { writeBundle } from '../../bundle/write.ts';
import { TOOL_VERSION } from '../version.ts';
import { ProfileError } from '../../session/errors.ts';
import { completeProfile, loadProfile, transportOf } from '../../session/profile.ts';
import { describeFacts, inspectConnection } from '../../transport/index.ts';

export function register(program: Command): void {
  program
    .command('run')
    .description('run the conformance scenarios against a target (default: the embedded reference bank)')
    .option('--target <URL>', 'base URL of the bank (default: $XS2A_TARGET_URL, else the embedded reference bank)')
    .option('--profile <FILE>', 'target profile, JSON or YAML (default: $XS2A_PROFILE)')
    .option('--tags <EXPR>', 'cucumber tag expression, e.g. "@must and not @sandbox"')
    .option('--name <REGEX>', 'only scenarios whose name matches (repeatable)', (v: string, prev: string[] = []) => [
      ...prev,
      v,
    ])
    .option(
      '--parallel <N|auto>',
      "parallel workers; auto: from the cores and the target's round trip, at most one per PSU (never more workers than PSUs)",
      '2',
    )
    .option(
      '--processes <N>',
      'worker processes the workers run in, several scenarios at a time each (default: one per core)',
    )
    .option(
      '--deadline <duration>',
      'whole-run deadline (90s, 15m, 1h): scenarios not started by then are reported as not run, exit 4',
    )
    .option(
      '--shard <i/n>',
      'run part i of n: a deterministic split balanced by fixtures/durations.json (merge joins the parts)',
    )
    .option('--record-durations', "write the scenarios' durations to fixtures/durations.json (the shards' balance)")
    .option(
      '--breaker <N>',
      'stop the run after N consecutive requests time out or are refused (exit 3); 0: never',
      '10',
    )
    .option('--report-dir <DIR>', 'where reports go', 'reports')
    .option('--allow-payments', 'production: also run payment scenarios')
    .option('--faults <a,b>', 'switch faults on in the embedded reference bank')
    .option(
      '--tls',
      'serve the embedded reference bank over HTTPS demanding the TEST-ONLY QWAC (mutual TLS; the transport scenarios apply)',
    )
    .option('--timeout <ms>', 'per-request timeout in milliseconds', '10000')
    .option('--sca-driver <form|browser|preset>', "replace the profile's SCA driver")
    .option(
      '--dialect <default|variant>',
      "the embedded reference bank's dialect (variant: also its shipped profile profiles/variant.yaml)",
    )
    .option(
      '--check-connection',
      "only connect to the target as the run would (proxy, TLS, client certificate) and print what happened: protocol, cipher, the server's chain, the client certificate; exit 0 reachable, 3 not",
    )
    .option('--no-report', 'do not build the Allure HTML report')
    .option('--verbose', "the console shows every failed scenario's whole message before the summary")
    .option(
      '--bundle <FILE.zip>',
      'also write a signed evidence bundle: reports, every exchange, and a manifest of their SHA-256 signed as a detached JWS (verify-bundle checks it)',
    )
    .option('--bundle-key <FILE>', "the bundle's signing key (PEM; default: the profile's QSealC key)")
    .option(
      '--bundle-cert <FILE>',
      "the bundle's certificate chain (PEM, leaf first; default: the profile's QSealC certificate)",
    )
    .action(
      async (o: {
        target?: string;
        profile?: string;
        tags?: string;
        name?: string[];
        parallel: string;
        processes?: string;
        reportDir: string;
        allowPayments?: boolean;
        faults?: string;
        timeout: string;
        report: boolean;
        verbose?: boolean;
        scaDriver?: string;
        dialect?: string;
        deadline?: string;
        breaker: string;
        shard?: string;
        recordDurations?: boolean;
        bundle?: string;
        bundleKey?: string;
        bundleCert?: string;
        checkConnection?: boolean;
        tls?: boolean;
      }) => {
        const shard = o.shard === undefined ? undefined : parseShard(o.shard);
        if (o.shard !== undefined && !shard) throw new UsageError(`--shard "${o.shard}" is not i/n with 1 ≤ i ≤ n`);
        if (o.dialect !== undefined && !isDialect(o.dialect))
          throw new UsageError(`--dialect "${o.dialect}" is not one of ${DIALECTS.join(', ')}`);
        if (o.scaDriver !== undefined && !['form', 'browser', 'preset'].includes(o.scaDriver))
          throw new UsageError(`--sca-driver "${o.scaDriver}" is not one of form, browser, preset`);
        if (!/^\d+$/.test(o.parallel) && o.parallel !== 'auto')
          throw new UsageError(`--parallel "${o.parallel}" is not a number or auto`);
        if (o.processes !== undefined && !/^[1-9]\d*$/.test(o.processes))
          throw new UsageError(`--processes "${o.processes}" is not a number of processes from 1`);
        if (!/^\d+$/.test(o.breaker)) throw new UsageError(`--breaker "${o.breaker}" is not a number of requests`);
        const deadlineMs = o.deadline === undefined ? undefined : parseDuration(o.deadline);
        if (o.deadline !== undefined && deadlineMs === undefined)
          throw new UsageError(`--deadline "${o.deadline}" is not a duration such as 90s, 15m or 1h`);
        if (!/^\d+$/.test(o.timeout)) throw new UsageError(`--timeout "${o.timeout}" is not a number of milliseconds`);
        if (!!o.bundleKey !== !!o.bundleCert) throw new UsageError('--bundle-key and --bundle-cert go together');
        if ((o.bundleKey || o.bundleCert) && !o.bundle)
          throw new UsageError('--bundle-key and --bundle-cert need --bundle FILE.zip');
        if (o.checkConnection) {
          process.exitCode = await checkConnection(o.target, profileFileOf(o.profile), +o.timeout);
          return;
        }
        const signer =
          o.bundleKey && o.bundleCert
            ? { keyPem: readText(o.bundleKey, 'bundle key'), certPem: readText(o.bundleCert, 'bundle certificate') }
            : undefined;
        const r = await runSuite({
          target: o.target,
          profile: profileFileOf(o.profile),
          tags: o.tags,
          names: o.name,
          parallel: o.parallel === 'auto' ? 'auto' : +o.parallel,
          processes: o.processes === undefined ? undefined : +o.processes,
          deadlineMs,
          shard,
          recordDurations: o.recordDurations,
          breaker: +o.breaker,
          reportDir: o.reportDir,
          allowPayments: o.allowPayments,
          faults: o.faults
            ? o.faults
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : undefined,
          tls: o.tls,
          report: o.report,
          verbose: o.verbose,
          timeoutMs: +o.timeout,
          scaDriver: o.scaDriver as 'form' | 'browser' | 'preset' | undefined,
          dialect: o.dialect as Dialect | undefined,
          recordExchanges: !!o.bundle,
        });
        if (o.bundle && r.verdict && r.run) {
          const m = await writeBundle({
            out: o.bundle,
            reportDir: o.reportDir,
            exchangesDir: r.run.exchangesDir ?? '',
            verdict: r.verdict,
            profile: r.run.profile,
            target: r.run.target,
            startedAt: r.run.startedAt,
            endedAt: r.run.endedAt,
            toolVersion: TOOL_VERSION,
            coverage: r.run.coverage,
            signer,
          });
          process.stdout.write(
            `evidence bundle: ${o.bundle} (${Object.keys(m.files).length} files, ${m.scenarios.length} scenarios; xs2a-conformance verify-bundle ${o.bundle})\n`,
          );
        }
        if (r.message) process.stderr.write(`xs2a-conformance: ${r.message}\n`);
        process.exitCode = r.exitCode;
      },
    );
}

/** `run --check-connection`: the connection the run would make, step by step; exit 0 reachable, 3 not. */
async function checkConnection(
  target: string | undefined,
  profileFile: string | undefined,
  timeoutMs: number,
): Promise<number> {
  let profile;
  try {
    profile = profileFile ? loadProfile(profileFile) : completeProfile({}, process.cwd());
  } catch (e) {
    if (e instanceof ProfileError) throw new UsageError(e.message);
    throw e;
  }
  const url = targetOf(target, profile);
  if (!url)
    throw new UsageError("--check-connection needs a target: --target, $XS2A_TARGET_URL or the profile's target");
  if (!/^https?:\/\/[^/]+/.test(url)) throw new UsageError(`target "${url}" is not an http(s) URL`);
  const facts = await inspectConnection(url, transportOf(profile), Math.min(timeoutMs, 10_000));
  process.stdout.write(`${describeFacts(facts)}\n`);
  return facts.cause ? 3 : 0;
}
