// Arena worker entry: a worker thread does not inherit the parent's TypeScript loader, so it
// registers tsx itself before loading the TypeScript side.
import { register } from 'tsx/esm/api';

register();
await import('./workerMain.ts');
