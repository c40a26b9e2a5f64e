// Generic renderer for a game without its own module: legal actions as buttons, raw view.
// Game renderers are merged over this one (lib/games.js), so it also supplies the defaults
// for the optional exports.

import { actionButton, legalIndex } from "../lib/actions.js";
import { el, fill } from "../lib/dom.js";
import { compactJson } from "../lib/format.js";
import { patch } from "../lib/patch.js";
import { scoreTable, winnersText } from "../lib/results.js";
import { t } from "../lib/i18n.js";

export const OPTIONS = {};

export function render(root, state, ctx) {
  const legal = legalIndex(state.legal);
  const moves = (state.legal || []).map((action) =>
    actionButton({ action, label: describeAction(action, ctx.names), legal, ctx }));
  patch(root,
    el("section", { class: "panel" },
      el("h2", null, t("Your moves")),
      moves.length ? el("div", { class: "button-row" }, moves)
        : el("p", { class: "muted" }, t("Nothing to do right now."))),
    el("details", { class: "panel" },
      el("summary", null, t("Table data")),
      el("pre", { class: "json" }, JSON.stringify(state.view, null, 2))));
}

export function describeLog(entry) {
  const { type, ...rest } = entry || {};
  return `${type || "event"}: ${compactJson(rest)}`;
}

export function describeAction(action) {
  return compactJson(action);
}

export function turnHint() {
  return "";
}

export function renderOutcome(root, outcome, view, names) {
  fill(root, el("p", { class: "outcome-winners" }, winnersText(outcome, names)),
    scoreTable(outcome, names));
}
