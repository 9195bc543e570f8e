// A Chromium started with `--remote-debugging-pipe`, and the Chrome DevTools Protocol spoken over
// that pipe (JSON messages ended by NUL; fd 3 to the browser, fd 4 from it). No port is opened.
//
// The browser SCA driver needs a few dozen commands per SCA. playwright-core, which it used before,
// sets up its whole page model for every context (domains, isolated worlds, its injected script in
// each document): on this 2-core machine that cost 0.37 s of CPU per SCA against 0.18 s here
// (node 140 → 21 ms, Chromium 230 → 158 ms; 30 SCAs against the reference bank).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CdpError } from '../errors.ts';

export interface CdpEvent {
  method: string;
  params: any;
  sessionId?: string;
}

/** One Chromium and its protocol pipe. */
export class CdpBrowser {
  private id = 0;
  private readonly pending = new Map<
    number,
    { resolve: (v: any) => void; reject: (e: Error) => void; method: string }
  >();
  private readonly listeners = new Set<(e: CdpEvent) => void>();
  private buffered: Buffer[] = [];
  private closedBy: string | undefined;
  private stderr = '';
  private readonly killOnExit = () => this.kill();

  private constructor(
    private readonly proc: ChildProcess,
    private readonly userDataDir: string,
  ) {
    const out = proc.stdio[4] as Readable;
    const input = proc.stdio[3] as Writable;
    input.on('error', () => undefined);
    out.on('data', (d: Buffer) => this.onData(d));
    proc.stderr?.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-2000)));
    proc.on('exit', (code, signal) =>
      this.onClosed(
        `Chromium exited (${signal ?? `code ${code}`})${this.stderr.trim() ? `: ${this.stderr.trim().split('\n').at(-1)}` : ''}`,
      ),
    );
    proc.on('error', (e) => this.onClosed(`Chromium could not be started: ${e.message}`));
    process.once('exit', this.killOnExit);
  }

  /** Starts Chromium headless with `args`, and waits until it answers (at most `timeoutMs`). */
  static async launch(executablePath: string, args: string[], timeoutMs = 30_000): Promise<CdpBrowser> {
    const userDataDir = mkdtempSync(join(tmpdir(), 'xs2a-chromium-'));
    const proc = spawn(
      executablePath,
      ['--headless', '--remote-debugging-pipe', `--user-data-dir=${userDataDir}`, ...args, 'about:blank'],
      {
        stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
      },
    );
    const b = new CdpBrowser(proc, userDataDir);
    try {
      await b.send('Browser.getVersion', {}, undefined, timeoutMs);
    } catch (e) {
      await b.close();
      throw e;
    }
    return b;
  }

  get connected(): boolean {
    return this.closedBy === undefined;
  }

  private onData(d: Buffer): void {
    let at = d.indexOf(0);
    if (at < 0) {
      this.buffered.push(d);
      return;
    }
    let rest = d;
    while (at >= 0) {
      const text = Buffer.concat([...this.buffered, rest.subarray(0, at)]).toString('utf8');
      this.buffered = [];
      rest = rest.subarray(at + 1);
      at = rest.indexOf(0);
      this.dispatch(text);
    }
    if (rest.length) this.buffered.push(rest);
  }

  private dispatch(text: string): void {
    let m: any;
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof m.id === 'number') {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(new CdpError(`${p.method}: ${m.error.message}${m.error.data ? ` (${m.error.data})` : ''}`));
      else p.resolve(m.result);
      return;
    }
    const ev: CdpEvent = { method: m.method, params: m.params ?? {}, sessionId: m.sessionId };
    for (const l of [...this.listeners]) l(ev);
  }

  private onClosed(why: string): void {
    if (this.closedBy !== undefined) return;
    this.closedBy = why;
    process.removeListener('exit', this.killOnExit);
    for (const p of this.pending.values()) p.reject(new CdpError(`${p.method}: ${why}`));
    this.pending.clear();
    this.listeners.clear();
  }

  /** Sends a command (to a target's session when `sessionId` is given); rejects after `timeoutMs`. */
  send<T = any>(method: string, params: object = {}, sessionId?: string, timeoutMs = 30_000): Promise<T> {
    if (this.closedBy !== undefined) return Promise.reject(new CdpError(`${method}: ${this.closedBy}`));
    const id = ++this.id;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new CdpError(`${method}: no answer from Chromium within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
      this.pending.set(id, {
        method,
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      (this.proc.stdio[3] as Writable).write(
        `${JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params })}\0`,
      );
    });
  }

  /** Calls `listener` with every event; the returned function stops it. */
  on(listener: (e: CdpEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private kill(): void {
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill('SIGKILL');
    try {
      rmSync(this.userDataDir, { recursive: true, force: true });
    } catch {
      /* best effort */
    }
  }

  /** Closes the browser (asks first, kills after 3 s) and removes its profile folder. */
  async close(): Promise<void> {
    const exited = new Promise<void>((r) =>
      this.proc.exitCode !== null || this.proc.signalCode !== null ? r() : this.proc.once('exit', () => r()),
    );
    if (this.connected) this.send('Browser.close', {}, undefined, 3_000).catch(() => undefined);
    const timer = setTimeout(() => this.kill(), 3_000);
    await exited;
    clearTimeout(timer);
    this.onClosed('the browser was closed');
    this.kill();
  }
}
