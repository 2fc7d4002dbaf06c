// Worker entry of the open-loop load (bench/capacityLoad.ts): registers tsx in this thread, then runs it.
import { register } from 'tsx/esm/api';

register();
await import('./capacityLoad.ts');
