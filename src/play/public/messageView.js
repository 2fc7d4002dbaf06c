/**
 * One message as the page shows it: who used which command, the author (BOT tag), the content from
 * Discord markdown, embeds, components, and the notes (edited, only you can see this, thinking).
 * `view` = { names: {users, channels}, actions } (see components.js for actions).
 */
import { renderComponents } from './components.js';
import { isComponentsV2, renderComponentsV2 } from './componentsV2.js';
import { el, setSafeHtml } from './dom.js';
import { colorToHex, markdownToHtml } from './render.js';
import { t } from './words.js';

function markdown(tag, className, text, names) {
  return setSafeHtml(el(tag, { class: className }), markdownToHtml(text, names));
}

/** "Ann used /table create" for a command; nothing for a click. */
function interactionLine(who) {
  if (!who || typeof who.name !== 'string' || who.type === 3) return null;
  const what = typeof who.command === 'string' && who.command !== '' ? `/${who.command}` : t('aCommand');
  return el(
    'div',
    { class: 'muted msg-interaction' },
    el('span', { class: 'msg-interaction-name' }, who.name),
    t('used', { what }),
  );
}

function embedView(embed, names) {
  if (!embed || typeof embed !== 'object') return null;
  const node = el('div', { class: 'embed panel' });
  const color = colorToHex(embed.color);
  if (color) node.style.borderLeftColor = color;
  if (embed.author?.name) node.append(el('div', { class: 'embed-author' }, String(embed.author.name)));
  if (embed.title) node.append(markdown('div', 'embed-title', embed.title, names));
  if (embed.description) node.append(markdown('div', 'embed-description', embed.description, names));
  const fields = Array.isArray(embed.fields) ? embed.fields : [];
  if (fields.length > 0) {
    node.append(
      el(
        'div',
        { class: 'embed-fields' },
        fields.map((f) =>
          el(
            'div',
            { class: f.inline ? 'embed-field inline' : 'embed-field' },
            markdown('div', 'embed-field-name', f.name ?? '', names),
            markdown('div', 'embed-field-value', f.value ?? '', names),
          ),
        ),
      ),
    );
  }
  if (embed.footer?.text) node.append(el('div', { class: 'muted embed-footer' }, String(embed.footer.text)));
  return node;
}

export function renderMessage(message, view) {
  const names = view.names;
  const node = el(
    'article',
    {
      class: message.ephemeral ? 'msg ephemeral' : 'msg',
      'data-testid': 'message',
      'data-message-id': message.id,
    },
    interactionLine(message.interactionUser),
    el(
      'div',
      { class: 'msg-head' },
      el('span', { class: 'msg-author' }, String(message.authorName ?? t('someone'))),
      message.authorIsBot ? el('span', { class: 'bot-tag' }, 'BOT') : null,
    ),
  );
  if (message.loading) node.append(el('div', { class: 'muted msg-loading' }, t('thinking')));
  if (message.content) {
    const content = markdown('div', 'msg-content', message.content, names);
    if (message.edited) content.append(' ', el('span', { class: 'muted' }, t('edited')));
    node.append(content);
  } else if (message.edited) node.append(el('div', { class: 'muted' }, t('edited')));
  for (const embed of Array.isArray(message.embeds) ? message.embeds : [])
    node.append(embedView(embed, names) ?? '');
  if (Array.isArray(message.components) && message.components.length > 0)
    node.append(
      isComponentsV2(message.components)
        ? renderComponentsV2(message.components, names, view.actions(message.id))
        : renderComponents(message.components, view.actions(message.id)),
    );
  if (message.ephemeral) node.append(el('div', { class: 'muted msg-ephemeral' }, t('onlyYou')));
  return node;
}
