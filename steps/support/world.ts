// The cucumber World: the scenario session of src/session (session.ts), made for each scenario from the
// run context, with cucumber's attach for its evidence. Steps call the session and src/suite.
import { setWorldConstructor, type IWorld, type IWorldOptions } from '@cucumber/cucumber';
import { runContext } from '../../src/session/run-context.ts';
import { ScenarioSession } from '../../src/session/session.ts';
import { fillPoolsAhead } from '../../src/suite/sandbox.ts';

export class Xs2aWorld extends ScenarioSession implements IWorld {
  readonly log: IWorldOptions['log'];
  readonly link: IWorldOptions['link'];
  readonly parameters: IWorldOptions['parameters'];
  declare readonly attach: IWorldOptions['attach'];

  constructor(options: IWorldOptions) {
    super({ ...runContext(), attach: options.attach });
    this.log = options.log;
    this.link = options.link;
    this.parameters = options.parameters;
  }

  /** The worker's pools of sandbox data, made before its kept PSU session's SCA grants them (sandbox.ts). */
  protected override beforeKeptSca(): Promise<void> {
    return fillPoolsAhead(this);
  }
}

setWorldConstructor(Xs2aWorld);
