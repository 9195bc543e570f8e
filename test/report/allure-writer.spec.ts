// The Allure writer without a flush per file (allure-writer.ts). Faults that trip it: a file named or
// written otherwise than the library's writer does (the report would lose results or attachments),
// the writer not reaching the reporter (the coordinator would block in fsync again: bench:latency).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSystemWriter } from 'allure-js-commons/sdk/reporter';
import { describe, expect, it } from 'vitest';
import { allureFormatOptions, UnflushedAllureWriter } from '../../src/report/allure-writer.ts';

function writeAll(w: FileSystemWriter, src: string): void {
  w.writeResult({ uuid: 'r1', name: 'a scenario', status: 'passed' } as never);
  w.writeGroup({ uuid: 'g1', children: ['r1'] } as never);
  w.writeAttachment('a1-attachment.txt', Buffer.from('evidence'));
  w.writeAttachmentFromPath('a2-attachment.png', src);
  w.writeGlobals('x-globals.json', { attachments: [], errors: [] } as never);
}

describe('the Allure writer', () => {
  it("writes the same files, with the same contents, as the library's writer, and no temporary ones", () => {
    const base = mkdtempSync(join(tmpdir(), 'xs2a-allure-w-'));
    const src = join(base, 'shot.png');
    writeFileSync(src, Buffer.from([137, 80, 78, 71]));
    const theirs = join(base, 'theirs');
    const ours = join(base, 'ours', 'allure-results');
    writeAll(new FileSystemWriter({ resultsDir: theirs }), src);
    writeAll(new UnflushedAllureWriter(ours), src);
    const names = readdirSync(theirs).sort();
    expect(readdirSync(ours).sort()).toEqual(names);
    for (const n of names) expect(readFileSync(join(ours, n)).equals(readFileSync(join(theirs, n))), n).toBe(true);
  });

  it('goes to the reporter through its format options', () => {
    const o = allureFormatOptions('/tmp/x') as { resultsDir: string; writer?: unknown };
    expect(o.resultsDir).toBe('/tmp/x');
    expect(o.writer).toBeInstanceOf(UnflushedAllureWriter);
  });
});
