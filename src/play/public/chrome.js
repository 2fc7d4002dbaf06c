/**
 * The page's chrome in its language (index.html is written in English; this rewrites its words
 * once the session says the language), and the user switcher, which marks whom you play as.
 */
import { el } from './dom.js';
import { language, relativeTimeIn, t } from './words.js';

const byId = (id) => document.getElementById(id);

export function localizeChrome() {
  document.documentElement.lang = language();
  byId('playing-as').textContent = t('playingAs');
  byId('connection').textContent = t('reconnecting');
  byId('hint-text').replaceChildren(
    t('hintBefore'),
    el('code', {}, '/table create'),
    t('hintMiddle'),
    el('code', {}, t('hintBot')),
    t('hintAfter'),
    el('strong', {}, t('hintStart')),
    t('hintCards'),
    el('strong', {}, t('hintMyHand')),
    t('hintEnd'),
  );
  byId('hint').querySelector('button').textContent = t('gotIt');
  byId('empty').replaceChildren(t('emptyBefore'), el('code', {}, '/table create'), t('emptyAfter'));
  byId('messages').setAttribute('aria-label', t('messages'));
  byId('channels').setAttribute('aria-label', t('channels'));
  byId('command-list').setAttribute('aria-label', t('commands'));
  document.querySelector('label[for="command-input"]').textContent = t('command');
  byId('command-input').placeholder = t('commandPlaceholder');
  document.querySelector('[data-testid="command-send"]').textContent = t('send');
}

/** The switcher's people by name, the chosen one marked "(you)": the page's word, never the bot's. */
export function fillSwitcher(switcher, users, chosenId) {
  switcher.replaceChildren(
    ...users.map((u) => el('option', { value: u.id }, u.id === chosenId ? `${u.name} ${t('you')}` : u.name)),
  );
  switcher.value = chosenId;
}

/** Every `<t:…:R>` under `root` in the page's language, against `nowMs` (render.js writes English). */
export function localizeTimes(root, nowMs) {
  for (const time of root.querySelectorAll('time[data-style="R"]')) {
    const text = relativeTimeIn(language(), Number(time.dataset.unix), nowMs);
    if (time.textContent !== text) time.textContent = text;
  }
}
