// Undo by consent (issue 25; docs/protocol.md, undo): the bar under the turn banner that offers
// to take back your last move, asks you to answer someone else's request, or says whom a
// request waits for. The server decides who may ask and who must answer (state.undo); this
// only draws it. Its buttons are marked data-undo, not data-action: data-action marks the
// game's own moves (the first enabled one is what the keyboard focus and tests go to).

import { el } from "./dom.js";
import { listText, nameOf } from "./format.js";
import { patch } from "./patch.js";
import { t } from "./i18n.js";

/**
 * Draw the undo bar into `slot` for a state (`undo`: {may_ask, request}); `send` has
 * ask() and answer(accept), each false when the message could not be sent.
 */
export function renderUndo(slot, undo, names, you, send) {
  const parts = undoParts(undo, names, you, send);
  slot.hidden = parts.length === 0;
  patch(slot, parts);
}

/** The bar's contents (empty: nothing to offer or answer). */
export function undoParts(undo, names, you, send) {
  const request = undo && undo.request;
  if (!request) {
    if (!undo || !undo.may_ask) return [];
    return [el("button", { class: "btn btn--small", type: "button", "data-undo": "ask",
      onclick: () => send.ask() }, t("Take back my last move"))];
  }
  const waiting = listText((request.waiting || []).map((seat) => nameOf(names, seat)));
  if (request.seat === you) {
    return [el("span", { class: "undo-text" }, t("You asked to take back your last move; waiting for {players}.", { players: waiting }))];
  }
  const asker = nameOf(names, request.seat);
  if ((request.waiting || []).includes(you)) {
    return [
      el("span", { class: "undo-text" }, t("{player} asks to take back their last move.", { player: asker })),
      el("button", { class: "btn btn--small btn--primary", type: "button", "data-undo": "accept",
        onclick: () => send.answer(true) }, t("Take it back")),
      el("button", { class: "btn btn--small", type: "button", "data-undo": "refuse",
        onclick: () => send.answer(false) }, t("Keep it")),
    ];
  }
  return [el("span", { class: "undo-text" }, t("{player} asks to take back their last move; waiting for {players}.", { player: asker, players: waiting }))];
}
