// `serve`: the reference bank on its own, for TPP developers and for pointing other tools at it.
import { type Command } from 'commander';
import { DIALECT_NAMES, faultCatalogue, isDialectName, startBank, type BankMode } from '../../bank/index.ts';
import { UsageError } from '../errors.ts';
import { readText } from '../io.ts';

export function register(program: Command): void {
  program
    .command('serve')
    .description('run the reference bank (the embedded default target) until interrupted')
    .option('--port <N>', 'port (0: a free one)', '8080')
    .option('--host <HOST>', 'address to bind', '127.0.0.1')
    .option(
      '--tls',
      'serve HTTPS with the TEST-ONLY server certificate (fixtures/certs/server.*, issued by server-ca.cert.pem: trust it with tpp.tls.ca)',
    )
    .option(
      '--client-cert',
      'with --tls: demand a TPP client certificate (the QWAC) issued by the TEST-ONLY main TPP CA, or by --client-ca',
    )
    .option('--client-ca <file>', 'with --client-cert: the CA (PEM) client certificates must chain to')
    .option('--mode <mode>', 'test (sandbox + clock control), sandbox, or production (chain and role checks)', 'test')
    .option('--seed <N>', 'seed of the deterministic sandbox data', '1')
    .option(
      '--faults <a,b>',
      'switch on named faults (fault-injected variant); `--faults list` prints them, one line each',
    )
    .option(
      '--dialect <name>',
      `the reading taken where the spec is silent: ${DIALECT_NAMES.join(' or ')} (docs/reference-bank.md)`,
      'default',
    )
    .action(
      async (o: {
        port: string;
        host: string;
        tls?: boolean;
        clientCert?: boolean;
        clientCa?: string;
        mode: string;
        seed: string;
        faults?: string;
        dialect: string;
      }) => {
        if (o.faults === 'list') {
          process.stdout.write(`${faultCatalogue()}\n`);
          return;
        }
        if (!/^\d+$/.test(o.port) || +o.port > 65535) throw new UsageError(`--port "${o.port}" is not a port number`);
        if (!/^\d+$/.test(o.seed)) throw new UsageError(`--seed "${o.seed}" is not a number`);
        if (!['test', 'sandbox', 'production'].includes(o.mode))
          throw new UsageError(`unknown mode "${o.mode}": use test, sandbox or production`);
        if (!isDialectName(o.dialect))
          throw new UsageError(`unknown dialect "${o.dialect}": use ${DIALECT_NAMES.join(' or ')}`);
        if ((o.clientCert || o.clientCa) && !o.tls) throw new UsageError('--client-cert and --client-ca need --tls');
        if (o.clientCa && !o.clientCert) throw new UsageError('--client-ca needs --client-cert');
        const tls = o.clientCert
          ? { clientCert: true, clientCa: o.clientCa ? [readText(o.clientCa, '--client-ca')] : undefined }
          : !!o.tls;
        let running;
        try {
          running = await startBank({
            host: o.host,
            port: +o.port,
            tls,
            mode: o.mode as BankMode,
            seed: +o.seed,
            dialect: o.dialect,
            faults: o.faults
              ? o.faults
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean)
              : [],
          });
        } catch (e) {
          throw new UsageError((e as Error).message.split('\n')[0]);
        }
        process.stdout.write(
          `reference bank (${o.mode} mode${o.dialect !== 'default' ? `, ${o.dialect} dialect` : ''}${o.faults ? `, faults: ${o.faults}` : ''}) listening on ${running.url}\n`,
        );
        if (running.clockControl)
          process.stdout.write(
            `clock control: ${running.clockControl.method} ${running.url}${running.clockControl.path} ${running.clockControl.body}\n`,
          );
        await new Promise<void>((resolve) => {
          const stop = () => resolve();
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
        await running.close();
      },
    );
}
