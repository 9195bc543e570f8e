// `verify-bundle FILE`: checks an evidence bundle written by `run --bundle` (src/bundle/verify.ts).
// Exit 0: intact; 1: something differs (each difference is named); 2: unusable input.
import { type Command } from 'commander';
import { verifyBundle } from '../../bundle/verify.ts';

export function register(program: Command): void {
  program
    .command('verify-bundle <FILE>')
    .description(
      "check an evidence bundle (run --bundle): the manifest's JWS signature, its x5c chain's shape, and the SHA-256 of every member",
    )
    .action(async (file: string) => {
      const r = await verifyBundle(file);
      const m = r.manifest;
      if (m) {
        const c = m.verdict?.counts as Record<string, number> | undefined;
        process.stdout.write(
          `bundle of ${m.tool?.name} ${m.tool?.version} against ${m.target}, ${m.startedAt} to ${m.endedAt}\n`,
        );
        if (c)
          process.stdout.write(
            `claims: exit ${m.verdict.exitCode}; ${Object.entries(c)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')}; ${m.scenarios?.length ?? 0} scenarios, ${Object.keys(m.files ?? {}).length} files\n`,
          );
      }
      if (r.signer)
        process.stdout.write(
          `signed by ${r.signer.subject} (chain of ${r.signer.chainLength}, root issuer ${r.signer.root}: trust in it is yours to decide)\n`,
        );
      for (const p of r.problems) process.stdout.write(`  ${p}\n`);
      process.stdout.write(
        r.exitCode === 0
          ? 'INTACT: the signature verifies and every file matches the manifest\n'
          : r.exitCode === 1
            ? `NOT INTACT: ${r.problems.length} difference${r.problems.length === 1 ? '' : 's'}\n`
            : 'UNUSABLE\n',
      );
      process.exitCode = r.exitCode;
    });
}
