// Loads TypeScript step files in the coordinator and in every parallel worker.
import { register } from 'tsx/esm/api';

register();
