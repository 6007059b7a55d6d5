// The crowd panel (playground only): simulated members who answer every question, a chosen
// share of them right. Hidden when the stand-in runs without the playground. Once it is off,
// its members stay in the server (on the boards, in "You are"), and the panel says so.

import { say } from "./words.js";

export class Crowd {
  constructor(panel) {
    this.panel = panel;
    this.enabled = panel.querySelector("#crowd-on");
    this.size = panel.querySelector("#crowd-size");
    this.right = panel.querySelector("#crowd-right");
    this.shown = panel.querySelector("#crowd-right-shown");
    this.status = panel.querySelector(".crowd-status");
    this.locale = "en-US";
    this.settings = null;
  }

  async start(locale) {
    this.locale = locale;
    const response = await fetch("/_playground/crowd");
    if (!response.ok) return;
    this.draw(await response.json());
    this.panel.hidden = false;
    for (const input of [this.enabled, this.size, this.right]) input.addEventListener("change", () => this.save());
    this.right.addEventListener("input", () => (this.shown.value = `${this.right.value} %`));
  }

  setLocale(locale) {
    this.locale = locale;
    if (this.settings) this.draw(this.settings);
  }

  draw(settings) {
    this.settings = settings;
    this.enabled.checked = settings.enabled;
    this.size.value = settings.size;
    this.right.value = Math.round(settings.right * 100);
    this.shown.value = `${this.right.value} %`;
    const off = settings.joined ? say(this.locale, "crowdStays") : say(this.locale, "crowdOff");
    this.status.textContent = settings.enabled ? say(this.locale, "crowdOn", { size: settings.size, right: this.right.value }) : off;
  }

  async save() {
    const body = { enabled: this.enabled.checked, size: Number(this.size.value), right: Number(this.right.value) / 100 };
    const response = await fetch("/_playground/crowd", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const reply = await response.json();
    if (response.ok) this.draw(reply);
    else this.status.textContent = reply.error;
  }
}
