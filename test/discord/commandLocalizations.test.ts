/**
 * The deploy payload speaks German to a German client: every command, subcommand and option has a
 * German description, every choice a German name, each within Discord's 1-100 characters, none of
 * them English left over. Names stay English (they are what people type).
 */
import { type APIApplicationCommandOption, ApplicationCommandOptionType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands/index.js';

interface Described {
  readonly name: string;
  readonly description: string;
  readonly description_localizations?: Readonly<Record<string, string | null>> | null;
  readonly name_localizations?: Readonly<Record<string, string | null>> | null;
  readonly options?: readonly APIApplicationCommandOption[];
}

interface Entry {
  readonly path: string;
  readonly en: string;
  readonly de: string | null | undefined;
  readonly kind: 'description' | 'choice';
  readonly localizedName: boolean;
}

/** Every description and choice name in the payload, with where it is. */
function entries(): Entry[] {
  const out: Entry[] = [];
  const walk = (item: Described, path: string): void => {
    out.push({
      path,
      en: item.description,
      de: item.description_localizations?.de,
      kind: 'description',
      localizedName: item.name_localizations != null,
    });
    for (const option of item.options ?? []) {
      walk(option as Described, `${path} ${option.name}`);
      const choices = 'choices' in option ? (option.choices ?? []) : [];
      for (const choice of choices)
        out.push({
          path: `${path} ${option.name}=${choice.value}`,
          en: choice.name,
          de: choice.name_localizations?.de,
          kind: 'choice',
          localizedName: false,
        });
    }
  };
  for (const command of COMMANDS) walk(command.data.toJSON() as Described, `/${command.data.name}`);
  return out;
}

/** Choice names that read the same in both languages. */
const SAME_IN_GERMAN = new Set(['A', 'B', 'normal']);

describe('the deploy payload in German', () => {
  const all = entries();

  it('covers every command, subcommand, option and choice', () => {
    // Eleven commands; /table alone has 18 subcommands.
    expect(all.filter((e) => !e.path.includes(' ')).length).toBe(COMMANDS.length);
    expect(all.filter((e) => e.path.startsWith('/table ') && e.path.split(' ').length === 2).length).toBe(18);
    expect(all.filter((e) => e.kind === 'choice').length).toBeGreaterThan(20);
  });

  it('gives each a German text of 1 to 100 characters', () => {
    const bad = all.filter((e) => typeof e.de !== 'string' || e.de.length < 1 || e.de.length > 100);
    expect(bad.map((e) => `${e.path}: ${JSON.stringify(e.de)}`)).toEqual([]);
    expect(all.filter((e) => e.en.length < 1 || e.en.length > 100).map((e) => e.path)).toEqual([]);
  });

  it('leaves no English behind: every description and choice differs from its English', () => {
    const same = all.filter((e) => e.de === e.en && !(e.kind === 'choice' && SAME_IN_GERMAN.has(e.en)));
    expect(same.map((e) => `${e.path}: ${e.en}`)).toEqual([]);
    const english = /\b(the|your|you|and|or|of|to|with|this|default)\b/i;
    expect(all.filter((e) => english.test(e.de ?? '')).map((e) => `${e.path}: ${e.de}`)).toEqual([]);
  });

  it('keeps command and option names English and unlocalized', () => {
    expect(all.filter((e) => e.localizedName).map((e) => e.path)).toEqual([]);
  });

  it('uses the German Tichu words', () => {
    const de = (path: string) => all.find((e) => e.path === path)?.de ?? '';
    expect(de('/play phoenix')).toContain('Phönix');
    expect(de('/table create optional-wish')).toContain('Wunsch');
    expect(de('/table create bomb-ignores-wish')).toContain('Bombe');
    expect(de('/leaderboard')).toContain('Rangliste');
    expect(de('/history hand')).toContain('Schupfen');
    expect(de('/table bot level=hard')).toBe('schwer: rechnet voraus, langsamer');
    expect(de('/table timer length=2m')).toBe('2m: 2 Minuten pro Entscheidung');
  });

  it('is the English it always was', () => {
    const en = (path: string) => all.find((e) => e.path === path)?.en;
    expect(en('/table')).toBe('Open and run a Tichu table in this channel');
    expect(en('/table bot level')).toBe('For add: how well the bot plays (default normal)');
    expect(en('/table bot level=easy')).toBe('easy: for new players');
    expect(en('/table create timer=off')).toBe('off: no turn timer');
    expect(en('/table create timer=60s')).toBe('60s: 1 minute a decision');
    expect(en('/leaderboard top by=winrate')).toBe('win rate');
    const types = COMMANDS.flatMap((c) => (c.data.toJSON().options ?? []).map((o) => o.type));
    expect(types).toContain(ApplicationCommandOptionType.Subcommand);
  });
});
