// The players' tables (rules/monopoly-deal.md, Information: banks and properties are public):
// per seat its hand count, bank (total; the viewer's own bank card by card) and property sets,
// complete sets marked, with their rent and buildings. The viewer's own wildcards that may
// move this turn are buttons (button.md-card[data-card] in .md-sets), picked like a hand card.

import { cardFace } from "../../lib/cards.js";
import { el } from "../../lib/dom.js";
import { nameOf } from "../../lib/format.js";
import { N_, t, tn } from "../../lib/i18n.js";
import { seatEntry, seatOrder } from "../../lib/seats.js";
import { SET_SIZE, cardLook, cardName, cardPicture, colourName, money, smallCard } from "./cards.js";
import { rich } from "./words.js";

const SET_LABELS = {
  plain: N_("{colour} set, {count} of {size} cards: rent {amount}"),
  complete: N_("{colour} set, {count} of {size} cards, complete: rent {amount}"),
  house: N_("{colour} set, {count} of {size} cards, complete, with a house: rent {amount}"),
  hotel: N_("{colour} set, {count} of {size} cards, complete, with a hotel: rent {amount}"),
  both: N_("{colour} set, {count} of {size} cards, complete, with a house and a hotel: rent {amount}"),
};

/** "dark blue set, 2 of 2 cards, complete, with a house: rent 11M". */
export function setLabel(set) {
  const size = SET_SIZE[set.colour] || set.cards.length;
  let kind = set.complete ? "complete" : "plain";
  if (set.complete && set.house) kind = set.hotel ? "both" : "house";
  else if (set.complete && set.hotel) kind = "hotel";
  return t(SET_LABELS[kind], { colour: colourName(set.colour), count: set.cards.length, size, amount: money(set.rent) });
}

/**
 * One set: its colour and fill ("2/3"), a complete mark, its cards (small; a wildcard shows
 * the colour it stands for) and buildings, its rent. `pickable(card)` gives a pick for the
 * viewer's movable wildcards.
 */
export function setBlock(set, index, { pick = null } = {}) {
  const size = SET_SIZE[set.colour] || set.cards.length;
  const cards = set.cards.map((card) => {
    const chosen = pick && pick(card);
    if (!chosen) return smallCard(card, { colour: set.colour });
    return cardFace({ look: cardLook(card, "md-card--small md-movable"), label: t("{card}, now {colour}: move it", { card: cardName(card), colour: colourName(set.colour) }),
      face: cardPicture(card, { colour: set.colour }), key: card, pick: { ...chosen, data: { "data-card": card } } });
  });
  const buildings = [set.house, set.hotel].filter(Boolean).map((card) => smallCard(card, { extra: "md-building" }));
  return el("div", {
    class: `md-set md-c-${set.colour}${set.complete ? " is-complete" : ""}`, "data-set": index, "data-colour": set.colour,
    "data-key": `set ${index} ${set.colour}`, "aria-label": setLabel(set), role: "group",
  },
  el("div", { class: "md-set-head", "aria-hidden": "true" },
    el("span", { class: "md-set-name" }, colourName(set.colour)),
    el("span", { class: "md-set-fill" }, `${set.cards.length}/${size}`),
    set.complete ? el("span", { class: "md-complete" }, `\u2713 ${t("complete")}`) : null,
    el("span", { class: "md-set-rent" }, t("rent {amount}", { amount: money(set.rent) }))),
  el("div", { class: "md-set-cards" }, cards, buildings));
}

/** A seat's sets, or a note that it has none. */
function setsRow(sets, options) {
  if (!sets.length) return el("p", { class: "md-none small muted" }, t("No properties yet"));
  return el("div", { class: "md-sets" }, sets.map((set, index) => setBlock(set, index, options)));
}

/** The viewer's own bank, card by card with its total. */
export function bankRow(cards, total) {
  const label = cards.length ? t("Bank: {amount}, {cards}", { amount: money(total), cards: cards.map(cardName).join(", ") })
    : t("Bank: {amount}", { amount: money(total) });
  return el("div", { class: "md-bank", "aria-label": label },
    el("span", { class: "md-bank-total" }, el("strong", null, `${t("Bank")} `), money(total)),
    cards.length ? el("span", { class: "md-bank-cards", "aria-hidden": "true" }, cards.map((card) => smallCard(card))) : null);
}

/** A seat's facts: cards in hand, bank total, complete colours. */
function facts(view, seat) {
  return el("div", { class: "md-facts small" },
    el("span", { class: "md-held" }, tn("{count} card in hand", "{count} cards in hand", (view.hand_sizes || [])[seat] ?? 0)),
    el("span", { class: "md-bank-of" },
      rich(N_("bank {amount}"), {}, "amount", el("strong", null, money((view.bank_totals || [])[seat] ?? 0)))),
    el("span", { class: "md-done" }, t("{count} of 3 sets", { count: (view.complete_colours || [])[seat] ?? 0 })));
}

/**
 * Every seat at the table, the viewer first (with the bank's cards and the movable wildcards),
 * then the others in turn order from the viewer's left; a spectator sees them from seat 0.
 * `pick(card)` gives the pick for one of the viewer's own cards, or null.
 */
export function tableBlock(view, ctx, { pick = null, below = null } = {}) {
  const players = view.players || (view.hand_sizes || []).length;
  const first = typeof ctx.you === "number" ? ctx.you : 0;
  const acting = new Set(view.to_act || []);
  const winners = new Set((view.result && view.result.winners) || []);
  const entries = seatOrder(players, first).map((seat) => {
    const mine = seat === ctx.you;
    const sets = (view.sets || [])[seat] || [];
    return seatEntry({
      prefix: "md-seat", seat, name: nameOf(ctx.names, seat), you: mine, turn: acting.has(seat),
      classes: [seat === view.turn && view.phase !== "over" ? "is-their-turn" : null],
      badges: [
        seat === view.turn && view.phase !== "over" ? el("span", { class: "badge badge--live" }, t("turn")) : null,
        acting.has(seat) && seat !== view.turn ? el("span", { class: "badge badge--away" }, t("answering")) : null,
        winners.has(seat) ? el("span", { class: "badge badge--win" }, t("winner")) : null,
      ],
      body: [
        facts(view, seat),
        mine ? bankRow((view.banks || [])[seat] || [], (view.bank_totals || [])[seat] ?? 0) : null,
        setsRow(sets, { pick: mine ? pick : null }),
        mine ? below : null,
      ],
    });
  });
  return el("section", { class: "md-table", "aria-label": t("The players' tables") },
    el("h2", null, t("The table")), entries);
}
