// One failure, one place, one cause: a run with three injected faults of three kinds shows three Allure
// categories, each with its scenarios, one row per cause (its line has no ids), and three groups in the
// summary; each story is the
// clause of the failing check; no message (Allure, results.json) shows the suite's stack frames.
// Faults that trip it: categories matched on message text with ids in it (a row per scenario), the
// story left at the scenario's first clause, frames left in the message, a kind read from the message
// alone (a Digest accepted is a status mismatch of a signing clause: filed under Signature), the
// summary grouped by whole messages (four groups: each Digest scenario's own ids), the exchange not
// attached under the failing step.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../src/run/run.ts';
import { CATEGORIES } from '../../src/report/report.ts';
import { allureFiles, attached, type AllureResult } from '../helpers/allure.ts';
import { readResults } from '../helpers/results.ts';

/** The category Allure files a result under: the first whose statuses and message pattern (a full match) take it. */
const categoryOf = (r: AllureResult) =>
  CATEGORIES.find(
    (c) =>
      c.matchedStatuses.includes(r.status) &&
      (!('messageRegex' in c) || new RegExp(`^(?:${c.messageRegex})$`).test(r.statusDetails?.message ?? '')),
  )?.name;

describe('Allure categories by cause', () => {
  it('three faults of three kinds: three categories, one row per cause, the failing clause as story, no frames', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-categories-'));
    const r = await runSuite({
      quiet: true,
      report: false,
      parallel: 0,
      faults: ['basket-size-11', 'digest-unchecked', 'accounts-unchecked'],
      tags: '@area:signing-baskets or @area:request-signing or @area:cross-border-payment',
      reportDir: dir,
    });
    expect(r.exitCode).toBe(1);
    const results = allureFiles<AllureResult>(join(dir, 'allure-results'), '-result.json').filter(
      (x) => x.status === 'failed',
    );
    const byCategory = new Map<string, AllureResult[]>();
    for (const x of results)
      byCategory.set(categoryOf(x) ?? '(none)', [...(byCategory.get(categoryOf(x) ?? '(none)') ?? []), x]);
    expect([...byCategory.keys()].sort()).toEqual(['Body schema', 'Signature', 'Status code']);
    // The two Digest scenarios are one cause: one row.
    const signature = byCategory.get('Signature')!;
    expect(signature.length).toBe(2);
    expect(new Set(signature.map((x) => x.statusDetails?.message)).size).toBe(1);
    const story = (x: AllureResult) => x.labels.find((l) => l.name === 'story')?.value;
    expect(story(byCategory.get('Status code')![0])).toBe('limits.basket-size');
    expect(story(byCategory.get('Body schema')![0])).toBe('fields.account-reference.currency');
    for (const x of results) {
      // The decisive evidence under the failing step: the exchange it checked, as HTTP text and replayable.
      const failing = x.steps!.find((st) => st.status === 'failed')!;
      expect(attached(failing).map((a) => a.name)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^POST \/v1\/[\w/-]+\.http$/), 'reproduce.txt']),
      );
      expect(x.statusDetails?.message).not.toMatch(/^\s+at /m);
      expect(x.statusDetails?.message).not.toMatch(/basket-[0-9a-f]{8,}/);
    }
    // The summary groups the same way: three causes, three groups (the Digest group has both scenarios).
    const groups = readFileSync(join(dir, 'summary.txt'), 'utf8')
      .split('\n')
      .filter((l) => /^ {2}MUST {3}/.test(l));
    expect(groups.length).toBe(3);
    expect(groups.filter((l) => /^ {2}MUST {3}2 scenarios, /.test(l)).length).toBe(1);
    const json = readResults(dir);
    expect(json.filter((x) => /^\s+at /m.test(x.message ?? ''))).toEqual([]);
  }, 90_000);
});
