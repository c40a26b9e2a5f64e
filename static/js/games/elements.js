// Elements renderer (rules: shared/rules/elements.md). Cards are "colour-value" ids ("blue-7").
// The colour row runs from the box (index 0, the most valuable colour) outwards. A round:
// place a card face down in front of a colour (pick a hand card, then a colour), auction the
// point cards (play cards from your hand or pass), then choose the cards you keep.

import { actionButton, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { el, fill, srOnly } from "../lib/dom.js";
import { compactJson, listText, nameOf, ordinal } from "../lib/format.js";
import { N_, t, tn } from "../lib/i18n.js";
import { hand } from "../lib/hand.js";
import { fact, infoBar, pileFact, startedBy } from "../lib/info.js";
import { patch } from "../lib/patch.js";
import { backArt, mark } from "../lib/pieces.js";
import { scoreTable, winnersText } from "../lib/results.js";
import { seatOrder, youBadge } from "../lib/seats.js";

const COLOURS = ["red", "yellow", "green", "blue", "purple"];
const COLOUR_NAMES = { red: N_("red"), yellow: N_("yellow"), green: N_("green"), blue: N_("blue"), purple: N_("purple") };
const DECK_SIZE = 55;

export const OPTIONS = {
  keep: {
    label: t("Cards kept between rounds"),
    choices: [
      ["any", t("Any number (seed rules)")],
      ["one", t("At most one (English rule sheet)")],
    ],
  },
  tie_break: {
    label: t("Ties"),
    choices: [
      ["shared", t("Shared win")],
      ["most_point_cards", t("Most point cards wins")],
    ],
  },
};

// Choices made on this page that are not moves yet: the hand card picked for a placement and
// the two cards picked for a lap-3 bid. Kept across redraws, dropped when no longer legal.
const choice = localChoice({ placing: null, pair: [] }, draw);
const local = choice.picked;
export const render = choice.render;

// ---- cards and words -----------------------------------------------------------------------

function parseCard(id) {
  const text = String(id || "");
  const cut = text.lastIndexOf("-");
  const colour = cut > 0 ? text.slice(0, cut) : "";
  const value = Number(text.slice(cut + 1));
  return { id: text, colour: COLOURS.includes(colour) ? colour : "unknown", value };
}

/** A colour in the reader's language: "blue". */
function colourName(colour) {
  return COLOUR_NAMES[colour] ? t(COLOUR_NAMES[colour]) : String(colour ?? "");
}

/** "blue 7" */
function cardName(id) {
  const card = parseCard(id);
  return t("{colour} {value}", { colour: colourName(card.colour), value: card.value });
}

/** Items joined by commas, as the reader writes them ("red, blue, green"). */
function commaList(items) {
  return items.join(t(", "));
}

function sum(numbers) {
  return (numbers || []).reduce((total, number) => total + number, 0);
}

/** A combination in words: "pair of 7s", "three blues", "single blue 9". */
function comboWords(combo) {
  if (!combo) return t("no cards");
  const { kind } = combo;
  const number = combo.number;
  const colour = colourName(combo.colour);
  switch (kind) {
    case "number_four": return t("four {number}s", { number });
    case "colour_four": return t("four {colour}s", { colour });
    case "number_three": return t("three {number}s", { number });
    case "colour_three": return t("three {colour}s", { colour });
    case "number_pair": return t("pair of {number}s", { number });
    case "colour_pair": return t("pair of {colour}s", { colour });
    case "single": return t("single {colour} {number}", { colour, number });
    default: return String(kind || "?");
  }
}

/**
 * The best pattern in 1-4 cards under the colour row (mirrors app/rules/elements/combinations.py;
 * only used to preview what a bid would make, the server decides).
 */
function bestCombo(ids, row) {
  const cards = ids.map(parseCard);
  const worth = (colour) => row.length - row.indexOf(colour);
  let best = null;
  const consider = (subset) => {
    let found = null;
    const values = new Set(subset.map((card) => card.value));
    const colours = new Set(subset.map((card) => card.colour));
    const top = Math.max(...subset.map((card) => card.value));
    const size = subset.length;
    if (size === 1) {
      found = { kind: "single", number: subset[0].value, colour: subset[0].colour,
        key: [1, subset[0].value, worth(subset[0].colour)] };
    } else if (values.size === 1) {
      const kinds = { 2: ["number_pair", 3], 3: ["number_three", 5], 4: ["number_four", 7] };
      const [kind, rank] = kinds[size];
      const key = size === 2 ? [rank, subset[0].value, Math.max(...subset.map((c) => worth(c.colour)))]
        : [rank, subset[0].value];
      found = { kind, number: subset[0].value, colour: null, key };
    } else if (colours.size === 1) {
      const kinds = { 2: ["colour_pair", 2], 3: ["colour_three", 4], 4: ["colour_four", 6] };
      const [kind, rank] = kinds[size];
      found = { kind, number: null, colour: subset[0].colour, key: [rank, worth(subset[0].colour), top] };
    }
    if (found && (!best || compareKeys(found.key, best.key) > 0)) best = found;
  };
  const count = cards.length;
  for (let mask = 1; mask < 1 << count; mask += 1) {
    consider(cards.filter((_, index) => mask & (1 << index)));
  }
  return best;
}

function compareKeys(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff) return diff;
  }
  return 0;
}

/** A number card: coloured, its number big, its colour written small (colour-blind friendly). */
function numberCard(id, { extra = "", label = null } = {}) {
  const { colour, value } = parseCard(id);
  return cardFace({ look: `el-card el-card--${colour}${extra ? ` ${extra}` : ""}`, label: label || cardName(id),
    face: [mark(colour, "el-card-mark"), // its colour's shape (lib/pieces.js): colour is never alone
      el("span", { class: "el-card-value", "aria-hidden": "true" }, String(value)),
      el("span", { class: "el-card-colour", "aria-hidden": "true" }, colourName(colour))] });
}

/** Hand cards sorted by the colour row (most valuable colour first), then by number. */
function sortedHand(hand, row) {
  const rank = (colour) => (row.includes(colour) ? row.indexOf(colour) : row.length);
  return hand.slice().sort((a, b) => {
    const x = parseCard(a);
    const y = parseCard(b);
    return rank(x.colour) - rank(y.colour) || x.value - y.value;
  });
}

// ---- board ---------------------------------------------------------------------------------

function draw(root, state, ctx) {
  const view = state.view || {};
  const legal = legalIndex(state.legal);
  const actions = state.legal || [];
  const you = typeof ctx.you === "number" && ctx.you < (view.players || 0) ? ctx.you : null;
  const turn = { view, legal, actions, ctx, you, row: (view.row || []).map((slot) => slot.colour) };
  tidyLocal(turn);

  patch(root, el("div", { class: "el" },
    infoLine(view, ctx.names),
    turnPanel(turn),
    colourRow(turn),
    view.auction ? auctionPanel(turn) : null,
    view.phase === "refill" ? refillPanel(turn) : null,
    you === null ? null : handPanel(turn),
    playersPanel(turn)));
}

/** Forget local picks that no longer fit the legal actions (another state arrived). */
function tidyLocal(turn) {
  const placeable = new Set(turn.actions.filter((a) => a.type === "place_card").map((a) => a.card));
  if (!placeable.has(local.placing)) local.placing = null;
  const pairable = new Set(turn.actions.filter((a) => a.type === "bid" && a.cards.length === 2).flatMap((a) => a.cards));
  local.pair = local.pair.filter((id) => pairable.has(id));
}

function infoLine(view, names) {
  const phase = {
    place: N_("Phase 1: colour order"),
    auction: N_("Phase 2: auctions"),
    refill: N_("Phase 3: refill"),
    over: N_("Game over"),
  }[view.phase];
  return infoBar("el-info",
    fact(t("Round "), t("{round} of {rounds}", { round: view.round ?? "–", rounds: view.rounds ?? "–" })),
    el("span", null, phase ? t(phase) : ""),
    startedBy(view, names),
    view.phase === "refill"
      ? pileFact("elements", t("Deck: "), tn("{count} card to shuffle", "{count} cards to shuffle", DECK_SIZE - sum(view.hand_counts)))
      : pileFact("elements", t("Draw pile: "), tn("{count} card", "{count} cards", view.pile ?? 0)));
}

// ---- what to do now ------------------------------------------------------------------------

function turnPanel(turn) {
  const { view, ctx, actions } = turn;
  const names = ctx.names;
  if (view.phase === "over") return null;
  const mine = actions.length > 0;
  let text;
  if (view.phase === "place") {
    const placed = (view.row || []).filter((slot) => slot.taken).length;
    text = mine
      ? [el("strong", null, t("Place a card face down: ")),
        local.placing ? t("put your {card} in front of a free colour in the row.", { card: cardName(local.placing) })
          : t("pick a card from your hand, then a free colour in the row. Nobody sees it until all five are revealed.")]
      : [t("{player} is placing a card face down ({placed} of {players} placed).",
        { player: nameOf(names, view.to_act), placed, players: view.players })];
  } else if (view.phase === "auction") {
    const auction = view.auction || {};
    const play = auction.cards_needed === 2 ? t("play two cards at once from your hand, or pass.")
      : auction.lap === 2 ? t("play one more card from your hand, or pass.") : t("play one card from your hand, or pass.");
    text = mine
      ? [el("strong", null, t("Lap {lap}: ", { lap: auction.lap })), play,
        auction.cards_needed === 2 ? t(" Pick two cards below.") : t(" Click a card below to play it.")]
      : [t("{player} is bidding (lap {lap}).", { player: nameOf(names, view.to_act), lap: auction.lap })];
  } else if (view.phase === "refill") {
    const waiting = (Array.isArray(view.to_act) ? view.to_act : []).filter((seat) => seat !== ctx.you);
    text = mine
      ? [el("strong", null, t("Choose the cards you keep: ")),
        view.keep === "one" ? t("you may keep at most one card; put back the ones you do not want, then keep the rest. Everyone refills to 11.")
          : t("put back the ones you do not want, then keep the rest. Everyone refills to 11.")]
      : [waiting.length ? t("Waiting for {players} to choose the cards they keep.", { players: listText(waiting.map((seat) => nameOf(names, seat))) })
        : t("Dealing the next round…")];
  }
  return el("section", { class: `el-turn${mine ? " is-mine" : ""}`, "aria-label": mine ? t("Your turn") : t("Turn") },
    el("p", { class: "el-turn-text" }, text));
}

// ---- the colour row ------------------------------------------------------------------------

function colourRow(turn) {
  const { view, ctx } = turn;
  const row = view.row || [];
  const secret = view.phase === "place" && row.some((slot) => slot.placed_by === ctx.you && slot.card);
  return el("section", { class: "el-row-block", "aria-label": t("Colour row, from the box outwards") },
    el("div", { class: "el-row-head" },
      el("h2", null, t("Colour row")),
      el("span", { class: "small muted" }, t("most valuable at the box \u2192 least at the far end"))),
    el("ol", { class: "el-row" },
      el("li", { class: "el-box", "aria-hidden": "true" }, el("span", null, t("Box"))),
      row.map((slot, position) => colourSlot(turn, slot, position))),
    secret ? el("p", { class: "el-legend small muted" },
      t("Dashed: your face-down card. Only you see it until all five are revealed.")) : null);
}

function colourSlot(turn, slot, position) {
  const { view, ctx, legal } = turn;
  const names = ctx.names;
  const rank = position + 1;
  const placing = view.phase === "place" && local.placing;
  let content;
  if (!slot.taken) {
    if (view.phase === "place" && turn.actions.length) {
      const action = { type: "place_card", card: local.placing || "", colour: slot.colour };
      content = actionButton({ action, legal, ctx, className: "el-slot-button",
        title: placing ? t("Place {card} face down in front of {colour}", { card: cardName(local.placing), colour: colourName(slot.colour) })
          : t("Pick a card from your hand first"),
        label: [el("span", { "aria-hidden": "true" }, placing ? t("Place here") : t("free")),
          srOnly(t(" in front of {colour}", { colour: colourName(slot.colour) }))] });
    } else {
      content = el("span", { class: "el-card is-empty", title: t("No card yet") });
    }
  } else if (slot.card === null || slot.card === undefined) {
    const label = slot.placed_by === null || slot.placed_by === undefined ? t("Face-down card from the draw pile")
      : t("Face-down card from {player}", { player: nameOf(names, slot.placed_by) });
    content = cardFace({ look: "el-card is-back", label, face: backArt("elements") });
  } else {
    const own = view.phase === "place" && slot.placed_by === ctx.you;
    content = numberCard(slot.card, { extra: own ? "is-secret" : slot.status === "set_aside" || slot.status === "won" || slot.status === "unsold" ? "is-done" : "",
      label: own ? t("{card}, your face-down card (only you see it)", { card: cardName(slot.card) }) : null });
  }
  const note = slotNote(view, slot, names);
  const classes = ["el-slot", `is-${slot.status || "empty"}`];
  return el("li", { class: classes.join(" "), "data-colour": slot.colour },
    el("span", { class: `el-colour el-colour--${COLOURS.includes(slot.colour) ? slot.colour : "unknown"}` },
      mark(slot.colour, "el-colour-mark"),
      el("span", { class: "el-colour-name" }, colourName(slot.colour)),
      el("span", { class: "el-colour-rank" }, ordinal(rank))),
    content,
    el("span", { class: "el-slot-note" }, note));
}

function slotNote(view, slot, names) {
  switch (slot.status) {
    case "face_down":
      return slot.placed_by === null || slot.placed_by === undefined ? t("from the pile") : nameOf(names, slot.placed_by);
    case "empty": return "\u00a0";
    case "set_aside": return t("0: set aside");
    case "auction": return t("under auction");
    case "waiting": return t("to come");
    case "won": return t("won by {player}", { player: nameOf(names, slot.won_by) });
    case "unsold": return t("no bids");
    default: return "\u00a0";
  }
}

// ---- the auction ---------------------------------------------------------------------------

function auctionPanel(turn) {
  const { view, ctx } = turn;
  const auction = view.auction;
  const names = ctx.names;
  const players = view.players || 0;
  const queue = view.queue || [];
  const bids = seatOrder(players, auction.starter).map((seat) => bidLine(turn, auction, seat));
  return el("section", { class: "el-auction", "aria-label": t("Auction") },
    el("div", { class: "el-auction-head" },
      el("div", { class: "el-point" },
        el("span", { class: "el-point-label" }, t("Point card")),
        numberCard(auction.card, { extra: "el-card--big",
          label: t("Point card {card}: worth {value}", { card: cardName(auction.card), value: auction.value }) }),
        el("span", { class: "el-point-value" }, tn("{count} point", "{count} points", auction.value))),
      el("div", { class: "el-auction-facts" },
        el("p", null, el("strong", null, t("Lap {lap} of 3", { lap: auction.lap })), " \u00b7 ",
          auction.cards_needed === 2 ? t("2 cards at once") : t("1 card each")),
        el("p", { class: "small muted" }, t("Started by {player}. ", { player: nameOf(names, auction.starter) }),
          t("A pass keeps your cards in the bid; the best combination wins.")),
        queue.length ? el("p", { class: "el-queue small" }, el("span", { class: "muted" }, t("Still to come: ")),
          queue.map((id) => numberCard(id, { extra: "el-card--mini" }))) : el("p", { class: "small muted" }, t("Last point card of the round.")))),
    el("ol", { class: "el-bids", "aria-label": t("Bids, in turn order") }, bids));
}

function bidLine(turn, auction, seat) {
  const { ctx } = turn;
  const cards = (auction.bids || [])[seat] || [];
  const combo = (auction.combinations || [])[seat] || null;
  const passed = Boolean((auction.passed || [])[seat]);
  const leading = auction.leader === seat;
  const acting = auction.turn === seat && !passed;
  const classes = ["el-bid"];
  if (leading) classes.push("is-leading");
  if (passed) classes.push("is-passed");
  if (acting) classes.push("is-turn");
  if (seat === ctx.you) classes.push("is-you");
  return el("li", { class: classes.join(" "), "data-seat": seat, "data-key": seat },
    el("span", { class: "el-bid-name" }, nameOf(ctx.names, seat)),
    el("span", { class: "el-bid-cards" }, cards.length ? cards.map((id) => numberCard(id, { extra: "el-card--small" }))
      : el("span", { class: "muted small" }, passed ? t("no cards") : "\u2014")),
    el("span", { class: "el-bid-words" }, cards.length ? comboWords(combo) : ""),
    el("span", { class: "el-bid-badges" },
      leading ? el("span", { class: "badge badge--lead" }, t("leading")) : null,
      passed ? el("span", { class: "badge badge--passed" }, t("passed")) : null,
      acting ? el("span", { class: "badge badge--turn" }, t("to play")) : null));
}

// ---- your hand -----------------------------------------------------------------------------

function handPanel(turn) {
  const { view, legal, ctx, actions } = turn;
  const cards = sortedHand(view.hand || [], turn.row);
  const phase = view.phase;
  const bidding = phase === "auction" && actions.length > 0;
  const needed = bidding ? view.auction.cards_needed : 0;
  const handCard = (id, label, extra = {}) => cardFace({ look: "el-hand-card", label, face: numberCard(id), key: id, ...extra });
  let shown;
  let footer = null;
  if (phase === "place" && actions.length) {
    shown = cards.map((id) => handCard(id, t("Pick {card} to place", { card: cardName(id) }), { look: "el-hand-card el-pick",
      pick: { picked: local.placing === id, data: { "data-card": id },
        onpick: () => choice.choose({ placing: local.placing === id ? null : id }) } }));
  } else if (bidding && needed === 1) {
    const mine = view.auction.bids[ctx.you] || [];
    shown = cards.map((id) => handCard(id,
      t("Play {card}: your bid becomes {combination}", { card: cardName(id), combination: comboWords(bestCombo([...mine, id], turn.row)) }),
      { play: { action: { type: "bid", cards: [id] }, legal, ctx } }));
    footer = passButton(turn);
  } else if (bidding && needed === 2) {
    shown = cards.map((id) => handCard(id, t("Pick {card} for your two cards", { card: cardName(id) }), { look: "el-hand-card el-pick",
      pick: { picked: local.pair.includes(id), data: { "data-card": id }, onpick: () => togglePair(id) } }));
    footer = [pairButton(turn), passButton(turn)];
  } else if (phase === "refill" && actions.length) {
    shown = cards.map((id) => handCard(id, t("Put back {card}", { card: cardName(id) }), {
      face: [numberCard(id), el("span", { class: "el-hand-tag", "aria-hidden": "true" }, t("put back"))],
      play: { action: { type: "return_card", card: id }, legal, ctx } }));
    footer = actionButton({ action: { type: "keep_hand" }, legal, ctx, className: "btn btn--primary",
      label: tn("Keep this card", "Keep these {count} cards", cards.length) });
  } else {
    shown = cards.map((id) => numberCard(id));
  }
  return hand({ className: "el-hand", cards: shown, row: "el-hand-cards", footer,
    footerClass: "button-row el-hand-actions" });
}

function togglePair(id) {
  const pair = local.pair.includes(id) ? local.pair.filter((other) => other !== id) : [...local.pair.slice(-1), id];
  choice.choose({ pair });
}

function passButton(turn) {
  return actionButton({ action: { type: "pass" }, legal: turn.legal, ctx: turn.ctx, className: "btn el-pass",
    label: t("Pass"), title: t("Pass: out of this auction; the cards you played still compete") });
}

function pairButton(turn) {
  const { view, legal, ctx, actions } = turn;
  const chosen = local.pair;
  if (chosen.length < 2) {
    return el("button", { type: "button", class: "btn", disabled: true },
      chosen.length ? t("Pick one more card ({card} picked)", { card: cardName(chosen[0]) }) : t("Pick two cards"));
  }
  // The server's own copy of the pair, whatever order the cards were picked in.
  const match = actions.find((action) => action.type === "bid" && action.cards.length === 2
    && action.cards.every((id) => chosen.includes(id)));
  const action = match || { type: "bid", cards: chosen };
  const mine = view.auction.bids[ctx.you] || [];
  const combo = bestCombo([...mine, ...chosen], turn.row);
  return actionButton({ action, legal, ctx, className: "btn btn--primary",
    label: t("Play {first} + {second} \u2192 {combination}",
      { first: cardName(chosen[0]), second: cardName(chosen[1]), combination: comboWords(combo) }) });
}

// ---- the refill ----------------------------------------------------------------------------

/** "Ada 3, Bob 0 and Cy 5" */
function roundPoints(view, names) {
  const each = (seat) => t("{player} {points}", { player: nameOf(names, seat), points: (view.round_points || [])[seat] ?? 0 });
  return listText(seatOrder(view.players || 0).map(each));
}

function refillPanel(turn) {
  const { view, ctx } = turn;
  const refill = view.refill || {};
  const names = ctx.names;
  const rows = seatOrder(view.players || 0).map((seat) => {
    const done = Boolean((refill.done || [])[seat]);
    const back = (refill.returned || [])[seat] || 0;
    return el("li", { class: done ? "is-done" : "is-choosing" },
      el("strong", null, nameOf(names, seat)), ": ",
      done ? (back ? tn("keeps {count} card, put back {returned}", "keeps {count} cards, put back {returned}", (view.hand_counts || [])[seat] ?? 0, { returned: back })
        : tn("keeps {count} card", "keeps {count} cards", (view.hand_counts || [])[seat] ?? 0))
        : back ? t("choosing, put back {returned}", { returned: back }) : t("choosing"));
  });
  const yours = refill.yours || [];
  return el("section", { class: "el-refill", "aria-label": t("Refill") },
    el("h2", null, t("Round {round} is over", { round: view.round })),
    el("p", { class: "small" }, t("Points this round: {points}.", { points: roundPoints(view, names) })),
    el("ul", { class: "el-refill-list" }, rows),
    yours.length ? el("p", { class: "el-returned" }, el("span", { class: "muted small" }, t("You put back: ")),
      yours.map((id) => numberCard(id, { extra: "el-card--mini" }))) : null);
}

// ---- players and scores --------------------------------------------------------------------

function playersPanel(turn) {
  const { view, ctx } = turn;
  const names = ctx.names;
  const toAct = Array.isArray(view.to_act) ? view.to_act : [view.to_act];
  const items = seatOrder(view.players || 0).map((seat) => {
    const classes = ["el-player"];
    if (seat === ctx.you) classes.push("is-you");
    if (view.phase !== "over" && toAct.includes(seat)) classes.push("is-turn");
    const won = (view.won_this_round || [])[seat] || 0;
    const points = (view.round_points || [])[seat] || 0;
    const wonCards = tn("{count} card", "{count} cards", won);
    const wonPoints = tn("{count} point", "{count} points", points);
    return el("li", { class: classes.join(" ") },
      el("span", { class: "el-player-name" }, nameOf(names, seat), seat === ctx.you ? youBadge() : null),
      el("span", { class: "el-player-score", title: t("Total points") }, tn("{count} point", "{count} points", (view.scores || [])[seat] ?? 0)),
      el("span", { class: "el-player-facts small muted" },
        tn("{count} card in hand", "{count} cards in hand", (view.hand_counts || [])[seat] ?? 0),
        view.phase === "auction" || won ? t(" \u00b7 won this round: {cards}, {points}", { cards: wonCards, points: wonPoints }) : ""));
  });
  return el("section", { class: "el-players", "aria-label": t("Players") },
    el("h2", null, t("Score sheet")), el("ul", { class: "el-player-list" }, items));
}

export function turnHint(state) {
  const view = state.view || {};
  if (view.phase === "place") return t("Place a card face down in front of a colour.");
  if (view.phase === "auction") {
    const auction = view.auction || {};
    return auction.cards_needed === 2 ? t("Play two cards at once, or pass.") : t("Play a card, or pass.");
  }
  if (view.phase === "refill") return t("Choose the cards you keep.");
  return "";
}

// ---- log and record ------------------------------------------------------------------------

/** "red 7": a colour of the row and the number revealed in front of it. */
function revealed(colour, card) {
  return t("{colour} {value}", { colour: colourName(colour), value: parseCard(card).value });
}

/** "Ada +3" */
function gained(names, seat, points) {
  return t("{player} +{points}", { player: nameOf(names, seat), points });
}

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  const cards = (list) => listText((list || []).map(cardName));
  switch (entry.type) {
    case "game_started":
      return t("Game started with {count} players. Colour row from the box: {row}.",
        { count: entry.players, row: commaList((entry.row || []).map(colourName)) });
    case "round_started":
      return t("Round {round} begins; {player} starts.", { round: entry.round, player: nameOf(names, entry.start_seat) });
    case "card_placed":
      return entry.card ? t("{player} placed {card} face down in front of {colour}.", { player: who, card: cardName(entry.card), colour: colourName(entry.colour) })
        : t("{player} placed a card face down in front of {colour}.", { player: who, colour: colourName(entry.colour) });
    case "cards_revealed":
      return t("Revealed: {cards}.", { cards: commaList((entry.colours || []).map((colour, i) => revealed(colour, entry.cards[i]))) });
    case "row_sorted":
      return t("New colour order from the box: {row}.", { row: commaList((entry.row || []).map(colourName)) });
    case "set_aside":
      return t("Set aside (worth 0): {cards}.", { cards: cards(entry.cards) });
    case "auction_started":
      return tn("Auction for {card} ({count} point); {player} starts.", "Auction for {card} ({count} points); {player} starts.",
        parseCard(entry.card).value, { card: cardName(entry.card), player: nameOf(names, entry.starter) });
    case "bid":
      return t("{player} played {cards} (lap {lap}).", { player: who, cards: cards(entry.cards), lap: entry.lap });
    case "passed":
      return entry.forced ? t("{player} cannot play and passes.", { player: who }) : t("{player} passed.", { player: who });
    case "auction_won":
      return tn("{player} wins {card} ({count} point) with {combination}: {cards}.", "{player} wins {card} ({count} points) with {combination}: {cards}.",
        entry.value, { player: who, card: cardName(entry.card), combination: comboWords(entry), cards: cards(entry.bid) });
    case "auction_unsold":
      return t("Nobody bid for {card}: it goes to nobody.", { card: cardName(entry.card) });
    case "round_scored":
      return t("Round {round} scored: {points}.", { round: entry.round, points: commaList((entry.points || []).map((points, seat) => gained(names, seat, points))) });
    case "card_returned":
      return entry.card ? t("{player} put back {card}.", { player: who, card: cardName(entry.card) }) : t("{player} put back a card.", { player: who });
    case "hand_kept":
      return tn("{player} keeps {count} card (put back {returned}).", "{player} keeps {count} cards (put back {returned}).",
        entry.kept, { player: who, returned: entry.returned });
    case "hand_refilled":
      return entry.cards ? tn("{player} drew {count} card: {cards}.", "{player} drew {count} cards: {cards}.", entry.drawn, { player: who, cards: cards(entry.cards) })
        : tn("{player} drew {count} card.", "{player} drew {count} cards.", entry.drawn, { player: who });
    case "game_over":
      return t("Game over.");
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

export function describeAction(action) {
  switch (action && action.type) {
    case "place_card":
      return t("Place {card} face down in front of {colour}", { card: cardName(action.card), colour: colourName(action.colour) });
    case "bid":
      return t("Play {cards}", { cards: listText((action.cards || []).map(cardName)) });
    case "pass":
      return t("Pass");
    case "return_card":
      return t("Put back {card}", { card: cardName(action.card) });
    case "keep_hand":
      return t("Keep the rest of the hand");
    default:
      return compactJson(action);
  }
}

// ---- final result --------------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const detail = outcome.detail || {};
  const rounds = detail.rounds || [];
  const cardsWon = detail.point_cards || [];
  const scores = outcome.scores || [];
  const winners = new Set(outcome.winners || []);
  const table = el("table", { class: "scores el-final" },
    el("thead", null, el("tr", null,
      el("th", { scope: "col" }, t("Player")),
      rounds.map((_, index) => el("th", { scope: "col", class: "num" }, t("R{round}", { round: index + 1 }))),
      el("th", { scope: "col", class: "num" }, t("Cards")),
      el("th", { scope: "col", class: "num" }, t("Total")))),
    el("tbody", null, scores.map((score, seat) => el("tr", { class: winners.has(seat) ? "is-winner" : null },
      el("th", { scope: "row" }, nameOf(names, seat),
        winners.has(seat) ? el("span", { class: "badge badge--win" }, t("winner")) : null),
      rounds.map((points) => el("td", { class: "num" }, String(points[seat] ?? 0))),
      el("td", { class: "num" }, String(cardsWon[seat] ?? 0)),
      el("td", { class: "num" }, el("strong", null, String(score)))))));
  fill(root,
    el("p", { class: "outcome-winners" }, winnersText(outcome, names)),
    rounds.length ? el("div", { class: "table-scroll" }, table) : scoreTable(outcome, names),
    detail.tie_break === "most_point_cards" ? el("p", { class: "small muted" }, t("Ties broken by most point cards won.")) : null);
}
