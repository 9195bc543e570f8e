// One JavaScript module of TypeScript sources, made by esbuild (plain JavaScript: the command line's
// start uses it before any TypeScript loader). The packages stay imports (Node resolves them from the
// project's node_modules, where the bundles are written); every `import.meta.url` keeps the URL of the
// file it was written in, so paths a module finds beside itself still resolve. Used for the command
// line (bin/xs2a-conformance.mjs), the steps and the worker process (src/run/steps-bundle.ts).
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the bundles are kept: beside the packages they import. */
export const bundleDir = (root) => join(root, 'node_modules', '.cache', 'xs2a-conformance');

/**
 * Bundles `entry` ({contents, sourcefile}) into `file` (written whole, or not at all), with its source
 * map beside it as `file.map` (no comment in the bundle: Node does not read it, so loading costs
 * nothing; the reports read it to show a suite error's frames in the TypeScript sources,
 * src/report/frames.ts); the file, or undefined when it cannot be built or written.
 */
export async function bundleTo(root, entry, file) {
  const temp = `${file}.${process.pid}-${randomUUID()}.tmp`;
  try {
    mkdirSync(bundleDir(root), { recursive: true });
    const { build } = await import('esbuild');
    await build({
      stdin: { ...entry, resolveDir: root, loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: temp,
      sourcemap: 'external',
      logLevel: 'silent',
      plugins: [
        {
          // The packages stay imports, but for allure-cucumberjs: it registers its hooks when first
          // imported, and a process that loaded the TypeScript steps first would not register them
          // again for the bundle.
          name: 'packages-external',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (a) =>
              a.path === 'allure-cucumberjs' ? undefined : { path: a.path, external: true },
            );
          },
        },
        {
          name: 'import-meta-url',
          setup(b) {
            b.onLoad({ filter: /\.[cm]?ts$/ }, (a) => ({
              contents: readFileSync(a.path, 'utf8').replaceAll(
                'import.meta.url',
                JSON.stringify(pathToFileURL(a.path).href),
              ),
              loader: 'ts',
            }));
          },
        },
      ],
    });
    renameSync(`${temp}.map`, `${file}.map`);
    renameSync(temp, file);
    return file;
  } catch {
    try {
      rmSync(temp, { force: true });
      rmSync(`${temp}.map`, { force: true });
    } catch {
      /* the folder itself could not be made or read */
    }
    return undefined;
  }
}

/** Removes the bundles named `<name>-…` other than `keep` that are more than a day old. */
export function pruneBundles(root, keep, name) {
  const dir = bundleDir(root);
  const dayAgo = Date.now() - 86_400_000;
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (p === keep || p === `${keep}.map` || !f.startsWith(`${name}-`)) continue;
    try {
      if (statSync(p).mtimeMs < dayAgo) rmSync(p, { force: true });
    } catch {
      /* gone already */
    }
  }
}

/** The size and time of every file under `dirs` of `root`, as one short key: it changes when a source does. */
export function sourcesKey(root, dirs) {
  const parts = [];
  const walk = (p) => {
    let s;
    try {
      s = statSync(join(root, p));
    } catch {
      return;
    }
    if (!s.isDirectory()) parts.push(`${p}:${s.size}:${s.mtimeMs}`);
    else for (const name of readdirSync(join(root, p))) walk(join(p, name));
  };
  for (const d of dirs) walk(d);
  let h = 0x811c9dc5;
  const text = parts.sort().join('\n');
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${h.toString(16)}-${parts.length}`;
}

/** The command line as one bundle, made when its sources changed; undefined where it cannot be made. */
export async function cliBundle(root) {
  const file = join(bundleDir(root), `cli-${sourcesKey(root, ['src', 'package.json'])}.mjs`);
  try {
    statSync(file);
    return file;
  } catch {
    /* not made yet for these sources */
  }
  const made = await bundleTo(
    root,
    { contents: "export { main } from './src/cli/main.ts';", sourcefile: 'cli-entry.ts' },
    file,
  );
  if (made) pruneBundles(root, made, 'cli');
  return made;
}
