// The viewer's hand, shared by the game renderers: a section named "Your hand" with its
// heading, the cards in a row and the controls that go with them.

import { el } from "./dom.js";
import { t } from "./i18n.js";

/** The hand's heading: "Your hand (7)" (without a count: "Your hand"), then `extra`. */
export function handTitle(count = null, { className = null, extra = null } = {}) {
  return el("h2", { class: className }, count === null ? t("Your hand") : t("Your hand ({count})", { count }), extra);
}

/**
 * The hand: `heading` (handTitle with the number of cards unless given), `top`, the cards in a
 * `rowTag` of class `row` (straight in the section without one; `empty` when there are none),
 * the `footer` controls in a div of class `footerClass`, then `note`.
 */
export function hand({
  className, cards, row = null, rowTag = "div", heading = handTitle(cards.length), top = null,
  empty = t("No cards"), footer = [], footerClass = "button-row", note = null,
}) {
  const shown = cards.length || empty === null ? cards : el("span", { class: "muted" }, empty);
  const controls = [footer].flat().filter(Boolean);
  return el("section", { class: className, "aria-label": t("Your hand") },
    heading,
    top,
    row === null ? shown : el(rowTag, { class: row }, shown),
    controls.length ? el("div", { class: footerClass }, controls) : null,
    note);
}
