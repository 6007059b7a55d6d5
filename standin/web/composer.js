// The slash-command box: "/" lists the commands the member's client offers, in their language;
// choosing one shows its options (choices, ranges, autocomplete from the bot); the stand-in's
// refusal, if any, is shown where a real client would have refused.

import { escapeHtml } from "./markdown.js";
import { localised, say } from "./words.js";

const SUB_COMMAND = 1;
const GROUP = 2;
const TYPES = { STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, CHANNEL: 7, ROLE: 8, MENTIONABLE: 9, NUMBER: 10, ATTACHMENT: 11 };
const SHOWN = 100;  // every command a bot may have: Discord lists them all, scrolled

export class Composer {
  // actions: { send(path, options) -> Promise, autocomplete(path, focused, options) -> choices,
  //   attach(file) -> the id of the uploaded file, an ATTACHMENT option's value }
  constructor(form, actions) {
    this.form = form;
    this.actions = actions;
    this.input = form.querySelector(".command-input");
    this.picker = form.querySelector(".command-picker");
    this.chosenBox = form.querySelector(".command-form");
    this.error = form.querySelector(".composer-error");
    this.entries = [];
    this.chosen = null;
    this.highlight = 0;
    this.asks = new Set(); // autocomplete requests waiting for typing to pause
    this.input.addEventListener("input", () => this.showPicker());
    this.input.addEventListener("keydown", (event) => this.pickerKeys(event));
    this.picker.addEventListener("mousedown", (event) => this.pick(event));
    form.addEventListener("submit", (event) => this.submit(event));
    form.addEventListener("keydown", (event) => event.key === "Escape" && this.reset());
    form.querySelector(".cancel").addEventListener("click", () => this.reset());
  }

  // context: { commands, locale, placeholder, members, channels, roles }
  setContext(context) {
    const key = JSON.stringify([context.commands, context.locale, context.placeholder]);
    this.context = context;
    if (key === this.key) return; // the world changed around the box: keep what is typed
    this.key = key;
    this.entries = flatten(context.commands, context.locale);
    this.input.placeholder = context.placeholder;
    this.form.querySelector(".send").textContent = say(context.locale, "send");
    this.reset();
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = !text;
  }

  showPicker() {
    const typed = this.input.value.trim().replace(/^\//, "").toLowerCase();
    const open = this.input.value.startsWith("/");
    const found = open ? this.entries.filter((e) => e.label.toLowerCase().includes(typed) || e.path.includes(typed)) : [];
    this.highlight = Math.min(this.highlight, Math.max(found.length - 1, 0));
    this.picker.innerHTML = found
      .slice(0, SHOWN)
      .map(
        (e, i) =>
          `<li role="option" data-path="${escapeHtml(e.path)}" class="${i === this.highlight ? "active" : ""}"><span class="command-label">/${escapeHtml(e.label)}</span><span class="command-description">${escapeHtml(e.description)}</span></li>`,
      )
      .join("");
    this.picker.hidden = !found.length;
  }

  pickerKeys(event) {
    const items = [...this.picker.querySelectorAll("li")];
    if (this.picker.hidden || !items.length) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      this.highlight = (this.highlight + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
      this.showPicker();
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === "Tab") {
      this.choose(items[this.highlight].dataset.path);
      event.preventDefault();
    }
  }

  pick(event) {
    const item = event.target.closest("li[data-path]");
    if (!item) return;
    event.preventDefault();
    this.choose(item.dataset.path);
  }

  choose(path) {
    this.chosen = this.entries.find((e) => e.path === path);
    this.picker.hidden = true;
    this.input.hidden = true;
    this.chosenBox.hidden = false;
    this.chosenBox.querySelector(".command-chip").textContent = `/${this.chosen.label}`;
    const box = this.chosenBox.querySelector(".command-options");
    const ordered = [...this.chosen.options].sort((a, b) => Number(Boolean(b.required)) - Number(Boolean(a.required)));
    box.replaceChildren(...ordered.map((option) => this.field(option)));
    (box.querySelector("input, select") || this.form.querySelector(".send")).focus();
  }

  field(option) {
    const label = document.createElement("label");
    label.className = "option";
    label.dataset.option = option.name;
    const name = localised(option, "name", this.context.locale);
    label.innerHTML = `<span class="option-name">${escapeHtml(name)}${option.required ? "" : ` <i>(${escapeHtml(say(this.context.locale, "optional"))})</i>`}</span>`;
    const control = this.control(option);
    control.title = localised(option, "description", this.context.locale);
    label.append(control);
    if (option.autocomplete) {
      const list = document.createElement("ul");
      list.className = "suggestions";
      list.hidden = true;
      label.append(list);
      const ask = debounce(() => this.suggest(option, control, list), 120);
      this.asks.add(ask);
      control.addEventListener("input", ask);
      control.addEventListener("focus", ask);
      control.addEventListener("blur", () => setTimeout(() => (list.hidden = true), 150));
      list.addEventListener("mousedown", (event) => {
        const item = event.target.closest("li[data-value]");
        if (item) control.value = item.dataset.value;
        list.hidden = true;
      });
    }
    return label;
  }

  control(option) {
    const choices = this.choicesOf(option);
    if (choices) {
      const select = document.createElement("select");
      const blank = option.required ? "" : '<option value=""></option>';
      select.innerHTML = blank + choices.map(([value, text]) => `<option value="${escapeHtml(value)}">${escapeHtml(text)}</option>`).join("");
      return select;
    }
    const input = document.createElement("input");
    input.autocomplete = "off";
    if (option.type === TYPES.ATTACHMENT) input.type = "file";
    if (option.type === TYPES.INTEGER || option.type === TYPES.NUMBER) {
      input.type = "number";
      input.step = option.type === TYPES.INTEGER ? "1" : "any";
      if (option.min_value != null) input.min = option.min_value;
      if (option.max_value != null) input.max = option.max_value;
      input.placeholder = rangeHint(option);
    }
    return input;
  }

  choicesOf(option) {
    const { locale, members, channels, roles } = this.context;
    if (option.choices) return option.choices.map((c) => [String(c.value), localised(c, "name", locale)]);
    if (option.type === TYPES.BOOLEAN) return [["true", "True"], ["false", "False"]];
    if (option.type === TYPES.USER || option.type === TYPES.MENTIONABLE) return members.map((m) => [m.id, m.display_name]);
    if (option.type === TYPES.CHANNEL) return channels.map((c) => [c.id, `#${c.name}`]);
    if (option.type === TYPES.ROLE) return roles.filter((r) => r.name !== "@everyone").map((r) => [r.id, `@${r.name}`]);
    return null;
  }

  values() {
    const options = {};
    for (const label of this.chosenBox.querySelectorAll("label.option")) {
      const option = this.chosen.options.find((o) => o.name === label.dataset.option);
      if (option.type === TYPES.ATTACHMENT) continue; // uploaded when the command is sent
      const raw = label.querySelector("input, select").value.trim();
      if (raw === "") continue;
      if (option.type === TYPES.INTEGER || option.type === TYPES.NUMBER) options[option.name] = Number(raw);
      else if (option.type === TYPES.BOOLEAN) options[option.name] = raw === "true";
      else if (option.type === TYPES.STRING) options[option.name] = roleMentions(raw, this.context.roles);
      else options[option.name] = raw;
    }
    return options;
  }

  // Files chosen for ATTACHMENT options, uploaded first as a Discord client does: name -> id.
  async attachments() {
    const ids = {};
    for (const label of this.chosenBox.querySelectorAll("label.option")) {
      const file = label.querySelector("input[type=file]")?.files?.[0];
      if (file) ids[label.dataset.option] = await this.actions.attach(file);
    }
    return ids;
  }

  async suggest(option, control, list) {
    const chosen = this.chosen;
    const options = { ...this.values(), [option.name]: control.value };
    try {
      const choices = await this.actions.autocomplete(chosen.path, option.name, options);
      if (this.chosen !== chosen) return; // sent or cancelled meanwhile
      list.innerHTML = choices
        .map((c) => `<li data-value="${escapeHtml(String(c.value))}">${escapeHtml(localised(c, "name", this.context.locale))}</li>`)
        .join("");
      list.hidden = !choices.length || document.activeElement !== control;
    } catch (error) {
      this.showError(error.message);
    }
  }

  async submit(event) {
    event.preventDefault();
    if (!this.chosen) return this.showPicker();
    this.stopAsking(); // what is sent is what was typed: no suggestions for it any more
    try {
      await this.actions.send(this.chosen.path, { ...this.values(), ...(await this.attachments()) });
      this.reset();
    } catch (error) {
      this.showError(error.message);
    }
  }

  stopAsking() {
    for (const ask of this.asks) ask.cancel();
  }

  reset() {
    this.stopAsking();
    this.asks.clear();
    this.chosen = null;
    this.chosenBox.hidden = true;
    this.picker.hidden = true;
    this.input.hidden = false;
    this.input.value = "";
    this.showError("");
  }
}

// A role picked with @ in a text option reaches the app as its mention, <@&id>, as Discord's
// client sends it: "@Red @Blue" is sent as "<@&1…> <@&2…>". Longer names first ("@Red Team"
// before "@Red"); a name counts only where it ends (at a space, a comma or the end).
function roleMentions(text, roles) {
  const named = roles.filter((r) => r.name !== "@everyone").sort((a, b) => b.name.length - a.name.length);
  let sent = text;
  for (const role of named) {
    const name = role.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    sent = sent.replace(new RegExp(`@${name}(?=$|[\\s,])`, "g"), `<@&${role.id}>`);
  }
  return sent;
}

function flatten(commands, locale) {
  const entries = [];
  const add = (chain) => {
    const last = chain[chain.length - 1];
    entries.push({
      path: chain.map((c) => c.name).join(" "),
      label: chain.map((c) => localised(c, "name", locale)).join(" "),
      description: localised(last, "description", locale),
      options: (last.options || []).filter((o) => o.type !== SUB_COMMAND && o.type !== GROUP),
    });
  };
  for (const command of commands) {
    const subs = (command.options || []).filter((o) => o.type === SUB_COMMAND || o.type === GROUP);
    if (!subs.length) add([command]);
    for (const sub of subs) {
      if (sub.type === SUB_COMMAND) add([command, sub]);
      else for (const leaf of sub.options || []) add([command, sub, leaf]);
    }
  }
  return entries;
}

// The label of "quiz start" in the member's language, for "used /quiz start".
export function commandLabel(commands, path, locale) {
  const entry = flatten(commands, locale).find((e) => e.path === path);
  return entry ? entry.label : path;
}

function rangeHint(option) {
  if (option.min_value != null && option.max_value != null) return `${option.min_value}–${option.max_value}`;
  return "";
}

// The action once calls pause for `ms`; `cancel()` drops one that is waiting.
function debounce(action, ms) {
  let timer = null;
  const waiting = () => {
    clearTimeout(timer);
    timer = setTimeout(action, ms);
  };
  waiting.cancel = () => clearTimeout(timer);
  return waiting;
}
