// The results name each scenario by its feature file and line. Worker processes do not send the
// feature's document (it was most of what they sent, again with every run): the line is the pickle's
// own location, the example row's for a row of an outline. Trips on: the line read from the document
// only (every id ends in :0), or the scenario's line taken for an example row's.
import { describe, expect, it } from 'vitest';
import { ResultCollector } from '../../src/report/results.ts';

function idsOf(pickles: Array<{ line?: number; astNodeIds?: string[] }>, doc?: unknown): string[] {
  const c = new ResultCollector();
  const send = (e: unknown) => c.onMessage(e as Parameters<ResultCollector['onMessage']>[0]);
  if (doc) send({ gherkinDocument: doc });
  pickles.forEach((p, i) => {
    send({
      pickle: {
        id: `p${i}`,
        name: `scenario ${i}`,
        uri: 'features/x.feature',
        tags: [],
        astNodeIds: p.astNodeIds ?? [],
        ...(p.line ? { location: { line: p.line, column: 3 } } : {}),
      },
    });
    send({ testCase: { id: `tc${i}`, pickleId: `p${i}` } });
    send({ testCaseStarted: { id: `s${i}`, testCaseId: `tc${i}` } });
    const duration = { seconds: 0, nanos: 1 };
    send({ testStepFinished: { testCaseStartedId: `s${i}`, testStepResult: { status: 'PASSED', duration } } });
    send({ testCaseFinished: { testCaseStartedId: `s${i}`, willBeRetried: false } });
  });
  return c.results.map((r) => r.id);
}

describe('results: a scenario is named by its line', () => {
  it("takes the pickle's location, without the feature's document (an outline's row has its own line)", () => {
    expect(idsOf([{ line: 7 }, { line: 21 }])).toEqual(['features/x.feature:7', 'features/x.feature:21']);
  });

  it("falls back on the document's lines for a pickle without a location (an older message format)", () => {
    const doc = {
      feature: {
        children: [
          {
            scenario: {
              id: 'sc',
              location: { line: 5 },
              examples: [{ tableBody: [{ id: 'row', location: { line: 11 } }] }],
            },
          },
        ],
      },
    };
    expect(idsOf([{ astNodeIds: ['sc', 'row'] }, { astNodeIds: ['sc'] }], doc)).toEqual([
      'features/x.feature:11',
      'features/x.feature:5',
    ]);
  });
});
