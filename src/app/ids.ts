/** Ids, seeds, randomness and time for the app layer: injectable, so tests are repeatable. */
import { randomBytes } from 'node:crypto';

export interface Environment {
  /** Unix milliseconds. */
  now(): number;
  /** A new table id: 8 lower-case letters and digits. */
  newTableId(): string;
  /** A new match seed. */
  newSeed(): string;
  /** A random integer in [0, n) for seating. */
  randomInt(n: number): number;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export const systemEnvironment: Environment = {
  now: () => Date.now(),
  newTableId: () => Array.from(randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join(''),
  newSeed: () => randomBytes(8).toString('hex'),
  randomInt: (n) => randomBytes(4).readUInt32BE() % n,
};

export const SNOWFLAKE = /^\d{17,20}$/;
export const TABLE_ID = /^[a-z0-9]{8}$/;
/** Events are named like tables (`newTableId`). */
export const EVENT_ID = TABLE_ID;
