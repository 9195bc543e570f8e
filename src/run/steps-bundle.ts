// The step definitions as one JavaScript module, and the worker process's host (worker-host.ts) as
// another, for the worker processes of a parallel run.
//
// A worker that loads the TypeScript steps through tsx spends about 1.2 s of CPU before its first
// scenario, half of it in tsx's loader hooks (every import of the worker, the packages' included,
// passes through them). Bundled by esbuild when the sources changed (an index names the bundle made
// from the same sources' sizes and times: the next run takes it), with the packages left as
// imports, a worker loads them in about 0.45 s without tsx: at --parallel 8 that is 6 s of CPU less
// (bench:latency). The bundle is written under the project's node_modules/.cache, where Node resolves
// the packages it imports, and kept there for the next run; where that cannot be written the run loads
// the TypeScript steps as before.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bundleDir, bundleTo, pruneBundles, sourcesKey } from './bundler.mjs';

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

/**
 * The bundles of a run: the step definitions, and (`withHost`, a parallel run) the worker process's
 * host; one that cannot be built or written is undefined (the run then loads that one as TypeScript).
 */
export async function buildBundles(root: string, withHost: boolean): Promise<{ steps?: string; host?: string }> {
  const [steps, host] = await Promise.all([
    buildStepsBundle(root),
    withHost
      ? bundle(root, { contents: "import './src/run/worker-host.ts';", sourcefile: 'host-entry.ts' }, 'host')
      : undefined,
  ]);
  return { steps, host };
}

/**
 * Bundles the steps into one ES module; its path, or undefined when it cannot be built or written
 * (then the run loads the TypeScript steps). Every `import.meta.url` keeps the URL of the file it was
 * written in, so paths the modules find beside themselves still resolve.
 *
 * The file is named by its content (steps-<sha256>.mjs) and kept: runs of unchanged steps import the
 * same file. That matters within one process: a second run in it (the mutation run) reuses the step
 * definitions the first loaded (scenario-host.ts, by their coordinates); a new file per run would be
 * imported anew, but the packages it imports are not, so hooks a package registers on import would be
 * missing. Bundles of other contents older than a day are removed. `name`: the bundle's and its index's
 * name (a test names its own, so that the runs beside it never read an index it changes).
 */
export async function buildStepsBundle(root: string, name = 'steps'): Promise<string | undefined> {
  let entry: string;
  try {
    entry = stepFiles(root)
      .map((f) => `import ${JSON.stringify('./' + relative(root, f).split('\\').join('/'))};`)
      .join('\n');
  } catch {
    return undefined;
  }
  return bundle(root, { contents: entry, sourcefile: 'steps-entry.ts' }, name);
}

/**
 * The bundles this process has built, by name, root and the sources' key: a second run of unchanged
 * sources in the process (the mutation run: one run per fault) takes the first one's, without esbuild.
 */
const built = new Map<string, Promise<string | undefined>>();

/** Bundles `entry` into `<name>-<sha256>.mjs` in the cache folder (named by its content); its path, or undefined. */
function bundle(
  root: string,
  entry: { contents: string; sourcefile: string },
  name: string,
): Promise<string | undefined> {
  // The sources' sizes and times, and the packages' versions: one walk of the sources per bundle.
  const sources = sourcesKey(root, ['src', 'steps', 'package.json', 'package-lock.json']);
  const key = `${name}\n${root}\n${sources}`;
  let made = built.get(key);
  if (!made) built.set(key, (made = buildNamed(root, entry, name, sources)));
  return made;
}

async function buildNamed(
  root: string,
  entry: { contents: string; sourcefile: string },
  name: string,
  sources: string,
): Promise<string | undefined> {
  // The bundle made before from these very sources (`sources`, their key): no esbuild at all, about
  // 0.5 s less before a run's first scenario.
  const index = join(bundleDir(root), `${name}-of-${sources}.txt`);
  try {
    const made = readFileSync(index, 'utf8');
    if (existsSync(made) && existsSync(`${made}.map`)) return made;
  } catch {
    /* not made yet for these sources */
  }
  const file = await buildFresh(root, entry, name);
  if (file)
    try {
      writeFileSync(index, file);
    } catch {
      /* the next run builds it again */
    }
  return file;
}

async function buildFresh(
  root: string,
  entry: { contents: string; sourcefile: string },
  name: string,
): Promise<string | undefined> {
  const temp = await bundleTo(root, entry, join(bundleDir(root), `.${name}-${process.pid}-${randomUUID()}.mjs`));
  if (!temp) return undefined;
  try {
    const file = join(
      bundleDir(root),
      `${name}-${createHash('sha256').update(readFileSync(temp)).digest('hex').slice(0, 16)}.mjs`,
    );
    // The same bundle made before keeps its file; its map is this one's if it has none (a bundle made
    // before bundles had maps).
    if (existsSync(`${file}.map`)) rmSync(`${temp}.map`, { force: true });
    else renameSync(`${temp}.map`, `${file}.map`);
    if (existsSync(file)) rmSync(temp, { force: true });
    else renameSync(temp, file);
    pruneBundles(root, file, name);
    return file;
  } catch {
    rmSync(temp, { force: true });
    rmSync(`${temp}.map`, { force: true });
    return undefined;
  }
}

/** The Node options of this process without the tsx loader (a bundled worker needs none). */
export function withoutTsx(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const a = execArgv[i];
    if (
      (a === '--import' || a === '--require' || a === '-r' || a === '--loader' || a === '--experimental-loader') &&
      /^tsx(\/|$)/.test(execArgv[i + 1] ?? '')
    ) {
      i++;
      continue;
    }
    if (/^--(import|require|loader|experimental-loader)=tsx(\/|$)/.test(a)) continue;
    out.push(a);
  }
  return out;
}
