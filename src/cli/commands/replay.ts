// `replay`: re-sends a recorded exchange (an "exchange … .json" attachment of the report, or a
// bundle's exchange file) with a fresh Date, Digest and X-Request-ID, signed with the profile's
// identity, and prints the recorded and the new answer side by side. Exit 0: the same answer class;
// 1: a different one; 2: unusable input; 3: no answer.
import { type Command } from 'commander';
import { profileFileOf } from '../../session/run-context.ts';
import { ProfileError } from '../../session/errors.ts';
import { loadProfile, completeProfile, transportOf } from '../../session/profile.ts';
import { closeTransports } from '../../transport/index.ts';
import { ReplayInputError } from '../../tpp/errors.ts';
import { parseRecordedExchange, replay } from '../../tpp/replay.ts';
import { UsageError } from '../errors.ts';
import { readText } from '../io.ts';

export function register(program: Command): void {
  program
    .command('replay <FILE>')
    .description(
      're-send a recorded exchange (report or bundle) signed anew (fresh Date, Digest, X-Request-ID) and print both answers side by side',
    )
    .option('--target <URL>', 'send it to this base URL instead of the recorded origin')
    .option('--profile <FILE>', 'the TPP identity to sign with (default: $XS2A_PROFILE, else the TEST-ONLY set)')
    .option('--timeout <ms>', 'per-request timeout in milliseconds', '10000')
    .option(
      '--as-recorded',
      'send the recorded headers and body byte for byte (a wrong Digest stays wrong) but for Date, X-Request-ID and the Signature over them',
    )
    .action(async (file: string, o: { target?: string; profile?: string; timeout: string; asRecorded?: boolean }) => {
      if (!/^\d+$/.test(o.timeout)) throw new UsageError(`--timeout "${o.timeout}" is not a number of milliseconds`);
      if (o.target !== undefined && !/^https?:\/\/[^/]+/.test(o.target))
        throw new UsageError(`--target "${o.target}" is not an http(s) URL`);
      let rec;
      try {
        rec = parseRecordedExchange(readText(file, 'recorded exchange'));
      } catch (e) {
        if (e instanceof ReplayInputError) throw new UsageError(`${file}: ${e.message}`);
        throw e;
      }
      let profile;
      try {
        const p = profileFileOf(o.profile);
        profile = p ? loadProfile(p) : completeProfile({}, process.cwd());
      } catch (e) {
        if (e instanceof ProfileError) throw new UsageError(e.message);
        throw e;
      }
      const r = await replay(rec, profile.tpp.signing, {
        target: o.target,
        timeoutMs: +o.timeout,
        transport: transportOf(profile),
        asRecorded: o.asRecorded,
      }).finally(closeTransports);
      const w = Math.max(8, r.recorded.length);
      process.stdout.write(`${rec.request.method} ${r.url}\n`);
      process.stdout.write(
        o.asRecorded
          ? `sent as recorded, but for: ${r.renewed.join(', ')} (made anew)\n`
          : `made anew: ${r.renewed.join(', ')} (--as-recorded keeps the recorded Digest and certificate)\n`,
      );
      process.stdout.write(`${'recorded'.padEnd(w)} | now\n${r.recorded.padEnd(w)} | ${r.now}\n`);
      if (r.body !== undefined) process.stdout.write(`\n${r.body.slice(0, 2000)}\n`);
      process.stdout.write(r.same ? 'the same answer class\n' : 'a different answer class\n');
      process.exitCode = r.status === undefined ? 3 : r.same ? 0 : 1;
    });
}
