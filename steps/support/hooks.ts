// Before: not-applicable check and Allure labels from the clause registry. After: evidence.
import {
  After,
  AfterAll,
  Before,
  BeforeAll,
  setDefaultTimeout,
  setDefinitionFunctionWrapper,
  Status,
  type ITestCaseHookParameter,
} from '@cucumber/cucumber';
import * as allure from 'allure-js-commons';
import 'allure-cucumberjs';
import { clauseById } from '../../src/spec/clauses.ts';
import { clausePageLink } from '../../src/suite/outcomes.ts';
import { evidenceFiles, scaEvidenceFiles, writeExchanges, type EvidenceFile } from '../../src/session/evidence.ts';
import { notApplicable } from '../../src/suite/applicability.ts';
import { parseSetupFailure, setScenarioOperation } from '../../src/session/expect.ts';
import { NotApplicable, RunStopped, shapeOf } from '../../src/session/errors.ts';
import { isScaFailure } from '../../src/session/failure.ts';
import { NOT_APPLICABLE_PREFIX, NOT_RUN_PREFIX, scenarioId } from '../../src/suite/outcomes.ts';
import { stopReason } from '../../src/session/run-guard.ts';
import { closeBrowser } from '../../src/session/sca/browser-driver.ts';
import { prepareSca } from '../../src/session/sca/index.ts';
import { transportOf } from '../../src/session/profile.ts';
import { FRESH_SCA_TAG, readTags } from '../../src/suite/tags.ts';
import type { Xs2aWorld } from './world.ts';
import { ALONE_TAG } from '../../src/suite/tags.ts';
import { atWorkerEnd, hostedRun, runContext } from '../../src/session/run-context.ts';

setDefaultTimeout(60_000);

/** Attaches a file of evidence (a text, a JSON, a screenshot) to the step or hook that runs. */
function attachFile(w: Xs2aWorld, f: EvidenceFile): void {
  const opts = { mediaType: f.mediaType, fileName: f.name };
  if (typeof f.body === 'string') w.attach(f.body, opts);
  else w.attach(f.body, opts);
}

// The evidence of a failure hangs under the failing step (Allure shows it there): the exchanges the
// step sent, else the last one, as HTTP text, as a replayable record and as a curl line.
setDefinitionFunctionWrapper((fn: (...a: unknown[]) => unknown) => {
  const wrapped = async function (this: Xs2aWorld, ...args: unknown[]) {
    const before = this.session?.client.exchanges.length ?? 0;
    const scaBefore = this.session?.lastSca;
    try {
      return await fn.apply(this, args);
    } catch (e) {
      // The run stopped (deadline, dead target) before this step's next request: the scenario is not run, not failed.
      if (e instanceof RunStopped) {
        this.attach(NOT_RUN_PREFIX + e.message, 'text/plain');
        return 'skipped';
      }
      // A step found that the profile says the bank lacks what the scenario needs.
      if (e instanceof NotApplicable) {
        this.attach(NOT_APPLICABLE_PREFIX + e.message, 'text/plain');
        return 'skipped';
      }
      // Hooks of the whole run (BeforeAll) have no World and no session.
      if (this.session) {
        const sent = this.session.client.exchanges.slice(before);
        // An SCA's failure (the step ran the SCA, or its check is of the SCA's family): its evidence is
        // the SCA's (where the flow ended, its last page), not the request that started the flow.
        const sca = this.session.lastSca;
        const scaShown = !!sca && (sca !== scaBefore || isScaFailure(shapeOf(e)));
        const shown = sent.length ? sent.slice(-3) : this.session.last && !scaShown ? [this.session.last] : [];
        const files = [
          ...(scaShown ? scaEvidenceFiles(sca, { screenshot: sca === scaBefore }) : []),
          ...evidenceFiles(shown, this.session.ctx),
        ];
        for (const f of files) attachFile(this, f);
        if (scaShown) this.session.scaEvidenceShown = true;
      }
      throw e;
    }
  };
  // Cucumber reads a step function's arity (its parameters, a data table): keep it.
  Object.defineProperty(wrapped, 'length', { value: fn.length });
  return wrapped;
});

// The browser SCA driver's browser starts now, beside the worker's first scenarios, not in its first SCA
// (once per process: the run's host runs a cucumber run per scenario).
BeforeAll(function () {
  const { ctx, profile } = runContext();
  prepareSca(profile, ctx.targetUrl, transportOf(profile, ctx));
});

// One browser per worker (the browser SCA driver): closed when the worker is done, by the run's host
// after its last scenario (run-context.ts endWorker), or by a plain cucumber-js run's After-all hook.
atWorkerEnd(closeBrowser);
AfterAll(async () => {
  if (!hostedRun()) await closeBrowser();
});

Before(async function (this: Xs2aWorld, { pickle, gherkinDocument }: ITestCaseHookParameter) {
  // Running in the clock window: marked by the coordinator as it assigned the scenario (the first of a
  // batch), or now, once no scenario has the window (clock-window.ts admit); the After hook ends the mark.
  await this.session.joinClockWindow(scenarioId(gherkinDocument, pickle));
  const t = readTags(pickle.tags.map((x) => x.name));
  // A set-up of the scenario's own operation that cannot be made is a failure of what it tests (expect.ts setupFail).
  setScenarioOperation(t.op, t.clauses);
  this.session.scenarioClauses = t.clauses;
  const area = t.area ?? gherkinDocument.feature?.name ?? 'unknown';
  // One feature label (the operation; the Gherkin feature becomes the parent suite when the results
  // are written: report.ts) and one story (the primary clause): Behaviors counts each test once.
  // Every clause is a link to its clause page.
  // One runtime message for the labels and one for the links (each is an attachment message of its own).
  await allure.labels(
    { name: allure.LabelName.EPIC, value: area },
    { name: allure.LabelName.FEATURE, value: t.op ?? gherkinDocument.feature?.name ?? area },
    { name: allure.LabelName.SEVERITY, value: t.level === 'should' ? 'minor' : 'critical' },
    { name: allure.LabelName.TAG, value: t.level ?? 'must' },
    ...(t.clauses[0] ? [{ name: allure.LabelName.STORY, value: t.clauses[0] }] : []),
  );
  if (t.clauses.length)
    await allure.links(...t.clauses.map((id) => ({ url: clausePageLink(id), name: `${id}: ${clauseById(id).title}` })));
  // The run's guards: past the deadline, or once the target stopped answering, a scenario is not run.
  const stop = this.session.ctx.guard && stopReason(this.session.ctx.guard);
  if (stop) {
    this.attach(NOT_RUN_PREFIX + stop.message, 'text/plain');
    return 'skipped';
  }
  // A scenario whose rule counts the time since its SCA (@fresh-sca: a kept session's SCA is older than
  // the scenario) makes its own PSU session, as does one that runs alone to wipe the sandbox (pooled
  // data would be wiped with the rest). A scenario that moves the clock by days may take the kept one
  // (its SCA is at most the session's hour old), and runs alone from its first move on (clock-window.ts).
  if (t.all.includes(FRESH_SCA_TAG) || t.all.includes(ALONE_TAG)) this.session.reusePsuSession = false;
  const why = notApplicable(t, this.session.profile, {
    allowPayments: this.session.ctx.allowPayments,
    hasClock: !!this.session.ctx.clockControl,
    checksRoles: !!this.session.ctx.roleChecks,
    sharedShard: !!this.session.ctx.shard && !this.session.ctx.embedded,
    https: this.session.ctx.targetUrl.startsWith('https:'),
    clientCert: !!(this.session.client.options.transport?.tls?.cert || this.session.client.options.transport?.tls?.pfx),
  });
  if (why) {
    this.attach(NOT_APPLICABLE_PREFIX + why, 'text/plain');
    return 'skipped';
  }
  return undefined;
});

// One hook, so each scenario has one tear-down in the Allure results (a hook is a container file).
After(async function (this: Xs2aWorld, hook: ITestCaseHookParameter) {
  try {
    await tearDown(this, hook);
  } finally {
    // Once the clock is back, other scenarios may start (clock-window.ts).
    this.session.leaveClockWindow();
  }
});

async function tearDown(world: Xs2aWorld, { result, pickle, gherkinDocument }: ITestCaseHookParameter): Promise<void> {
  // Undo time travel first: later scenarios sign with the real clock.
  await world.session.restoreClock().catch(() => undefined);
  setScenarioOperation(undefined);
  if (result?.status === Status.FAILED) {
    const t = readTags(pickle.tags.map((x) => x.name));
    // Inconclusive (a SetupFailure): the evidence is the failed set-up exchange, not the scenario's clauses.
    const setup = result.exception?.type === 'SetupFailure' ? parseSetupFailure(result.exception.message) : undefined;
    // The exchanges hang under the failing step (the definition wrapper above).
    if (setup)
      world.attach(`inconclusive: ${setup.reason}`, { mediaType: 'text/plain', fileName: 'set-up not made.txt' });
    // An SCA's evidence the failing step did not show (a failure in a hook): here, under Tear down.
    if (world.session.lastSca && !world.session.scaEvidenceShown)
      for (const f of scaEvidenceFiles(world.session.lastSca)) attachFile(world, f);
    const clauses = t.clauses.map((id) => {
      const c = clauseById(id);
      return `${id} (${c.level.toUpperCase()}): ${c.quote ?? c.text}\n  ${clausePageLink(id)}`;
    });
    if (clauses.length && !setup)
      world.attach(clauses.join('\n\n'), { mediaType: 'text/plain', fileName: 'clause.txt' });
  }
  // run --bundle: every exchange of the scenario, redacted, for the evidence bundle.
  if (world.session.ctx.exchangesDir)
    writeExchanges(world.session.ctx.exchangesDir, scenarioId(gherkinDocument, pickle), world.session.client.exchanges);
  await world.session.closeClients();
}
