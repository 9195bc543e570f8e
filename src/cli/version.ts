// The tool's version: package.json's, read once (the CLI's --version and the evidence bundle's manifest).
import { readFileSync } from 'node:fs';

export const TOOL_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
