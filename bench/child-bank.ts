// The reference bank in a child process, so a benchmark's client and the bank do not share a thread.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === '--serve') {
  const { startBank } = await import('../src/bank/index.ts');
  const running = await startBank({ mode: 'test', seed: 1 });
  process.send!({ url: running.url });
  process.on('message', async (m) => {
    if (m === 'scas') process.send!({ scas: running.bank.scasCompleted });
    if (m === 'stop') {
      await running.close();
      process.exit(0);
    }
  });
}

/** Forks the bank; the benchmark gives up (exit 1) when the whole run exceeds `limitMs`. */
export async function forkBank(
  limitMs = 25_000,
): Promise<{ url: string; scas(): Promise<number>; stop(): Promise<void> }> {
  const child = fork(SELF, ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const guard = setTimeout(() => {
    child.kill();
    console.error('bench: timed out');
    process.exit(1);
  }, limitMs);
  const url = await new Promise<string>((resolve) => child.once('message', (m: { url: string }) => resolve(m.url)));
  return {
    url,
    /** SCAs the bank has completed since it started. */
    async scas() {
      const answer = new Promise<number>((resolve) => child.once('message', (m: { scas: number }) => resolve(m.scas)));
      child.send('scas');
      return answer;
    },
    async stop() {
      clearTimeout(guard);
      child.send('stop');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
