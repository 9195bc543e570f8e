// Loads TypeScript step files in the coordinator and in every parallel worker that loads the steps
// themselves rather than their bundle (src/suite/steps-bundle.ts): after the first worker's sign.
import { register } from 'tsx/esm/api';
import './first-worker.mjs';

register();
