// Worker entry: registers tsx in this thread, then runs the sharded load side (bench/e2eShardsLoad.ts).
import { register } from 'tsx/esm/api';

register();
await import('./e2eShardsLoad.ts');
