// `sign`: reads a raw HTTP/1.1 request and prints it back with Date, Digest and Signature added.
import { type Command } from 'commander';
import { DIGEST_ALGORITHM_NAMES, digestAlgorithmNamed, SIGNED_HEADERS } from '../../spec/signing.ts';
import { rsaSha256Signer, signRequest, type SignOptions, type SigningCredentials } from '../../tpp/sign.ts';
import { signingIdentity } from '../../tpp/signing-identity.ts';
import { ENCODES, type Encode } from '../../tpp/signature-header.ts';
import { headerValue, serializeRequest, setHeader } from '../../tpp/http-message.ts';
import { parseHttpDate } from '../../tpp/http-date.ts';
import { UsageError } from '../errors.ts';
import { loadCertOrKey, loadPrivateKey, readRequest } from '../io.ts';

/** The --digest values, as the help writes them: the spec's algorithms in lower case. */
const DIGEST_CHOICES = DIGEST_ALGORITHM_NAMES.map((n) => n.toLowerCase());

export function parseDigestOption(v: string): SignOptions['digest'] {
  if (v.toLowerCase() === 'none') return 'none';
  const alg = digestAlgorithmNamed(v);
  if (alg) return alg;
  throw new UsageError(`unknown digest "${v}": use ${DIGEST_CHOICES.join(', ')} or none`);
}

export function register(program: Command): void {
  program
    .command('sign')
    .description('sign a raw HTTP/1.1 request read from stdin; prints it with Date, Digest and Signature added')
    .requiredOption('--key <KEY.pem>', 'PEM private key of the signing (QSealC) certificate')
    .option('--cert <CERT.pem>', 'signing certificate: gives keyId and TPP-Signature-Certificate')
    .option('--key-id <ID>', 'keyId to write (required without --cert)')
    .option(
      '--headers <names>',
      `space-separated header names to sign, in order; a name the request does not carry stays in headers= and is left out of the signing string (spec: "a header absent from the request is absent from the signing string"; draft-cavage implementations refuse it); "" leaves out headers= (draft-cavage default: date). Default: ${SIGNED_HEADERS.join(' ')}, those present`,
    )
    .option('--digest <alg>', `${DIGEST_CHOICES.join(', ')} or none`, DIGEST_CHOICES[0])
    .option('--encode <form>', `RFC 2047 wrapping of the Signature value: ${ENCODES.join('|')}`, 'none')
    .option('--date <date>', '"now", or an RFC 7231 date; default: keep the request\'s Date, else now')
    .option('--show-signing-string', 'print the signing string on stderr')
    .action(
      async (o: {
        key: string;
        cert?: string;
        keyId?: string;
        headers?: string;
        digest: string;
        encode: string;
        date?: string;
        showSigningString?: boolean;
      }) => {
        if (!(ENCODES as readonly string[]).includes(o.encode))
          throw new UsageError(`unknown encoding "${o.encode}": use ${ENCODES.join(', ')}`);
        const digest = parseDigestOption(o.digest);
        if (!o.cert && !o.keyId) throw new UsageError('without --cert, --key-id is required');
        let date: SignOptions['date'] = 'keep';
        if (o.date === 'now') date = 'now';
        else if (o.date !== undefined) {
          if (!parseHttpDate(o.date).ok)
            throw new UsageError(
              `--date "${o.date}" is not "now" or an RFC 7231 date such as "${new Date().toUTCString()}"`,
            );
          date = { value: o.date };
        }
        const key = loadPrivateKey(o.key);
        let creds: SigningCredentials;
        let certHeader: string | undefined;
        if (o.cert) {
          const c = loadCertOrKey(o.cert);
          if (!('cert' in c)) throw new UsageError(`${o.cert} is a public key, not a certificate`);
          const id = signingIdentity(c.pem, key, o.keyId);
          creds = { keyId: id.keyId, signer: id.signer };
          certHeader = id.certHeader;
        } else creds = { keyId: o.keyId!, signer: rsaSha256Signer(key) };
        let req = await readRequest();
        if (certHeader && headerValue(req.headers, 'tpp-signature-certificate') === undefined)
          req = { ...req, headers: setHeader(req.headers, 'TPP-Signature-Certificate', certHeader) };
        const names =
          o.headers === undefined ? undefined : o.headers.trim() === '' ? ['date'] : o.headers.trim().split(/\s+/);
        let signed;
        try {
          signed = signRequest(req, creds, {
            headers: names,
            omitHeadersParam: o.headers !== undefined && o.headers.trim() === '',
            digest,
            encode: o.encode as Encode,
            date,
          });
        } catch (e) {
          throw new UsageError((e as Error).message);
        }
        for (const n of signed.omitted)
          process.stderr.write(
            `note: ${n} is in headers= but not in the request: left out of the signing string (spec Authentication step 1; draft-cavage verifiers refuse this)\n`,
          );
        if (o.showSigningString) process.stderr.write(`signing string:\n${signed.signingString}\n`);
        process.stdout.write(serializeRequest(signed.request));
      },
    );
}
