// The page: a Discord client for the stand-in. It shows one member's view (switch with "You
// are"), in a server's channels or in their DM with the bot, with the server's events and the
// stand-in's clock beside them; it follows the stand-in's event stream, and acts through the same
// control API as tests.

import { ClockPanel } from "./clock.js";
import { Composer, commandLabel } from "./composer.js";
import { EventsPanel } from "./events.js";
import { escapeHtml, refreshTimes } from "./markdown.js";
import { messageElement } from "./render.js";
import { Crowd } from "./crowd.js";
import { ModalView } from "./modal.js";
import { botMember, drawPanels } from "./panels.js";
import { say, translatePage } from "./words.js";

const $ = (selector) => document.querySelector(selector);
const COMPONENT = 3; // an interaction's type: a click
const HISTORY = 100; // the messages the stand-in gives of a channel (standin/people.py)
const state = {
  client: null,
  guild: null,
  direct: false, // in the DM with the bot rather than a server's channel
  channelId: null,
  viewer: null,
  messages: new Map(),
  dismissed: new Set(),
  unread: new Set(), // channel ids
  clicks: new Map(), // clicks waiting for the bot's answer: "message custom_id" -> button
};
let events = null;
let crowd = null;
const calendar = new EventsPanel($("#events"), { api });
const clock = new ClockPanel($("#clock"), { api, nextStart: () => calendar.nextStart() });
calendar.onChanged = () => clock.draw(); // "to the next event's start" follows the list
clock.onMoved = () => refreshTimes($("#messages"), locale());

async function api(method, path, body) {
  const response = await fetch(`/_standin${path}`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const reply = await response.json();
  if (!response.ok) throw new Error(reply.error || `${response.status}`);
  return reply;
}

const locale = () => state.viewer?.locale || "en-US";

function markdownContext() {
  const guild = state.guild;
  return {
    locale: locale(),
    users: new Map(guild.members.map((m) => [m.id, m.display_name])),
    roles: new Map(guild.roles.map((r) => [r.id, r.name])),
    channels: new Map(guild.channels.map((c) => [c.id, c.name])),
  };
}

// Who the page shows: a member by name or id (?as=maria), else the one shown here last, else
// the one a playground starts with (its Moderator, as the README does), else the owner.
async function start() {
  const asked = new URLSearchParams(location.search).get("as") || localStorage.getItem("playground.as");
  const world = await api("GET", "/state");
  const owner = world.guilds[0]?.owner_id;
  crowd = new Crowd($("#crowd"));
  await becomeViewer(asked || (await playgroundViewer()) || owner).catch(() => becomeViewer(owner));
  setInterval(() => (refreshTimes($("#messages"), locale()), clock.draw()), 1000);
  crowd.start(locale());
}

async function playgroundViewer() {
  const response = await fetch("/_playground/page");
  return response.ok ? (await response.json()).viewer : null;
}

const place = () => `${state.viewer?.id}/${state.channelId}`;

async function becomeViewer(who) {
  const before = place();
  state.client = await api("GET", `/client?user=${encodeURIComponent(who)}`);
  const me = state.client.user.id;
  localStorage.setItem("playground.as", state.client.user.name);
  const guilds = state.client.guilds;
  state.guild = guilds.find((g) => g.id === state.guild?.id) || guilds[0];
  state.viewer = state.guild.members.find((m) => m.id === me);
  if (state.direct) state.channelId = state.client.direct.id;
  else {
    const keep = state.guild.channels.find((c) => c.id === state.channelId);
    state.channelId = (keep || state.guild.channels.find((c) => c.name === "quiz") || state.guild.channels[0]).id;
  }
  document.documentElement.lang = locale();
  drawSidebars();
  if (place() !== before) follow();
}

function drawSidebars() {
  drawPanels(state, locale());
  translatePage(document, locale());
  crowd?.setLocale(locale());
  clock.setLocale(locale());
  calendar.show({ guildId: state.guild.id, viewerId: state.viewer.id, locale: locale(), hidden: state.direct }).catch(showPanelError);
  const here = placeName();
  $("#channel-mark").textContent = state.direct ? "@" : "#";
  $("#channel-name").textContent = here;
  const placeholder = state.direct ? say(locale(), "placeholderDirect", { name: here }) : say(locale(), "placeholder", { channel: here });
  const guild = state.guild;
  const commands = state.direct ? state.client.direct.commands : guild.commands;
  composer.setContext({ commands, locale: locale(), placeholder, members: guild.members, channels: guild.channels, roles: guild.roles });
}

function placeName() {
  if (state.direct) return botMember(state).display_name;
  return state.guild.channels.find((c) => c.id === state.channelId).name;
}

// The event stream: opened per member, so the stand-in sends only what that member may see.
function follow() {
  events?.close();
  const pending = [];
  let loaded = false;
  events = new EventSource(`/_standin/events?user=${state.viewer.id}`);
  events.addEventListener("ready", async () => {
    loaded = false;
    // What changed while the stream was closed: the clock, the server's events.
    clock.load().catch(showPanelError);
    calendar.refresh().catch(showPanelError);
    const history = await api("GET", `/client/messages?user=${state.viewer.id}&channel=${state.channelId}`);
    state.messages = new Map(history.map((m) => [m.id, m]));
    drawMessages(history.length < HISTORY);
    loaded = true;
    pending.splice(0).forEach(upsert);
  });
  const onMessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.channel_id !== state.channelId) return markUnread(message.channel_id);
    loaded ? upsert(message) : pending.push(message);
  };
  events.addEventListener("message_create", onMessage);
  events.addEventListener("message_update", onMessage);
  events.addEventListener("message_delete", (event) => removeMessage(JSON.parse(event.data).id));
  events.addEventListener("interaction_failed", (event) => interactionFailed(JSON.parse(event.data)));
  events.addEventListener("world", debounce(() => becomeViewer(state.viewer.id), 150));
  events.addEventListener("modal_open", (event) => modal.show(JSON.parse(event.data), locale()));
  events.addEventListener("modal_close", (event) => modal.hide(JSON.parse(event.data).interaction_id));
  events.addEventListener("scheduled_event", (event) => {
    if (JSON.parse(event.data).guild_id === state.guild.id) calendar.refresh().catch(showPanelError);
  });
  events.addEventListener("clock", (event) => clock.update(JSON.parse(event.data)));
  api("GET", `/modals?user=${state.viewer.id}`).then((open) => modal.show(open, locale()), () => modal.hide());
}

function showPanelError(failure) {
  const shown = $("#events .events-error");
  [shown.textContent, shown.hidden] = [failure.message, false];
}

function view() {
  const commands = state.direct ? state.client.direct.commands : state.guild.commands;
  return { ctx: markdownContext(), locale: locale(), commandLabel: (path) => commandLabel(commands, path, locale()) };
}

function drawMessages(fromTheStart) {
  const list = $("#messages");
  const shown = [...state.messages.values()].filter((m) => !state.dismissed.has(m.id)).sort(bySnowflake);
  const context = view();
  list.replaceChildren(...(fromTheStart ? [welcome()] : []), ...shown.map((m) => drawn(m, context)));
  list.scrollTop = list.scrollHeight;
}

// What Discord shows above a channel's first message.
function welcome() {
  const item = document.createElement("li");
  item.className = "channel-welcome";
  const name = placeName();
  const [title, body] = state.direct
    ? [`@${name}`, say(locale(), "welcomeDirect", { name })]
    : [say(locale(), "welcome", { channel: name }), say(locale(), "welcomeBody", { channel: name })];
  item.innerHTML = `<h2>${escapeHtml(title)}</h2><p>${escapeHtml(body)}</p>`;
  return item;
}

// A message's element, its buttons still waiting where a click on them is.
function drawn(message, context) {
  const element = messageElement(message, context);
  for (const [key, customId] of state.clicks) {
    if (key.startsWith(`${message.id} `)) element.querySelector(`[data-custom-id="${CSS.escape(customId)}"]`)?.classList.add("pending");
  }
  return element;
}

function upsert(message) {
  if (state.dismissed.has(message.id)) return;
  state.messages.set(message.id, message);
  const list = $("#messages");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const element = drawn(message, view());
  const old = list.querySelector(`li[data-id="${message.id}"]`);
  if (old) old.replaceWith(element);
  else {
    const after = [...list.querySelectorAll(":scope > li.message")].find((li) => bySnowflake({ id: li.dataset.id }, message) > 0);
    list.insertBefore(element, after || null);
  }
  if (atBottom || !old) list.scrollTop = list.scrollHeight;
}

function removeMessage(id) {
  state.messages.delete(id);
  $(`#messages li[data-id="${id}"]`)?.remove();
}

function markUnread(channelId) {
  state.unread.add(channelId);
  for (const mark of document.querySelectorAll(`#channels [data-channel="${channelId}"], #servers [data-direct="${channelId}"]`)) mark.classList.add("unread");
}

// A click: the same control call as a test's, answered once the bot has acknowledged it (or
// its 3 s are up), which is when the Discord client stops showing the button as busy.
async function click(button) {
  const messageId = button.closest("li.message").dataset.id;
  const customId = button.dataset.customId;
  const key = `${messageId} ${customId}`;
  if (state.clicks.has(key)) return;
  showClickError(messageId, "");
  state.clicks.set(key, customId);
  button.classList.add("pending");
  try {
    const report = await api("POST", "/interactions/component", { user: state.viewer.id, message_id: messageId, custom_id: customId, wait: true });
    if (report.failed) showClickError(messageId, say(locale(), "failed"));
  } catch (failure) {
    showClickError(messageId, failure.message);
  } finally {
    state.clicks.delete(key);
    $(`#messages li[data-id="${messageId}"] [data-custom-id="${CSS.escape(customId)}"]`)?.classList.remove("pending");
  }
}

function showClickError(messageId, text) {
  const error = $(`#messages li[data-id="${messageId}"] .interaction-error`);
  if (error) [error.textContent, error.hidden] = [text, !text];
}

function interactionFailed(report) {
  if (report.type === COMPONENT) return; // the click's own answer said so, under its message
  composer.showError(say(locale(), "noAnswer"));
}

const composer = new Composer($("#composer"), {
  send: (path, options) => api("POST", "/interactions/command", { user: state.viewer.id, channel: state.channelId, command: path, options }),
  attach: async (file) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const body = { channel_id: state.channelId, filename: file.name, content: btoa(binary), content_type: file.type || "application/octet-stream" };
    return (await api("POST", "/command-files", body)).id;
  },
  autocomplete: async (path, focused, options) => {
    const report = await api("POST", "/interactions/autocomplete", { user: state.viewer.id, channel: state.channelId, command: path, focused, options, wait: true });
    return report.responses[0]?.body?.data?.choices || [];
  },
});

// A modal the bot opened for the viewer (a form), submitted or closed as Discord's client does.
const modal = new ModalView($("#modal"), {
  submit: async (values, files) => {
    const report = await api("POST", "/modals/submit", { user: state.viewer.id, values, files, wait: true });
    if (report.failed) composer.showError(say(locale(), "noAnswer"));
  },
  close: () => api("POST", "/modals/close", { user: state.viewer.id }),
});

function go(direct, channelId) {
  [state.direct, state.channelId] = [direct, channelId];
  state.unread.delete(channelId);
  follow();
  drawSidebars();
}

document.addEventListener("click", (event) => {
  const target = event.target;
  const button = target.closest("button[data-custom-id]");
  if (button && !button.disabled) return click(button);
  if (target.closest(".dismiss")) {
    const id = target.closest("li.message").dataset.id;
    state.dismissed.add(id);
    return removeMessage(id);
  }
  if (target.closest("[data-direct]")) return go(true, state.client.direct.id);
  const channel = target.closest("[data-channel]");
  if (channel && state.guild.channels.some((c) => c.id === channel.dataset.channel)) return go(false, channel.dataset.channel);
  const server = target.closest("[data-guild]");
  if (server) {
    state.guild = state.client.guilds.find((g) => g.id === server.dataset.guild);
    [state.direct, state.channelId] = [false, null];
    return becomeViewer(state.viewer.id);
  }
});

$("#viewer").addEventListener("change", (event) => becomeViewer(event.target.value));

function bySnowflake(a, b) {
  return BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0;
}

function debounce(action, ms) {
  let timer = null;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(action, ms);
  };
}

start().catch((error) => {
  $("#messages").innerHTML = `<li class="page-error">${escapeHtml(error.message)}</li>`;
});
