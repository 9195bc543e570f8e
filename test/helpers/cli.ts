// Runs the real CLI in a child process (stdin in, stdout/stderr/exit code out).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}bin/xs2a-conformance.mjs`;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], input?: string | Buffer): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], { input: input ?? '', cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
