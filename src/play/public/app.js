/**
 * The play page: loads the session, shows the messages of the chosen channel (the page's channel or
 * a thread of it the user can view) as the chosen user sees them, and keeps them and the channel
 * list fresh (a WebSocket says "changed"; one fetch at a time, one more if a change came
 * meanwhile). Clicks, menus, forms and commands go to the page's server as that user, commands in
 * the chosen channel.
 */
import { getJson, postJson } from './api.js';
import { markOf, renderChannels } from './channels.js';
import { fillSwitcher, localizeChrome, localizeTimes } from './chrome.js';
import { createCommandBox } from './commandBox.js';
import { el } from './dom.js';
import { renderMessage } from './messageView.js';
import { showModal } from './modal.js';
import { setLanguage, t } from './words.js';

const STORE = { user: 'tichu-play.user', hint: 'tichu-play.hint-dismissed' };
const MAX_TOASTS = 4;
const TOAST_MS = 12_000;
const BACKOFF = { first: 500, most: 10_000 };

const list = document.getElementById('messages');
const empty = document.getElementById('empty');
const scroller = document.getElementById('scroller');
const hint = document.getElementById('hint');
const switcher = document.querySelector('[data-testid="user-switcher"]');
const connection = document.getElementById('connection');
const channelNav = document.getElementById('channels');

let session = { channel: { id: '', name: 'tichu' }, users: [], commands: [] };
let userId = '';
/** The channel shown (the page's channel or one of its threads), and those the user can view. */
let channelId = '';
let channels = [];
/** Channel id -> the newest message id the user has had in front of them there (unread dots). */
let seen = new Map();
/** Message id -> { key, node }: an unchanged message keeps its element (and its checkboxes' state). */
let shown = new Map();
/** Whether the list is scrolled to the bottom, where new messages (and a shrinking list) keep it. */
let pinned = true;
/**
 * After the user's own click or command: the messages shown before it, and until when to look for
 * the answer it brings (a panel opened from the table message far up the list), to scroll to it.
 */
let reveal = null;
const REVEAL_MS = 3_000;

function recall(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the page still works, it just forgets.
  }
}

// ---- errors, as small toasts
function showError(text) {
  const box = document.getElementById('toasts');
  const toast = el(
    'div',
    { class: 'toast panel', role: 'alert' },
    el('span', {}, String(text)),
    el('button', { type: 'button', 'aria-label': t('dismiss'), onclick: () => toast.remove() }, '×'),
  );
  box.append(toast);
  while (box.children.length > MAX_TOASTS) box.firstElementChild.remove();
  setTimeout(() => toast.remove(), TOAST_MS);
}

// ---- acting as the chosen user
async function act(path, body) {
  reveal = { before: new Set(shown.keys()), until: Date.now() + REVEAL_MS };
  try {
    const answer = await postJson(path, { user: userId, ...body });
    if (answer.answered === false) showError(t('noAnswer'));
    void refresh();
    return true;
  } catch (error) {
    showError(error.message);
    // What was refused may have been drawn from an old state (a page that missed an update): draw it again.
    void refresh();
    return false;
  }
}

const actionsFor = (messageId) => ({
  click: (customId) => act('/api/click', { messageId, customId }),
  select: (customId, values) => act('/api/select', { messageId, customId, values }),
});

// ---- the message list
function namesFor(messages) {
  const users = new Map(session.users.map((u) => [u.id, u.name]));
  for (const m of messages) if (!users.has(m.authorId)) users.set(m.authorId, m.authorName);
  const names = { [session.channel.id]: session.channel.name };
  for (const c of channels) names[c.id] = c.name;
  return { users: Object.fromEntries(users), channels: names };
}

/** Where focus was, to put it back on the same control if its message is redrawn. */
function focusPlace() {
  const active = document.activeElement;
  const message = active?.closest?.('[data-message-id]');
  if (!message || !list.contains(message)) return null;
  const control = active.closest('[data-custom-id]');
  return {
    message: message.dataset.messageId,
    control: control?.dataset.customId ?? null,
    value: active.value,
  };
}

function restoreFocus(place) {
  if (!place || document.activeElement?.closest?.('[data-message-id]')) return;
  const message = list.querySelector(`[data-message-id="${CSS.escape(place.message)}"]`);
  if (!message) return;
  const control = place.control
    ? message.querySelector(`[data-custom-id="${CSS.escape(place.control)}"]`)
    : null;
  const checkbox = control?.querySelector?.(`input[value="${CSS.escape(String(place.value ?? ''))}"]`);
  // A select menu takes focus on its button (the element with the id is a plain wrapper).
  (checkbox ?? control?.querySelector?.('.select-toggle') ?? control)?.focus();
}

function renderMessages(messages) {
  const place = focusPlace();
  const names = namesFor(messages);
  const namesKey = JSON.stringify(names);
  const next = new Map();
  const nodes = messages.map((message) => {
    const key = `${namesKey}\n${JSON.stringify(message)}`;
    const old = shown.get(message.id);
    const node = old && old.key === key ? old.node : renderMessage(message, { names, actions: actionsFor });
    next.set(message.id, { key, node });
    return node;
  });
  const keep = new Set(nodes);
  for (const child of [...list.children]) if (!keep.has(child)) child.remove();
  nodes.forEach((node, i) => {
    if (list.children[i] !== node) list.insertBefore(node, list.children[i] ?? null);
  });
  shown = next;
  // New <time> elements say the page's language at once, not a second later.
  localizeTimes(list, Date.now());
  empty.hidden = messages.length > 0;
  restoreFocus(place);
  if (pinned) scroller.scrollTop = scroller.scrollHeight;
  revealAnswer(messages);
  // The hint's job is done once the player holds a private panel (its Refresh is a My hand): it
  // stops taking room above play.
  if (!hint.hidden && messages.some(isPanel)) dismissHint();
}

/** Scrolls to the first private message the user's own action brought, once it is there. */
function revealAnswer(messages) {
  if (!reveal) return;
  if (Date.now() > reveal.until) {
    reveal = null;
    return;
  }
  const fresh = messages.find((m) => m.ephemeral && !reveal.before.has(m.id));
  if (!fresh) return;
  reveal = null;
  shown.get(fresh.id)?.node.scrollIntoView({ block: 'end' });
}

let fetching = false;
let again = false;

// ---- the channels
/** Shows another channel: an empty list at once, then its messages. */
function selectChannel(id) {
  if (id === channelId) return;
  channelId = id;
  list.replaceChildren();
  shown = new Map();
  pinned = true;
  showChannel();
  void refresh();
}

/** The header and the tabs for the chosen channel. */
function showChannel() {
  const current = channels.find((c) => c.id === channelId) ?? { ...session.channel, thread: false };
  document.getElementById('channel-mark').textContent = markOf(current);
  document.getElementById('channel-name').textContent = current.name;
  document.title = `${current.thread ? '' : '#'}${current.name} · Tichu`;
  renderChannels(
    channelNav,
    channels,
    channelId,
    (c) => c.last !== null && seen.get(c.id) !== c.last,
    selectChannel,
  );
}

/**
 * Takes the server's channel list: what is shown counts as seen; at the first list for a user,
 * everything does (only what comes after gets a dot).
 */
function takeChannels(given, shownId) {
  const first = seen.size === 0;
  channels = Array.isArray(given) ? given : [];
  for (const c of channels) if (first || c.id === shownId) seen.set(c.id, c.last);
  // A channel they can no longer view (another user, a deleted thread): the server showed the
  // page's channel instead.
  if (shownId !== channelId) {
    channelId = shownId;
    list.replaceChildren();
    shown = new Map();
    pinned = true;
  }
  showChannel();
}

/** Fetches what the user sees; a call while one runs asks for one more fetch after it. */
async function refresh() {
  if (fetching) {
    again = true;
    return;
  }
  fetching = true;
  try {
    do {
      again = false;
      const asked = userId;
      const where = channelId;
      const data = await getJson(
        `/api/messages?user=${encodeURIComponent(asked)}&channel=${encodeURIComponent(where)}`,
      );
      if (asked !== userId || where !== channelId) {
        again = true;
        continue;
      }
      takeChannels(data.channels, typeof data.channel === 'string' ? data.channel : session.channel.id);
      renderMessages(Array.isArray(data.messages) ? data.messages : []);
      showModal(data.modal ?? null, submitModal);
    } while (again);
  } catch (error) {
    showError(error.message);
  } finally {
    fetching = false;
  }
}

function submitModal(values) {
  return act('/api/modal', { values });
}

// ---- the change feed
let socket = null;
let backoff = BACKOFF.first;
let retry = null;

function connect() {
  clearTimeout(retry);
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  const url = new URL(`/api/events?user=${encodeURIComponent(userId)}`, location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    backoff = BACKOFF.first;
    connection.hidden = true;
    void refresh();
  };
  ws.onmessage = (event) => {
    try {
      if (JSON.parse(event.data)?.type === 'changed') void refresh();
    } catch {
      // Not for us.
    }
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    connection.hidden = false;
    retry = setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, BACKOFF.most);
  };
}

// ---- relative timestamps count down every second (aria-live off on them: no announcements)
function tick() {
  localizeTimes(list, Date.now());
}

// ---- start
function setUpHint() {
  if (recall(STORE.hint) === '1') return;
  hint.hidden = false;
  hint.querySelector('button').addEventListener('click', dismissHint);
}

/** Hides the getting-started hint for good (Got it, or the first private panel). */
function dismissHint() {
  hint.hidden = true;
  remember(STORE.hint, '1');
}

/** A player's private panel: private, with a My hand (its Refresh) among its buttons. */
function isPanel(message) {
  return message.ephemeral && JSON.stringify(message.components ?? []).includes('"custom_id":"hand:');
}

async function loadSession() {
  for (let wait = 1000; ; wait = Math.min(wait * 2, BACKOFF.most)) {
    try {
      return await getJson('/api/session');
    } catch (error) {
      showError(error.message);
      await new Promise((done) => setTimeout(done, wait));
    }
  }
}

async function start() {
  session = await loadSession();
  setLanguage(session.lang);
  localizeChrome();
  setUpHint();
  channelId = session.channel.id;
  channels = [{ ...session.channel, thread: false, last: null }];
  showChannel();
  const saved = recall(STORE.user);
  userId = session.users.some((u) => u.id === saved) ? saved : (session.users[0]?.id ?? '');
  fillSwitcher(switcher, session.users, userId);
  const commandBox = createCommandBox(document.getElementById('command-box'), {
    session: () => session,
    send: (name, options) => act('/api/slash', { channel: channelId, name, options }),
    autocomplete: (name, options, focused) =>
      postJson('/api/autocomplete', { user: userId, channel: channelId, name, options, focused }).then(
        (answer) => answer.choices,
        (error) => {
          showError(error.message);
          return [];
        },
      ),
    error: showError,
  });
  switcher.addEventListener('change', () => {
    userId = switcher.value;
    fillSwitcher(switcher, session.users, userId);
    remember(STORE.user, userId);
    // Each person starts in the channel: another's thread may be one they cannot see.
    channelId = session.channel.id;
    channels = [{ ...session.channel, thread: false, last: null }];
    seen = new Map();
    showChannel();
    list.replaceChildren();
    shown = new Map();
    pinned = true;
    showModal(null, submitModal);
    commandBox.clear();
    connect();
    void refresh();
  });
  scroller.addEventListener('scroll', () => {
    pinned = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 48;
  });
  // The command box's fields take room from the list: one at the bottom stays there.
  new ResizeObserver(() => {
    if (pinned) scroller.scrollTop = scroller.scrollHeight;
  }).observe(scroller);
  connect();
  void refresh();
  setInterval(tick, 1000);
}

void start();
