/**
 * Pure helpers of the play page: Discord markdown to safe HTML, Discord timestamps, and small embed
 * and component helpers. No DOM access: Node imports this file for tests. Every character of the
 * bot's text reaches the HTML only through escapeHtml; formatting adds only fixed tags.
 */

import { language, relativeTimeIn } from './words.js';

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML element content and quoted attribute values. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// ---------------------------------------------------------------- timestamps

const formatters = new Map();

function partsOf(unixSeconds, timeZone) {
  const key = timeZone ?? '';
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      ...(timeZone ? { timeZone } : {}),
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, format);
  }
  const parts = {};
  for (const part of format.formatToParts(new Date(unixSeconds * 1000))) parts[part.type] = part.value;
  return parts;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The styles of `<t:UNIX:STYLE>`; f is the default. */
export const TIMESTAMP_STYLES = ['t', 'T', 'd', 'D', 'f', 'F', 'R'];

/**
 * A Discord timestamp as the client shows it, in English: t 16:20, T 16:20:30, d 20/04/2021,
 * D 20 April 2021, f 20 April 2021 16:20, F Tuesday, 20 April 2021 16:20, R in 2 minutes.
 * `timeZone` (an IANA name) defaults to the browser's.
 */
export function formatTimestamp(unixSeconds, style, nowMs, timeZone) {
  if (style === 'R') return relativeTime(unixSeconds, nowMs);
  const p = partsOf(unixSeconds, timeZone);
  const month = String(MONTHS.indexOf(p.month) + 1).padStart(2, '0');
  const day = `${Number(p.day)} ${p.month} ${p.year}`;
  const time = `${p.hour}:${p.minute}`;
  switch (style) {
    case 't':
      return time;
    case 'T':
      return `${time}:${p.second}`;
    case 'd':
      return `${p.day.padStart(2, '0')}/${month}/${p.year}`;
    case 'D':
      return day;
    case 'F':
      return `${p.weekday}, ${day} ${time}`;
    default:
      return `${day} ${time}`;
  }
}

/**
 * How far a moment is from now, as Discord's `R` style says it in the page's language: "in 45
 * seconds", "2 minutes ago", "in 2 Minuten" (words.js keeps the one way of saying it).
 */
export function relativeTime(unixSeconds, nowMs) {
  return relativeTimeIn(language(), unixSeconds, nowMs);
}

/** A `<time>` element for a Discord timestamp; app.js refreshes those with data-style="R" each second. */
export function timestampHtml(unixSeconds, style, nowMs, timeZone) {
  const date = new Date(unixSeconds * 1000);
  if (Number.isNaN(date.getTime())) return escapeHtml(`<t:${unixSeconds}:${style}>`);
  const iso = date.toISOString();
  const text = formatTimestamp(unixSeconds, style, nowMs, timeZone);
  const title = formatTimestamp(unixSeconds, 'F', nowMs, timeZone);
  // A countdown changes every second: aria-live off, so screen readers are not told each time.
  const live = style === 'R' ? ' aria-live="off"' : '';
  return (
    `<time class="md-time" datetime="${iso}" data-unix="${unixSeconds}" data-style="${style}"${live} ` +
    `title="${escapeHtml(title)}">${escapeHtml(text)}</time>`
  );
}

// ---------------------------------------------------------------- markdown: inline

function nameIn(list, id) {
  if (!list) return undefined;
  if (Array.isArray(list)) return list.find((entry) => entry && entry.id === id)?.name;
  return Object.hasOwn(list, id) ? list[id] : undefined;
}

const UNDERSCORE_ITALICS = /_(?=\S)((?:__[^_]+__|[^_])+?)(?<!\s)_(?![_A-Za-z0-9])/y;

/** Inline rules, tried in order at each special character; each returns HTML or null. */
const INLINE = [
  [/\\([^\sA-Za-z0-9])/y, (m) => escapeHtml(m[1])],
  [/(``?)(?!`)([\s\S]*?[^`])\1(?!`)/y, (m) => `<code class="md-code">${escapeHtml(m[2])}</code>`],
  [
    /<t:(-?\d{1,13})(?::([tTdDfFR]))?>/y,
    (m, o) => timestampHtml(Number(m[1]), m[2] ?? 'f', o.nowMs ?? Date.now(), o.timeZone),
  ],
  [
    /<@!?(\d{1,25})>/y,
    (m, o) => `<span class="md-mention">@${escapeHtml(nameIn(o.users, m[1]) ?? 'unknown-user')}</span>`,
  ],
  [/<@&(\d{1,25})>/y, () => '<span class="md-mention">@unknown-role</span>'],
  [
    /<#(\d{1,25})>/y,
    (m, o) => `<span class="md-mention">#${escapeHtml(nameIn(o.channels, m[1]) ?? 'unknown-channel')}</span>`,
  ],
  [
    /<a?:(\w{1,32}):(\d{1,25})>/y,
    (m) =>
      `<img class="md-emoji" src="${emojiUrl(m[2])}" alt=":${escapeHtml(m[1])}:" title=":${escapeHtml(m[1])}:">`,
  ],
  [/\*\*\*(?=\S)([\s\S]*?\S)\*\*\*(?!\*)/y, (m, o) => `<strong><em>${inline(m[1], o)}</em></strong>`],
  [/__(?=\S)([\s\S]*?\S)__(?!_)/y, (m, o) => `<u>${inline(m[1], o)}</u>`],
  [/\*\*(?=\S)([\s\S]*?\S)\*\*(?!\*)/y, (m, o) => `<strong>${inline(m[1], o)}</strong>`],
  [/\*(?=\S)((?:\*\*[^*]+\*\*|[^*])+?)(?<!\s)\*(?!\*)/y, (m, o) => `<em>${inline(m[1], o)}</em>`],
  [UNDERSCORE_ITALICS, (m, o) => `<em>${inline(m[1], o)}</em>`],
  [/~~(?=\S)([\s\S]*?\S)~~/y, (m, o) => `<s>${inline(m[1], o)}</s>`],
];

const SPECIAL = /[\\`<*_~]/g;

/** One line of text (no block syntax) to HTML. */
function inline(text, options) {
  let html = '';
  let i = 0;
  while (i < text.length) {
    SPECIAL.lastIndex = i;
    const found = SPECIAL.exec(text);
    const at = found ? found.index : text.length;
    html += escapeHtml(text.slice(i, at));
    if (!found) break;
    i = at;
    // An underscore inside a word (snake_case) does not start italics.
    const inWord = text[i] === '_' && i > 0 && /[A-Za-z0-9]/.test(text[i - 1]);
    let matched = false;
    for (const [pattern, render] of INLINE) {
      if (inWord && pattern === UNDERSCORE_ITALICS) continue;
      pattern.lastIndex = i;
      const m = pattern.exec(text);
      if (m) {
        // Rules recurse and reuse these regexes: the end comes from the match, not from lastIndex.
        html += render(m, options);
        i += m[0].length;
        matched = true;
        break;
      }
    }
    if (!matched) {
      html += escapeHtml(text[i]);
      i += 1;
    }
  }
  return html;
}

// ---------------------------------------------------------------- markdown: blocks

const HEADING = /^(#{1,3}) (.*\S.*)$/;
const SUBTEXT = /^-# (.*)$/;
const BULLET = /^\s*[-*] (.*)$/;
const QUOTE = /^> ?(.*)$/;

/** Lines to HTML items: { html, block } (a block item needs no <br> around it). */
function blocks(lines, options, inQuote) {
  const items = [];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    if (!inQuote && line.startsWith('>>> ')) {
      const rest = [line.slice(4), ...lines.slice(n + 1)];
      items.push({
        html: `<blockquote class="md-quote">${joinItems(blocks(rest, options, true))}</blockquote>`,
      });
      break;
    }
    if (!inQuote && (line.startsWith('> ') || line === '>')) {
      const quoted = [];
      while (n < lines.length && (lines[n].startsWith('> ') || lines[n] === '>')) {
        quoted.push(QUOTE.exec(lines[n])[1]);
        n += 1;
      }
      n -= 1;
      items.push({
        html: `<blockquote class="md-quote">${joinItems(blocks(quoted, options, true))}</blockquote>`,
      });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1].length;
      items.push({ html: `<h${level} class="md-h">${inline(heading[2].trim(), options)}</h${level}>` });
      continue;
    }
    const subtext = SUBTEXT.exec(line);
    if (subtext) {
      items.push({ html: `<div class="md-subtext muted">${inline(subtext[1], options)}</div>` });
      continue;
    }
    if (BULLET.test(line)) {
      let list = '';
      while (n < lines.length && BULLET.test(lines[n])) {
        list += `<li>${inline(BULLET.exec(lines[n])[1], options)}</li>`;
        n += 1;
      }
      n -= 1;
      items.push({ html: `<ul class="md-list">${list}</ul>` });
      continue;
    }
    items.push({ html: inline(line, options), inline: true });
  }
  return items;
}

function joinItems(items) {
  let html = '';
  items.forEach((item, n) => {
    if (n > 0 && item.inline && items[n - 1].inline) html += '<br>';
    html += item.html;
  });
  return html;
}

const CODE_BLOCK = /```(?:([A-Za-z0-9_+#.-]{1,30})\n)?\n?([\s\S]*?)\n?```/g;

/**
 * Discord markdown to safe HTML: **bold**, *italics*, _italics_, __underline__, ~~strike~~, `code`,
 * ```code blocks```, > and >>> quotes, # ## ### headings, -# subtext, - bullets, mentions, channels,
 * custom emoji and `<t:UNIX:STYLE>` timestamps. Nothing inside code is formatted.
 * options: { users: [{id, name}] | {id: name}, channels: likewise, nowMs?, timeZone? }.
 */
export function markdownToHtml(text, options = {}) {
  const source = String(text ?? '').replace(/\r\n?/g, '\n');
  let html = '';
  let last = 0;
  const prose = (part) => (part === '' ? '' : joinItems(blocks(part.split('\n'), options, false)));
  for (const m of source.matchAll(CODE_BLOCK)) {
    if (m[2] === '' && !m[1]) continue;
    html += prose(source.slice(last, m.index).replace(/\n$/, ''));
    html += `<pre class="md-codeblock panel"><code>${escapeHtml(m[2])}</code></pre>`;
    last = m.index + m[0].length;
    if (source[last] === '\n') last += 1;
  }
  return html + prose(source.slice(last));
}

// ---------------------------------------------------------------- embeds and components

/** An embed's integer colour as "#rrggbb", or null when it has none. */
export function colorToHex(color) {
  if (typeof color !== 'number' || !Number.isInteger(color) || color < 0 || color > 0xffffff) return null;
  return `#${color.toString(16).padStart(6, '0')}`;
}

const BUTTON_STYLES = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' };

/** A button's style number as a word for its CSS class. */
export function buttonStyleName(style) {
  return BUTTON_STYLES[style] ?? 'secondary';
}

/** Where the page gets a custom emoji's picture: the play server serves the local Discord's. */
export function emojiUrl(id) {
  return `/emojis/${encodeURIComponent(String(id))}.png`;
}

/** An emoji as text: unicode emoji as they are, custom ones as :name:. */
export function emojiText(emoji) {
  if (!emoji || typeof emoji.name !== 'string' || emoji.name === '') return '';
  return emoji.id ? `:${emoji.name}:` : emoji.name;
}

// ---------------------------------------------------------------- select menu options

/**
 * An emoji as Discord draws it beside a label: a custom one as its picture (its :name: only in alt
 * and title, never as text), a unicode one as it is; '' when there is none.
 */
export function emojiHtml(emoji) {
  const symbol = emojiText(emoji);
  if (!symbol) return '';
  if (!emoji.id) return `<span class="emoji" aria-hidden="true">${escapeHtml(symbol)}</span>`;
  return `<img class="emoji" src="${emojiUrl(emoji.id)}" alt="${escapeHtml(symbol)}" title="${escapeHtml(symbol)}">`;
}

/**
 * A select menu option's face, in the closed menu (the chosen ones), the open list and a checkbox:
 * its emoji picture, its label, and (with `withDescription`) its description below, as Discord has it.
 */
export function optionHtml(option, withDescription = false) {
  const label = `<span class="option-label">${escapeHtml(option?.label ?? option?.value ?? '')}</span>`;
  const about =
    withDescription && typeof option?.description === 'string' && option.description !== ''
      ? `<span class="option-description muted">${escapeHtml(option.description)}</span>`
      : '';
  return `${emojiHtml(option?.emoji)}${about ? `<span class="option-text">${label}${about}</span>` : label}`;
}
