#!/usr/bin/env node
// Runs the command line. Its TypeScript sources load as one JavaScript bundle that esbuild makes when
// they change (node_modules/.cache/xs2a-conformance/cli-<key>.mjs, the key from the sources' sizes and
// times: src/run/bundler.mjs): a command starts in about half a second instead of nearly two through
// tsx. Where the bundle cannot be made (a read-only install), or with XS2A_TSX=1, through tsx.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cliBundle } from '../src/run/bundler.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundled = process.env.XS2A_TSX === '1' ? undefined : await cliBundle(root);
let main;
if (bundled) ({ main } = await import(pathToFileURL(bundled).href));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
