// The Allure writer without a flush per file (allure-writer.ts). Faults that trip it: a file named or
// written otherwise than the library's writer does (the report would lose results or attachments),
// the writer not reaching the reporter (the coordinator would block in fsync again: bench:latency), a
// result written untidied (the run no longer tidies them at its end), the reporter's own result changed.
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

  it('writes each result tidied (allure-tidy.ts), and leaves the reporter its own result as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-allure-t-'));
    const result = {
      uuid: 'r2',
      status: 'failed',
      statusDetails: { message: 'expected status 200, got 400 [clause signing.date]', trace: 'Error: x' },
      labels: [
        { name: 'feature', value: 'Request signing' },
        { name: 'tag', value: '@should' },
        { name: 'feature', value: 'list-accounts' },
        { name: 'story', value: 'signing.date' },
      ],
    };
    const before = structuredClone(result);
    new UnflushedAllureWriter(dir).writeResult(result as never);
    expect(result).toEqual(before);
    const written = JSON.parse(readFileSync(join(dir, 'r2-result.json'), 'utf8'));
    expect(written.status).toBe('unknown');
    expect(written.labels).toEqual([
      { name: 'tag', value: '@should' },
      { name: 'parentSuite', value: 'Request signing' },
      { name: 'feature', value: 'list-accounts' },
      { name: 'story', value: 'signing.date' },
    ]);
  });

  it('goes to the reporter through its format options', () => {
    const o = allureFormatOptions('/tmp/x') as { resultsDir: string; writer?: unknown };
    expect(o.resultsDir).toBe('/tmp/x');
    expect(o.writer).toBeInstanceOf(UnflushedAllureWriter);
  });
});
