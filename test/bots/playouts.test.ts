/**
 * The search's playouts with the table in them (issue 29): out-of-turn bombs and other seats' Tichu
 * calls happen inside a playout as normal would make them, so a line that hands an opponent the
 * chance to bomb is no longer valued as if nobody held a bomb. Without `table` nobody bombs out of
 * turn or calls in a playout (hard@v1's playouts, kept as they were).
 */
import { describe, expect, it } from 'vitest';
import { bombHolders, outOfTurnBomb, playOutWith, V1_ROLLOUT } from '../../src/bots/hard.js';
import { callsTichu } from '../../src/bots/normal.js';
import { type Action, apply, buildScenario, parseCards, seatView } from '../../src/engine/index.js';

const plain = playOutWith(V1_ROLLOUT);
const withTable = playOutWith({ ...V1_ROLLOUT, table: { calls: callsTichu } });

function play(cards: string): Action {
  const parsed = parseCards(cards);
  if (!parsed.ok) throw new Error(cards);
  return { type: 'play', cards: parsed.value };
}

describe('playouts with the table in them', () => {
  // Seat 0 leads its Ace with one card behind it. Seat 1 would take it on its turn with the Dragon
  // (and give the trick away); seat 3 holds four 8s, which it would only play on its own turn.
  const aceThenOut = buildScenario({
    hands: { 0: 'Ajd 2jd', 1: 'dragon 3st', 2: '5sw 6sw', 3: '8jd 8sw 8pg 8st 9jd 10jd' },
    turn: 0,
    played: [0, 1, 2, 3],
    restTo: 2,
  });

  it('an opponent bombs at once the Ace of a seat about to go out, before anyone else plays', () => {
    const afterAce = apply(aceThenOut, 0, play('Ajd'));
    if (!afterAce.ok) throw new Error('the Ace is legal');
    const tabled = { ...V1_ROLLOUT, table: { calls: callsTichu } };
    const bomb = outOfTurnBomb(tabled, afterAce.value.state, 0, bombHolders(aceThenOut));
    expect(bomb?.[0]).toBe(3);
    expect(bomb?.[1]).toEqual(play('8jd 8sw 8pg 8st'));
    // Without the table seat 3 waits for its turn, by then behind its partner's Dragon: another hand.
    expect(withTable(aceThenOut, 0, play('Ajd'))).not.toBe(plain(aceThenOut, 0, play('Ajd')));
  });

  it('nobody bombs out of turn a play the rule lets go', () => {
    const partnerLed = apply(aceThenOut, 0, play('2jd'));
    if (!partnerLed.ok) throw new Error('the 2 is legal');
    const tabled = { ...V1_ROLLOUT, table: { calls: callsTichu } };
    // A 2 with the Ace behind it: seat 0 is not about to go out with it, and a 2 does not hold.
    expect(outOfTurnBomb(tabled, partnerLed.value.state, 0, bombHolders(aceThenOut))).toBeNull();
  });

  it('without a bomb anywhere, the table changes nothing', () => {
    const noBomb = buildScenario({
      hands: { 0: 'Ajd 2jd', 1: '5jd 5sw 9jd', 2: '3st 4st', 3: '6jd 7jd' },
      turn: 0,
      played: [0, 1, 2, 3],
      restTo: 2,
    });
    expect(withTable(noBomb, 0, play('Ajd'))).toBe(plain(noBomb, 0, play('Ajd')));
  });

  it('other seats call Tichu before their first play, the searching seat never', () => {
    // Seat 1 holds fourteen strong cards and has not played: in a playout it calls, as normal would.
    const fresh = buildScenario({
      hands: {
        0: '2jd 3jd 4sw 6pg 7st 8jd 9sw 10pg Jst Qjd 2sw 3pg 4st 6sw',
        1: 'dragon phoenix Ajd Asw Apg Ast Kjd Ksw Kpg Qsw Qpg Jjd Jsw 10jd',
        2: '2pg 3sw 4pg 5jd 6jd 7jd 8sw 9pg 10sw Jpg Qst 2st 3st 4jd',
        3: '5sw 5pg 5st 6st 7sw 7pg 8pg 8st 9jd 9st 10st Kst mahjong dog',
      },
      turn: 0,
      played: [],
    });
    expect(callsTichu(seatView(fresh, 1))).toBe(true);
    // A call that fails costs the caller's team 100: seat 1's call shows in seat 0's result.
    const a = withTable(fresh, 0, play('2jd'));
    const b = plain(fresh, 0, play('2jd'));
    expect(a).not.toBe(b);
  });
});
