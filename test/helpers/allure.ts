// Reading a run's Allure results (allure-results/*.json) as a test checks them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AllureAttachment {
  name: string;
  source: string;
}

export interface AllureStep {
  name: string;
  status: string;
  steps?: AllureStep[];
  attachments?: AllureAttachment[];
  statusDetails?: { message?: string; trace?: string };
}

export interface AllureResult extends AllureStep {
  labels: Array<{ name: string; value: string }>;
}

/** A hook's container: its set-up and tear-down steps. */
export interface AllureContainer {
  befores?: AllureStep[];
  afters?: AllureStep[];
}

/** The JSON files of `folder` whose names end with `suffix` (`-result.json`, `-container.json`), parsed. */
export function allureFiles<T>(folder: string, suffix: string): T[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith(suffix))
    .map((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')) as T);
}

/**
 * A step's attachments, its own and its sub-steps' (allure-cucumberjs files each attachment as a sub-step of its own).
 */
export const attached = (s: AllureStep): AllureAttachment[] => [
  ...(s.attachments ?? []),
  ...(s.steps ?? []).flatMap(attached),
];
