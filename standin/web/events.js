// The server's events, as the Discord client lists them: each one's name, when it runs (in the
// viewer's time zone and language), where, its status and how many are interested, with the
// "Interested" button for the member the page is being. A press goes through the control API, as
// a person's does (GUILD_SCHEDULED_EVENT_USER_ADD, _REMOVE); the page's feed says when to read
// the list again.

import { escapeHtml } from "./markdown.js";
import { standinNow } from "./clock.js";
import { say } from "./words.js";

const SCHEDULED = 1;
const ACTIVE = 2;
const STATUS_WORDS = { 1: "eventScheduled", 2: "eventActive", 3: "eventCompleted", 4: "eventCanceled" };
const FINISHED_SHOWN = 5; // of the events that are over, the latest few stay in the list
const WHEN = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };

export class EventsPanel {
  // api(method, path, body): the control API
  constructor(panel, { api }) {
    this.panel = panel;
    this.api = api;
    this.list = panel.querySelector(".events-list");
    this.heading = panel.querySelector("h2");
    this.error = panel.querySelector(".events-error");
    this.events = [];
    this.guildId = null;
    this.viewerId = null;
    this.locale = "en-US";
    this.onChanged = () => {};
    this.reading = null; // the read under way, and whether another must follow it
    this.again = false;
    this.list.addEventListener("click", (event) => {
      const button = event.target.closest("button.interested");
      if (button && !button.disabled) this.toggle(button.closest("li.event").dataset.event, button);
    });
  }

  // Whose list and in which language; read again when the server changed.
  async show({ guildId, viewerId, locale, hidden }) {
    const moved = guildId !== this.guildId;
    [this.guildId, this.viewerId, this.locale] = [guildId, viewerId, locale];
    this.panel.hidden = hidden;
    if (moved) this.events = [];
    this.draw();
    if (moved) await this.load();
  }

  async load() {
    if (this.guildId === null) return;
    const asked = this.guildId;
    const events = await this.api("GET", `/scheduled-events?guild_id=${asked}`);
    if (asked !== this.guildId) return; // the viewer moved to another server meanwhile
    this.events = events;
    this.draw();
    this.onChanged();
  }

  // The feed said the list changed: read it again. A burst (a moved clock starts and ends
  // several events) makes one read, and one more if it came during that read; no timer.
  refresh() {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.again = false;
          await this.load();
        } while (this.again);
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  // The start (ms) of the soonest occurrence still to come, or null.
  nextStart() {
    const now = standinNow();
    const starts = this.events
      .filter((e) => e.status === SCHEDULED && e.occurrence)
      .map((e) => Date.parse(e.occurrence.start))
      .filter((start) => start > now);
    return starts.length ? Math.min(...starts) : null;
  }

  draw() {
    const open = this.events.filter((e) => e.status === SCHEDULED || e.status === ACTIVE);
    const over = this.events.filter((e) => !open.includes(e));
    open.sort((a, b) => (b.status === ACTIVE) - (a.status === ACTIVE) || startOf(a) - startOf(b)); // live ones first
    over.sort((a, b) => startOf(b) - startOf(a));
    const title = say(this.locale, "events");
    this.heading.textContent = open.length ? `${title} — ${open.length}` : title;
    const shown = [...open, ...over.slice(0, FINISHED_SHOWN)];
    this.list.innerHTML = shown.length ? shown.map((e) => this.item(e)).join("") : `<li class="events-empty">${escapeHtml(say(this.locale, "noEvents"))}</li>`;
  }

  item(event) {
    const locale = this.locale;
    const mine = event.users.some((u) => u.id === this.viewerId);
    const open = event.status === SCHEDULED || event.status === ACTIVE;
    const count = event.user_count;
    const counted = say(locale, new Intl.PluralRules(locale).select(count) === "one" ? "interestedOne" : "interestedOther", { count });
    const button = open
      ? `<button type="button" class="interested" aria-pressed="${mine}">${mine ? "✓ " : ""}${escapeHtml(say(locale, "interested"))}</button>`
      : "";
    const description = event.description ? `<p class="event-description">${escapeHtml(event.description)}</p>` : "";
    return `<li class="event" data-event="${event.id}" data-status="${event.status}">
      <div class="event-when"><span class="event-status">${escapeHtml(say(locale, STATUS_WORDS[event.status] || "eventScheduled"))}</span> ${when(event, locale)}</div>
      <div class="event-name">${escapeHtml(event.name)}</div>${description}
      <div class="event-location"><span aria-hidden="true">📍</span> ${escapeHtml(event.entity_metadata?.location || "")}</div>
      <div class="event-foot"><span class="event-count">${escapeHtml(counted)}</span>${button}</div>
    </li>`;
  }

  async toggle(eventId, button) {
    const event = this.events.find((e) => e.id === eventId);
    if (!event) return;
    const mine = event.users.some((u) => u.id === this.viewerId);
    button.disabled = true;
    this.error.hidden = true;
    try {
      const changed = await this.api(mine ? "DELETE" : "POST", `/scheduled-events/${eventId}/interested`, { user_id: this.viewerId });
      this.events = this.events.map((e) => (e.id === eventId ? changed : e));
      this.draw();
    } catch (failure) {
      [this.error.textContent, this.error.hidden] = [failure.message, false];
      await this.load();
    }
  }
}

function startOf(event) {
  return Date.parse(event.occurrence?.start || event.scheduled_start_time);
}

// "Mon 7 Jan, 19:00 – 20:00", in the browser's time zone (the viewer's local time).
function when(event, locale) {
  const start = new Date(event.occurrence?.start || event.scheduled_start_time);
  const end = new Date(event.occurrence?.end || event.scheduled_end_time);
  const text = new Intl.DateTimeFormat(locale, WHEN).formatRange(start, end);
  return `<time datetime="${start.toISOString()}">${escapeHtml(text)}</time>`;
}
