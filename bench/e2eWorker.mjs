// Worker entry: registers tsx in this thread, then runs the TypeScript load side.
import { register } from 'tsx/esm/api';

register();
await import('./e2eLoad.ts');
