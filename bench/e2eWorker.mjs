// Worker entry: registers tsx in this thread, then runs the TypeScript load side.
// LOAD_CPU_PROFILE=1: a CPU profile of this thread (the local Discord and its players), written at
// its exit to $CPU_PROFILE_DIR (default: the system's temporary folder) as load-<pid>-<thread>.cpuprofile.
import { register } from 'tsx/esm/api';

if (process.env.LOAD_CPU_PROFILE) await import('./cpuProfile.mjs');
register();
await import('./e2eLoad.ts');
