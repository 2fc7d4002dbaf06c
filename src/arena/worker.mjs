// Arena worker entry: a worker thread does not inherit the parent's TypeScript loader, so it
// registers tsx itself before loading the TypeScript side.
// Run from dist/ (npm start), the compiled body sits beside it and is loaded as it is, without tsx.
import { existsSync } from 'node:fs';

const compiled = new URL('./workerMain.js', import.meta.url);
if (existsSync(compiled)) await import(compiled.href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./workerMain.ts');
}
