// The step definitions as one JavaScript module, for the worker processes of a parallel run.
//
// A worker that loads the TypeScript steps through tsx spends about 1.2 s of CPU before its first
// scenario, half of it in tsx's loader hooks (every import of the worker, the packages' included,
// passes through them). Bundled once per run by esbuild (about 0.1 s), with the packages left as
// imports, a worker loads them in about 0.45 s without tsx: at --parallel 8 that is 6 s of CPU less
// (bench:latency). The bundle is written under the project's node_modules/.cache, where Node resolves
// the packages it imports; where that cannot be written the run loads the TypeScript steps as before.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The step files cucumber would import, in its order: support code first, then the steps. */
export function stepFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  walk(join(root, 'steps'));
  return out;
}

/** A built bundle: the file to import, and its removal when the run is over. */
export interface StepsBundle {
  file: string;
  remove(): void;
}

/**
 * Bundles the steps into one ES module for run `runId`; undefined when it cannot be built or written
 * (then the run loads the TypeScript steps). Every `import.meta.url` keeps the URL of the file it was
 * written in, so paths the modules find beside themselves still resolve.
 */
export async function buildStepsBundle(root: string, runId: string): Promise<StepsBundle | undefined> {
  const dir = join(root, 'node_modules', '.cache', 'xs2a-conformance');
  const file = join(dir, `steps-${runId}.mjs`);
  try {
    mkdirSync(dir, { recursive: true });
    const { build } = await import('esbuild');
    const entry = stepFiles(root).map((f) => `import ${JSON.stringify('./' + relative(root, f).split('\\').join('/'))};`).join('\n');
    await build({
      stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'steps-entry.ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile: file,
      logLevel: 'silent',
      plugins: [
        {
          name: 'import-meta-url',
          setup(b) {
            b.onLoad({ filter: /\.[cm]?ts$/ }, (a) => ({
              contents: readFileSync(a.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(a.path).href)),
              loader: 'ts',
            }));
          },
        },
      ],
    });
    return { file, remove: () => rmSync(file, { force: true }) };
  } catch {
    rmSync(file, { force: true });
    return undefined;
  }
}

/** The Node options of this process without the tsx loader (a bundled worker needs none). */
export function withoutTsx(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const a = execArgv[i];
    if ((a === '--import' || a === '--require' || a === '-r' || a === '--loader' || a === '--experimental-loader') && /^tsx(\/|$)/.test(execArgv[i + 1] ?? '')) {
      i++;
      continue;
    }
    if (/^--(import|require|loader|experimental-loader)=tsx(\/|$)/.test(a)) continue;
    out.push(a);
  }
  return out;
}
