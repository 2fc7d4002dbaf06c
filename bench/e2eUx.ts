/**
 * One click a move (bench/e2e.ts runs it): tables of four people who open their panel once a hand
 * and then act only on what their live panel shows (bench/e2eUxWatch.ts). The figures are counts,
 * not timings: interactions per own decision, and new private messages per player and hand.
 */
import type { Setup } from './e2eLoad.js';
import { type Answerer, type Done, type Ready, runLoad } from './e2eRun.js';
import type { UxResult } from './e2eUxWatch.js';
import type { Figure } from './engine.js';

const UX_TABLES = 20;
const UX_SECONDS = 45;
const UX_THINK_MS = 150;

export async function uxFigures(start: (ready: Ready) => Promise<Answerer>): Promise<Figure[]> {
  const setup: Setup = { tables: UX_TABLES, seconds: UX_SECONDS, thinkMs: UX_THINK_MS, ux: true };
  const done = (await runLoad(setup, start)) as Done & { ux?: UxResult };
  const ux = done.ux;
  if (!ux) throw new Error('the ux run measured nothing');
  // An exchange is three choices (a card to each other player), each its own select.
  const decisions = ux.actions + 2 * ux.exchanges;
  const perDecision = done.interactions / Math.max(1, decisions);
  // The stricter reading: an exchange one decision (its three selects and Confirm, four clicks).
  const perDecisionStrict = done.interactions / Math.max(1, ux.actions);
  const perPlayerHand = ux.ephemeral / Math.max(1, 4 * ux.hands);
  const run = `${UX_TABLES} tables of four people, ${UX_SECONDS} s, each opening their panel once a hand and then acting only on what it shows`;
  return [
    {
      key: 'ux.interactionsPerDecision',
      value: Math.round(perDecision * 100) / 100,
      unit: 'interactions',
      target: '<= 1.1',
      met: perDecision <= 1.1,
      note: `${done.interactions} interactions for ${decisions} decisions (${ux.actions} accepted actions, an exchange's three cards counted as three; ${ux.opened} panels opened; counting each exchange as one decision, ${perDecisionStrict.toFixed(2)}); ${run}; ${done.refused.length} refused calls`,
    },
    {
      key: 'ux.ephemeralMessagesPerPlayerHand',
      value: Math.round(perPlayerHand * 100) / 100,
      unit: 'messages',
      target: '<= 2',
      met: perPlayerHand <= 2,
      note: `${ux.ephemeral} new private messages over ${ux.hands} hands begun × 4 players; the same run`,
    },
  ];
}
