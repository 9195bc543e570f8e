// Allure's result writer without a flush to disk per file.
//
// allure-js-commons' FileSystemWriter writes each result, container and attachment through a temporary
// file, fsync and a rename. The reporter runs in cucumber's coordinator, so with hundreds of files a
// run the coordinator spent about 2 s blocked in fsync (bench:latency, a 12 s run), and the workers
// waited for it to hand out scenarios. Reports need no crash-proof writes: the run writes each file
// once, before it ends. The rare whole-run files (environment, categories) keep the library's writer.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileSystemWriter } from 'allure-js-commons/sdk/reporter';
import { tidyResult, type AllureResult } from './allure-tidy.ts';

type Result = Parameters<FileSystemWriter['writeResult']>[0];
type Group = Parameters<FileSystemWriter['writeGroup']>[0];
type Globals = Parameters<FileSystemWriter['writeGlobals']>[1];

export class UnflushedAllureWriter extends FileSystemWriter {
  private made = false;

  constructor(private readonly resultsDir: string) {
    super({ resultsDir });
  }

  private at(name: string): string {
    if (!this.made) mkdirSync(this.resultsDir, { recursive: true });
    this.made = true;
    return join(this.resultsDir, name);
  }

  /** Tidied as it is written (allure-tidy.ts): the run then reads no result back (about 0.1 s at its end). */
  override writeResult(result: Result): void {
    const tidied = structuredClone(result) as AllureResult;
    tidyResult(tidied);
    writeFileSync(this.at(`${result.uuid}-result.json`), JSON.stringify(tidied));
  }

  override writeGroup(result: Group): void {
    writeFileSync(this.at(`${result.uuid}-container.json`), JSON.stringify(result));
  }

  override writeAttachment(distFileName: string, content: Buffer): void {
    writeFileSync(this.at(distFileName), content);
  }

  override writeAttachmentFromPath(distFileName: string, from: string): void {
    copyFileSync(from, this.at(distFileName));
  }

  override writeGlobals(distFileName: string, info: Globals): void {
    writeFileSync(this.at(distFileName), JSON.stringify(info));
  }
}

/**
 * The Allure reporter's format options: its results folder and this writer. Cucumber hands format
 * options to the formatter in the same process, so the writer passes through, though cucumber's type
 * says JSON; the reporter takes a `writer` option over its default one.
 */
export function allureFormatOptions(resultsDir: string): { resultsDir: string } {
  return { resultsDir, writer: new UnflushedAllureWriter(resultsDir) } as { resultsDir: string };
}
