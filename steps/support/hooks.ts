// Before: not-applicable check and Allure labels from the clause registry. After: evidence.
import { After, AfterAll, Before, setDefaultTimeout, setParallelCanAssign, Status, type ITestCaseHookParameter } from '@cucumber/cucumber';
import * as allure from 'allure-js-commons';
import 'allure-cucumberjs';
import { clauseById, clauseLink } from '../../src/spec/clauses.ts';
import { notApplicable } from '../../src/suite/applicability.ts';
import { parseSetupFailure, setScenarioOperation } from '../../src/suite/expect.ts';
import { NOT_APPLICABLE_PREFIX, NOT_RUN_PREFIX } from '../../src/suite/results.ts';
import { stopReason } from '../../src/suite/run-guard.ts';
import { closeBrowser } from '../../src/suite/sca/browser-driver.ts';
import { readTags } from '../../src/suite/tags.ts';
import { redactExchange, toCurl } from '../../src/tpp/client.ts';
import type { Xs2aWorld } from './world.ts';

setDefaultTimeout(60_000);

// One browser per worker (the browser SCA driver): closed when the worker is done.
AfterAll(async () => closeBrowser());

// A scenario that moves the target's clock runs alone: it would expire others' sessions.
setParallelCanAssign((pickle, running) => {
  const clock = (p: { tags: readonly { name: string }[] }) => p.tags.some((t) => t.name === '@clock');
  return clock(pickle) ? running.length === 0 : !running.some(clock);
});

Before(async function (this: Xs2aWorld, { pickle, gherkinDocument }: ITestCaseHookParameter) {
  const t = readTags(pickle.tags.map((x) => x.name));
  // A set-up of the scenario's own operation that cannot be made is a failure of what it tests (expect.ts setupFail).
  setScenarioOperation(t.op);
  const area = t.area ?? gherkinDocument.feature?.name ?? 'unknown';
  await allure.epic(area);
  await allure.feature(t.op ?? gherkinDocument.feature?.name ?? area);
  await allure.severity(t.level === 'should' ? 'minor' : 'critical');
  await allure.tag(t.level ?? 'must');
  for (const id of t.clauses) {
    const c = clauseById(id);
    await allure.story(id);
    await allure.link(clauseLink(id), `${id}: ${c.title}`);
  }
  // The run's guards: past the deadline, or once the target stopped answering, a scenario is not run.
  const stop = this.ctx.guard && stopReason(this.ctx.guard);
  if (stop) {
    this.attach(NOT_RUN_PREFIX + stop.message, 'text/plain');
    return 'skipped';
  }
  // A scenario that moves the target's clock makes its own PSU session (a kept one would carry another time).
  if (pickle.tags.some((x) => x.name === '@clock')) this.reusePsuSession = false;
  const why = notApplicable(t, this.profile, { allowPayments: this.ctx.allowPayments, hasClock: !!this.ctx.clockControl });
  if (why) {
    this.attach(NOT_APPLICABLE_PREFIX + why, 'text/plain');
    return 'skipped';
  }
  return undefined;
});

After(async function (this: Xs2aWorld, { result, pickle }: ITestCaseHookParameter) {
  // Undo time travel first: later scenarios sign with the real clock.
  await this.restoreClock().catch(() => undefined);
  setScenarioOperation(undefined);
  if (result?.status === Status.FAILED) {
    const t = readTags(pickle.tags.map((x) => x.name));
    // Inconclusive (a SetupFailure): the evidence is the failed set-up exchange, not the scenario's clauses.
    const setup = result.exception?.type === 'SetupFailure' ? parseSetupFailure(result.exception.message) : undefined;
    if (setup) this.attach(`inconclusive: ${setup.reason}`, { mediaType: 'text/plain', fileName: 'set-up not made.txt' });
    const exchanges = this.client.exchanges.slice(setup ? -1 : -3);
    for (const ex of exchanges) {
      this.attach(JSON.stringify(redactExchange(ex), null, 2), { mediaType: 'application/json', fileName: `${setup ? 'set-up ' : ''}exchange ${ex.request.method} ${ex.request.target.split('?')[0]}.json` });
      this.attach(toCurl(ex), { mediaType: 'text/plain', fileName: 'reproduce with curl.txt' });
    }
    if (this.lastSca) this.attach(JSON.stringify({ completed: this.lastSca.completed, problem: this.lastSca.problem, steps: this.lastSca.steps, params: Object.keys(this.lastSca.params), stoppedInBrowser: this.lastSca.requests?.filter((q) => q.decision !== 'allowed') }, null, 2), { mediaType: 'application/json', fileName: 'sca flow.json' });
    const clauses = t.clauses.map((id) => { const c = clauseById(id); return `${id} (${c.level.toUpperCase()}): ${c.text}`; });
    if (clauses.length && !setup) this.attach(clauses.join('\n\n'), { mediaType: 'text/plain', fileName: 'clause.txt' });
  }
  await this.client.close();
});
