// The page: a Discord client for the stand-in. It shows one member's view (switch with "You
// are"), follows the stand-in's event stream, and acts through the same control API as tests.

import { Composer, commandLabel } from "./composer.js";
import { escapeHtml, refreshTimes } from "./markdown.js";
import { messageElement } from "./render.js";
import { Crowd } from "./crowd.js";
import { say } from "./words.js";

const $ = (selector) => document.querySelector(selector);
const state = { client: null, guild: null, channelId: null, viewer: null, messages: new Map(), dismissed: new Set(), clicks: new Map() };
let events = null;

async function api(method, path, body) {
  const response = await fetch(`/_sandbox${path}`, {
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

// Who the page shows: a member by name or id (?as=maria), else the first server's owner.
async function start() {
  const asked = new URLSearchParams(location.search).get("as") || localStorage.getItem("playground.as");
  const world = await api("GET", "/state");
  const owner = world.guilds[0]?.owner_id;
  await becomeViewer(asked || owner).catch(() => becomeViewer(owner));
  setInterval(() => refreshTimes($("#messages"), locale()), 1000);
  new Crowd($("#crowd")).start();
}

async function becomeViewer(who) {
  const before = `${state.viewer?.id}/${state.channelId}`;
  state.client = await api("GET", `/client?user=${encodeURIComponent(who)}`);
  const me = state.client.user.id;
  localStorage.setItem("playground.as", state.client.user.name);
  const guilds = state.client.guilds;
  state.guild = guilds.find((g) => g.id === state.guild?.id) || guilds[0];
  state.viewer = state.guild.members.find((m) => m.id === me);
  const keep = state.guild.channels.find((c) => c.id === state.channelId);
  state.channelId = (keep || state.guild.channels.find((c) => c.name === "quiz") || state.guild.channels[0]).id;
  document.documentElement.lang = locale();
  drawSidebars();
  if (`${state.viewer.id}/${state.channelId}` !== before) follow();
}

function drawSidebars() {
  const guild = state.guild;
  $("#servers").innerHTML = state.client.guilds
    .map((g) => `<button type="button" class="server${g.id === guild.id ? " active" : ""}" data-guild="${g.id}" title="${escapeHtml(g.name)}">${escapeHtml(initials(g.name))}</button>`)
    .join("");
  $("#server-name").textContent = guild.name;
  $("#channels").innerHTML = guild.channels
    .map((c) => `<button type="button" class="channel${c.id === state.channelId ? " active" : ""}" data-channel="${c.id}"><span class="hash">#</span>${escapeHtml(c.name)}</button>`)
    .join("");
  const channel = guild.channels.find((c) => c.id === state.channelId);
  $("#channel-name").textContent = channel.name;
  drawViewerPicker();
  drawMembers();
  composer.setContext({ commands: guild.commands, locale: locale(), channel: channel.name, members: guild.members, channels: guild.channels, roles: guild.roles });
}

function drawViewerPicker() {
  const people = state.guild.members.filter((m) => !m.bot);
  const groups = [
    ["Owner", people.filter((m) => m.owner)],
    ["Moderators", people.filter((m) => !m.owner && isModerator(m))],
    ["Members", people.filter((m) => !m.owner && !isModerator(m) && !m.name.startsWith("crowd-"))],
    ["Crowd", people.filter((m) => m.name.startsWith("crowd-"))],
  ];
  $("#viewer").innerHTML = groups
    .filter(([, list]) => list.length)
    .map(([label, list]) => `<optgroup label="${label}">${list.map((m) => `<option value="${m.id}"${m.id === state.viewer.id ? " selected" : ""}>${escapeHtml(personLabel(m))}</option>`).join("")}</optgroup>`)
    .join("");
  $("#viewer-info").textContent = `${state.viewer.name} · ${state.viewer.locale}`;
}

function isModerator(member) {
  const moderator = state.guild.roles.find((r) => r.name === "Moderator");
  return member.manages_server || (moderator && member.roles.includes(moderator.id));
}

function personLabel(member) {
  const role = member.owner ? "owner" : isModerator(member) ? "Moderator" : "";
  const language = new Intl.DisplayNames([member.locale], { type: "language" }).of(member.locale);
  return [member.display_name, role, member.locale.startsWith("en") ? "" : language].filter(Boolean).join(" · ");
}

function drawMembers() {
  const people = state.guild.members;
  const section = (title, list) =>
    list.length ? `<h3>${title} — ${list.length}</h3><ul>${list.map((m) => `<li><span class="avatar small" style="--hue:${Number(BigInt(m.id) % 360n)}">${escapeHtml(m.display_name[0])}</span>${escapeHtml(m.display_name)}${m.bot ? '<span class="app-tag">APP</span>' : ""}</li>`).join("")}</ul>` : "";
  const crowd = people.filter((m) => m.name.startsWith("crowd-"));
  const others = people.filter((m) => !m.bot && !m.name.startsWith("crowd-"));
  $("#member-list").innerHTML =
    section("Apps", people.filter((m) => m.bot)) +
    section("Moderators", others.filter(isModerator)) +
    section("Members", others.filter((m) => !isModerator(m))) +
    (crowd.length ? `<details><summary>Crowd — ${crowd.length}</summary>${section("", crowd)}</details>` : "");
}

// The event stream: opened per member, so the stand-in sends only what that member may see.
function follow() {
  events?.close();
  const pending = [];
  let loaded = false;
  events = new EventSource(`/_sandbox/events?user=${state.viewer.id}`);
  events.addEventListener("ready", async () => {
    loaded = false;
    const history = await api("GET", `/client/messages?user=${state.viewer.id}&channel=${state.channelId}`);
    state.messages = new Map(history.map((m) => [m.id, m]));
    drawMessages();
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
}

function view() {
  const commands = state.guild.commands;
  return { ctx: markdownContext(), locale: locale(), commandLabel: (path) => commandLabel(commands, path, locale()) };
}

function drawMessages() {
  const list = $("#messages");
  const shown = [...state.messages.values()].filter((m) => !state.dismissed.has(m.id)).sort(bySnowflake);
  const context = view();
  list.replaceChildren(...shown.map((m) => messageElement(m, context)));
  list.scrollTop = list.scrollHeight;
}

function upsert(message) {
  settleClicks(message);
  if (state.dismissed.has(message.id)) return;
  state.messages.set(message.id, message);
  const list = $("#messages");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const element = messageElement(message, view());
  const old = list.querySelector(`li[data-id="${message.id}"]`);
  if (old) old.replaceWith(element);
  else {
    const after = [...list.children].find((li) => bySnowflake({ id: li.dataset.id }, message) > 0);
    list.insertBefore(element, after || null);
  }
  if (atBottom || !old) list.scrollTop = list.scrollHeight;
}

function removeMessage(id) {
  state.messages.delete(id);
  $(`#messages li[data-id="${id}"]`)?.remove();
}

function markUnread(channelId) {
  $(`#channels [data-channel="${channelId}"]`)?.classList.add("unread");
}

// Clicking a button: the same control call as a test's click; the button waits for the answer.
async function click(button) {
  const item = button.closest("li.message");
  const error = item.querySelector(".interaction-error");
  error.hidden = true;
  button.classList.add("pending");
  try {
    const { id } = await api("POST", "/interactions/component", { user: state.viewer.id, message_id: item.dataset.id, custom_id: button.dataset.customId });
    state.clicks.set(id, { message: item.dataset.id, button: button.dataset.customId });
    setTimeout(() => settle(id), 3500);
  } catch (failure) {
    button.classList.remove("pending");
    error.textContent = failure.message;
    error.hidden = false;
  }
}

function settleClicks(message) {
  const answered = message.interaction_metadata?.id;
  for (const [id, click] of state.clicks) if (id === answered || click.message === message.id) settle(id);
}

function settle(id) {
  const click = state.clicks.get(id);
  if (!click) return;
  state.clicks.delete(id);
  $(`#messages li[data-id="${click.message}"] [data-custom-id="${CSS.escape(click.button)}"]`)?.classList.remove("pending");
}

function interactionFailed(report) {
  const click = state.clicks.get(report.id);
  if (click) {
    settle(report.id);
    const error = $(`#messages li[data-id="${click.message}"] .interaction-error`);
    if (error) [error.textContent, error.hidden] = [say(locale(), "failed"), false];
  } else {
    composer.showError(say(locale(), "noAnswer"));
  }
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

document.addEventListener("click", (event) => {
  const target = event.target;
  const button = target.closest("button[data-custom-id]");
  if (button && !button.disabled) return click(button);
  if (target.closest(".dismiss")) {
    const id = target.closest("li.message").dataset.id;
    state.dismissed.add(id);
    return removeMessage(id);
  }
  const channel = target.closest("[data-channel]");
  if (channel && state.guild.channels.some((c) => c.id === channel.dataset.channel)) {
    state.channelId = channel.dataset.channel;
    channel.classList.remove("unread");
    follow();
    return drawSidebars();
  }
  const server = target.closest("[data-guild]");
  if (server) {
    state.guild = state.client.guilds.find((g) => g.id === server.dataset.guild);
    state.channelId = null;
    return becomeViewer(state.viewer.id);
  }
});

$("#viewer").addEventListener("change", (event) => becomeViewer(event.target.value));

function bySnowflake(a, b) {
  return BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0;
}

function initials(name) {
  return name.split(/\s+/).map((w) => w[0]).join("").slice(0, 3).toUpperCase();
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
