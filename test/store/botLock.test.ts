/** A bot's start removes the marks of bots that are gone (killed), and leaves every live one. */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { botsRunningOn, takeBotLock } from '../../src/store/botLock.js';

/** No process has this pid (above any pid_max). */
const DEAD = 99_999_999;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('a dead bot’s mark is removed when the next bot starts; a live one’s stays', () => {
  const database = join(dir, 'tichu.sqlite');
  writeFileSync(database, '');
  writeFileSync(`${database}.bot-${DEAD}`, `${DEAD}\n`);
  // The test runner's parent is alive: its mark stays.
  writeFileSync(`${database}.bot-${process.ppid}`, `${process.ppid}\n`);
  writeFileSync(`${database}.bot-notes`, 'not a mark');
  const lock = takeBotLock(database);
  expect(existsSync(`${database}.bot-${DEAD}`)).toBe(false);
  expect(readdirSync(dir).sort()).toEqual(
    [
      'tichu.sqlite',
      `tichu.sqlite.bot-${process.pid}`,
      `tichu.sqlite.bot-${process.ppid}`,
      'tichu.sqlite.bot-notes',
    ].sort(),
  );
  expect(botsRunningOn(database)).toEqual([process.pid, process.ppid].sort((a, b) => a - b));
  lock.release();
  expect(existsSync(`${database}.bot-${process.pid}`)).toBe(false);
});
