// The decision worker's entry point. Node loads no TypeScript by itself, and neither the bot (run by
// tsx) nor the tests (run by vitest) hand a TypeScript loader to a new thread reliably: --import in a
// worker's execArgv does not apply to its entry module on Node 20, and a bare 'tsx' resolves from
// the working directory. So this plain module registers tsx in this thread, resolved from here,
// then loads the worker.
// Run from dist/ (npm start), the compiled body sits beside it and is loaded as it is, without tsx.
import { existsSync } from 'node:fs';

const compiled = new URL('./decisionWorker.js', import.meta.url);
if (existsSync(compiled)) await import(compiled.href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./decisionWorker.ts');
}
