// `certs`: a fresh TEST-ONLY PKI: CA, QSealC (PSD2 QCStatement), QWAC, with their keys.
import { type Command } from 'commander';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTestPki, PSD2_ROLES, type Psd2Role } from '../../tpp/certs.ts';
import { keyIdFor } from '../../tpp/key-id.ts';
import { UsageError } from '../errors.ts';

export function register(program: Command): void {
  program
    .command('certs')
    .description('write a TEST-ONLY CA, QSealC and QWAC with their private keys')
    .requiredOption('--out <DIR>', 'directory to write to')
    .option('--roles <roles>', 'PSD2 roles, comma-separated: AI, PI, AS, IC', 'AI,PI')
    .option('--org-id <id>', 'organizationIdentifier (PSD<CC>-<NCA>-<id>)', 'PSDNO-FSA-999999999')
    .option('--org-name <name>', 'organization name', 'Conformance Test TPP AS')
    .action((o: { out: string; roles: string; orgId: string; orgName: string }) => {
      const roles = o.roles.split(',').map((r) => `PSP_${r.trim().toUpperCase().replace(/^PSP_/, '')}`);
      const bad = roles.find((r) => !(r in PSD2_ROLES));
      if (bad) throw new UsageError(`unknown PSD2 role "${bad}": use AI, PI, AS or IC`);
      if (!/^PSD[A-Z]{2}-[A-Z]{2,8}-.+$/.test(o.orgId))
        throw new UsageError(`--org-id "${o.orgId}" is not PSD<CC>-<NCA>-<id> (ETSI TS 119 495 §5.2.1)`);
      const pki = generateTestPki({
        roles: roles as Psd2Role[],
        organizationIdentifier: o.orgId,
        organizationName: o.orgName,
      });
      try {
        mkdirSync(o.out, { recursive: true });
      } catch (e) {
        throw new UsageError(`cannot create ${o.out}: ${(e as NodeJS.ErrnoException).code}`);
      }
      for (const k of ['ca', 'qsealc', 'qwac'] as const) {
        writeFileSync(join(o.out, `${k}.cert.pem`), pki[k].certPem);
        writeFileSync(join(o.out, `${k}.key.pem`), pki[k].keyPem, { mode: 0o600 });
      }
      process.stdout.write(
        `wrote TEST-ONLY ca, qsealc and qwac (.cert.pem, .key.pem) to ${o.out}\nqsealc keyId: ${keyIdFor(pki.qsealc.certPem)}\n`,
      );
    });
}
