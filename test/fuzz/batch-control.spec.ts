// The payment batch is a control operation only the reference bank has. The stateful
// model runs it only where the profile names one (batchControl, like clockControl); without it the
// steps that need a batch are left out, and the model says which and why, instead of failing set-up.
//
// Faults that trip it: the batch assumed wherever the clock control is the reference bank's path (the
// first case calls POST /__control/batch on a target that has none: FUZZ_ERR_MODEL_SETUP); the profile's
// operation ignored (the second case calls nothing); the embedded bank's default control taken over the
// profile's (the variant dialect's own, POST /__control/payment-batch: the third case's batch fails).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../src/bank/index.ts';
import { newModel, openStatefulEnv, RunBatch, Verdicts } from '../../src/fuzz/model/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'xs2a-batch-'));
let bank: RunningBank;
/**
 * A target in front of the bank that forwards everything but /__control/batch, and records the batch calls of its own
 * path /ops/batch.
 */
let front: Server;
let frontUrl: string;
const batchCalls: string[] = [];

beforeAll(async () => {
  front = createServer((req, res) => {
    if (req.url === '/__control/batch') {
      res.statusCode = 404;
      res.end('{"status":404,"code":"RESOURCE_UNKNOWN"}');
      return;
    }
    const path = req.url === '/ops/batch' ? '/__control/batch' : req.url;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/ops/batch') batchCalls.push(Buffer.concat(chunks).toString('utf8'));
      const up = httpRequest(
        `http://127.0.0.1:${bank.port}${path}`,
        { method: req.method, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      up.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  // The bank's links (scaRedirect) name the front.
  bank = await startBank({ mode: 'test', publicUrl: frontUrl });
});
afterAll(async () => {
  front?.close();
  await bank?.close();
});

const CLOCK = 'clockControl:\n  method: POST\n  path: /__control/clock\n  body: \'{"advanceSeconds": {{seconds}}}\'\n';

describe('the stateful model and the batch control', () => {
  it("a target with the reference bank's clock path but no batch control: the batch steps are left out, and said so", async () => {
    const profile = join(dir, 'no-batch.yaml');
    writeFileSync(profile, CLOCK);
    const env = await openStatefulEnv({ target: frontUrl, profile, env: false });
    try {
      expect(env.batch).toBeUndefined();
      const v = new Verdicts(new Set(['must']));
      await new RunBatch(true).run(newModel(env.sessionId), { env, v });
      expect(v.summary()).toMatch(
        /left out:\n {2}RunBatch: the profile names no batch control operation \(batchControl\)/,
      );
    } finally {
      await env.close();
    }
  });

  it("the profile's batchControl is the one called, its body filled", async () => {
    const profile = join(dir, 'batch.yaml');
    writeFileSync(
      profile,
      `${CLOCK}batchControl:\n  method: POST\n  path: /ops/batch\n  body: '{"lastOfDay": {{lastOfDay}}}'\n`,
    );
    const env = await openStatefulEnv({ target: frontUrl, profile, env: false });
    try {
      await env.runBatch(true);
      expect(batchCalls).toEqual(['{"lastOfDay": true}']);
    } finally {
      await env.close();
    }
  });

  it("the embedded variant dialect: its profile's batchControl, not the default dialect's path", async () => {
    const was = process.env.XS2A_DIALECT;
    process.env.XS2A_DIALECT = 'variant';
    try {
      const env = await openStatefulEnv();
      try {
        expect(env.batch).toEqual({
          method: 'POST',
          path: '/__control/payment-batch',
          body: '{"runs": 1, "endOfDay": {{lastOfDay}}}',
        });
        expect(env.target.embedded?.dialect).toBe('variant');
        // The default dialect's POST /__control/batch is not the variant's: a ModelSetupError there.
        await expect(env.runBatch(false)).resolves.toBeUndefined();
        await expect(env.runBatch(true)).resolves.toBeUndefined();
      } finally {
        await env.close();
      }
    } finally {
      if (was === undefined) delete process.env.XS2A_DIALECT;
      else process.env.XS2A_DIALECT = was;
    }
  });
});
