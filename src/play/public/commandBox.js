/**
 * The command box: "/" lists the commands (then a command's subcommands) in a listbox; a chosen
 * command shows one field per option; Send or Enter posts it. Options may also be typed after the
 * command, Discord style: "/table bot do:add level:easy" (a filled field wins over typed text).
 *
 * host = { session() -> {users, channel, commands}, send(name, options) -> Promise<boolean>,
 *          autocomplete(name, options, focused) -> Promise<[{name, value}]>, error(text) }
 */
import { el } from './dom.js';
import { language, t } from './words.js';

const SUB = 1;
const GROUP = 2;
const T = { STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, CHANNEL: 7, NUMBER: 10 };
const AUTOCOMPLETE_DELAY_MS = 150;

/** Every command the box can send: a command without subcommands, or one of its (grouped) subcommands. */
function entriesOf(commands) {
  const out = [];
  for (const c of commands) {
    const options = c.options ?? [];
    const subs = options.filter((o) => o.type === SUB || o.type === GROUP);
    if (subs.length === 0) out.push({ name: c.name, path: [c.name], description: described(c), options });
    for (const s of subs) {
      const leaves = s.type === SUB ? [[null, s]] : (s.options ?? []).map((g) => [s.name, g]);
      for (const [group, leaf] of leaves) {
        const path = group ? [c.name, group, leaf.name] : [c.name, leaf.name];
        out.push({
          name: c.name,
          group,
          sub: leaf.name,
          path,
          description: described(leaf),
          options: leaf.options ?? [],
        });
      }
    }
  }
  return out;
}

const slashOf = (entry) => `/${entry.path.join(' ')}`;
/** A command's or option's description, and a choice's name, in the page's language, as Discord shows them. */
const described = (item) => item?.description_localizations?.[language()] ?? item?.description;
const choiceName = (choice) => choice.name_localizations?.[language()] ?? choice.name;
/** A choice's name without its explanation: "Experte" of "Experte: rechnet am längsten…". */
const shortName = (name) => String(name).split(':')[0].trim();

export function createCommandBox(form, host) {
  const input = form.querySelector('[data-testid="command-input"]');
  const sendButton = form.querySelector('[data-testid="command-send"]');
  const list = form.querySelector('[role="listbox"]');
  const fieldsBox = form.querySelector('.command-fields');
  let entry = null;
  let fields = [];
  let items = [];
  let active = -1;
  const entries = () => entriesOf(host.session().commands);

  // ---- the listbox of commands and subcommands
  function suggestions(text) {
    if (!text.startsWith('/')) return [];
    const typed = text.slice(1).toLowerCase();
    const all = entries();
    const head = typed.split(' ')[0];
    const command = host.session().commands.find((c) => c.name === head);
    if (command && typed.length > head.length) {
      const rest = typed.slice(head.length + 1).trim();
      return all
        .filter((e) => e.name === head && e.path.length > 1 && e.path.slice(1).join(' ').startsWith(rest))
        .map((e) => ({ label: slashOf(e), description: e.description, entry: e }));
    }
    const starts = host.session().commands.filter((c) => c.name.startsWith(head));
    const inside = host.session().commands.filter((c) => !c.name.startsWith(head) && c.name.includes(head));
    return [...starts, ...inside].map((c) => {
      const leaf = all.find((e) => e.name === c.name && e.path.length === 1);
      return { label: `/${c.name}`, description: described(c), entry: leaf ?? null, command: c };
    });
  }

  function showList(found) {
    items = found;
    active = found.length > 0 ? 0 : -1;
    list.replaceChildren(
      ...found.map((item, i) =>
        el(
          'div',
          {
            id: `command-option-${i}`,
            role: 'option',
            class: 'command-option',
            onmousedown: (event) => event.preventDefault(),
            onclick: () => choose(item),
          },
          el('span', { class: 'command-name' }, item.label),
          el('span', { class: 'muted' }, item.description ?? ''),
        ),
      ),
    );
    list.hidden = found.length === 0;
    input.setAttribute('aria-expanded', String(!list.hidden));
    markActive();
  }

  function markActive() {
    list.querySelectorAll('[role="option"]').forEach((li, i) => {
      li.setAttribute('aria-selected', String(i === active));
      if (i === active) li.scrollIntoView({ block: 'nearest' });
    });
    if (active >= 0 && !list.hidden) input.setAttribute('aria-activedescendant', `command-option-${active}`);
    else input.removeAttribute('aria-activedescendant');
  }

  function choose(item) {
    if (item.entry) pick(item.entry);
    else {
      input.value = `/${item.command.name} `;
      showList(suggestions(input.value));
    }
    input.focus();
  }

  // ---- the chosen command's fields
  function pick(chosen) {
    entry = chosen;
    input.value = `${slashOf(chosen)} `;
    showList([]);
    fields = chosen.options.map((option, i) => fieldFor(option, i));
    fieldsBox.replaceChildren(
      el(
        'div',
        { class: 'muted command-chosen' },
        el('strong', {}, slashOf(chosen)),
        ` ${chosen.description ?? ''}`,
      ),
      ...fields.map((f) => f.node),
    );
    fieldsBox.hidden = false;
  }

  function fieldFor(option, i) {
    const id = `command-field-${i}`;
    const control = controlFor(option);
    control.id = id;
    control.required = option.required === true;
    const label = el(
      'label',
      { for: id, title: described(option) },
      option.name,
      option.required ? el('span', { class: 'required', 'aria-hidden': 'true' }, ' *') : null,
    );
    const node = el('div', { class: 'command-field' }, label, control);
    if (option.type === T.STRING && option.autocomplete) {
      const datalist = el('datalist', { id: `${id}-list` });
      control.setAttribute('list', datalist.id);
      node.append(datalist);
      const suggest = debounce(() => fillSuggestions(option, datalist), AUTOCOMPLETE_DELAY_MS);
      control.addEventListener('input', suggest);
      control.addEventListener('focus', suggest);
    }
    return { option, control, node };
  }

  function controlFor(option) {
    const session = host.session();
    const blank = el('option', { value: '' }, option.required ? t('chooseDots') : t('none'));
    const menu = (rows) => el('select', {}, blank, rows);
    if (Array.isArray(option.choices) && option.choices.length > 0)
      return menu(option.choices.map((c) => el('option', { value: String(c.value) }, choiceName(c))));
    if (option.type === T.BOOLEAN)
      return menu([el('option', { value: 'true' }, t('yes')), el('option', { value: 'false' }, t('no'))]);
    if (option.type === T.USER) return menu(session.users.map((u) => el('option', { value: u.id }, u.name)));
    if (option.type === T.CHANNEL)
      return menu(el('option', { value: session.channel.id }, `#${session.channel.name}`));
    if (option.type === T.INTEGER || option.type === T.NUMBER)
      return el('input', {
        type: 'number',
        step: option.type === T.INTEGER ? '1' : 'any',
        min: option.min_value,
        max: option.max_value,
        placeholder: option.min_value !== undefined ? `${option.min_value}–${option.max_value ?? ''}` : null,
      });
    return el('input', {
      type: 'text',
      maxlength: option.max_length,
      minlength: option.min_length,
      autocomplete: 'off',
      placeholder: described(option),
    });
  }

  async function fillSuggestions(option, datalist) {
    if (!entry) return;
    const field = fields.find((f) => f.option === option);
    const { options } = collect(true);
    options[option.name] = field ? field.control.value : '';
    const seen = entry;
    const choices = await host.autocomplete(entry.name, options, option.name);
    if (seen !== entry || !datalist.isConnected || !Array.isArray(choices)) return;
    datalist.replaceChildren(...choices.map((c) => el('option', { value: String(c.value) }, String(c.name))));
  }

  // ---- reading the options
  /** The typed options by name, and the words typed before the first of them (`stray`: none is an option). */
  function typedOptions() {
    const rest = input.value.slice(slashOf(entry).length);
    const names = new Set(entry.options.map((o) => o.name));
    const marks = [...rest.matchAll(/(?:^|\s)([\w-]{1,32}):/g)].filter((m) => names.has(m[1]));
    const stray = rest.slice(0, marks[0]?.index ?? rest.length).trim();
    const typed = new Map(
      marks.map((m, i) => [
        m[1],
        rest.slice(m.index + m[0].length, marks[i + 1]?.index ?? rest.length).trim(),
      ]),
    );
    return { typed, stray };
  }

  function convert(option, raw) {
    const text = raw.trim();
    const session = host.session();
    if (text === '') return { value: undefined };
    if (Array.isArray(option.choices) && option.choices.length > 0) {
      // The value, or the choice's name in English or the page's language, whole or up to its
      // explanation ("do:hinzufügen", "level:Experte" for "Experte: rechnet am längsten…").
      const said = text.toLowerCase();
      const names = (c) => [c.name, choiceName(c)].flatMap((n) => [String(n), shortName(n)]);
      const found = option.choices.find(
        (c) => String(c.value) === text || names(c).some((n) => n.toLowerCase() === said),
      );
      const list = option.choices
        .map((c) => (language() === 'en' ? c.value : shortName(choiceName(c))))
        .join(', ');
      return found ? { value: found.value } : { error: t('oneOf', { name: option.name, list }) };
    }
    if (option.type === T.BOOLEAN) {
      if (/^(true|yes|ja)$/i.test(text)) return { value: true };
      if (/^(false|no|nein)$/i.test(text)) return { value: false };
      return { error: t('trueFalse', { name: option.name }) };
    }
    if (option.type === T.INTEGER || option.type === T.NUMBER) {
      const n = Number(text);
      const whole = option.type === T.INTEGER;
      const low = option.min_value ?? -Infinity;
      const high = option.max_value ?? Infinity;
      if (!Number.isFinite(n) || (whole && !Number.isInteger(n)) || n < low || n > high) {
        const range = Number.isFinite(low) && Number.isFinite(high) ? t('range', { low, high }) : '';
        return { error: t(whole ? 'wholeNumber' : 'number', { name: option.name, range }) };
      }
      return { value: n };
    }
    if (option.type === T.USER) {
      const id = /^<@!?(\d+)>$/.exec(text)?.[1] ?? text;
      const user = session.users.find(
        (u) => u.id === id || u.name.toLowerCase() === id.replace(/^@/, '').toLowerCase(),
      );
      return user ? { value: user.id } : { error: t('noPlayer', { name: option.name, text }) };
    }
    if (option.type === T.CHANNEL) return { value: session.channel.id };
    if (option.min_length && text.length < option.min_length)
      return { error: t('atLeast', { name: option.name, n: option.min_length }) };
    if (option.max_length && text.length > option.max_length)
      return { error: t('atMost', { name: option.name, n: option.max_length }) };
    return { value: text };
  }

  /** The filled options, or the first problem; `lenient` skips the problems (for autocomplete). */
  function collect(lenient) {
    const { typed, stray } = typedOptions();
    // Words that are no option ("/tichu now") would be dropped without a word: Discord takes none.
    if (stray !== '' && !lenient) {
      const command = slashOf(entry);
      const list = entry.options.map((o) => `${o.name}:`).join(' ');
      return {
        error: list
          ? t('strayWords', { words: stray, command, list })
          : t('noOptions', { words: stray, command }),
      };
    }
    const options = {};
    if (entry.sub) options.subcommand = entry.sub;
    if (entry.group) options.subcommandGroup = entry.group;
    for (const f of fields) {
      const raw = f.control.value.trim() !== '' ? f.control.value : (typed.get(f.option.name) ?? '');
      const read = convert(f.option, raw);
      if (read.error && !lenient) return { error: read.error, control: f.control };
      if (read.value === undefined && f.option.required && !lenient)
        return { error: t('required', { name: f.option.name }), control: f.control };
      if (read.value !== undefined) options[f.option.name] = read.value;
    }
    return { options };
  }

  // ---- sending and cancelling
  async function send() {
    const text = input.value.trim();
    if (!entry) {
      const found = entries()
        .filter((e) => `${text} `.startsWith(`${slashOf(e)} `))
        .sort((a, b) => b.path.length - a.path.length)[0];
      if (!found) {
        // "/table" alone, or "/table settings": the command is known, its subcommand is not.
        const first = text.split(/\s+/)[0] ?? '';
        const family = entries().filter((e) => `/${e.path[0]}` === first && e.path.length > 1);
        if (family.length > 0) {
          const list = family.map((e) => e.path.slice(1).join(' ')).join(', ');
          host.error(t('subcommandFirst', { command: first, list }));
        } else if (text !== '') host.error(t('commandFirst'));
        return;
      }
      const typed = input.value;
      pick(found);
      input.value = typed;
    }
    const { options, error, control } = collect(false);
    if (error) {
      host.error(error);
      control?.focus();
      return;
    }
    sendButton.disabled = true;
    const ok = await host.send(entry.name, options).finally(() => {
      sendButton.disabled = false;
    });
    if (ok) clear();
    input.focus();
  }

  function clear() {
    entry = null;
    fields = [];
    input.value = '';
    fieldsBox.replaceChildren();
    fieldsBox.hidden = true;
    showList([]);
  }

  input.addEventListener('input', () => {
    if (entry && !input.value.startsWith(slashOf(entry))) {
      entry = null;
      fields = [];
      fieldsBox.replaceChildren();
      fieldsBox.hidden = true;
    }
    showList(entry ? [] : suggestions(input.value));
  });
  input.addEventListener('keydown', (event) => {
    const open = !list.hidden && items.length > 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) {
        if (!entry) showList(suggestions(input.value));
        return;
      }
      event.preventDefault();
      active = (active + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      markActive();
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      const item = items[active];
      // "/table create" typed in full, with nothing required: Enter sends it at once.
      const whole = item.entry && slashOf(item.entry) === input.value.trim();
      choose(item);
      if (whole && !item.entry.options.some((o) => o.required)) void send();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open) showList([]);
      else clear();
    }
  });
  input.addEventListener('blur', () => setTimeout(() => showList([]), 0));
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && event.target !== input && (entry || input.value)) {
      clear();
      input.focus();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
  return { clear, focus: () => input.focus() };
}

function debounce(run, ms) {
  let timer = null;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
}
