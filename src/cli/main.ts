// xs2a-conformance: the command line. Unusable input: one line on stderr, exit 2.
import { Command, CommanderError } from 'commander';
import { UsageError } from './errors.ts';
import { EXIT } from './io.ts';
import { TOOL_VERSION } from './version.ts';
import * as certs from './commands/certs.ts';
import * as demo from './commands/demo.ts';
import * as sign from './commands/sign.ts';
import * as verify from './commands/verify.ts';
import * as run from './commands/run.ts';
import * as coverage from './commands/coverage.ts';
import * as report from './commands/report.ts';
import * as serve from './commands/serve.ts';
import * as fuzz from './commands/fuzz.ts';
import * as mutants from './commands/mutants.ts';
import * as replayCmd from './commands/replay.ts';
import * as clauses from './commands/clauses.ts';
import * as merge from './commands/merge.ts';
import * as bundle from './commands/bundle.ts';
import * as openapi from './commands/openapi.ts';
import * as doctorCmd from './commands/doctor.ts';
import * as init from './commands/init.ts';

export function buildProgram(): Command {
  const program = new Command('xs2a-conformance')
    .description(
      'Conformance suite and HTTP-signature toolkit for Berlin Group NextGenPSD2 / XS2A 1.3 style interfaces',
    )
    .version(TOOL_VERSION)
    .exitOverride()
    .configureOutput({ writeErr: () => {} })
    .showSuggestionAfterError(true);
  for (const m of [
    run,
    report,
    coverage,
    serve,
    sign,
    verify,
    certs,
    demo,
    fuzz,
    mutants,
    replayCmd,
    clauses,
    merge,
    bundle,
    openapi,
    doctorCmd,
    init,
  ])
    m.register(program);
  for (const c of program.commands) c.exitOverride().configureOutput({ writeErr: () => {} });
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  if (!argv.length) {
    process.stdout.write(program.helpInformation());
    return EXIT.OK;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.OK;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help')
        return EXIT.OK;
      process.stderr.write(`xs2a-conformance: ${e.message.replace(/^error: /, '').split('\n')[0]}\n`);
      return EXIT.USAGE;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`xs2a-conformance: ${e.message}\n`);
      return EXIT.USAGE;
    }
    process.stderr.write(`xs2a-conformance: internal error: ${(e as Error).message}\n`);
    return EXIT.USAGE;
  }
}
