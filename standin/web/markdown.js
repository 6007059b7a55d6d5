// Discord's markdown, as its client shows it: bold, italics, underline, strikethrough, spoilers,
// inline code and code blocks, headers, lists, quotes, links, mentions and timestamps.
// Everything is escaped first; only the HTML made here reaches the page.

import { standinNow } from "./clock.js";

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

// ctx: { locale, users: Map(id -> name), roles: Map(id -> name), channels: Map(id -> name) }
export function markdown(text, ctx, { inline = false } = {}) {
  const tokens = [];
  const keep = (html) => `\u0000${tokens.push(html) - 1}\u0000`;
  let source = String(text ?? "");
  source = source.replace(/```(?:([\w+-]+)\n)?([\s\S]*?)```/g, (_, lang, code) =>
    keep(`<pre class="code-block"><code>${escapeHtml(code.replace(/^\n|\n$/g, ""))}</code></pre>`),
  );
  source = source.replace(/`([^`\n]+)`/g, (_, code) => keep(`<code>${escapeHtml(code)}</code>`));
  source = source.replace(/<(@!?|@&|#)(\d+)>/g, (_, kind, id) => keep(mention(kind, id, ctx)));
  source = source.replace(/<t:(-?\d+)(?::([tTdDfFR]))?>/g, (_, seconds, style) =>
    keep(timestampHtml(Number(seconds), style || "f", ctx.locale)),
  );
  source = source.replace(/<a?:(\w+):\d+>/g, (_, name) => keep(`<span class="emoji">:${escapeHtml(name)}:</span>`));
  source = source.replace(/\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g, (_, label, url) =>
    keep(link(url, inlineMarks(escapeHtml(label)))),
  );
  source = source.replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)\]'"]/g, (url) => keep(link(url, escapeHtml(url))));
  let html = escapeHtml(source);
  html = inline ? inlineMarks(html) : blocks(html);
  return html.replace(/\u0000(\d+)\u0000/g, (_, index) => tokens[Number(index)]);
}

function link(url, label) {
  return `<a href="${escapeHtml(url)}" target="_blank" rel="noreferrer noopener">${label}</a>`;
}

function mention(kind, id, ctx) {
  if (kind === "#") {
    const name = ctx.channels.get(id);
    return `<span class="mention channel" data-channel="${id}">#${escapeHtml(name ?? "unknown")}</span>`;
  }
  if (kind === "@&") {
    return `<span class="mention role">@${escapeHtml(ctx.roles.get(id) ?? "unknown-role")}</span>`;
  }
  return `<span class="mention user" data-user="${id}">@${escapeHtml(ctx.users.get(id) ?? "unknown-user")}</span>`;
}

function inlineMarks(html) {
  return html
    .replace(/\*\*\*(.+?)\*\*\*/g, "<strong><em>$1</em></strong>")
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/__(.+?)__/g, "<u>$1</u>")
    .replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, "$1<em>$2</em>")
    .replace(/(^|\W)_(?!\s)(.+?)_(?!\w)/g, "$1<em>$2</em>")
    .replace(/~~(.+?)~~/g, "<s>$1</s>")
    .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler">$1</span>');
}

// Line-based blocks: headers, subtext, lists, quotes; the rest are lines joined by <br>.
function blocks(html) {
  const out = [];
  let list = null;
  let quote = null;
  const flush = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${i}</li>`).join("")}</${list.tag}>`);
    if (quote) out.push(`<blockquote>${quote.join("<br>")}</blockquote>`);
    list = quote = null;
  };
  for (const line of html.split("\n")) {
    const header = /^(#{1,3}) (.+)$/.exec(line);
    const item = /^\s*(?:[-*]|(\d+)\.) (.+)$/.exec(line);
    const quoted = /^&gt; ?(.*)$/.exec(line);
    if (item) {
      const tag = item[1] ? "ol" : "ul";
      if (!list || list.tag !== tag) flush();
      list ??= { tag, items: [] };
      list.items.push(inlineMarks(item[2]));
    } else if (quoted) {
      if (!quote) flush();
      quote ??= [];
      quote.push(inlineMarks(quoted[1]));
    } else {
      flush();
      if (header) out.push(`<h${header[1].length + 2} class="md-header">${inlineMarks(header[2])}</h${header[1].length + 2}>`);
      else if (line.startsWith("-# ")) out.push(`<small class="subtext">${inlineMarks(line.slice(3))}</small>`);
      else out.push(`<span class="line">${inlineMarks(line)}</span>`);
    }
  }
  flush();
  return out.join("");
}

// Timestamps: <t:seconds:style> in the member's language; R counts live (see refreshTimes).

export function timestampHtml(seconds, style, locale) {
  const title = formatTimestamp(seconds, "F", locale);
  const text = formatTimestamp(seconds, style, locale);
  return `<time class="timestamp" data-ts="${seconds}" data-style="${style}" title="${escapeHtml(title)}">${escapeHtml(text)}</time>`;
}

const STYLES = {
  t: { hour: "2-digit", minute: "2-digit" },
  T: { hour: "2-digit", minute: "2-digit", second: "2-digit" },
  d: { day: "2-digit", month: "2-digit", year: "numeric" },
  D: { day: "numeric", month: "long", year: "numeric" },
  f: { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" },
  F: { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" },
};

const UNITS = [
  ["year", 365 * 86400],
  ["month", 30 * 86400],
  ["day", 86400],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

// R counts from the stand-in's now, which the bot's stamps are on too (clock.js).
export function formatTimestamp(seconds, style, locale, now = standinNow()) {
  if (style !== "R") return new Intl.DateTimeFormat(locale, STYLES[style] ?? STYLES.f).format(seconds * 1000);
  const diff = Math.round(seconds - now / 1000);
  const [unit, size] = UNITS.find(([, size]) => Math.abs(diff) >= size) ?? UNITS[UNITS.length - 1];
  return new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(Math.trunc(diff / size), unit);
}

// Relative timestamps count as the Discord client's do: every second, at no cost to the bot.
export function refreshTimes(root, locale) {
  for (const time of root.querySelectorAll('time.timestamp[data-style="R"]')) {
    time.textContent = formatTimestamp(Number(time.dataset.ts), "R", locale);
  }
}
