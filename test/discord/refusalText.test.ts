/**
 * Every refusal and rule error has words in English and German: German for every code (no English
 * left over, no placeholder unfilled), the English as it always was, the reasons the engine and the
 * service give in English worded again in German, and cards shown as the reader sees them.
 */
import { describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/app/refusals.js';
import { refusalText, seatNumbers } from '../../src/discord/refusalText.js';
import type { CardFaces, Ui } from '../../src/discord/ui.js';
import { type Card, makeSettings, parseCard, parseCards, settingsDetail } from '../../src/engine/index.js';
import { createFixture, HOST } from '../support/service.js';
import { ALL_REFUSALS } from './refusalSamples.js';

const EN: Ui = { lang: 'en', faces: null };
const DE: Ui = { lang: 'de', faces: null };
const NAMES = { seatName: (seat: number) => ['Ann', 'Ben', 'Cat', 'Dan'][seat] ?? '?' };

/** Lower-case English words that German sentences never use (German nouns are capitalised). */
const ENGLISH =
  /\b(the|you|your|is|are|not|seat|table|match|hand|turn|already|wait|that|this|with|can|only|play|out|of|to|must)\b/;

/** The text without the commands it names (`/hand`, `` `/challenge play` ``), which stay English. */
const prose = (text: string) => text.replace(/`[^`]*`/g, '').replace(/\/[a-z]+/g, '');

const label = (r: Refusal) => (r.code === 'rule' ? `rule:${r.error.code}` : r.code) + JSON.stringify(r);

describe('refusals in German', () => {
  it.each(ALL_REFUSALS.map((r) => [label(r), r] as const))('%s', (_name, refusal) => {
    const de = refusalText(refusal, NAMES, DE);
    const en = refusalText(refusal, NAMES, EN);
    expect(de.trim().length).toBeGreaterThan(0);
    expect(de).not.toBe(en);
    expect(de).not.toMatch(/\{[a-zA-Z]+\}/);
    expect(prose(de)).not.toMatch(ENGLISH);
    // A refusal is said in a message or on a panel: well within Discord's 2,000 characters.
    expect(de.length).toBeLessThan(300);
  });

  it('uses the German Tichu words and the players’ names', () => {
    const de = (r: Refusal) => refusalText(r, NAMES, DE);
    expect(de({ code: 'rule', error: { code: 'not_your_turn', turn: 2 } })).toBe('Cat ist am Zug, nicht du.');
    expect(de({ code: 'rule', error: { code: 'dog_only_on_lead' } })).toContain('Hund');
    expect(de({ code: 'rule', error: { code: 'gift_to_opponent_only', to: 1 } })).toContain('Drachen-Stich');
    expect(de({ code: 'rule', error: { code: 'already_called', call: 'grandTichu' } })).toContain(
      'Großes Tichu',
    );
    expect(de({ code: 'rule', error: { code: 'already_exchanged' } })).toContain('Schupfen');
    expect(de({ code: 'rule', error: { code: 'wish_required' } })).toContain('wünschst');
    expect(de({ code: 'rule', error: { code: 'not_a_combo', cards: ['phoenix', '7st'] } })).toContain(
      '🔥 Phönix',
    );
    expect(de({ code: 'bad_bot_level', level: 'x' })).toBe(
      'Bots spielen auf einer dieser Stufen: leicht, normal, schwer, Experte.',
    );
    expect(seatNumbers('de').seatName(1)).toBe('Platz 2');
    expect(seatNumbers('en').seatName(1)).toBe('Seat 2');
  });

  it('keeps the English as it was', () => {
    const en = (r: Refusal) => refusalText(r, NAMES, EN);
    expect(en({ code: 'malformed_id', what: 'card choice' })).toBe('That card choice is not valid.');
    expect(en({ code: 'malformed_id', what: 'gizmo' })).toBe('That gizmo is not valid.');
    expect(en({ code: 'seats_not_filled', empty: 1 })).toBe(
      '1 seat is still empty: invite players or add bots.',
    );
    expect(en({ code: 'wrong_status', status: 'paused', needed: ['playing'] })).toBe(
      'That is not possible while the match is paused.',
    );
    expect(en({ code: 'rule', error: { code: 'must_fulfil_wish', wish: 14, bombOnly: true } })).toBe(
      'You must bomb with a A: the Mah Jong wish is A and only your bomb can fulfil it.',
    );
    expect(en({ code: 'bad_bot_level', level: 'x' })).toBe(
      'Bots play at one of these levels: easy, normal, hard, expert.',
    );
    expect(refusalText({ code: 'malformed_id', what: 'gizmo' }, NAMES, DE)).toBe(
      'Diese Eingabe (gizmo) ist ungültig.',
    );
  });

  it('shows cards as the reader sees them: the card emoji when they have them', () => {
    const faces: CardFaces = new Map<Card, { id: string; name: string }>([
      ['Ajd', { id: '100000000000000001', name: 'tichu_Ajd' }],
    ]);
    const text = refusalText({ code: 'rule', error: { code: 'not_in_hand', cards: ['Ajd'] } }, NAMES, {
      lang: 'de',
      faces,
    });
    expect(text).toBe('Du hast <:tichu_Ajd:100000000000000001> nicht auf der Hand.');
  });
});

describe('reasons the engine and the service give', () => {
  /** Every problem the engine or the service finds with typed cards or settings, as they give it. */
  function problems() {
    const cards = ['7xx', 'zst', '7st 7st', ''].map((text) => {
      const parsed = parseCards(text === '' ? ',' : text);
      const single = parseCard(text);
      const error = !parsed.ok ? parsed.error : !single.ok ? single.error : null;
      if (!error) throw new Error(`"${text}" was read`);
      return error;
    });
    const target = settingsDetail(makeSettings({ targetScore: 5 }));
    const fx = createFixture();
    try {
      const opened = fx.service.openTable({
        guildId: '100000000000000001',
        channelId: '200000000000000001',
        host: HOST,
        timer: 'forever',
      });
      const timer = !opened.ok && opened.error.code === 'bad_settings' ? opened.error.problem : null;
      if (!target || !timer) throw new Error('settings were accepted');
      return { cards, settings: [target, timer] };
    } finally {
      fx.cleanup();
    }
  }

  it('are said in English as the engine words them, and in German words in German', () => {
    const { cards, settings } = problems();
    expect(cards.map((c) => c.problem.kind)).toEqual(['suit', 'rank', 'twice', 'empty']);
    for (const error of cards) {
      const refusal = { code: 'unreadable_cards', problem: error.problem } as const;
      expect(refusalText(refusal, NAMES, EN)).toBe(`I could not read those cards: ${error.reason}.`);
      const de = refusalText(refusal, NAMES, DE);
      expect(de, error.reason).not.toContain(error.reason);
      expect(prose(de), error.reason).not.toMatch(ENGLISH);
    }
    expect(settings.map((s) => refusalText({ code: 'bad_settings', problem: s }, NAMES, EN))).toEqual([
      'Those settings do not work: target score must be a whole number from 50 to 10000.',
      'Those settings do not work: the turn timer is one of off, 30s, 60s, 2m, 5m.',
    ]);
    for (const problem of settings) {
      const de = refusalText({ code: 'bad_settings', problem }, NAMES, DE);
      expect(prose(de), de).not.toMatch(ENGLISH);
    }
  });
});
