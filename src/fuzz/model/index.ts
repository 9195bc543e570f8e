// The stateful model: fast-check `fc.commands` drives the payment, signing-basket and
// consent/SCA life cycles against a model (properties/stateful.spec.ts).
import fc from 'fast-check';
import { statefulCommands, type Real } from './commands.ts';
import type { StatefulEnv } from './env.ts';
import { newModel, type Model } from './state.ts';
import type { Verdicts } from './verdicts.ts';

export * from './commands.ts';
export * from './env.ts';
export * from './state.ts';
export * from './verdicts.ts';

/** Runs one command sequence: a fresh model from the PSU's current session, the shared target. */
export async function runSequence(
  env: StatefulEnv,
  v: Verdicts,
  cmds: Iterable<fc.AsyncCommand<Model, Real>>,
): Promise<void> {
  await fc.asyncModelRun(() => Promise.resolve({ model: newModel(env.sessionId), real: { env, v } }), cmds);
}

/** The property: every generated sequence runs without a violation of the enforced levels. */
export function statefulProperty(env: () => StatefulEnv, v: Verdicts, maxCommands = 12) {
  return fc.asyncProperty(statefulCommands({ maxCommands }), (cmds) => runSequence(env(), v, cmds));
}
