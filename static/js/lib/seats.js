// The player strip of a game's board: one entry per seat with the name, a "you" badge and
// the turn mark, the order of play around the table, shared by the game renderers.

import { el } from "./dom.js";
import { t } from "./i18n.js";

/** The badge next to the viewer's own name. */
export function youBadge(text = t("you")) {
  return el("span", { class: "badge badge--you" }, text);
}

/** Seats in the order of play from `first`, one `direction` step (1 or -1) at a time. */
export function seatOrder(count, first = 0, direction = 1) {
  return Array.from({ length: count }, (_, step) => (((first + step * direction) % count) + count) % count);
}

/**
 * One seat's entry: a `tag` of class `prefix` (then is-you, is-turn and `classes`), a header
 * (prefix-head) with the name (prefix-name), the "you" badge and `badges`, then `body`.
 * `attrs` default to data-seat; data-key (the seat) keeps the entry the same node across frames.
 */
export function seatEntry({
  prefix, seat, name, you = false, turn = false, classes = [], badges = [], body = [],
  tag = "article", attrs = { "data-seat": seat },
}) {
  const names = [prefix, you ? "is-you" : null, turn ? "is-turn" : null, ...classes].filter(Boolean);
  return el(tag, { class: names.join(" "), "data-key": `seat ${seat}`, ...attrs },
    el("header", { class: `${prefix}-head` },
      el("strong", { class: `${prefix}-name` }, name), you ? youBadge() : null, badges),
    body);
}
