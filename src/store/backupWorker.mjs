// The backup thread's entry point. Node loads no TypeScript by itself, and neither the bot (run by
// tsx) nor the tests (run by vitest) hand a TypeScript loader to a new thread reliably (see
// src/review/reviewWorker.mjs): this plain module registers tsx in this thread, then loads the body.
// Run from dist/ (npm start), the compiled body sits beside it and is loaded as it is, without tsx.
import { existsSync } from 'node:fs';

const compiled = new URL('./backupWorker.js', import.meta.url);
if (existsSync(compiled)) await import(compiled.href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./backupWorker.ts');
}
