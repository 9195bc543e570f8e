// Loads TypeScript step files in a run that loads the steps themselves rather than their bundle
// (src/run/steps-bundle.ts): a sequential run, or a worker whose bundle could not be built.
import { register } from 'tsx/esm/api';

register();
