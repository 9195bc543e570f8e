// The cucumber World: the scenario session of src/session (session.ts), made for each scenario from the
// run context, with cucumber's attach for its evidence. Steps call the session and src/suite.
import { setWorldConstructor, type IWorld, type IWorldOptions } from '@cucumber/cucumber';
import { runContext } from '../../src/session/run-context.ts';
import { ScenarioSession } from '../../src/session/session.ts';

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
}

setWorldConstructor(Xs2aWorld);
