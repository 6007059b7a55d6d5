// Components V2 (message flag IS_COMPONENTS_V2) as the Discord client draws them: a container
// with its accent bar, sections with their accessory (a button or a thumbnail) beside their
// text, text displays in markdown, separators, media galleries and rows of buttons.

import { escapeHtml, markdown } from "./markdown.js";

export const IS_COMPONENTS_V2 = 1 << 15;
const TYPES = { row: 1, section: 9, text: 10, thumbnail: 11, gallery: 12, separator: 14, container: 17 };

// button(component) -> HTML of one button, as messages without the flag draw theirs
export function layoutHtml(components, view, button) {
  const draw = (component) => componentHtml(component, view, button, draw);
  return `<div class="layout">${components.map(draw).join("")}</div>`;
}

function componentHtml(component, view, button, draw) {
  switch (component.type) {
    case TYPES.container: {
      const colour = component.accent_color == null ? "transparent" : hex(component.accent_color);
      return `<section class="container" style="--accent:${colour}">${component.components.map(draw).join("")}</section>`;
    }
    case TYPES.section: {
      const texts = component.components.map(draw).join("");
      return `<div class="section"><div class="section-text">${texts}</div><div class="accessory">${draw(component.accessory)}</div></div>`;
    }
    case TYPES.text:
      return `<div class="text-display">${markdown(component.content, view.ctx)}</div>`;
    case TYPES.separator: {
      const size = component.spacing === 2 ? " large" : "";
      return `<hr class="separator${component.divider === false ? " invisible" : ""}${size}">`;
    }
    case TYPES.row:
      return `<div class="action-row">${(component.components || []).map(button).join("")}</div>`;
    case TYPES.thumbnail:
      return `<img class="thumbnail" alt="${escapeHtml(component.description ?? "")}" src="${escapeHtml(component.media?.url ?? "")}">`;
    case TYPES.gallery:
      return `<div class="gallery">${component.items.map((item) => `<img alt="${escapeHtml(item.description ?? "")}" src="${escapeHtml(item.media?.url ?? "")}">`).join("")}</div>`;
    default:
      return button(component);
  }
}

function hex(colour) {
  return `#${colour.toString(16).padStart(6, "0")}`;
}
