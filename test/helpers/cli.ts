// Runs the real CLI in a child process (stdin in, stdout/stderr/exit code out).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}bin/xs2a-conformance.mjs`;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], input?: string | Buffer, timeoutMs = 30_000): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input: input ?? '',
    cwd: ROOT,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Like cli(), without blocking the event loop (for servers that run inside the test process). */
export function cliAsync(
  args: string[],
  timeoutMs = 60_000,
  env?: Record<string, string | undefined>,
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: env ? { ...process.env, ...env } : process.env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}
