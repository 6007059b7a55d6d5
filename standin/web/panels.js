// The panels around the chat, as the Discord client draws them, in the viewer's language: the
// servers (and, above them, Direct Messages), a server's channels or the list of DMs, "You are"
// (whom the page shows, a playground's choice) and the member list.

import { escapeHtml } from "./markdown.js";
import { say } from "./words.js";

const $ = (selector) => document.querySelector(selector);

// state: { client, guild, direct (true in the DMs), channelId, viewer, unread (channel ids) }
export function drawPanels(state, locale) {
  drawServers(state, locale);
  if (state.direct) drawDirectList(state, locale);
  else drawChannels(state);
  drawViewerPicker(state, locale);
  drawMembers(state, locale);
}

function drawServers(state, locale) {
  const name = escapeHtml(say(locale, "directMessages"));
  const mark = state.direct ? " active" : state.unread.has(state.client.direct.id) ? " unread" : "";
  const home = `<button type="button" class="server home${mark}" data-direct="${state.client.direct.id}" title="${name}" aria-label="${name}">✉</button><hr class="servers-rule">`;
  $("#servers").innerHTML =
    home +
    state.client.guilds
      .map((g) => `<button type="button" class="server${!state.direct && g.id === state.guild.id ? " active" : ""}" data-guild="${g.id}" title="${escapeHtml(g.name)}">${escapeHtml(initials(g.name))}</button>`)
      .join("");
}

function drawChannels(state) {
  const guild = state.guild;
  $("#server-name").textContent = guild.name;
  $("#channels").innerHTML = guild.channels
    .map((c) => `<button type="button" class="channel${c.id === state.channelId ? " active" : state.unread.has(c.id) ? " unread" : ""}" data-channel="${c.id}"><span class="hash">#</span>${escapeHtml(c.name)}</button>`)
    .join("");
}

function drawDirectList(state, locale) {
  const bot = botMember(state);
  $("#server-name").textContent = say(locale, "directMessages");
  $("#channels").innerHTML = `<button type="button" class="channel direct active" data-direct="${state.client.direct.id}">${avatar(bot)}${escapeHtml(bot.display_name)}<span class="app-tag">APP</span></button>`;
}

export function botMember(state) {
  return state.guild.members.find((m) => m.id === state.client.bot_user_id);
}

function drawViewerPicker(state, locale) {
  const people = state.guild.members.filter((m) => !m.bot);
  const crowd = (m) => m.name.startsWith("crowd-");
  const moderator = (m) => isModerator(state.guild, m);
  const groups = [
    [say(locale, "owner"), people.filter((m) => m.owner)],
    [say(locale, "moderators"), people.filter((m) => !m.owner && moderator(m))],
    [say(locale, "members"), people.filter((m) => !m.owner && !moderator(m) && !crowd(m))],
    [say(locale, "crowd"), people.filter(crowd)],
  ];
  $("#viewer").innerHTML = groups
    .filter(([, list]) => list.length)
    .map(([label, list]) => `<optgroup label="${escapeHtml(label)}">${list.map((m) => `<option value="${m.id}"${m.id === state.viewer.id ? " selected" : ""}>${escapeHtml(personLabel(state.guild, m, locale))}</option>`).join("")}</optgroup>`)
    .join("");
  $("#viewer-info").textContent = `${state.viewer.name} · ${state.viewer.locale}`;
}

function isModerator(guild, member) {
  const moderator = guild.roles.find((r) => r.name === "Moderator");
  return member.manages_server || (moderator && member.roles.includes(moderator.id));
}

function personLabel(guild, member, locale) {
  const role = member.owner ? say(locale, "ownerTag") : isModerator(guild, member) ? "Moderator" : "";
  const language = new Intl.DisplayNames([member.locale], { type: "language" }).of(member.locale);
  return [member.display_name, role, ...heldRoles(guild, member), member.locale.startsWith("en") ? "" : language].filter(Boolean).join(" · ");
}

// The roles a member holds, as Discord's member list shows them: a team, a reward the bot gave.
function heldRoles(guild, member) {
  return guild.roles
    .filter((r) => member.roles.includes(r.id) && !r.managed && r.name !== "Moderator" && r.id !== guild.id)
    .map((r) => `@${r.name}`);
}

function drawMembers(state, locale) {
  const people = state.guild.members;
  const section = (title, list) =>
    list.length ? `<h3>${title ? `${escapeHtml(title)} — ${list.length}` : ""}</h3><ul>${list.map((m) => `<li>${avatar(m, "small")}${escapeHtml(m.display_name)}${m.bot ? '<span class="app-tag">APP</span>' : ""}</li>`).join("")}</ul>` : "";
  const crowd = people.filter((m) => m.name.startsWith("crowd-"));
  const others = people.filter((m) => !m.bot && !m.name.startsWith("crowd-"));
  $("#member-list").innerHTML =
    section(say(locale, "apps"), people.filter((m) => m.bot)) +
    section(say(locale, "moderators"), others.filter((m) => isModerator(state.guild, m))) +
    section(say(locale, "members"), others.filter((m) => !isModerator(state.guild, m))) +
    (crowd.length ? `<details><summary>${escapeHtml(say(locale, "crowd"))} — ${crowd.length}</summary>${section("", crowd)}</details>` : "");
}

function avatar(member, size = "small") {
  return `<span class="avatar ${size}" style="--hue:${Number(BigInt(member.id) % 360n)}">${escapeHtml(member.display_name[0])}</span>`;
}

function initials(name) {
  return name.split(/\s+/).map((w) => w[0]).join("").slice(0, 3).toUpperCase();
}
