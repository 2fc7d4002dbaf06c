/**
 * /help and /rules in both languages: within Discord's limits (message content 2,000, embed
 * description 4,096, all embeds of a message 6,000), the English as it was, and the German naming what the bot really shows in
 * German: its play labels (cardText's comboLabel) and the labels of its buttons and table message.
 */
import { describe, expect, it } from 'vitest';
import { helpText, symbolsText } from '../../commands/help.js';
import { rulesText } from '../../commands/rules.js';
import { comboLabel } from '../../src/discord/cardText.js';
import { type Card, type Combo, readCombos } from '../../src/engine/index.js';
import { LANGS, t } from '../../src/i18n/index.js';

function combo(cards: readonly Card[]): Combo {
  const found = readCombos(cards)[0];
  if (!found) throw new Error(`no combo of ${cards.join(' ')}`);
  return found;
}

/** The plays /help explains, by their cards. */
const EXAMPLES: ReadonlyArray<readonly Card[]> = [
  ['Kst'],
  ['7st', '7jd'],
  ['9st', '9jd', '9sw'],
  ['8st', '8jd', '8sw', '3st', '3jd'],
  ['2st', '3jd', '4sw', '5pg', '6st'],
  ['mahjong', '2st', '3jd', '4sw', '5pg'],
  ['5st', '5jd', '6st', '6jd'],
  ['9st', '9jd', '9sw', '9pg'],
  ['3st', '4st', '5st', '6st', '7st'],
];

describe('/help and /rules', () => {
  it.each(LANGS)('fit Discord in %s', (lang) => {
    // Two embeds: each description at most 4,096 characters, all of both at most 6,000.
    expect(helpText(lang).length).toBeLessThanOrEqual(4096);
    expect(symbolsText(lang).length).toBeLessThanOrEqual(4096);
    const titles = t(lang, 'cmd.help.title').length + t(lang, 'cmd.help.symbolsTitle').length;
    expect(helpText(lang).length + symbolsText(lang).length + titles).toBeLessThanOrEqual(6000);
    expect(rulesText(lang).length).toBeLessThanOrEqual(2000);
    expect(t(lang, 'cmd.help.symbolsTitle').length).toBeLessThanOrEqual(256);
  });

  it.each(LANGS)('name every play as the bot labels it in %s', (lang) => {
    const symbols = symbolsText(lang);
    for (const cards of EXAMPLES) expect(symbols).toContain(`\`${comboLabel(combo(cards), lang)}\``);
    expect(symbols).toContain(`\`${t(lang, 'combo.phoenixAs', { rank: '9' })}\``);
  });

  it('name the German buttons and table marks as the bot shows them', () => {
    const all = `${helpText('de')}\n${symbolsText('de')}`;
    for (const key of [
      'table.button.join',
      'table.button.start',
      'table.button.myHand',
      'panel.back',
      'panel.pass',
      'panel.tichu',
      'panel.bomb',
    ] as const)
      expect(all, key).toContain(`**${t('de', key)}**`);
    expect(all).toContain(`**${t('de', 'table.button.takeSeat', { seat: 'N' })}**`);
    for (const key of [
      'table.seat.away',
      'table.field.onTheTable',
      'table.field.lastTrick',
      'table.field.wish',
    ] as const)
      expect(all, key).toContain(`\`${t('de', key)}\``);
    expect(all).toContain(`\`${t('de', 'table.seat.out', { place: 1 })}\``);
    expect(all).toContain(t('de', 'table.seat.grandTichu'));
  });

  it('speak German with the German Tichu words, and no English sentence', () => {
    const rules = rulesText('de');
    for (const word of [
      'Großes Tichu',
      'Schupfen',
      'Wunsch',
      'Hund',
      'Phönix',
      'Drache',
      'Mah Jong',
      'Bomben',
      'Stich',
    ])
      expect(rules).toContain(word);
    const help = `${helpText('de')}\n${symbolsText('de')}`;
    for (const word of ['Gastgeber', 'Partie', 'Runde', 'Platz', 'Rangliste', 'Tisch'])
      expect(help).toContain(word);
    // Without what is typed (commands, codes and options in backticks), no English prose is left.
    const prose = (text: string) => text.replace(/`[^`]*`/g, '');
    const english = /\b(the|you|your|is|are|and|or|of|to|with|when|who|seat|table|match|hand|trick|cards?)\b/;
    expect(prose(help)).not.toMatch(english);
    expect(prose(rules)).not.toMatch(english);
  });
});
