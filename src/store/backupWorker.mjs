// The backup thread's entry point. Node loads no TypeScript by itself, and neither the bot (run by
// tsx) nor the tests (run by vitest) hand a TypeScript loader to a new thread reliably (see
// src/review/reviewWorker.mjs): this plain module registers tsx in this thread, then loads the body.
import { register } from 'tsx/esm/api';

register();
await import('./backupWorker.ts');
