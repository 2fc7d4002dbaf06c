/** Plain records for tests that render or notify without a database. */
import type { TableRecord } from '../../src/app/tableService.js';
import type { Settings } from '../../src/engine/index.js';

/** The four users of these records, seats 0 to 3 (seat 0 hosts). */
export const RECORD_USERS = [0, 1, 2, 3].map((n) => `30000000000000000${n}`);

/** A playing table of four users, `abcd1234`, with the given settings. */
export function playingTable(settings: Settings): TableRecord {
  return {
    id: 'abcd1234',
    guildId: '100000000000000001',
    channelId: '200000000000000001',
    hostId: RECORD_USERS[0] as string,
    messageId: null,
    status: 'playing',
    settings,
    seating: 'chosen',
    matchId: 1,
    pauseVotes: [],
    seats: RECORD_USERS.map((userId, n) => ({ kind: 'user', userId, name: `P${n}` })) as never,
    timer: '2m',
    pace: 'normal',
    deadline: null,
    notice: null,
    createdAt: 0,
    updatedAt: 0,
  };
}
