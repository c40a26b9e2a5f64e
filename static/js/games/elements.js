// Elements renderer (rules: shared/rules/elements.md). Cards are "colour-value" ids ("blue-7").
// The colour row runs from the box (index 0, the most valuable colour) outwards. A round:
// place a card face down in front of a colour (pick a hand card, then a colour), auction the
// point cards (play cards from your hand or pass), then choose the cards you keep.

import { actionButton, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { el, fill, srOnly } from "../lib/dom.js";
import { compactJson, listText, nameOf, ordinal, plural } from "../lib/format.js";
import { hand } from "../lib/hand.js";
import { fact, infoBar, pileFact, startedBy } from "../lib/info.js";
import { patch } from "../lib/patch.js";
import { backArt, mark } from "../lib/pieces.js";
import { scoreTable, winnersText } from "../lib/results.js";
import { seatOrder, youBadge } from "../lib/seats.js";

const COLOURS = ["red", "yellow", "green", "blue", "purple"];
const DECK_SIZE = 55;

export const OPTIONS = {
  keep: {
    label: "Cards kept between rounds",
    choices: [
      ["any", "Any number (seed rules)"],
      ["one", "At most one (English rule sheet)"],
    ],
  },
  tie_break: {
    label: "Ties",
    choices: [
      ["shared", "Shared win"],
      ["most_point_cards", "Most point cards wins"],
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

/** "blue 7" */
function cardName(id) {
  const card = parseCard(id);
  return `${card.colour} ${card.value}`;
}

function sum(numbers) {
  return (numbers || []).reduce((total, number) => total + number, 0);
}

function numberPlural(number) {
  return `${number}s`;
}

function colourPlural(colour) {
  return `${colour}s`;
}

/** A combination in words: "pair of 7s", "three blues", "single blue 9". */
function comboWords(combo) {
  if (!combo) return "no cards";
  const { kind, number, colour } = combo;
  switch (kind) {
    case "number_four": return `four ${numberPlural(number)}`;
    case "colour_four": return `four ${colourPlural(colour)}`;
    case "number_three": return `three ${numberPlural(number)}`;
    case "colour_three": return `three ${colourPlural(colour)}`;
    case "number_pair": return `pair of ${numberPlural(number)}`;
    case "colour_pair": return `pair of ${colourPlural(colour)}`;
    case "single": return `single ${colour} ${number}`;
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
      el("span", { class: "el-card-colour", "aria-hidden": "true" }, colour)] });
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
    place: "Phase 1: colour order",
    auction: "Phase 2: auctions",
    refill: "Phase 3: refill",
    over: "Game over",
  }[view.phase] || "";
  return infoBar("el-info",
    fact("Round ", `${view.round ?? "–"} of ${view.rounds ?? "–"}`),
    el("span", null, phase),
    startedBy(view, names),
    view.phase === "refill"
      ? pileFact("elements", "Deck: ", plural(DECK_SIZE - sum(view.hand_counts), "card"), " to shuffle")
      : pileFact("elements", "Draw pile: ", plural(view.pile ?? 0, "card")));
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
      ? [el("strong", null, "Place a card face down: "),
        local.placing ? ["put your ", el("strong", null, cardName(local.placing)), " in front of a free colour in the row."]
          : "pick a card from your hand, then a free colour in the row. Nobody sees it until all five are revealed."]
      : [`${nameOf(names, view.to_act)} is placing a card face down`, ` (${placed} of ${view.players} placed).`];
  } else if (view.phase === "auction") {
    const auction = view.auction || {};
    const lap = auction.cards_needed === 2 ? "two cards at once" : auction.lap === 2 ? "one more card" : "one card";
    text = mine
      ? [el("strong", null, `Lap ${auction.lap}: `), `play ${lap} from your hand, or pass.`,
        auction.cards_needed === 2 ? " Pick two cards below." : " Click a card below to play it."]
      : [`${nameOf(names, view.to_act)} is bidding (lap ${auction.lap}).`];
  } else if (view.phase === "refill") {
    const waiting = (Array.isArray(view.to_act) ? view.to_act : []).filter((seat) => seat !== ctx.you);
    text = mine
      ? [el("strong", null, "Choose the cards you keep: "),
        view.keep === "one" ? "you may keep at most one card; " : "",
        "put back the ones you do not want, then keep the rest. Everyone refills to 11."]
      : [waiting.length ? `Waiting for ${listText(waiting.map((seat) => nameOf(names, seat)))} to choose the cards they keep.`
        : "Dealing the next round…"];
  }
  return el("section", { class: `el-turn${mine ? " is-mine" : ""}`, "aria-label": mine ? "Your turn" : "Turn" },
    el("p", { class: "el-turn-text" }, text));
}

// ---- the colour row ------------------------------------------------------------------------

function colourRow(turn) {
  const { view, ctx } = turn;
  const row = view.row || [];
  const secret = view.phase === "place" && row.some((slot) => slot.placed_by === ctx.you && slot.card);
  return el("section", { class: "el-row-block", "aria-label": "Colour row, from the box outwards" },
    el("div", { class: "el-row-head" },
      el("h2", null, "Colour row"),
      el("span", { class: "small muted" }, "most valuable at the box \u2192 least at the far end")),
    el("ol", { class: "el-row" },
      el("li", { class: "el-box", "aria-hidden": "true" }, el("span", null, "Box")),
      row.map((slot, position) => colourSlot(turn, slot, position))),
    secret ? el("p", { class: "el-legend small muted" },
      "Dashed: your face-down card. Only you see it until all five are revealed.") : null);
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
        title: placing ? `Place ${cardName(local.placing)} face down in front of ${slot.colour}` : "Pick a card from your hand first",
        label: [el("span", { "aria-hidden": "true" }, placing ? "Place here" : "free"),
          srOnly(` in front of ${slot.colour}`)] });
    } else {
      content = el("span", { class: "el-card is-empty", title: "No card yet" });
    }
  } else if (slot.card === null || slot.card === undefined) {
    const who = slot.placed_by === null || slot.placed_by === undefined ? "the draw pile" : nameOf(names, slot.placed_by);
    content = cardFace({ look: "el-card is-back", label: `Face-down card from ${who}`, face: backArt("elements") });
  } else {
    const own = view.phase === "place" && slot.placed_by === ctx.you;
    content = numberCard(slot.card, { extra: own ? "is-secret" : slot.status === "set_aside" || slot.status === "won" || slot.status === "unsold" ? "is-done" : "",
      label: own ? `${cardName(slot.card)}, your face-down card (only you see it)` : null });
  }
  const note = slotNote(view, slot, names);
  const classes = ["el-slot", `is-${slot.status || "empty"}`];
  return el("li", { class: classes.join(" "), "data-colour": slot.colour },
    el("span", { class: `el-colour el-colour--${COLOURS.includes(slot.colour) ? slot.colour : "unknown"}` },
      mark(slot.colour, "el-colour-mark"),
      el("span", { class: "el-colour-name" }, slot.colour),
      el("span", { class: "el-colour-rank" }, ordinal(rank))),
    content,
    el("span", { class: "el-slot-note" }, note));
}

function slotNote(view, slot, names) {
  switch (slot.status) {
    case "face_down":
      return slot.placed_by === null || slot.placed_by === undefined ? "from the pile" : nameOf(names, slot.placed_by);
    case "empty": return "\u00a0";
    case "set_aside": return "0: set aside";
    case "auction": return "under auction";
    case "waiting": return "to come";
    case "won": return `won by ${nameOf(names, slot.won_by)}`;
    case "unsold": return "no bids";
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
  return el("section", { class: "el-auction", "aria-label": "Auction" },
    el("div", { class: "el-auction-head" },
      el("div", { class: "el-point" },
        el("span", { class: "el-point-label" }, "Point card"),
        numberCard(auction.card, { extra: "el-card--big", label: `Point card ${cardName(auction.card)}: worth ${auction.value}` }),
        el("span", { class: "el-point-value" }, plural(auction.value, "point"))),
      el("div", { class: "el-auction-facts" },
        el("p", null, el("strong", null, `Lap ${auction.lap} of 3`), " \u00b7 ",
          auction.cards_needed === 2 ? "2 cards at once" : "1 card each"),
        el("p", { class: "small muted" }, `Started by ${nameOf(names, auction.starter)}. `,
          "A pass keeps your cards in the bid; the best combination wins."),
        queue.length ? el("p", { class: "el-queue small" }, el("span", { class: "muted" }, "Still to come: "),
          queue.map((id) => numberCard(id, { extra: "el-card--mini" }))) : el("p", { class: "small muted" }, "Last point card of the round."))),
    el("ol", { class: "el-bids", "aria-label": "Bids, in turn order" }, bids));
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
      : el("span", { class: "muted small" }, passed ? "no cards" : "\u2014")),
    el("span", { class: "el-bid-words" }, cards.length ? comboWords(combo) : ""),
    el("span", { class: "el-bid-badges" },
      leading ? el("span", { class: "badge badge--lead" }, "leading") : null,
      passed ? el("span", { class: "badge badge--passed" }, "passed") : null,
      acting ? el("span", { class: "badge badge--turn" }, "to play") : null));
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
    shown = cards.map((id) => handCard(id, `Pick ${cardName(id)} to place`, { look: "el-hand-card el-pick",
      pick: { picked: local.placing === id, data: { "data-card": id },
        onpick: () => choice.choose({ placing: local.placing === id ? null : id }) } }));
  } else if (bidding && needed === 1) {
    const mine = view.auction.bids[ctx.you] || [];
    shown = cards.map((id) => handCard(id, `Play ${cardName(id)}: your bid becomes ${comboWords(bestCombo([...mine, id], turn.row))}`,
      { play: { action: { type: "bid", cards: [id] }, legal, ctx } }));
    footer = passButton(turn);
  } else if (bidding && needed === 2) {
    shown = cards.map((id) => handCard(id, `Pick ${cardName(id)} for your two cards`, { look: "el-hand-card el-pick",
      pick: { picked: local.pair.includes(id), data: { "data-card": id }, onpick: () => togglePair(id) } }));
    footer = [pairButton(turn), passButton(turn)];
  } else if (phase === "refill" && actions.length) {
    shown = cards.map((id) => handCard(id, `Put back ${cardName(id)}`, {
      face: [numberCard(id), el("span", { class: "el-hand-tag", "aria-hidden": "true" }, "put back")],
      play: { action: { type: "return_card", card: id }, legal, ctx } }));
    footer = actionButton({ action: { type: "keep_hand" }, legal, ctx, className: "btn btn--primary",
      label: `Keep ${cards.length === 1 ? "this card" : `these ${plural(cards.length, "card")}`}` });
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
    label: "Pass", title: "Pass: out of this auction; the cards you played still compete" });
}

function pairButton(turn) {
  const { view, legal, ctx, actions } = turn;
  const chosen = local.pair;
  if (chosen.length < 2) {
    return el("button", { type: "button", class: "btn", disabled: true },
      chosen.length ? `Pick one more card (${cardName(chosen[0])} picked)` : "Pick two cards");
  }
  // The server's own copy of the pair, whatever order the cards were picked in.
  const match = actions.find((action) => action.type === "bid" && action.cards.length === 2
    && action.cards.every((id) => chosen.includes(id)));
  const action = match || { type: "bid", cards: chosen };
  const mine = view.auction.bids[ctx.you] || [];
  const combo = bestCombo([...mine, ...chosen], turn.row);
  return actionButton({ action, legal, ctx, className: "btn btn--primary",
    label: `Play ${cardName(chosen[0])} + ${cardName(chosen[1])} \u2192 ${comboWords(combo)}` });
}

// ---- the refill ----------------------------------------------------------------------------

function refillPanel(turn) {
  const { view, ctx } = turn;
  const refill = view.refill || {};
  const names = ctx.names;
  const rows = seatOrder(view.players || 0).map((seat) => {
    const done = Boolean((refill.done || [])[seat]);
    const back = (refill.returned || [])[seat] || 0;
    return el("li", { class: done ? "is-done" : "is-choosing" },
      el("strong", null, nameOf(names, seat)), ": ",
      done ? `keeps ${plural((view.hand_counts || [])[seat] ?? 0, "card")}` : "choosing",
      back ? `, put back ${back}` : "");
  });
  const yours = refill.yours || [];
  return el("section", { class: "el-refill", "aria-label": "Refill" },
    el("h2", null, `Round ${view.round} is over`),
    el("p", { class: "small" }, "Points this round: ",
      listText(seatOrder(view.players || 0).map((seat) => `${nameOf(names, seat)} ${(view.round_points || [])[seat] ?? 0}`)), "."),
    el("ul", { class: "el-refill-list" }, rows),
    yours.length ? el("p", { class: "el-returned" }, el("span", { class: "muted small" }, "You put back: "),
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
    return el("li", { class: classes.join(" ") },
      el("span", { class: "el-player-name" }, nameOf(names, seat), seat === ctx.you ? youBadge() : null),
      el("span", { class: "el-player-score", title: "Total points" }, plural((view.scores || [])[seat] ?? 0, "point")),
      el("span", { class: "el-player-facts small muted" },
        `${plural((view.hand_counts || [])[seat] ?? 0, "card")} in hand`,
        view.phase === "auction" || won ? ` \u00b7 won this round: ${plural(won, "card")}, ${plural(points, "point")}` : ""));
  });
  return el("section", { class: "el-players", "aria-label": "Players" },
    el("h2", null, "Score sheet"), el("ul", { class: "el-player-list" }, items));
}

export function turnHint(state) {
  const view = state.view || {};
  if (view.phase === "place") return "Place a card face down in front of a colour.";
  if (view.phase === "auction") {
    const auction = view.auction || {};
    return auction.cards_needed === 2 ? "Play two cards at once, or pass." : "Play a card, or pass.";
  }
  if (view.phase === "refill") return "Choose the cards you keep.";
  return "";
}

// ---- log and record ------------------------------------------------------------------------

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "game_started":
      return `Game started with ${entry.players} players. Colour row from the box: ${(entry.row || []).join(", ")}.`;
    case "round_started":
      return `Round ${entry.round} begins; ${nameOf(names, entry.start_seat)} starts.`;
    case "card_placed":
      return entry.card ? `${who} placed ${cardName(entry.card)} face down in front of ${entry.colour}.`
        : `${who} placed a card face down in front of ${entry.colour}.`;
    case "cards_revealed":
      return `Revealed: ${(entry.colours || []).map((colour, i) => `${colour} ${parseCard(entry.cards[i]).value}`).join(", ")}.`;
    case "row_sorted":
      return `New colour order from the box: ${(entry.row || []).join(", ")}.`;
    case "set_aside":
      return `Set aside (worth 0): ${listText((entry.cards || []).map(cardName))}.`;
    case "auction_started":
      return `Auction for ${cardName(entry.card)} (${plural(parseCard(entry.card).value, "point")}); ${nameOf(names, entry.starter)} starts.`;
    case "bid":
      return `${who} played ${listText((entry.cards || []).map(cardName))} (lap ${entry.lap}).`;
    case "passed":
      return entry.forced ? `${who} cannot play and passes.` : `${who} passed.`;
    case "auction_won":
      return `${who} wins ${cardName(entry.card)} (${plural(entry.value, "point")}) with ${comboWords(entry)}: ${listText((entry.bid || []).map(cardName))}.`;
    case "auction_unsold":
      return `Nobody bid for ${cardName(entry.card)}: it goes to nobody.`;
    case "round_scored":
      return `Round ${entry.round} scored: ${(entry.points || []).map((points, seat) => `${nameOf(names, seat)} +${points}`).join(", ")}.`;
    case "card_returned":
      return entry.card ? `${who} put back ${cardName(entry.card)}.` : `${who} put back a card.`;
    case "hand_kept":
      return `${who} keeps ${plural(entry.kept, "card")} (put back ${entry.returned}).`;
    case "hand_refilled":
      return entry.cards ? `${who} drew ${plural(entry.drawn, "card")}: ${listText(entry.cards.map(cardName))}.`
        : `${who} drew ${plural(entry.drawn, "card")}.`;
    case "game_over":
      return "Game over.";
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

export function describeAction(action) {
  switch (action && action.type) {
    case "place_card":
      return `Place ${cardName(action.card)} face down in front of ${action.colour}`;
    case "bid":
      return `Play ${listText((action.cards || []).map(cardName))}`;
    case "pass":
      return "Pass";
    case "return_card":
      return `Put back ${cardName(action.card)}`;
    case "keep_hand":
      return "Keep the rest of the hand";
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
      el("th", { scope: "col" }, "Player"),
      rounds.map((_, index) => el("th", { scope: "col", class: "num" }, `R${index + 1}`)),
      el("th", { scope: "col", class: "num" }, "Cards"),
      el("th", { scope: "col", class: "num" }, "Total"))),
    el("tbody", null, scores.map((score, seat) => el("tr", { class: winners.has(seat) ? "is-winner" : null },
      el("th", { scope: "row" }, nameOf(names, seat),
        winners.has(seat) ? el("span", { class: "badge badge--win" }, "winner") : null),
      rounds.map((points) => el("td", { class: "num" }, String(points[seat] ?? 0))),
      el("td", { class: "num" }, String(cardsWon[seat] ?? 0)),
      el("td", { class: "num" }, el("strong", null, String(score)))))));
  fill(root,
    el("p", { class: "outcome-winners" }, winnersText(outcome, names)),
    rounds.length ? el("div", { class: "table-scroll" }, table) : scoreTable(outcome, names),
    detail.tie_break === "most_point_cards" ? el("p", { class: "small muted" }, "Ties broken by most point cards won.") : null);
}
