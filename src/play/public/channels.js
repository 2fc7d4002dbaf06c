/**
 * The channel list: the page's channel first, then the threads under it the person can view (the
 * server lists only those), as tabs. A thread shows a thread mark (a lock when private), an
 * archived one is dimmed, and a channel with a message the person has not looked at has a dot.
 * Hidden while there is only the channel, so a plain table looks as it always did.
 */
import { el } from './dom.js';
import { t } from './words.js';

/**
 * Draws `channels` into `nav` with `selected` current; `unread(channel)` says which have news;
 * `choose(id)` is called on a click. Keyboard focus on a tab stays on it across redraws.
 */
export function renderChannels(nav, channels, selected, unread, choose) {
  const focused = document.activeElement?.closest?.('[data-channel-id]')?.dataset.channelId ?? null;
  const tabs = channels.map((c) => {
    const news = c.id !== selected && unread(c);
    const notes = [c.private ? t('privateThread') : c.thread ? t('thread') : null];
    if (c.archived) notes.push(t('archived'));
    if (news) notes.push(t('newMessages'));
    return el(
      'button',
      {
        type: 'button',
        class: ['channel-tab', c.archived ? 'archived' : '', news ? 'unread' : ''].join(' ').trim(),
        'data-testid': 'channel',
        'data-channel-id': c.id,
        'aria-current': c.id === selected ? 'page' : null,
        title: notes.filter(Boolean).join(', ') || null,
        onclick: () => choose(c.id),
      },
      el('span', { class: 'channel-mark', 'aria-hidden': 'true' }, markOf(c)),
      el('span', { class: 'channel-tab-name' }, String(c.name)),
      news ? el('span', { class: 'unread-dot', 'aria-label': t('newMessages') }) : null,
    );
  });
  nav.replaceChildren(...tabs);
  nav.hidden = channels.length < 2;
  if (focused) nav.querySelector(`[data-channel-id="${CSS.escape(focused)}"]`)?.focus();
}

/** "#" for the channel, a thread mark for a public thread, a lock for a private one. */
export function markOf(channel) {
  if (!channel.thread) return '#';
  return channel.private ? '🔒' : '🧵';
}
