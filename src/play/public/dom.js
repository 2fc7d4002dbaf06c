/**
 * A small element builder. Text children become text nodes and attribute values are set with
 * setAttribute, so the bot's text never becomes markup; the one HTML sink is setSafeHtml.
 */

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat())
    if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/** Puts HTML made by render.js (escaped there) into an element. */
export function setSafeHtml(node, html) {
  node.innerHTML = html;
  return node;
}
