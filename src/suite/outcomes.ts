// What a scenario tells the reports beyond its steps' results: the attachments that make it not
// applicable or not run, its id (`<feature file>:<line>`), and the link of a clause on the clause page
// the run writes beside its reports. The steps write them; the reports (src/report) read them.
export const NOT_APPLICABLE_PREFIX = 'not applicable: ';
/** Attached by the Before hook to a scenario the run's guards did not start (run-guard.ts). */
export const NOT_RUN_PREFIX = 'not run: ';

/** The line of every scenario and example row of a Gherkin document, by AST node id. */
export function scenarioLines(doc: { feature?: { children: readonly any[] } }): Map<string, number> {
  const lines = new Map<string, number>();
  const walk = (children: readonly any[]) => {
    for (const c of children) {
      if (c.scenario) {
        lines.set(c.scenario.id, c.scenario.location.line);
        for (const ex of c.scenario.examples ?? [])
          for (const row of ex.tableBody ?? []) lines.set(row.id, row.location.line);
      }
      if (c.rule) walk(c.rule.children);
    }
  };
  walk(doc.feature?.children ?? []);
  return lines;
}

/** A pickle's line: its example row's, else its scenario's (0 when neither is known). */
export function lineOf(lines: ReadonlyMap<string, number>, astNodeIds: readonly string[]): number {
  return (
    [...astNodeIds]
      .reverse()
      .map((id) => lines.get(id))
      .find((l) => l !== undefined) ?? 0
  );
}

/** A scenario's id in the reports: `<feature file>:<line>` (an outline's example row has its own line). */
export function scenarioId(
  doc: { feature?: { children: readonly any[] } },
  pickle: { uri: string; astNodeIds: readonly string[] },
): string {
  return `${pickle.uri}:${lineOf(scenarioLines(doc), pickle.astNodeIds)}`;
}

export const CLAUSE_PAGE = 'clauses.html';

/** The link of a clause in a report folder (or under `base`, e.g. '../' from allure-report/). */
export function clausePageLink(id: string, base = ''): string {
  return `${base}${CLAUSE_PAGE}#${encodeURIComponent(id)}`;
}
