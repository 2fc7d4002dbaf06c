/**
 * A message's components: buttons (style colours, emoji, disabled), single-choice menus as a native
 * <select> that sends on change, multi-choice menus as checkboxes with a Choose button.
 * `actions.click(customId)` and `actions.select(customId, values)` send them and resolve to true
 * when the server took them (false after an error, which the page has already shown).
 */
import { el } from './dom.js';
import { buttonStyleName, emojiText, emojiUrl } from './render.js';

export function renderComponents(rows, actions) {
  const wrap = el('div', { class: 'components' });
  for (const row of Array.isArray(rows) ? rows : []) {
    if (row?.type !== 1 || !Array.isArray(row.components)) continue;
    const line = el('div', { class: 'component-row' });
    for (const c of row.components) {
      if (c?.type === 2) line.append(button(c, actions));
      else if (c?.type === 3)
        line.append((c.max_values ?? 1) > 1 ? multiSelect(c, actions) : select(c, actions));
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

function optionText(o) {
  const symbol = emojiText(o.emoji);
  return symbol ? `${symbol} ${o.label}` : String(o.label ?? o.value);
}

function select(c, actions) {
  const options = Array.isArray(c.options) ? c.options : [];
  const chosen = options.some((o) => o.default === true);
  const node = el(
    'select',
    {
      class: 'select',
      'data-testid': 'select',
      dataset: { customId: c.custom_id },
      'aria-label': c.placeholder || 'Make a selection',
      disabled: c.disabled === true,
    },
    el('option', { value: '', disabled: true, selected: !chosen }, c.placeholder || 'Make a selection'),
    options.map((o) =>
      el('option', { value: o.value, selected: o.default === true, title: o.description }, optionText(o)),
    ),
  );
  let before = node.value;
  node.addEventListener('change', async () => {
    const ok = await whileSending(node, () => actions.select(c.custom_id, [node.value]));
    if (ok) before = node.value;
    else node.value = before;
  });
  return node;
}

function multiSelect(c, actions) {
  const options = Array.isArray(c.options) ? c.options : [];
  const min = c.min_values ?? 1;
  const max = Math.min(c.max_values ?? 1, options.length);
  const legend = c.placeholder || 'Make a selection';
  const boxes = options.map((o) =>
    el('input', { type: 'checkbox', value: o.value, checked: o.default === true, onchange: () => update() }),
  );
  const count = el('span', { class: 'muted', 'aria-live': 'polite' });
  const choose = el(
    'button',
    { type: 'button', class: 'btn btn-primary', 'data-testid': 'select-submit' },
    'Choose',
  );
  const node = el(
    'fieldset',
    {
      class: 'multi panel',
      'data-testid': 'select',
      dataset: { customId: c.custom_id },
      disabled: c.disabled === true,
    },
    el('legend', { class: 'muted' }, legend),
    el(
      'div',
      { class: 'multi-options' },
      options.map((o, i) =>
        el('label', { class: 'multi-option', title: o.description }, boxes[i], optionText(o)),
      ),
    ),
    el('div', { class: 'multi-actions' }, choose, count),
  );
  const checked = () => boxes.filter((b) => b.checked).map((b) => b.value);
  function update() {
    const n = checked().length;
    for (const box of boxes) box.disabled = !box.checked && n >= max;
    choose.disabled = n < min || n > max;
    count.textContent = min === max ? `${n} of ${max} chosen` : `${n} chosen (${min}–${max})`;
  }
  choose.addEventListener('click', () => whileSending(node, () => actions.select(c.custom_id, checked())));
  update();
  return node;
}
