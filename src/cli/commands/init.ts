// `init`: probes a target and writes a starter profile (src/suite/init.ts).
import { type Command } from 'commander';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ProfileError } from '../../session/errors.ts';
import { completeProfile, loadProfile, transportOf, yaml } from '../../session/profile.ts';
import { InitUnreachable } from '../../suite/errors.ts';
import { carriedKeys, openKeys, probeTarget, renderProfile } from '../../suite/init.ts';
import { closeTransports } from '../../transport/index.ts';
import { UsageError } from '../errors.ts';
import { EXIT } from '../io.ts';

export function register(program: Command): void {
  program
    .command('init')
    .description(
      'probe a target and write a starter profile: what the answers decide is written as keys, what they cannot as FIND OUT comments',
    )
    .requiredOption('--target <URL>', 'base URL of the bank')
    .option('--out <FILE>', 'write the profile to FILE (default: standard output)')
    .option('--force', 'overwrite --out if it exists')
    .option(
      '--profile <FILE>',
      "a profile with what init cannot probe: the TPP's certificates (tpp.signing, tpp.tls), proxy, PSUs",
    )
    .option('--timeout <ms>', 'per-request timeout in milliseconds', '10000')
    .action(async (o: { target: string; out?: string; force?: boolean; profile?: string; timeout: string }) => {
      if (!/^https?:\/\/[^/]+/.test(o.target)) throw new UsageError(`target "${o.target}" is not an http(s) URL`);
      if (o.out && existsSync(o.out) && !o.force) throw new UsageError(`${o.out} exists: --force to overwrite it`);
      let profile;
      try {
        profile = o.profile ? loadProfile(o.profile) : completeProfile({}, process.cwd());
      } catch (e) {
        if (e instanceof ProfileError) throw new UsageError(e.message);
        throw e;
      }
      try {
        const result = await probeTarget({
          target: o.target,
          profile,
          transport: transportOf(profile),
          timeoutMs: +o.timeout,
        });
        const raw = o.profile ? (yaml().parse(readFileSync(o.profile, 'utf8')) as Record<string, unknown>) : {};
        const text = renderProfile(result, new Date(), carriedKeys(raw ?? {}, dirname(resolve(o.profile ?? '.'))));
        if (o.out) writeFileSync(o.out, text);
        else process.stdout.write(text);
        const open = openKeys(text);
        process.stderr.write(
          `init: ${result.findings.filter((f) => f.decided).length} keys decided, ${open.length} to find out${open.length ? ` (${open.join(', ')})` : ''}${o.out ? `; written to ${o.out}` : ''}\n`,
        );
        process.exitCode = EXIT.OK;
      } catch (e) {
        if (!(e instanceof InitUnreachable)) throw e;
        process.stderr.write(`init: the target cannot be reached as a run would reach it:\n${e.message}\n`);
        process.exitCode = EXIT.UNREACHABLE;
      } finally {
        await closeTransports();
      }
    });
}
