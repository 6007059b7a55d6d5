// The stand-in's clock on the page. Its now is the real time plus the lead it was moved by, and
// every time the page shows (a message's "Today at", a <t:…:R> countdown, an event's start) is
// read against it, as the bot's are. The panel shows that time and moves it forward, never back:
// +1 min to +1 day, or to the start of the server's next event.

import { say } from "./words.js";

let leadMs = 0;

export const standinNow = () => Date.now() + leadMs;

const STEPS = [
  ["plusMinute", 60],
  ["plusQuarter", 15 * 60],
  ["plusHour", 3600],
  ["plusDay", 86400],
];
const SHOWN = { weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" };
const UNITS = [
  ["day", 86400],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

export class ClockPanel {
  // api(method, path, body): the control API; nextStart(): the next event's start (ms) or null
  constructor(panel, { api, nextStart }) {
    this.panel = panel;
    this.api = api;
    this.nextStart = nextStart;
    this.now = panel.querySelector(".clock-now");
    this.lead = panel.querySelector(".clock-lead");
    this.error = panel.querySelector(".clock-error");
    this.toNext = panel.querySelector(".clock-next");
    this.locale = "en-US";
    this.onMoved = () => {};
    const steps = panel.querySelector(".clock-steps");
    steps.replaceChildren(
      ...STEPS.map(([word, seconds]) => {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.word = word;
        button.dataset.advance = String(seconds);
        button.addEventListener("click", () => this.move({ advance_s: seconds }));
        return button;
      }),
    );
    this.toNext.addEventListener("click", () => {
      const start = this.nextStart();
      if (start !== null) this.move({ to: new Date(start).toISOString() });
    });
  }

  async load() {
    this.update(await this.api("GET", "/clock"));
  }

  // The clock's state, from the control API or the page's feed (another tab, a test moved it).
  update(state) {
    leadMs = state.offset_s * 1000;
    this.draw();
    this.onMoved();
  }

  setLocale(locale) {
    this.locale = locale;
    this.draw();
  }

  draw() {
    const now = new Date(Math.floor(standinNow() / 1000) * 1000);
    this.now.dateTime = now.toISOString();
    this.now.textContent = new Intl.DateTimeFormat(this.locale, SHOWN).format(now);
    this.lead.textContent = leadMs < 500 ? say(this.locale, "realTime") : say(this.locale, "ahead", { lead: duration(leadMs / 1000, this.locale) });
    this.toNext.disabled = this.nextStart() === null;
  }

  async move(body) {
    this.error.hidden = true;
    try {
      this.update(await this.api("POST", "/clock", body));
    } catch (failure) {
      [this.error.textContent, this.error.hidden] = [failure.message, false];
    }
  }
}

// "1 day, 2 hours, 15 minutes" in the viewer's language.
function duration(seconds, locale) {
  let left = Math.round(seconds);
  const parts = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(left / size);
    left -= count * size;
    if (count) parts.push(new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(count));
  }
  return new Intl.ListFormat(locale, { style: "long", type: "unit" }).format(parts);
}
