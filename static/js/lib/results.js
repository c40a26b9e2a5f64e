// A final-scores table shared by game renderers and the record page.

import { el } from "./dom.js";
import { listText, nameOf, ordinal, places } from "./format.js";
import { t } from "./i18n.js";

/** Rows ordered by place: Place, Player, Score, with winners marked. */
export function scoreTable(outcome, names) {
  const scores = outcome.scores || [];
  const winners = new Set(outcome.winners || []);
  const ranks = places(scores);
  const seats = scores.map((_, seat) => seat).sort((a, b) => ranks[a] - ranks[b] || a - b);
  return el("table", { class: "scores" },
    el("thead", null, el("tr", null,
      el("th", { scope: "col" }, t("Place")), el("th", { scope: "col" }, t("Player")),
      el("th", { scope: "col", class: "num" }, t("Score")))),
    el("tbody", null, seats.map((seat) => el("tr", { class: winners.has(seat) ? "is-winner" : null },
      el("td", null, ordinal(ranks[seat])),
      el("th", { scope: "row" }, nameOf(names, seat),
        winners.has(seat) ? el("span", { class: "badge badge--win" }, t("winner")) : null),
      el("td", { class: "num" }, String(scores[seat]))))));
}

/** "Alice wins!" / "Alice and Bob share the win!" */
export function winnersText(outcome, names) {
  if (outcome.detail && outcome.detail.draw) return t("A draw: nobody can win any more.");
  const winners = (outcome.winners || []).map((seat) => nameOf(names, seat));
  if (winners.length === 0) return t("Game over.");
  if (winners.length === 1) return t("{player} wins!", { player: winners[0] });
  return t("{players} share the win!", { players: listText(winners) });
}
