// `replay`: a recorded exchange, older than the spec's 60 s Date window, re-signed and re-sent. The
// recorded request itself (what the report's curl line sends) is refused by then; the replay gets
// the recorded answer class again. All on 127.0.0.1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../src/bank/index.ts';
import { redactExchange, testCredentials, TppClient } from '../../src/tpp/index.ts';
import { parseRecordedExchange, replay, resignRecorded } from '../../src/tpp/replay.ts';
import { verifyRequest } from '../../src/tpp/verify.ts';
import { cliAsync } from '../helpers/cli.ts';

let bank: RunningBank;
let client: TppClient;
const dir = mkdtempSync(join(tmpdir(), 'xs2a-replay-'));

beforeAll(async () => {
  bank = await startBank({ mode: 'test' });
  client = new TppClient({
    baseUrl: bank.url,
    identity: testCredentials().qsealc,
    clock: () => bank.bank.now(),
    psu: { psuIpAddress: '192.0.2.1', tppSessionId: 'replay-1' },
  });
});
afterAll(async () => {
  await client?.close();
  await bank?.close();
});

/**
 * Records one exchange as the report attaches it five minutes ago (bank and client clocks 300 s back), then brings the
 * bank's clock to now.
 */
async function recordAndAge(
  spec: Parameters<TppClient['request']>[0],
): Promise<{ file: string; recorded: ReturnType<typeof redactExchange> }> {
  bank.bank.clock.advance(-300);
  const ex = await client.request(spec);
  const recorded = redactExchange(ex);
  const file = join(dir, `exchange-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(recorded, null, 2));
  bank.bank.clock.advance(300);
  return { file, recorded };
}

describe('replay', () => {
  it('re-signs a request older than 60 s and gets the recorded answer class, where the recorded request is refused', async () => {
    const { file, recorded } = await recordAndAge({ method: 'GET', path: '/v1/sandbox/customers', psu: false });
    expect(recorded.response?.status).toBe(200);
    // The recorded request as it was sent (the curl line): its Date is now outside the window.
    const stale = await fetch(recorded.request.url, {
      headers: Object.fromEntries(recorded.request.headers.filter(([k]) => k.toLowerCase() !== 'host')),
    });
    expect(stale.status).toBe(400);
    const r = await replay(parseRecordedExchange(JSON.stringify(recorded)), testCredentials().qsealc, {
      target: bank.url,
    });
    expect(r.recorded).toBe('200');
    expect(r.now).toBe('200');
    expect(r.same).toBe(true);
    // The same through the command line, with the exit code.
    const c = await cliAsync(['replay', file]);
    expect(c.stdout).toMatch(/the same answer class/);
    expect(c.code).toBe(0);
  });

  it('keeps the recorded headers= list and body, and makes Date, Digest, X-Request-ID and Signature anew (a valid signature)', async () => {
    const { recorded } = await recordAndAge({
      method: 'POST',
      path: '/v1/tpp-dialogue/contact',
      body: { email: 'psd2-ops@tpp.example' },
      psu: false,
    });
    const rec = parseRecordedExchange(JSON.stringify(recorded));
    const { request: req, signedNames } = resignRecorded(rec, testCredentials().qsealc, {
      clock: () => bank.bank.now(),
    });
    const header = (n: string, h = req.headers) => h.find(([k]) => k.toLowerCase() === n)?.[1];
    expect(signedNames).toEqual(/headers="([^"]+)"/.exec(header('signature', rec.request.headers)!)![1].split(' '));
    expect(header('x-request-id')).not.toBe(header('x-request-id', rec.request.headers));
    expect(header('date')).not.toBe(header('date', rec.request.headers));
    expect(req.body.toString()).toBe(rec.request.body);
    const v = verifyRequest(req, { now: bank.bank.now() });
    expect(v.ok, JSON.stringify(v.failures)).toBe(true);
  });

  it('says when the answer class differs, and exits 1', async () => {
    const { file } = await recordAndAge({ method: 'GET', path: '/v1/sandbox/customers', psu: false });
    const other = await startBank({ mode: 'test', faults: ['sandbox-only-switch-inverted'] });
    try {
      const c = await cliAsync(['replay', file, '--target', other.url]);
      expect(c.stdout).toMatch(/^200\s+\| 404 RESOURCE_UNKNOWN$/m);
      expect(c.stdout).toMatch(/a different answer class/);
      expect(c.code).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('refuses unusable input with exit 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"request": {"method": "GET"}}');
    const c = await cliAsync(['replay', bad]);
    expect(c.code).toBe(2);
    expect(c.stderr).toMatch(/request\.method, request\.url and request\.headers are needed/);
  });
});

// Replaying a Digest violation recomputed the Digest, so a fixed bank and a broken one gave "the same
// answer class": a false comfort. As recorded, the wrong Digest goes out again. Fault that trips it:
// --as-recorded that renews the Digest (the bank accepts it: 200), or drops the recorded certificate.
describe('replay --as-recorded', () => {
  it('sends a recorded Digest violation as it was and gets the refusal the bank gives; the default renews it', async () => {
    const { recorded } = await recordAndAge({ method: 'GET', path: '/v1/sandbox/customers', psu: false });
    const wrong = 'SHA-256=' + Buffer.alloc(32, 7).toString('base64');
    const tampered = {
      ...recorded,
      request: {
        ...recorded.request,
        headers: [...recorded.request.headers.filter(([k]) => k.toLowerCase() !== 'digest'), ['Digest', wrong]],
      },
      response: { status: 400, body: '{"code":"FORMAT_ERROR"}' },
    };
    const rec = parseRecordedExchange(JSON.stringify(tampered));
    const asRecorded = await replay(rec, testCredentials().qsealc, { target: bank.url, asRecorded: true });
    expect(asRecorded.renewed).toEqual(['Date', 'X-Request-ID', 'Signature']);
    expect(asRecorded.status).toBe(400);
    const renewed = await replay(rec, testCredentials().qsealc, { target: bank.url });
    expect(renewed.renewed).toContain('Digest');
    expect(renewed.status).toBe(200);
    // What went out as recorded: the wrong Digest and the recorded certificate, signed anew.
    const sent = resignRecorded(rec, testCredentials().qsealc, { target: bank.url, asRecorded: true }).request;
    const header = (n: string) => sent.headers.find(([k]) => k.toLowerCase() === n)?.[1];
    expect(header('digest')).toBe(wrong);
    expect(header('tpp-signature-certificate')).toBe(
      recorded.request.headers.find(([k]) => k.toLowerCase() === 'tpp-signature-certificate')?.[1],
    );
    const file = join(dir, 'digest-violation.json');
    writeFileSync(file, JSON.stringify(tampered));
    const cliRun = await cliAsync(['replay', file, '--target', bank.url, '--as-recorded']);
    expect(cliRun.stdout).toContain('sent as recorded, but for: Date, X-Request-ID, Signature (made anew)');
    expect(cliRun.stdout).toMatch(/\| 400\b/);
  }, 60_000);
});
