/**
 * User text an answer repeats is cut to fit (doorText.ts `echo`), and no callback body built from
 * our renders carries content past Discord's 2,000 characters (callbackBody.ts `fitContent`).
 */
import { ApplicationCommandOptionType as T } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { fitted } from '../../../src/discord/door/answer.js';
import { cutToLength, fitContent, MAX_CONTENT } from '../../../src/discord/door/callbackBody.js';
import { checkOptions } from '../../../src/discord/door/commandOptions.js';
import { ECHO_MAX, echo } from '../../../src/discord/door/doorText.js';
import { refusalText, seatNumbers } from '../../../src/discord/refusalText.js';
import { EN_TEXT } from '../../../src/discord/ui.js';

describe('echo', () => {
  it('leaves text that fits as it is', () => {
    expect(echo('colour')).toBe('colour');
    expect(echo('x'.repeat(ECHO_MAX))).toBe('x'.repeat(ECHO_MAX));
  });

  it('cuts longer text to ECHO_MAX characters, the last an ellipsis', () => {
    const cut = echo('y'.repeat(2_100));
    expect(cut).toHaveLength(ECHO_MAX);
    expect(cut).toBe(`${'y'.repeat(ECHO_MAX - 1)}…`);
  });

  it('never splits an emoji (a surrogate pair) in half', () => {
    // 98 letters, then emoji: the 99th and 100th units are one emoji, which must go whole.
    const cut = echo(`${'a'.repeat(98)}${'🀄'.repeat(10)}`);
    expect(cut).toBe(`${'a'.repeat(98)}…`);
    expect(cut.length).toBeLessThanOrEqual(ECHO_MAX);
    expect(echo(`${'a'.repeat(97)}${'🀄'.repeat(10)}`)).toBe(`${'a'.repeat(97)}🀄…`);
  });
});

describe('fitContent and every answer', () => {
  it('cuts content past 2,000 characters, and only that', () => {
    expect(fitContent('short')).toBe('short');
    expect(fitContent('z'.repeat(MAX_CONTENT))).toHaveLength(MAX_CONTENT);
    const cut = fitContent('z'.repeat(5_000));
    expect(cut).toHaveLength(MAX_CONTENT);
    expect(cut.endsWith('z…')).toBe(true);
  });

  it('an answer (a reply or update, lean or through discord.js) never carries more than 2,000 characters of content', () => {
    const data = fitted({ content: 'q'.repeat(2_500), flags: 64 });
    expect(data).toEqual({ content: `${'q'.repeat(MAX_CONTENT - 1)}…`, flags: 64 });
    // What fits is passed on as it is.
    const short = { content: 'ok', flags: 64 };
    expect(fitted(short)).toBe(short);
  });

  it('cutToLength keeps within the limit in UTF-16 units', () => {
    expect(cutToLength('🀄'.repeat(1_500), MAX_CONTENT).length).toBeLessThanOrEqual(MAX_CONTENT);
  });
});

describe('echoed text in refusals', () => {
  const definition = {
    name: 'table',
    options: [
      {
        type: T.Subcommand,
        name: 'join',
        description: 'Sit down',
        options: [{ type: T.Integer, name: 'seat', description: 'Seat', min_value: 1, max_value: 4 }],
      },
    ],
  } as const;

  it('an option given twice under a 2,100-character name: named, cut, under 2,000 characters', () => {
    const name = 'n'.repeat(2_100);
    const received = [
      {
        type: T.Subcommand,
        name: 'join',
        options: [
          { type: T.String, name, value: 'a' },
          { type: T.String, name, value: 'b' },
        ],
      },
    ];
    const verdict = checkOptions(definition as never, received as never, 'en');
    expect(verdict).toEqual({
      ok: false,
      result: 'invalid_option',
      text: `/table join: \`${'n'.repeat(ECHO_MAX - 1)}…\` was given more than once. Nothing was changed.`,
    });
  });

  it('a typed card that cannot be read is repeated cut to fit', () => {
    const raw = `7${'x'.repeat(500)}`;
    const text = refusalText(
      { code: 'unreadable_cards', problem: { kind: 'suit', raw } },
      seatNumbers('en'),
      EN_TEXT,
    );
    expect(text).toContain(`"7${'x'.repeat(ECHO_MAX - 2)}…"`);
    expect(text.length).toBeLessThan(300);
  });
});
