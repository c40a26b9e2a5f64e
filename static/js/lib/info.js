// The info bar at the top of a game's board: a line of facts (round, deck, who started),
// shared by the game renderers.

import { el } from "./dom.js";
import { nameOf } from "./format.js";
import { back } from "./pieces.js";
import { t } from "./i18n.js";

/** One fact: its label in bold, then its value ("Round 2 of 3"). */
export function fact(label, ...value) {
  return el("span", null, el("strong", null, label), value);
}

/** A pile's fact ("Deck: 30 cards") beside a small back of `game`'s cards (a picture only). */
export function pileFact(game, label, ...value) {
  return el("span", { class: "pile-fact" }, back(game, { className: "pc-back--mini" }), el("strong", null, label), value);
}

/** The bar: a div of class `className` holding the facts (null ones are left out). */
export function infoBar(className, ...facts) {
  return el("div", { class: className }, facts);
}

/** "Started by Ada" while the game runs; nothing once it is over or without a start seat. */
export function startedBy(view, names, label = null) {
  if (view.phase === "over" || typeof view.start_seat !== "number") return null;
  if (label === null) {
    // "Started by" in bold, then the name, wherever the language puts it.
    const [before, ...after] = t("Started by {player}").split("{player}");
    return el("span", null, before ? el("strong", null, before) : null, nameOf(names, view.start_seat), after.join(""));
  }
  return fact(label, nameOf(names, view.start_seat));
}
