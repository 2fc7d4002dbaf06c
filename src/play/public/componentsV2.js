/**
 * Components V2 (the message flag IS_COMPONENTS_V2) as Discord draws them: a container with its
 * accent colour as a bar on the left, text displays as markdown, a section's texts with its
 * accessory button to the right, a separator as a rule; rows of buttons and menus inside are drawn
 * as any message's rows (components.js), so clicking them works the same.
 */
import { renderComponents } from './components.js';
import { el, setSafeHtml } from './dom.js';
import { colorToHex, markdownToHtml } from './render.js';

/** The layout types only a V2 message has: section, text display, separator, container. */
const LAYOUT = new Set([9, 10, 14, 17]);

/** Whether a message's components are V2 ones (the page gets no flags: the layout says it). */
export function isComponentsV2(components) {
  return Array.isArray(components) && components.some((c) => LAYOUT.has(c?.type));
}

/** A V2 message's components; `names` resolve mentions in texts, `actions` send clicks. */
export function renderComponentsV2(components, names, actions) {
  const wrap = el('div', { class: 'v2' });
  for (const c of components) wrap.append(node(c, names, actions, 0) ?? '');
  return wrap;
}

function node(c, names, actions, depth) {
  // Discord nests at most container > section > accessory.
  if (!c || typeof c !== 'object' || depth > 3) return null;
  switch (c.type) {
    case 1:
      return renderComponents([c], actions);
    case 10:
      return text(c.content, names);
    case 14:
      return separator(c);
    case 9:
      return section(c, names, actions, depth);
    case 17:
      return container(c, names, actions, depth);
    default:
      return null;
  }
}

function text(content, names) {
  const node = el('div', { class: 'v2-text', 'data-testid': 'text-display' });
  return setSafeHtml(node, markdownToHtml(typeof content === 'string' ? content : '', names));
}

function separator(c) {
  const size = c.spacing === 2 ? 'large' : 'small';
  return c.divider === false
    ? el('div', { class: `v2-space v2-space-${size}` })
    : el('hr', { class: `v2-rule v2-space-${size}` });
}

function section(c, names, actions, depth) {
  const texts = Array.isArray(c.components) ? c.components : [];
  const accessory =
    c.accessory?.type === 2 ? renderComponents([{ type: 1, components: [c.accessory] }], actions) : null;
  return el(
    'div',
    { class: 'v2-section', 'data-testid': 'section' },
    el(
      'div',
      { class: 'v2-section-texts' },
      texts.map((t) => node(t, names, actions, depth + 1) ?? ''),
    ),
    accessory ? el('div', { class: 'v2-accessory' }, accessory) : null,
  );
}

function container(c, names, actions, depth) {
  const box = el('div', { class: 'v2-container panel', 'data-testid': 'container' });
  const colour = colorToHex(c.accent_color);
  if (colour) box.style.borderLeftColor = colour;
  for (const child of Array.isArray(c.components) ? c.components : [])
    box.append(node(child, names, actions, depth + 1) ?? '');
  return box;
}
