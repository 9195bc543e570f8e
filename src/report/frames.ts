// A suite error's stack frames in the TypeScript sources. The scenarios run from esbuild bundles
// (src/run/bundler.mjs), so a frame names `node_modules/.cache/xs2a-conformance/steps-….mjs:1870:12`;
// each bundle has its source map beside it (`….mjs.map`), read here, once per bundle, with Node's own
// source-map reader (node:module SourceMap), so that a frame a reader sees names `src/session/x.ts:120:5`.
// Only a suite error keeps frames (a check's failure is the target's: it shows none, causes.ts).
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder: the sources are named relative to it. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const maps = new Map<string, SourceMap | undefined>();

function mapOf(bundle: string): SourceMap | undefined {
  if (!maps.has(bundle)) {
    let m: SourceMap | undefined;
    try {
      m = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));
    } catch {
      m = undefined;
    }
    maps.set(bundle, m);
  }
  return maps.get(bundle);
}

/** A frame's place in a bundle: `file:///…/x.mjs:12:5` or `/…/x.mjs:12:5`. */
const BUNDLE_PLACE = /((?:file:\/\/)?\/[^\s()]*\/node_modules\/\.cache\/xs2a-conformance\/[^\s():]+\.mjs):(\d+):(\d+)/g;

/**
 * `text` with every place in a bundle given as its TypeScript source (relative to `root`); a place without a map stays.
 */
export function framesInSources(text: string, root = ROOT): string {
  return text.replace(BUNDLE_PLACE, (place: string, file: string, line: string, column: string) => {
    const path = file.startsWith('file:') ? fileURLToPath(file) : file;
    const map = mapOf(path);
    // Stack lines and columns count from 1; a source map's from 0.
    const e = map?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!e || !('originalSource' in e) || !e.originalSource) return place;
    const source = e.originalSource.startsWith('file:')
      ? fileURLToPath(e.originalSource)
      : resolve(dirname(path), e.originalSource);
    return `${relative(root, source)}:${e.originalLine + 1}:${e.originalColumn + 1}`;
  });
}
