// A modal the bot opened for the viewer, as Discord's client shows it: its title, each label with
// its input (text, radio group, checkbox group, select, file upload) filled in as the bot sent
// it, and Submit and Cancel. Submitting sends what the viewer typed through the same control call as a test's.

import { escapeHtml } from "./markdown.js";
import { say } from "./words.js";

const LABEL = 18, TEXT_DISPLAY = 10, ACTION_ROW = 1;
const TEXT_INPUT = 4, STRING_SELECT = 3, FILE_UPLOAD = 19, RADIO_GROUP = 21, CHECKBOX_GROUP = 22;
const PARAGRAPH = 2;

export class ModalView {
  constructor(element, { submit, close }) {
    [this.element, this.submit, this.close, this.modal] = [element, submit, close, null];
    element.addEventListener("submit", (event) => {
      event.preventDefault();
      this.send();
    });
    element.addEventListener("click", (event) => {
      if (event.target.closest(".modal-cancel")) this.dismiss();
    });
  }

  show(modal, locale) {
    this.modal = modal;
    const parts = modal.components.map((component) => part(component, locale)).join("");
    this.element.innerHTML = `<div class="modal-box" role="dialog" aria-modal="true" aria-labelledby="modal-title">
      <h2 id="modal-title">${escapeHtml(modal.title)}</h2><div class="modal-fields">${parts}</div>
      <p class="modal-error" role="alert" hidden></p>
      <footer><button type="button" class="modal-cancel">${say(locale, "cancel")}</button>
      <button type="submit" class="modal-submit">${say(locale, "submit")}</button></footer></div>`;
    this.element.hidden = false;
    this.element.querySelector("input, textarea")?.focus();
  }

  hide(interactionId) {
    if (interactionId && this.modal?.interaction_id !== interactionId) return;
    [this.modal, this.element.hidden] = [null, true];
  }

  async send() {
    const button = this.element.querySelector(".modal-submit");
    button.disabled = true;
    try {
      await this.submit(await this.values(), await this.files());
      this.hide();
    } catch (failure) {
      const error = this.element.querySelector(".modal-error");
      [error.textContent, error.hidden] = [failure.message, false];
    } finally {
      button.disabled = false;
    }
  }

  async dismiss() {
    await this.close().catch(() => {});
    this.hide();
  }

  async values() {
    const values = {};
    for (const field of this.element.querySelectorAll("[data-field]")) {
      const name = field.dataset.field;
      if (field.dataset.kind === "radio") values[name] = field.querySelector("input:checked")?.value ?? null;
      else if (field.dataset.kind === "checkboxes") values[name] = [...field.querySelectorAll("input:checked")].map((i) => i.value);
      else if (field.tagName === "SELECT") values[name] = [...field.selectedOptions].map((o) => o.value);
      else if (field.type !== "file") values[name] = field.value;
    }
    return values;
  }

  async files() {
    const files = {};
    for (const input of this.element.querySelectorAll("input[type=file][data-field]")) {
      files[input.dataset.field] = await Promise.all([...input.files].map(encoded));
    }
    return files;
  }
}

function part(component, locale) {
  if (component.type === TEXT_DISPLAY) return `<p class="modal-text">${escapeHtml(component.content)}</p>`;
  if (component.type === ACTION_ROW) return component.components.map((c) => field(c.label || "", "", c, locale)).join("");
  if (component.type === LABEL) return field(component.label, component.description || "", component.component, locale);
  return "";
}

function field(label, description, input, locale) {
  const required = input.required !== false && input.type !== FILE_UPLOAD;
  const mark = required ? ' <span class="required">*</span>' : ` <span class="optional">(${say(locale, "optional")})</span>`;
  // A group of boxes is not one labelled control: a <label> around it would tick its first box
  // when its question is clicked.
  const tag = input.type === RADIO_GROUP || input.type === CHECKBOX_GROUP ? 'div role="group"' : "label";
  return `<${tag} class="modal-field"><span class="modal-label">${escapeHtml(label)}${mark}</span>
    ${description ? `<span class="modal-description">${escapeHtml(description)}</span>` : ""}${control(input)}</${tag.split(" ")[0]}>`;
}

function control(input) {
  const name = escapeHtml(input.custom_id);
  if (input.type === TEXT_INPUT) {
    const limits = `${input.max_length ? ` maxlength="${input.max_length}"` : ""}${input.placeholder ? ` placeholder="${escapeHtml(input.placeholder)}"` : ""}`;
    if (input.style === PARAGRAPH) return `<textarea data-field="${name}" rows="3"${limits}>${escapeHtml(input.value || "")}</textarea>`;
    return `<input data-field="${name}" value="${escapeHtml(input.value || "")}"${limits}>`;
  }
  if (input.type === RADIO_GROUP) {
    const options = input.options.map((o) => `<label class="radio"><input type="radio" name="${name}" value="${escapeHtml(o.value)}"${o.default ? " checked" : ""}> ${escapeHtml(o.label)}</label>`);
    return `<div data-field="${name}" data-kind="radio" class="radio-group">${options.join("")}</div>`;
  }
  if (input.type === CHECKBOX_GROUP) {  // the values ticked, in the options' order
    const options = input.options.map((o) => `<label class="checkbox"><input type="checkbox" value="${escapeHtml(o.value)}"${o.default ? " checked" : ""}> ${escapeHtml(o.label)}</label>`);
    return `<div data-field="${name}" data-kind="checkboxes" class="checkbox-group">${options.join("")}</div>`;
  }
  if (input.type === STRING_SELECT) {
    const many = (input.max_values || 1) > 1 ? " multiple" : "";
    const options = input.options.map((o) => `<option value="${escapeHtml(o.value)}"${o.default ? " selected" : ""}>${escapeHtml(o.label)}</option>`);
    return `<select data-field="${name}"${many}>${options.join("")}</select>`;
  }
  if (input.type === FILE_UPLOAD) return `<input type="file" data-field="${name}"${(input.max_values || 1) > 1 ? " multiple" : ""}>`;
  return "";
}

async function encoded(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { filename: file.name, content: btoa(binary), content_type: file.type || "application/octet-stream" };
}
