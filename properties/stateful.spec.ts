// Stateful model: fast-check `fc.commands` drives the payment, signing-basket and
// consent/SCA life cycles against a model (src/fuzz/model). A sequence of steps must never reach a
// state or answer that the spec forbids. The must-level property enforces what the spec states; the
// [should] property what Berlin Group says where the spec is silent and the order of badness the
// reference bank documents for baskets. 100 runs each of at most 12 commands keep the file fast;
// XS2A_STATEFUL_RUNS changes the count. Then the model is shown to fail against faulty banks.
import { dialectFromEnv, dialectProfile } from '../src/session/dialects.ts';
import { loadProfile } from '../src/session/profile.ts';
import type { Level } from '../src/spec/level.ts';
import { test } from '@fast-check/vitest';
import * as allure from 'allure-js-commons';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Fault } from '../src/bank/index.ts';
import {
  openStatefulEnv,
  runSequence,
  statefulCommands,
  statefulProperty,
  Verdicts,
  type StatefulEnv,
} from '../src/fuzz/model/index.ts';
import { SEED, useOpened } from './support.ts';

const RUNS = Number(process.env.XS2A_STATEFUL_RUNS ?? 100);
const STATEFUL = { seed: SEED, numRuns: RUNS };
const SHOULD_RUNS = { seed: SEED, numRuns: RUNS };

/** The target of this file (XS2A_TARGET_URL / XS2A_PROFILE, else the embedded bank) with its PSU. */
const useStatefulTarget = (): { readonly env: StatefulEnv } => useOpened(() => openStatefulEnv());

async function report(name: string, v: Verdicts): Promise<void> {
  const text = v.summary();
  console.log(`${name}\n${text}`);
  await allure.attachment(`${name}: commands and checks`, text, { contentType: 'text/plain' });
}

const t = useStatefulTarget();
const must = new Verdicts(new Set(['must']));
const should = new Verdicts(new Set(['should']));

describe('stateful model of payments, signing baskets and consent/SCA', () => {
  afterAll(async () => {
    await report('must', must);
    await report('should', should);
  });

  test.prop([statefulCommands()], STATEFUL)(
    `no sequence of payment, basket and SCA steps reaches a state or answer the spec forbids: statuses in the enums, bodies as the schemas, no 5xx, error bodies with the HTTP status, > 10 ids and bulk/periodic refused, the basket one of its payments' statuses, PDNG delete refused with a message, domestic status hidden before approval, SCA sessions [clause:fields.payment-status-response,fields.payment-status-response.transactionStatus,conventions.enums-exact,fields.cross-border-payment-response,fields.signing-basket-response,fields.signing-basket-response.transactionStatus,fields.basket-status-response,fields.basket-status-response.transactionStatus,fields.error-body,fields.error-body.status,errors.SYSTEM_ERROR,errors.sca-required,limits.basket-size,endpoints.create-signing-basket.at-most-10-ids,fields.signing-basket-request.paymentIds,states.basket-no-bulk-or-periodic,errors.REFERENCE_MIX_INVALID,states.basket-worst-case,states.basket-single-status,states.basket-not-atomic,states.payment-delete-pending,states.payment-status-per-payment,states.payment-norwegian-domestic-after-approval,states.sca-session-new-needs-sca,states.sca-session-new-invalidates-old,states.sca-session-abort-keeps-old,sca.redirect-on-401,sca.redirect-to-tpp,sca.psu-id-reused,sca.accounts-and-context,events.success.psu-id,events.success.tpp-session-id,events.success.context,events.failure.status,events.failure.code,events.failure.message]`,
    (cmds) => runSequence(t.env, must, cmds),
  );

  test.prop([statefulCommands()], SHOULD_RUNS)(
    `sequences follow Berlin Group where the spec is silent: the basket reports the worst case in the order RJCT > RCVD > PATC > ACTC, a deleted or final payment never becomes active again, no payment is accepted without the PSU's SCA, success codes 201/200/204 [clause:states.basket-worst-case,endpoints.cancel-payment,endpoints.cancel-payment.success,endpoints.get-payment-status,endpoints.get-payment-status.success,endpoints.start-payment-authorisation,sca.psu-authenticates,endpoints.create-cross-border-payment.success,endpoints.initiate-payment.success,endpoints.initiate-payment,endpoints.create-signing-basket,endpoints.create-signing-basket.success,endpoints.create-signing-basket.payments-created-first,endpoints.list-accounts,endpoints.list-accounts.success,fields.link,states.basket-single-status,states.payment-status-per-payment] [should]`,
    (cmds) => runSequence(t.env, should, cmds),
  );
});

// ------------------------------------------------------------------ the model fails against faults

/** Inline fault: the basket status answer says PATC whatever its payments are. */
const BASKET_STATUS_PATC: Fault = {
  id: 'stateful-basket-status-patc',
  description: 'GET …/signing-baskets/{id}/status always answers PATC.',
  clauses: ['states.basket-worst-case'],
  hooks: {
    transformResponse: (reply, ctx) =>
      reply.status === 200 && /^\/v1\/signing-baskets\/[^/]+\/status$/.test(ctx.path ?? '')
        ? { ...reply, body: { transactionStatus: 'PATC' } }
        : reply,
  },
};

/** Inline fault: a cancelled payment reads as ACTC again. */
const CANCELLED_COMES_BACK: Fault = {
  id: 'stateful-cancelled-comes-back',
  description: 'A payment status CANC is reported as ACTC.',
  clauses: ['endpoints.cancel-payment'],
  hooks: {
    transformResponse: (reply) => {
      const b = reply.body as { transactionStatus?: string } | undefined;
      return reply.status === 200 && b?.transactionStatus === 'CANC'
        ? { ...reply, body: { ...b, transactionStatus: 'ACTC' } }
        : reply;
    },
  },
};

async function failsWith(
  faults: Array<Fault | string>,
  enforce: Array<Level>,
  runs: number,
): Promise<{ failed: boolean; message: string; numRuns: number; example: string }> {
  const env = await openStatefulEnv({ faults });
  try {
    const v = new Verdicts(new Set(enforce));
    const d = await fc.check(
      statefulProperty(() => env, v),
      { seed: SEED, numRuns: runs, endOnFailure: true },
    );
    const message = d.failed ? String((d.errorInstance as Error)?.message ?? d.errorInstance) : '';
    const example = d.counterexample
      ? [...(d.counterexample[0] as Iterable<{ toString(): string }>)].map(String).join(', ')
      : '';
    return { failed: d.failed, message, numRuns: d.numRuns, example };
  } finally {
    await env.close();
  }
}

/**
 * Registered faults of src/bank (fault-registry.ts) the model must notice, with the level and clauses that catch each.
 */
const REGISTERED: Array<[fault: string, level: Level, clauses: string[]]> = [
  ['basket-size-11', 'must', ['limits.basket-size']],
  ['basket-mix-allowed', 'must', ['states.basket-no-bulk-or-periodic']],
  ['reference-mix-as-format-error', 'must', ['errors.REFERENCE_MIX_INVALID']],
  ['pdng-delete-allowed', 'must', ['states.payment-delete-pending']],
  ['pdng-delete-terse', 'must', ['states.payment-delete-pending']],
  ['domestic-visible-before-approval', 'must', ['states.payment-norwegian-domestic-after-approval']],
  ['session-id-ignored', 'must', ['states.sca-session-new-needs-sca']],
  ['aborted-sca-ends-session', 'must', ['states.sca-session-abort-keeps-old']],
  ['redirect-without-tpp-session-id', 'must', ['events.success.tpp-session-id']],
  ['redirect-context-lowercase', 'must', ['events.success.context']],
  ['psu-id-unstable', 'must', ['sca.psu-id-reused']],
  ['failure-redirect-without-code', 'must', ['events.failure.code']],
  ['failure-redirect-status-text', 'must', ['events.failure.status']],
  ['error-status-as-string', 'must', ['fields.error-body', 'fields.error-body.status']],
  ['error-body-without-system', 'must', ['fields.error-body']],
  ['basket-unknown-payment-accepted', 'should', ['endpoints.create-signing-basket.payments-created-first']],
];

/** The model reaches PDNG only the platform's way (an unfunded payment and the batch). Where the
 * target's profile names another recipe (the variant dialect: preconditions.pdng future-date), the
 * PDNG faults are the conformance scenario's to catch (payment-status.feature, by the profile's recipe). */
const profileFile = dialectProfile(dialectFromEnv());
const PDNG_BY_UNFUNDED =
  ((profileFile ? loadProfile(profileFile) : undefined)?.preconditions?.pdng ?? 'unfunded') === 'unfunded';
const NEEDS_UNFUNDED_PDNG = new Set(['pdng-delete-allowed', 'pdng-delete-terse']);

describe('the stateful model fails against faulty banks', () => {
  it(`catches basket-best-case (a basket reporting its best status) at [should] level (seed=${SEED})`, async () => {
    const r = await failsWith(['basket-best-case'], ['should'], 150);
    console.log(`basket-best-case: failed after ${r.numRuns} runs: ${r.example}\n${r.message}`);
    expect(r.failed, 'the model did not notice basket-best-case').toBe(true);
    expect(r.message).toMatch(/states\.basket-worst-case/);
  });

  it(`catches a basket status that is none of its payments' statuses at must level (seed=${SEED})`, async () => {
    const r = await failsWith([BASKET_STATUS_PATC], ['must'], 60);
    console.log(`stateful-basket-status-patc: failed after ${r.numRuns} runs: ${r.example}\n${r.message}`);
    expect(r.failed).toBe(true);
    expect(r.message).toMatch(/states\.basket-worst-case/);
  });

  it(`catches a cancelled payment that becomes active again at [should] level (seed=${SEED})`, async () => {
    const r = await failsWith([CANCELLED_COMES_BACK], ['should'], 60);
    console.log(`stateful-cancelled-comes-back: failed after ${r.numRuns} runs: ${r.example}\n${r.message}`);
    expect(r.failed).toBe(true);
    expect(r.message).toMatch(/endpoints\.cancel-payment/);
  });

  it.each(REGISTERED.filter(([f]) => PDNG_BY_UNFUNDED || !NEEDS_UNFUNDED_PDNG.has(f)))(
    `catches the registered fault %s at %s level (seed=${SEED})`,
    async (fault, level, clauses) => {
      const r = await failsWith([fault], [level], 200);
      console.log(`${fault}: failed after ${r.numRuns} runs: ${r.example}\n${r.message.slice(0, 400)}`);
      expect(r.failed, `the model did not notice ${fault}`).toBe(true);
      const caught = /^\[(must|should)\] \[clause:([^\]]+)\]/.exec(r.message);
      expect(caught?.[1]).toBe(level);
      expect(
        caught?.[2].split(',').some((c) => clauses.includes(c)),
        `${fault} was caught under ${caught?.[2]}, expected one of ${clauses.join(', ')}`,
      ).toBe(true);
    },
  );
});
