/**
 * Select menus as Discord draws them: each option with its emoji picture and label (a native
 * <select> can only show text, so a card read ":tc_3sw_1655fcf9: ⚫3"). A single-choice menu is a
 * button showing the chosen option that opens a listbox (mouse or keyboard: arrows, Home/End, Enter,
 * Escape); a multi-choice menu is checkboxes, each with its picture, and a Choose button.
 * `actions.select(customId, values)` resolves true when the server took the choice.
 */
import { el, setSafeHtml } from './dom.js';
import { optionHtml } from './render.js';
import { t } from './words.js';

let lists = 0;

/** Keeps a control disabled while its request runs (unless the message was redrawn meanwhile). */
async function whileSending(control, send) {
  control.disabled = true;
  try {
    return await send();
  } finally {
    control.disabled = false;
  }
}

const face = (tag, className, option, withDescription) =>
  setSafeHtml(el(tag, { class: className }), optionHtml(option, withDescription));

export function singleSelect(c, actions) {
  const options = Array.isArray(c.options) ? c.options : [];
  const placeholder = c.placeholder || t('makeSelection');
  const listId = `select-list-${++lists}`;
  let chosen = options.findIndex((o) => o.default === true);
  let active = -1;
  const value = el('span', { class: 'select-value' });
  const toggle = el(
    'button',
    {
      type: 'button',
      class: 'select-toggle',
      'aria-haspopup': 'listbox',
      'aria-expanded': 'false',
      'aria-controls': listId,
      'aria-label': placeholder,
      disabled: c.disabled === true,
    },
    value,
    el('span', { class: 'select-caret', 'aria-hidden': 'true' }, '▾'),
  );
  const items = options.map((o, i) => {
    const item = face('li', 'select-option', o, true);
    item.id = `${listId}-${i}`;
    item.setAttribute('role', 'option');
    item.title = o.description ?? '';
    item.addEventListener('click', () => void choose(i));
    return item;
  });
  const list = el('ul', { id: listId, class: 'select-list panel', role: 'listbox', hidden: true }, items);
  // The button keeps focus: a press on the list (an option, its scrollbar) must not blur and close it.
  list.addEventListener('mousedown', (event) => event.preventDefault());
  const node = el(
    'div',
    { class: 'select-menu', 'data-testid': 'select', dataset: { customId: c.custom_id ?? '' } },
    toggle,
    list,
  );

  function show() {
    const picked = options[chosen];
    if (picked) setSafeHtml(value, optionHtml(picked));
    else value.replaceChildren(el('span', { class: 'muted' }, placeholder));
    items.forEach((item, i) => {
      item.setAttribute('aria-selected', String(i === chosen));
    });
  }
  function mark(i) {
    active = i;
    items.forEach((item, n) => {
      item.classList.toggle('active', n === i);
    });
    if (items[i]) {
      toggle.setAttribute('aria-activedescendant', items[i].id);
      items[i].scrollIntoView({ block: 'nearest' });
    } else toggle.removeAttribute('aria-activedescendant');
  }
  function open(on) {
    list.hidden = !on;
    toggle.setAttribute('aria-expanded', String(on));
    if (on) {
      // As Discord does near the bottom: open upward when the list fits better above the button.
      const box = toggle.getBoundingClientRect();
      const bottom = toggle.closest('.scroller')?.getBoundingClientRect().bottom ?? window.innerHeight;
      const below = bottom - box.bottom;
      list.classList.toggle('up', below < list.offsetHeight && box.top > below);
    }
    mark(on ? Math.max(chosen, 0) : -1);
  }
  async function choose(i) {
    open(false);
    if (i === chosen || !options[i]) return;
    const before = chosen;
    chosen = i;
    show();
    const ok = await whileSending(toggle, () => actions.select(c.custom_id, [String(options[i].value)]));
    if (!ok) {
      chosen = before;
      show();
    }
  }

  toggle.addEventListener('click', () => open(list.hidden));
  toggle.addEventListener('blur', () => open(false));
  toggle.addEventListener('keydown', (event) => {
    const last = options.length - 1;
    const moves = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      if (list.hidden) open(true);
      else mark(Math.min(Math.max(moves[event.key], 0), last));
    } else if ((event.key === 'Enter' || event.key === ' ') && !list.hidden) {
      event.preventDefault();
      void choose(active);
    } else if (event.key === 'Escape' && !list.hidden) {
      event.preventDefault();
      open(false);
    }
  });
  show();
  return node;
}

export function multiSelect(c, actions) {
  const options = Array.isArray(c.options) ? c.options : [];
  const min = c.min_values ?? 1;
  const max = Math.min(c.max_values ?? 1, options.length);
  const boxes = options.map((o) =>
    el('input', { type: 'checkbox', value: o.value, checked: o.default === true, onchange: () => update() }),
  );
  const count = el('span', { class: 'muted', 'aria-live': 'polite' });
  const choose = el(
    'button',
    { type: 'button', class: 'btn btn-primary', 'data-testid': 'select-submit' },
    t('choose'),
  );
  const node = el(
    'fieldset',
    {
      class: 'multi panel',
      'data-testid': 'select',
      dataset: { customId: c.custom_id },
      disabled: c.disabled === true,
    },
    el('legend', { class: 'muted' }, c.placeholder || t('makeSelection')),
    el(
      'div',
      { class: 'multi-options' },
      options.map((o, i) =>
        el('label', { class: 'multi-option', title: o.description }, boxes[i], face('span', 'option', o)),
      ),
    ),
    el('div', { class: 'multi-actions' }, choose, count),
  );
  const checked = () => boxes.filter((b) => b.checked).map((b) => b.value);
  function update() {
    const n = checked().length;
    for (const box of boxes) box.disabled = !box.checked && n >= max;
    choose.disabled = n < min || n > max;
    count.textContent = min === max ? t('chosenOf', { n, max }) : t('chosenRange', { n, min, max });
  }
  choose.addEventListener('click', () => whileSending(node, () => actions.select(c.custom_id, checked())));
  update();
  return node;
}
