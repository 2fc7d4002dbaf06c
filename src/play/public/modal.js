/**
 * A form the bot opened (a Discord modal) in a <dialog>: its text inputs, Submit and Cancel. Cancel
 * only closes it here (the API has no "dismiss"): the same form is not shown again until another comes.
 */
import { el } from './dom.js';
import { t } from './words.js';

let shownKey = null;

function inputFor(c, i) {
  const id = `modal-field-${i}`;
  const props = {
    id,
    name: c.custom_id,
    required: c.required !== false,
    minlength: c.min_length,
    maxlength: c.max_length,
    placeholder: c.placeholder,
  };
  const control =
    c.style === 2 ? el('textarea', { ...props, rows: 4 }) : el('input', { ...props, type: 'text' });
  control.value = typeof c.value === 'string' ? c.value : '';
  return el('div', { class: 'command-field' }, el('label', { for: id }, c.label ?? c.custom_id), control);
}

/** Shows `modal` (or closes the dialog when it is null); `submit(values)` resolves true when taken. */
export function showModal(modal, submit) {
  const dialog = document.getElementById('modal');
  if (!modal) {
    shownKey = null;
    if (dialog.open) dialog.close();
    return;
  }
  const key = JSON.stringify(modal);
  if (key === shownKey) return;
  shownKey = key;
  const inputs = (Array.isArray(modal.components) ? modal.components : [])
    .flatMap((row) => (Array.isArray(row?.components) ? row.components : []))
    .filter((c) => c?.type === 4);
  const form = el(
    'form',
    { method: 'dialog', class: 'modal-form' },
    el('h2', { id: 'modal-title' }, String(modal.title ?? t('form'))),
    inputs.map(inputFor),
    el(
      'div',
      { class: 'modal-actions' },
      el(
        'button',
        { type: 'button', class: 'btn btn-secondary', onclick: () => dialog.close() },
        t('cancel'),
      ),
      el('button', { type: 'submit', class: 'btn btn-primary' }, t('submit')),
    ),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(
      inputs.map((c) => [c.custom_id, form.elements.namedItem(c.custom_id).value]),
    );
    if (await submit(values)) dialog.close();
  });
  dialog.replaceChildren(form);
  dialog.setAttribute('aria-labelledby', 'modal-title');
  if (!dialog.open) dialog.showModal();
}
