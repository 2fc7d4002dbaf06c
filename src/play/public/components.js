/**
 * A message's components: buttons (style colours, emoji, disabled) and select menus (selectMenu.js:
 * options drawn with their emoji pictures; single-choice sends on choosing, multi-choice on Choose).
 * `actions.click(customId)` and `actions.select(customId, values)` send them and resolve to true
 * when the server took them (false after an error, which the page has already shown).
 */
import { el } from './dom.js';
import { buttonStyleName, emojiText, emojiUrl } from './render.js';
import { multiSelect, singleSelect } from './selectMenu.js';

export function renderComponents(rows, actions) {
  const wrap = el('div', { class: 'components' });
  for (const row of Array.isArray(rows) ? rows : []) {
    if (row?.type !== 1 || !Array.isArray(row.components)) continue;
    const line = el('div', { class: 'component-row' });
    for (const c of row.components) {
      if (c?.type === 2) line.append(button(c, actions));
      else if (c?.type === 3)
        line.append((c.max_values ?? 1) > 1 ? multiSelect(c, actions) : singleSelect(c, actions));
    }
    wrap.append(line);
  }
  return wrap;
}

/** Keeps a control disabled while its request runs (unless the message was redrawn meanwhile). */
async function whileSending(control, send) {
  control.disabled = true;
  try {
    return await send();
  } finally {
    control.disabled = false;
  }
}

function labelParts(label, emoji) {
  const text = typeof label === 'string' ? label : '';
  const symbol = emojiText(emoji);
  const picture = emoji?.id ? el('img', { class: 'emoji', src: emojiUrl(emoji.id), alt: symbol }) : null;
  return [
    picture ?? (symbol ? el('span', { class: 'emoji', 'aria-hidden': text ? 'true' : null }, symbol) : null),
    text ? el('span', { class: 'label' }, text) : null,
  ];
}

function safeUrl(url) {
  try {
    const parsed = new URL(String(url), location.href);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function button(c, actions) {
  const style = buttonStyleName(c.style);
  const parts = labelParts(c.label, c.emoji);
  if (style === 'link') {
    const href = c.disabled ? null : safeUrl(c.url);
    return el(
      'a',
      { class: 'btn btn-link', href, target: '_blank', rel: 'noopener noreferrer', 'data-testid': 'button' },
      parts,
      el('span', { 'aria-hidden': 'true' }, ' ↗'),
    );
  }
  const node = el(
    'button',
    {
      type: 'button',
      class: `btn btn-${style}`,
      'data-testid': 'button',
      dataset: { customId: c.custom_id ?? '' },
      disabled: c.disabled === true || !c.custom_id,
    },
    parts,
  );
  node.addEventListener('click', () => whileSending(node, () => actions.click(c.custom_id)));
  return node;
}
