// The cucumber World: cucumber's attach, log and parameters, and the scenario's session (src/session,
// session.ts), made for each scenario from the run's inputs. Steps call the session and src/suite.
import { setWorldConstructor, type IWorld, type IWorldOptions } from '@cucumber/cucumber';
import { runContext } from '../../src/session/run-context.ts';
import { ScenarioSession } from '../../src/session/session.ts';
import { fillPoolsAhead } from '../../src/suite/sandbox.ts';

export class Xs2aWorld implements IWorld {
  readonly attach: IWorldOptions['attach'];
  readonly log: IWorldOptions['log'];
  readonly link: IWorldOptions['link'];
  readonly parameters: IWorldOptions['parameters'];
  /** The scenario's session: its target, client, PSU, state and evidence. */
  readonly session: ScenarioSession;

  constructor(options: IWorldOptions) {
    this.attach = options.attach;
    this.log = options.log;
    this.link = options.link;
    this.parameters = options.parameters;
    // The worker's pools of sandbox data are made before its kept PSU session's SCA grants them (sandbox.ts).
    this.session = new ScenarioSession({ ...runContext(), attach: options.attach, beforeKeptSca: fillPoolsAhead });
  }
}

setWorldConstructor(Xs2aWorld);
