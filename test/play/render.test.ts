/**
 * render.js, the play page's pure helpers (Discord markdown to safe HTML, timestamps, embed colours,
 * select options with their emoji pictures), and words.js, the page's own words in its language.
 */
import { describe, expect, it } from 'vitest';
import {
  buttonStyleName,
  colorToHex,
  emojiHtml,
  emojiText,
  escapeHtml,
  formatTimestamp,
  markdownToHtml,
  optionHtml,
  relativeTime,
  timestampHtml,
} from '../../src/play/public/render.js';
import { relativeTimeIn, setLanguage, t } from '../../src/play/public/words.js';

// Every timestamp below is formatted in UTC through the timeZone argument, so the machine's zone is irrelevant.
const UTC = 'UTC';
/** Tuesday 20 April 2021, 16:20:30 UTC. */
const AT = 1618935630;
const NOW = AT * 1000;
const names = {
  users: [
    { id: '11', name: 'Ann' },
    { id: '12', name: 'Bo <b>' },
  ],
  channels: { '3': 'tichu' },
  nowMs: NOW,
  timeZone: UTC,
};
const md = (text: string) => markdownToHtml(text, names);

describe('markdownToHtml: inline formatting', () => {
  it('bold, italics, underline, strike', () => {
    expect(md('**bold**')).toBe('<strong>bold</strong>');
    expect(md('*it* and _it_')).toBe('<em>it</em> and <em>it</em>');
    expect(md('__under__')).toBe('<u>under</u>');
    expect(md('~~gone~~')).toBe('<s>gone</s>');
  });

  it('nests bold and italics', () => {
    expect(md('***both***')).toBe('<strong><em>both</em></strong>');
    expect(md('**bold _and italic_**')).toBe('<strong>bold <em>and italic</em></strong>');
    expect(md('*italic **and bold***')).toBe('<em>italic <strong>and bold</strong></em>');
    expect(md('__**x**__')).toBe('<u><strong>x</strong></u>');
  });

  it('leaves unmatched markers, snake_case and escaped markers as text', () => {
    expect(md('2 * 3 and a*')).toBe('2 * 3 and a*');
    expect(md('snake_case_name')).toBe('snake_case_name');
    expect(md('\\*not italic\\*')).toBe('*not italic*');
    expect(md('** not bold**')).toBe('** not bold**');
  });

  it('inline code: escaped and never formatted', () => {
    expect(md('use `**x** <b>` here')).toBe('use <code class="md-code">**x** &lt;b&gt;</code> here');
    expect(md('``a ` b``')).toBe('<code class="md-code">a ` b</code>');
    expect(md('`<@11>`')).toBe('<code class="md-code">&lt;@11&gt;</code>');
  });

  it('line breaks become <br>', () => {
    expect(md('one\ntwo\r\nthree')).toBe('one<br>two<br>three');
    expect(md('a\n\nb')).toBe('a<br><br>b');
  });
});

describe('markdownToHtml: escaping', () => {
  it('escapes HTML, & " and \'', () => {
    expect(md('<script>alert("x")</script>')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(md(`Tom & Jerry's "show"`)).toBe('Tom &amp; Jerry&#39;s &quot;show&quot;');
    expect(md('<img src=x onerror=alert(1)>')).not.toContain('<img');
  });

  it('escapes inside formatting and headings', () => {
    expect(md('**<i>x</i>**')).toBe('<strong>&lt;i&gt;x&lt;/i&gt;</strong>');
    expect(md('# <b>&')).toBe('<h1 class="md-h">&lt;b&gt;&amp;</h1>');
  });

  it('escapeHtml escapes the five characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('long runs of unclosed markers stay text, in linear-ish time (no regex blow-up)', () => {
    for (const text of [
      '`'.repeat(4000),
      `*${' **x'.repeat(1000)}`,
      `_${' __x'.repeat(1000)}`,
      '*_~<'.repeat(1000),
    ]) {
      const start = performance.now();
      const html = md(text);
      expect(performance.now() - start).toBeLessThan(1000);
      expect(html.replace(/<[^>]+>/g, '').length).toBeGreaterThan(text.length / 2);
    }
  });

  it('keeps no raw tag from any input', () => {
    const nasty = '<b>**<i>__<u>~~<s>`</code><script>`>>> <t:x> <@!<x>> <#<y>> <:a:<z>>';
    const html = md(nasty);
    const tags = [...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]);
    for (const tag of tags) expect(['strong', 'em', 'u', 's', 'code', 'br', 'blockquote']).toContain(tag);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
  });
});

describe('markdownToHtml: code blocks', () => {
  it('keeps the text as it is, escaped, with no formatting', () => {
    expect(md('```\n**x** <b> _y_\n# no\n```')).toBe(
      '<pre class="md-codeblock panel"><code>**x** &lt;b&gt; _y_\n# no</code></pre>',
    );
  });

  it('drops the language line and sits between lines of text', () => {
    expect(md('before\n```js\nconst a = 1;\n```\nafter **b**')).toBe(
      'before<pre class="md-codeblock panel"><code>const a = 1;</code></pre>after <strong>b</strong>',
    );
  });

  it('an unclosed fence is plain text', () => {
    expect(md('```**x**')).toBe('```<strong>x</strong>');
  });
});

describe('markdownToHtml: blocks', () => {
  it('headings at the start of a line', () => {
    expect(md('# One\n## Two\n### Three')).toBe(
      '<h1 class="md-h">One</h1><h2 class="md-h">Two</h2><h3 class="md-h">Three</h3>',
    );
    expect(md('#### Four')).toBe('#### Four');
    expect(md('a # not')).toBe('a # not');
    expect(md('#nospace')).toBe('#nospace');
  });

  it('subtext', () => {
    expect(md('-# small **print**')).toBe('<div class="md-subtext muted">small <strong>print</strong></div>');
  });

  it('bullet lines make one list', () => {
    expect(md('Plays:\n- single K\n- pair *7*\ndone')).toBe(
      'Plays:<ul class="md-list"><li>single K</li><li>pair <em>7</em></li></ul>done',
    );
  });

  it('"> " quotes its lines; ">>> " quotes the rest', () => {
    expect(md('> one\n> **two**\nout')).toBe(
      '<blockquote class="md-quote">one<br><strong>two</strong></blockquote>out',
    );
    expect(md('in front\n>>> all\nof it')).toBe(
      'in front<blockquote class="md-quote">all<br>of it</blockquote>',
    );
    expect(md('>not a quote')).toBe('&gt;not a quote');
  });
});

describe('markdownToHtml: mentions, channels, emoji', () => {
  it('users by id, escaped; unknown users', () => {
    expect(md('<@11> and <@!12>')).toBe(
      '<span class="md-mention">@Ann</span> and <span class="md-mention">@Bo &lt;b&gt;</span>',
    );
    expect(md('<@999>')).toBe('<span class="md-mention">@unknown-user</span>');
  });

  it('users given as an object from id to name', () => {
    expect(markdownToHtml('<@5>', { users: { '5': 'Cy' } })).toBe('<span class="md-mention">@Cy</span>');
  });

  it('channels and custom emoji', () => {
    expect(md('<#3>')).toBe('<span class="md-mention">#tichu</span>');
    expect(md('<:dragon:123456> <a:spin:7>')).toBe(
      '<img class="md-emoji" src="/emojis/123456.png" alt=":dragon:" title=":dragon:"> <img class="md-emoji" src="/emojis/7.png" alt=":spin:" title=":spin:">',
    );
  });
});

describe('timestamps', () => {
  it('each absolute style, in English', () => {
    expect(formatTimestamp(AT, 't', NOW, UTC)).toBe('16:20');
    expect(formatTimestamp(AT, 'T', NOW, UTC)).toBe('16:20:30');
    expect(formatTimestamp(AT, 'd', NOW, UTC)).toBe('20/04/2021');
    expect(formatTimestamp(AT, 'D', NOW, UTC)).toBe('20 April 2021');
    expect(formatTimestamp(AT, 'f', NOW, UTC)).toBe('20 April 2021 16:20');
    expect(formatTimestamp(AT, 'F', NOW, UTC)).toBe('Tuesday, 20 April 2021 16:20');
  });

  it('uses the time zone it is given', () => {
    expect(formatTimestamp(AT, 't', NOW, 'Asia/Tokyo')).toBe('01:20');
    expect(formatTimestamp(AT, 'd', NOW, 'Asia/Tokyo')).toBe('21/04/2021');
    expect(formatTimestamp(0, 'T', 0, 'UTC')).toBe('00:00:00');
  });

  it('R is relative to now', () => {
    expect(formatTimestamp(AT + 120, 'R', NOW, UTC)).toBe('in 2 minutes');
  });

  it('<t:UNIX> in markdown becomes a <time> element, style f by default', () => {
    expect(md('ends <t:1618935630>')).toBe(
      'ends <time class="md-time" datetime="2021-04-20T16:20:30.000Z" data-unix="1618935630" data-style="f" ' +
        'title="Tuesday, 20 April 2021 16:20">20 April 2021 16:20</time>',
    );
  });

  it('<t:UNIX:R> counts, with its moment in datetime and data-unix for the page to refresh it', () => {
    const html = md(`turn ends <t:${AT + 45}:R>`);
    expect(html).toContain('datetime="2021-04-20T16:21:15.000Z"');
    expect(html).toContain(`data-unix="${AT + 45}" data-style="R"`);
    expect(html).toMatch(/>in 45 seconds<\/time>$/);
  });

  it('each style inside markdown', () => {
    const texts = ['16:20', '16:20:30', '20/04/2021', '20 April 2021', '20 April 2021 16:20'];
    ['t', 'T', 'd', 'D', 'f'].forEach((style, i) => {
      expect(md(`<t:${AT}:${style}>`)).toContain(`>${texts[i]}</time>`);
    });
    expect(md(`<t:${AT}:F>`)).toContain('>Tuesday, 20 April 2021 16:20</time>');
  });

  it('an unknown style or an impossible moment stays text', () => {
    expect(md(`<t:${AT}:Q>`)).toBe(`&lt;t:${AT}:Q&gt;`);
    expect(timestampHtml(9_999_999_999_999, 'f', NOW, UTC)).toBe('&lt;t:9999999999999:f&gt;');
  });

  it('no timestamp inside code', () => {
    expect(md(`\`<t:${AT}:R>\``)).toBe(`<code class="md-code">&lt;t:${AT}:R&gt;</code>`);
  });
});

describe('relativeTime', () => {
  it('in the future', () => {
    expect(relativeTime(AT + 120, NOW)).toBe('in 2 minutes');
    expect(relativeTime(AT + 60, NOW)).toBe('in 1 minute');
    expect(relativeTime(AT + 45, NOW)).toBe('in 45 seconds');
    expect(relativeTime(AT + 1, NOW)).toBe('in 1 second');
    expect(relativeTime(AT + 3600, NOW)).toBe('in 1 hour');
    expect(relativeTime(AT + 3 * 86_400, NOW)).toBe('in 3 days');
  });

  it('in the past', () => {
    expect(relativeTime(AT - 300, NOW)).toBe('5 minutes ago');
    expect(relativeTime(AT - 7200, NOW)).toBe('2 hours ago');
    expect(relativeTime(AT - 2 * 365 * 86_400, NOW)).toBe('2 years ago');
  });

  it('rounds to the nearest unit and says now at zero', () => {
    expect(relativeTime(AT, NOW)).toBe('now');
    expect(relativeTime(AT + 89, NOW)).toBe('in 1 minute');
    expect(relativeTime(AT + 90, NOW)).toBe('in 2 minutes');
    expect(relativeTime(AT + 3590, NOW)).toBe('in 1 hour');
    expect(relativeTime(AT + 59, NOW + 400)).toBe('in 59 seconds');
  });
});

describe('embed and component helpers', () => {
  it('colorToHex', () => {
    expect(colorToHex(0x5865f2)).toBe('#5865f2');
    expect(colorToHex(255)).toBe('#0000ff');
    expect(colorToHex(0)).toBe('#000000');
    expect(colorToHex(undefined)).toBeNull();
    expect(colorToHex(-1)).toBeNull();
    expect(colorToHex(0x1000000)).toBeNull();
    expect(colorToHex('red; background: url(x)')).toBeNull();
  });

  it('buttonStyleName', () => {
    expect([1, 2, 3, 4, 5].map(buttonStyleName)).toEqual([
      'primary',
      'secondary',
      'success',
      'danger',
      'link',
    ]);
    expect(buttonStyleName(99)).toBe('secondary');
  });

  it('emojiText', () => {
    expect(emojiText({ name: '🐉' })).toBe('🐉');
    expect(emojiText({ name: 'dragon', id: '123' })).toBe(':dragon:');
    expect(emojiText(undefined)).toBe('');
  });
});

/** A custom emoji's name as the page must never show it as text (e.g. ":tc_3sw_1655fcf9:"). */
const EMOJI_AS_TEXT = /:[A-Za-z]+_\w+_[0-9a-f]{8}:/;
/** The text a browser would show for some HTML: tags dropped, entities kept as they are. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, '');
const card = { label: '⚫3', value: 'c3', emoji: { id: '123456', name: 'tc_3sw_1655fcf9' } };

describe('select options: emoji as pictures', () => {
  it('a custom emoji is its picture, its :name: only in alt and title, never text', () => {
    const html = optionHtml(card);
    expect(html).toBe(
      '<img class="emoji" src="/emojis/123456.png" alt=":tc_3sw_1655fcf9:" title=":tc_3sw_1655fcf9:">' +
        '<span class="option-label">⚫3</span>',
    );
    expect(textOf(html)).toBe('⚫3');
    expect(textOf(html)).not.toMatch(EMOJI_AS_TEXT);
  });

  it('a unicode emoji stays text; no emoji, no picture', () => {
    expect(emojiHtml({ name: '🐉' })).toBe('<span class="emoji" aria-hidden="true">🐉</span>');
    expect(emojiHtml(undefined)).toBe('');
    expect(optionHtml({ label: 'Pass', value: 'p' })).toBe('<span class="option-label">Pass</span>');
  });

  it('the description shows in the open list only, and everything is escaped', () => {
    const nasty = { label: '<b>x', value: 'v', description: '"a" & <i>', emoji: { id: '9', name: 'a"b' } };
    expect(optionHtml(nasty)).not.toContain('option-description');
    const open = optionHtml(nasty, true);
    expect(open).toContain('<span class="option-description muted">&quot;a&quot; &amp; &lt;i&gt;</span>');
    expect(open).toContain('alt=":a&quot;b:"');
    expect(open).toContain('<span class="option-label">&lt;b&gt;x</span>');
    expect(open).not.toContain('<b>');
  });

  it('an option without a label shows its value', () => {
    expect(textOf(optionHtml({ value: 'only-value' }))).toBe('only-value');
  });
});

describe('the page’s language', () => {
  it('relative timestamps read in German as Discord’s German client says them', () => {
    expect(relativeTimeIn('de', AT + 120, NOW)).toBe('in 2 Minuten');
    expect(relativeTimeIn('de', AT + 60, NOW)).toBe('in 1 Minute');
    expect(relativeTimeIn('de', AT + 45, NOW)).toBe('in 45 Sekunden');
    expect(relativeTimeIn('de', AT - 300, NOW)).toBe('vor 5 Minuten');
    expect(relativeTimeIn('de', AT - 7200, NOW)).toBe('vor 2 Stunden');
    expect(relativeTimeIn('de', AT, NOW)).toBe('jetzt');
  });

  it('in English, the same as render.js says them; an unknown language is English', () => {
    for (const offset of [120, 60, 45, 1, 89, 90, 3600, 3 * 86_400, -300, -7200, -2 * 365 * 86_400, 0])
      expect(relativeTimeIn('en', AT + offset, NOW)).toBe(relativeTime(AT + offset, NOW));
    expect(relativeTimeIn('fr', AT + 120, NOW)).toBe('in 2 minutes');
  });

  it('the page’s words follow its language, with placeholders filled', () => {
    expect(t('onlyYou', {}, 'en')).toBe('Only you can see this');
    expect(t('onlyYou', {}, 'de')).toBe('Nur du kannst das sehen');
    expect(t('chosenOf', { n: 2, max: 3 }, 'de')).toBe('2 von 3 gewählt');
    expect(t('you', {}, 'de')).toBe('(du)');
    try {
      expect(setLanguage('de')).toBe('de');
      expect(t('send')).toBe('Senden');
      expect(setLanguage('xx')).toBe('en');
      expect(t('send')).toBe('Send');
    } finally {
      setLanguage('en');
    }
  });
});
