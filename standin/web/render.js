// Discord payloads as the Discord client draws them: a message with its author, content, embeds
// and buttons, or its Components V2 layout (layouts.js); an ephemeral one with "Only you can see this"; a deferred one "thinking".

import { standinNow } from "./clock.js";
import { IS_COMPONENTS_V2, layoutHtml } from "./layouts.js";
import { escapeHtml, markdown } from "./markdown.js";
import { say } from "./words.js";

const EPHEMERAL = 1 << 6;
const LOADING = 1 << 7;
const BUTTON_STYLES = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium" };

// view: { ctx (markdown context), locale, commandLabel(path) }
export function messageElement(message, view) {
  const item = document.createElement("li");
  item.className = "message";
  item.dataset.id = message.id;
  const flags = message.flags || 0;
  item.classList.toggle("ephemeral", Boolean(flags & EPHEMERAL));
  item.innerHTML = messageHtml(message, view);
  return item;
}

function messageHtml(message, view) {
  const flags = message.flags || 0;
  const author = message.author || {};
  const name = author.global_name || author.username || "unknown";
  const parts = [];
  const invoker = message.interaction_metadata?.user;
  if (invoker) parts.push(replyContext(invoker, message.invoked, view));
  parts.push(`<div class="avatar" aria-hidden="true" style="--hue:${hue(author.id)}">${escapeHtml(name[0].toUpperCase())}</div>`);
  parts.push('<div class="message-body">');
  parts.push(`<header><span class="author">${escapeHtml(name)}</span>`);
  if (author.bot) parts.push('<span class="app-tag">APP</span>');
  parts.push(`<time class="sent" datetime="${escapeHtml(message.timestamp)}">${escapeHtml(sentAt(message.timestamp, view.locale))}</time></header>`);
  if (flags & LOADING) {
    parts.push(`<div class="thinking">${escapeHtml(say(view.locale, "thinking", { name }))}<span class="dots"></span></div>`);
  } else if (message.content) {
    const edited = message.edited_timestamp ? `<span class="edited">${say(view.locale, "edited")}</span>` : "";
    parts.push(`<div class="content">${markdown(message.content, view.ctx)}${edited}</div>`);
  }
  for (const embed of message.embeds || []) parts.push(embedHtml(embed, view, message.attachments || []));
  if (flags & IS_COMPONENTS_V2) parts.push(layoutHtml(message.components || [], view, buttonHtml));
  else parts.push(componentsHtml(message.components || []));
  if (flags & EPHEMERAL) parts.push(ephemeralNote(view.locale));
  parts.push('<div class="interaction-error" hidden></div></div>');
  return parts.join("");
}

function replyContext(user, invoked, view) {
  const who = escapeHtml(user.global_name || user.username);
  const what = invoked ? `<span class="command-name">/${escapeHtml(view.commandLabel(invoked))}</span>` : "";
  return `<div class="reply-context"><span class="mention user" data-user="${user.id}">@${who}</span> ${escapeHtml(say(view.locale, invoked ? "used" : "clicked"))} ${what}</div>`;
}

function ephemeralNote(locale) {
  return `<div class="ephemeral-note"><span aria-hidden="true">👁</span> ${escapeHtml(say(locale, "onlyYou"))} · <button type="button" class="dismiss">${escapeHtml(say(locale, "dismiss"))}</button></div>`;
}

function sentAt(iso, locale) {
  const when = new Date(iso);
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(when);
  if (when.toDateString() === new Date(standinNow()).toDateString()) return `${say(locale, "today")} ${time}`;
  return `${new Intl.DateTimeFormat(locale, { dateStyle: "short" }).format(when)} ${time}`;
}

export function embedHtml(embed, view, attachments = []) {
  const colour = embed.color == null ? "#1e1f22" : `#${embed.color.toString(16).padStart(6, "0")}`;
  const parts = [`<article class="embed" style="--embed-colour:${colour}">`];
  if (embed.author?.name) parts.push(`<div class="embed-author">${escapeHtml(embed.author.name)}</div>`);
  if (embed.title) {
    const title = markdown(embed.title, view.ctx, { inline: true });
    parts.push(`<h3 class="embed-title">${embed.url ? `<a href="${escapeHtml(embed.url)}" target="_blank" rel="noreferrer">${title}</a>` : title}</h3>`);
  }
  if (embed.description) parts.push(`<div class="embed-description">${markdown(embed.description, view.ctx)}</div>`);
  if (embed.fields?.length) parts.push(fieldsHtml(embed.fields, view));
  const image = imageUrl(embed.image?.url, attachments);
  if (image) parts.push(`<img class="embed-image" alt="" src="${escapeHtml(image)}">`);
  // A footer is plain text on Discord, no markdown, its line breaks kept (white-space in the CSS).
  const footer = [embed.footer?.text && escapeHtml(embed.footer.text)];
  if (embed.timestamp) footer.push(escapeHtml(sentAt(embed.timestamp, view.locale)));
  if (footer.some(Boolean)) parts.push(`<footer class="embed-footer">${footer.filter(Boolean).join(" • ")}</footer>`);
  parts.push("</article>");
  return parts.join("");
}

// An embed shows a file of its own message by "attachment://<filename>", as on Discord.
function imageUrl(url, attachments) {
  if (!url?.startsWith("attachment://")) return url;
  return attachments.find((file) => file.filename === url.slice("attachment://".length))?.url;
}

// Up to three inline fields share a row, as in Discord; a field that is not inline has its own.
function fieldsHtml(fields, view) {
  const rows = [];
  for (const field of fields) {
    const last = rows[rows.length - 1];
    if (field.inline && last?.inline && last.fields.length < 3) last.fields.push(field);
    else rows.push({ inline: Boolean(field.inline), fields: [field] });
  }
  const cells = rows.flatMap((row) =>
    row.fields.map((field) => {
      const span = 12 / row.fields.length;
      const name = markdown(field.name, view.ctx, { inline: true });
      const value = markdown(field.value, view.ctx);
      return `<div class="embed-field${row.inline ? " inline" : ""}" style="grid-column:span ${span}"><div class="field-name">${name}</div><div class="field-value">${value}</div></div>`;
    }),
  );
  return `<div class="embed-fields">${cells.join("")}</div>`;
}

function componentsHtml(rows) {
  const html = rows
    .filter((row) => row.type === 1)
    .map((row) => `<div class="action-row">${(row.components || []).map(buttonHtml).join("")}</div>`)
    .join("");
  return html ? `<div class="components">${html}</div>` : "";
}

function buttonHtml(button) {
  if (button.type !== 2) return "";
  const style = BUTTON_STYLES[button.style] || "secondary";
  const emoji = button.emoji ? `<span class="emoji">${escapeHtml(button.emoji.id ? `:${button.emoji.name}:` : button.emoji.name)}</span>` : "";
  const label = button.label ? `<span class="label">${escapeHtml(button.label)}</span>` : "";
  if (button.style === 5) {
    return `<a class="button link" href="${escapeHtml(button.url)}" target="_blank" rel="noreferrer">${emoji}${label}<span aria-hidden="true"> ↗</span></a>`;
  }
  const disabled = button.disabled ? " disabled" : "";
  return `<button type="button" class="button ${style}" data-custom-id="${escapeHtml(button.custom_id ?? "")}"${disabled}>${emoji}${label}</button>`;
}

function hue(id) {
  return Number(BigInt(id || 0) % 360n);
}
