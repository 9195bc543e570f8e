// CLI plumbing: unusable input is a UsageError (one line on stderr, exit 2), never a stack trace.
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { HttpParseError } from '../tpp/errors.ts';
import { parseRawRequest, type HttpRequest } from '../tpp/http-message.ts';
import { UsageError } from './errors.ts';

export const EXIT = { OK: 0, FAIL: 1, USAGE: 2, UNREACHABLE: 3 } as const;

export async function readStdin(): Promise<Buffer> {
  if (process.stdin.isTTY) throw new UsageError('expected a raw HTTP request on standard input');
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${what} ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

export function loadPrivateKey(path: string): KeyObject {
  const pem = readText(path, 'key');
  try {
    return createPrivateKey(pem);
  } catch {
    throw new UsageError(`${path} is not a PEM private key`);
  }
}

/** A certificate, or a bare public key (for draft-cavage vectors). */
export function loadCertOrKey(path: string): { cert: X509Certificate; pem: string } | { key: KeyObject } {
  const pem = readText(path, 'certificate');
  if (pem.includes('BEGIN CERTIFICATE')) {
    try {
      return { cert: new X509Certificate(pem), pem };
    } catch {
      throw new UsageError(`${path} is not a valid PEM certificate`);
    }
  }
  if (/BEGIN (RSA )?PUBLIC KEY/.test(pem)) {
    try {
      return { key: createPublicKey(pem) };
    } catch {
      throw new UsageError(`${path} is not a valid PEM public key`);
    }
  }
  throw new UsageError(`${path} is not a PEM certificate or public key`);
}

/** The raw HTTP/1.1 request on standard input; a malformed one is a UsageError. */
export async function readRequest(): Promise<HttpRequest> {
  try {
    return parseRawRequest(await readStdin());
  } catch (e) {
    if (e instanceof HttpParseError) throw new UsageError(e.message);
    throw e;
  }
}
