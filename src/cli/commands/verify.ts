// `verify`: a TPP developer's signature debugger. Prints every check and the rebuilt signing string;
// exit 0 when the signature is valid, 1 when not.
import { type Command } from 'commander';
import { DATE_WINDOW_SECONDS } from '../../spec/signing.ts';
import { parseHttpDate } from '../../tpp/http-date.ts';
import { verifyRequest, type VerifyOptions, type VerifyResult } from '../../tpp/verify.ts';
import { UsageError } from '../errors.ts';
import { EXIT, loadCertOrKey, readRequest } from '../io.ts';

export function formatVerifyReport(r: VerifyResult): string {
  const out: string[] = [];
  for (const c of r.checks) {
    const tag = c.skipped ? 'SKIP' : c.ok ? 'PASS' : c.level === 'should' ? 'WARN' : 'FAIL';
    out.push(`${tag}  ${c.id.padEnd(16)} ${c.message}`);
    for (const l of c.lenient ?? []) out.push(`      ${''.padEnd(16)} lenient: ${l}`);
  }
  if (r.signingString !== undefined) {
    out.push('', 'signing string (rebuilt):');
    for (const line of r.signingString.split('\n')) out.push(`  ${line}`);
  }
  out.push(
    '',
    r.ok
      ? 'signature VALID'
      : `signature INVALID: ${r.failures
          .filter((f) => f.level === 'must')
          .map((f) => f.id)
          .join(', ')}`,
  );
  return out.join('\n') + '\n';
}

export function register(program: Command): void {
  program
    .command('verify')
    .description(
      'verify the signature of a raw HTTP/1.1 request read from stdin; prints each check; exit 0 valid, 1 invalid',
    )
    .option(
      '--cert <CERT.pem>',
      'certificate (or bare public key) to verify with; default: the TPP-Signature-Certificate header',
    )
    .option('--now <date>', 'server time as an RFC 7231 date (default: now)')
    .option('--max-skew <seconds>', 'Date window in seconds', String(DATE_WINDOW_SECONDS))
    .option(
      '--rules <rules>',
      'xs2a (the spec: a name in headers= the request does not carry is left out of the signing string, with a WARN) or cavage (draft-cavage only: no Date window, headers= and algorithm= optional, every name in headers= must be present)',
      'xs2a',
    )
    .option('--json', 'print the result as JSON')
    .action(async (o: { cert?: string; now?: string; maxSkew: string; rules: string; json?: boolean }) => {
      if (o.rules !== 'xs2a' && o.rules !== 'cavage')
        throw new UsageError(`unknown rules "${o.rules}": use xs2a or cavage`);
      if (!/^\d+$/.test(o.maxSkew)) throw new UsageError(`--max-skew "${o.maxSkew}" is not a number of seconds`);
      const opts: VerifyOptions = { rules: o.rules, maxSkewSeconds: +o.maxSkew };
      if (o.now !== undefined) {
        const p = parseHttpDate(o.now);
        if (!p.ok) throw new UsageError(`--now "${o.now}" is not an RFC 7231 date`);
        opts.now = p.ms;
      }
      if (o.cert) {
        const c = loadCertOrKey(o.cert);
        if ('cert' in c) opts.certificate = c.cert;
        else opts.publicKey = c.key;
      }
      const req = await readRequest();
      const r = verifyRequest(req, opts);
      if (o.json) {
        const { certificate, ...rest } = r;
        process.stdout.write(
          JSON.stringify(
            {
              ...rest,
              certificate: certificate && {
                serialNumber: certificate.serialNumber,
                subject: certificate.subject,
                issuer: certificate.issuer,
              },
            },
            null,
            2,
          ) + '\n',
        );
      } else process.stdout.write(formatVerifyReport(r));
      process.exitCode = r.ok ? EXIT.OK : EXIT.FAIL;
    });
}
