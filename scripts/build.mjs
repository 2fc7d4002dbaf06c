// `npm run build` compiles the bot into dist/ with the project's TypeScript (its native tsc);
// `npm start` runs `node scripts/build.mjs --if-stale`, which does so only when dist/ is missing or
// older than its sources, then execs `node dist/src/main.js` (plain node, no tsx).
//
// dist/ mirrors the project: dist/src and dist/commands (compiled, with src's other files such as
// the .mjs worker entries and the play page), dist/migrations and dist/assets/cards/png (read at
// run time by path, relative to the module that reads them). It is built in a folder beside it
// and swapped in whole, so a failed or interrupted build leaves the last good dist/ as it was.
// Whether it is fresh: a stat walk of the inputs (paths, sizes, modification times) hashed into
// dist/.build.json; any file added, removed or changed (or a tsconfig) makes it stale.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const STAMP = '.build.json';
/** Compiled by tsc (tsconfig.build.json), their other files copied beside the output. */
const SOURCE_DIRS = ['src', 'commands'];
/** Copied as they are: found at run time by path (src/store/open.ts, src/discord/cardImages.ts). */
const DATA_DIRS = ['migrations', join('assets', 'cards', 'png')];
const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', join('scripts', 'build.mjs')];

/** Every input file's path, size and modification time, hashed: the build's fingerprint. */
function fingerprint() {
  const hash = createHash('sha256');
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      hash.update(`${relative(ROOT, path)}\0missing\n`);
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
      return;
    }
    hash.update(`${relative(ROOT, path)}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  for (const entry of [...SOURCE_DIRS, ...DATA_DIRS, ...CONFIG_FILES]) visit(join(ROOT, entry));
  return hash.digest('hex');
}

/** Why dist/ must be built, or null when it is up to date. */
function staleness(print) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(DIST, STAMP), 'utf8'));
  } catch {
    return existsSync(DIST) ? 'dist/ has no build stamp' : 'dist/ is missing';
  }
  return stamp.fingerprint === print ? null : 'the sources changed since the last build';
}

/** The project's tsc (typescript is a devDependency), or null when it is not installed. */
function findTsc() {
  try {
    const pkg = createRequire(join(ROOT, 'package.json')).resolve('typescript/package.json');
    const tsc = join(dirname(pkg), 'bin', 'tsc');
    return existsSync(tsc) ? tsc : null;
  } catch {
    return null;
  }
}

function build(print, reason, ifStale) {
  const started = performance.now();
  const tsc = findTsc();
  if (!tsc) {
    if (ifStale && existsSync(join(DIST, 'src', 'main.js'))) {
      console.error(
        `dist/ is out of date (${reason}) but TypeScript is not installed (npm install --omit=dev leaves it out): running the existing build; npm install, then npm start, rebuilds it.`,
      );
      return 0;
    }
    console.error(
      ifStale
        ? 'The bot cannot start: it runs from dist/, which is missing, and TypeScript is not installed to build it. Run npm install (without --omit=dev), then npm start; or copy in a dist/ made by npm run build.'
        : 'Cannot build dist/: TypeScript is not installed. Run npm install (without --omit=dev), then npm run build.',
    );
    return 1;
  }
  const staging = join(ROOT, `.dist-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', staging], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (compiled.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const how = compiled.error ? `: ${compiled.error.message}` : '';
    console.error(
      `The build failed${how}: TypeScript found the errors above in src/ or commands/, so the bot was not started. Fix them and run npm start again (npx tsc --noEmit -p tsconfig.build.json lists them).`,
    );
    return 1;
  }
  try {
    // The sources' other files (worker entries in .mjs, the play page) sit beside the compiled ones.
    for (const dir of SOURCE_DIRS)
      cpSync(join(ROOT, dir), join(staging, dir), {
        recursive: true,
        filter: (path) => !path.endsWith('.ts'),
      });
    for (const dir of DATA_DIRS) cpSync(join(ROOT, dir), join(staging, dir), { recursive: true });
    writeFileSync(join(staging, STAMP), `${JSON.stringify({ fingerprint: print, builtAt: new Date() })}\n`);
    rmSync(DIST, { recursive: true, force: true });
    renameSync(staging, DIST);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    console.error(`The build failed: could not write dist/ (${String(error)}), so the bot was not started.`);
    return 1;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(`Built dist/ with TypeScript in ${seconds} s (${reason}).`);
  return 0;
}

const ifStale = process.argv.includes('--if-stale');
const print = fingerprint();
const reason = staleness(print);
process.exitCode = ifStale && reason === null ? 0 : build(print, reason ?? 'npm run build', ifStale);
