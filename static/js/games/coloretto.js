// Coloretto renderer (rules: shared/rules/coloretto.md). Rows are 0-based on the wire and
// shown 1-based. Cards are colour names plus "joker" and "plus2".

import { actionButton, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { mark } from "../lib/pieces.js";
import { el, fill, srOnly } from "../lib/dom.js";
import { compactJson, indefinite, listText, nameOf } from "../lib/format.js";
import { N_, t, tn } from "../lib/i18n.js";
import { fact, infoBar, pileFact, startedBy } from "../lib/info.js";
import { flipped } from "../lib/motion.js";
import { patch } from "../lib/patch.js";
import { scoreTable, winnersText } from "../lib/results.js";
import { seatEntry } from "../lib/seats.js";

const COLOURS = ["red", "orange", "yellow", "green", "blue", "purple", "brown"];
const SPECIAL = { joker: N_("joker"), plus2: N_("+2"), last_round: N_("last round") };
const COLOUR_NAMES = {
  red: N_("red"), orange: N_("orange"), yellow: N_("yellow"), green: N_("green"),
  blue: N_("blue"), purple: N_("purple"), brown: N_("brown"),
};
/** "a red card", "an orange card"… (the card drawn or placed, in the log). */
const COLOUR_PHRASES = {
  red: N_("a red card"), orange: N_("an orange card"), yellow: N_("a yellow card"),
  green: N_("a green card"), blue: N_("a blue card"), purple: N_("a purple card"),
  brown: N_("a brown card"),
};
const SCORING_SIDES = { brown: N_("Scoring (brown side)"), grey: N_("Scoring (grey side)") };
const MINUS = "\u2212";

export const OPTIONS = {
  scoring: {
    label: t("Scoring"),
    choices: [
      ["brown", t("Brown side: 1, 3, 6, 10, 15, 21")],
      ["grey", t("Grey side: 1, 4, 8, 7, 6, 5")],
    ],
  },
};

// ---- cards -----------------------------------------------------------------------------

function cardName(card) {
  const name = SPECIAL[card] || COLOUR_NAMES[card];
  return name ? t(name) : String(card);
}

/** "a red card", "a joker", "a +2 card". */
function cardPhrase(card) {
  if (card === "joker") return t("a joker");
  if (card === "plus2") return t("a +2 card");
  if (card === "last_round") return t("the last-round card");
  if (COLOUR_PHRASES[card]) return t(COLOUR_PHRASES[card]);
  return indefinite(t("{card} card", { card }));
}

/** A coloured card with its colour's shape (lib/pieces.js) and its name as text. */
function chip(name, count = null) {
  const known = COLOURS.includes(name) || name in SPECIAL;
  return cardFace({ look: `card card--${known ? name : "unknown"}`,
    label: count === null ? cardName(name) : `${count} × ${cardName(name)}`,
    face: [COLOURS.includes(name) ? mark(name, "card-mark") : null,
      el("span", { class: "card-name" }, cardName(name)),
      count === null ? null : el("span", { class: "card-count" }, `×${count}`)] });
}

function pointsText(count) {
  return tn("{count} point", "{count} points", count);
}

function signed(points) {
  return points < 0 ? `${MINUS}${-points}` : `+${points}`;
}

function byColourOrder(a, b) {
  const rank = (colour) => (COLOURS.includes(colour) ? COLOURS.indexOf(colour) : COLOURS.length);
  return rank(a) - rank(b) || String(a).localeCompare(String(b));
}

// ---- board -----------------------------------------------------------------------------

export function render(root, state, ctx) {
  const view = state.view || {};
  const legal = legalIndex(state.legal);
  patch(root, el("div", { class: "co" },
    infoLine(view, ctx.names),
    view.last_round && view.phase !== "over" ? el("p", { class: "co-last-round", role: "status" },
      el("strong", null, t("Last round!")), " ",
      t("The last-round card is out: the game ends when this round is over.")) : null,
    turnArea(view, legal, ctx),
    rowsBlock(view, legal, ctx),
    collectionsBlock(view, ctx),
    scoringBlock(view)));
}

function infoLine(view, names) {
  return infoBar("co-info",
    fact(t("Round "), String(view.round ?? "–")),
    place(pileFact("coloretto", t("Deck: "), tn("{count} card", "{count} cards", view.deck_count ?? 0)), "co:deck"),
    view.removed_colour ? fact(t("Not in play: "), chip(view.removed_colour)) : null,
    startedBy(view, names, t("Round started by ")));
}

function turnArea(view, legal, ctx) {
  if (view.phase === "over") return null;
  const mine = ctx.you !== null && ctx.you === view.to_act;
  if (view.phase === "place" && view.drawn) {
    const who = mine ? t("Choose a row for it below.") : t("{player} is choosing a row.", { player: nameOf(ctx.names, view.to_act) });
    return el("div", { class: "co-turn co-turn--place" },
      el("span", { class: "co-drawn-label" }, t("Card to place:")), flipped(chip(view.drawn), "co:drawn", { from: "co:deck" }),
      el("span", { class: "muted" }, who));
  }
  return el("div", { class: "co-turn" },
    actionButton({ action: { type: "draw" }, label: t("Draw a card"), legal, ctx, className: "btn btn--primary" }));
}

function rowsBlock(view, legal, ctx) {
  const rows = (view.rows || []).map((row, index) => rowLine(view, row, index, legal, ctx));
  return el("section", { class: "co-rows", "aria-label": t("Rows") }, rows);
}

function rowLine(view, row, index, legal, ctx) {
  const cards = row.cards || [];
  const taken = row.taken_by !== null && row.taken_by !== undefined;
  const label = cards.length ? listText(cards.map(cardName)) : t("empty");
  let middle;
  let side = null;
  if (taken) {
    middle = [cards.map((card, i) => rowCard(card, index, i)),
      el("span", { class: "co-taken" }, t("Taken by {player}", { player: nameOf(ctx.names, row.taken_by) }))];
  } else {
    middle = [];
    for (let i = 0; i < Math.max(3, cards.length); i += 1) {
      middle.push(i < cards.length ? rowCard(cards[i], index, i) : el("span", { class: "card card--empty", "aria-hidden": "true" }));
    }
    if (view.phase === "place") {
      side = actionButton({ action: { type: "place_card", row: index },
        label: [t("Place here"), srOnly(t(" (row {row})", { row: index + 1 }))], legal, ctx });
    } else if (view.phase === "turn") {
      side = actionButton({ action: { type: "take_row", row: index },
        label: [t("Take"), srOnly(t(" row {row}", { row: index + 1 }))], legal, ctx });
    }
  }
  return el("div", { class: `co-row${taken ? " is-taken" : ""}` },
    el("span", { class: "co-row-label" }, t("Row {row}", { row: index + 1 })),
    el("div", { class: "co-slots", "aria-label": label, "data-flip-place": `co:row${index}` }, middle),
    el("div", { class: "co-row-side" }, side));
}

/** A card in a row: placed there from the drawn card (lib/motion.js). */
function rowCard(card, row, index) {
  return flipped(chip(card), `co:r${row}:${index}:${card}`, { from: "co:drawn" });
}

/** Mark `node` as a place pieces come from (lib/motion.js). */
function place(node, id) {
  node.setAttribute("data-flip-place", id);
  return node;
}

function collectionsBlock(view, ctx) {
  const items = (view.collections || []).map((collection, seat) => seatEntry({
    prefix: "co-coll", seat, name: nameOf(ctx.names, seat), you: seat === ctx.you,
    turn: seat === view.to_act && view.phase !== "over",
    badges: [collection.row_taken !== null && collection.row_taken !== undefined
      ? el("span", { class: "badge" }, t("took row {row}", { row: collection.row_taken + 1 })) : null,
    el("span", { class: "co-score" }, pointsText(collection.score ?? 0))],
    body: el("div", { class: "co-cards" }, collectionChips(collection, seat)),
  }));
  return el("section", { class: "co-collections" }, el("h2", null, t("Collections")), items);
}

function collectionChips(collection, seat) {
  // A count that changed is a new piece, come from the row its player took (lib/motion.js).
  const taken = typeof collection.row_taken === "number" ? `co:row${collection.row_taken}` : null;
  const counted = (name, count) => flipped(chip(name, count), `co:c${seat}:${name}:${count}`, { from: taken });
  const chips = Object.keys(collection.colours || {})
    .filter((colour) => collection.colours[colour] > 0)
    .sort(byColourOrder)
    .map((colour) => counted(colour, collection.colours[colour]));
  if (collection.jokers) chips.push(counted("joker", collection.jokers));
  if (collection.plus_twos) chips.push(counted("plus2", collection.plus_twos));
  return chips.length ? chips : el("span", { class: "muted" }, t("No cards yet"));
}

function scoringBlock(view) {
  const table = view.score_table || [];
  if (!table.length) return null;
  const heads = table.map((_, i) => el("th", { scope: "col" }, i === table.length - 1 ? `${i + 1}+` : String(i + 1)));
  return el("details", { class: "co-scoring" },
    el("summary", null, t(SCORING_SIDES[view.scoring || "brown"] || SCORING_SIDES.brown)),
    el("table", { class: "co-score-table" },
      el("tr", null, el("th", { scope: "row" }, t("Cards")), heads),
      el("tr", null, el("th", { scope: "row" }, t("Points")), table.map((points) => el("td", null, String(points))))),
    el("p", { class: "muted" },
      t("At the end your 3 best colours score plus and all other colours score minus."), " ",
      t("Each +2 card adds 2 points."), " ", t("Jokers count as any colour you like.")));
}

export function turnHint(state) {
  const view = state.view || {};
  const types = new Set((state.legal || []).map((action) => action.type));
  if (view.phase === "place") return t("Place the drawn card in a row.");
  if (types.has("draw") && types.has("take_row")) return t("Draw a card or take a row.");
  if (types.has("draw")) return t("Draw a card.");
  if (types.has("take_row")) return t("Every row is full: take one.");
  return "";
}

// ---- log and record --------------------------------------------------------------------

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "game_started":
      return gameStarted(entry, names);
    case "card_drawn":
      return t("{player} drew {card}.", { player: who, card: cardPhrase(entry.card) });
    case "last_round":
      return t("{player} drew the last-round card: this is the last round!", { player: who });
    case "card_placed":
      return t("{player} placed {card} in row {row}.", { player: who, card: cardPhrase(entry.card), row: entry.row + 1 });
    case "row_taken": {
      const cards = (entry.cards || []).map(cardName);
      return cards.length
        ? t("{player} took row {row} ({cards}).", { player: who, row: entry.row + 1, cards: listText(cards) })
        : t("{player} took row {row}.", { player: who, row: entry.row + 1 });
    }
    case "round_started":
      return t("Round {round} begins. {player} starts.", { round: entry.round, player: nameOf(names, entry.start_seat) });
    case "game_over": {
      const scores = (entry.scores || []).map((score, seat) =>
        t("{player} {score}", { player: nameOf(names, seat), score })).join(", ");
      const winners = (entry.winners || []).map((seat) => nameOf(names, seat));
      return winners.length > 1
        ? t("Game over. Scores: {scores}. Winners: {winners}.", { scores, winners: listText(winners) })
        : t("Game over. Scores: {scores}. Winner: {winners}.", { scores, winners: listText(winners) });
    }
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

function gameStarted(entry, names) {
  const parts = [tn("Game started with {count} player. {player} starts.", "Game started with {count} players. {player} starts.",
    entry.players, { player: nameOf(names, entry.start_seat) })];
  if (entry.removed_colour) parts.push(t("The {colour} cards are not used.", { colour: cardName(entry.removed_colour) }));
  const starting = entry.starting_cards;
  if (starting && typeof starting === "object") {
    const pairs = Object.entries(starting).map(([seat, card]) =>
      t("{player} {cards}", { player: nameOf(names, Number(seat)),
        cards: Array.isArray(card) ? card.map(cardName).join(", ") : cardName(card) }));
    if (pairs.length) parts.push(t("Starting cards: {cards}.", { cards: pairs.join("; ") }));
  }
  return parts.join(" ");
}

export function describeAction(action) {
  switch (action && action.type) {
    case "draw":
      return t("Draw a card");
    case "place_card":
      return t("Place the card in row {row}", { row: action.row + 1 });
    case "take_row":
      return t("Take row {row}", { row: action.row + 1 });
    default:
      return compactJson(action);
  }
}

// ---- final result ----------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const players = (outcome.detail && outcome.detail.players) || [];
  fill(root,
    el("p", { class: "outcome-winners" }, winnersText(outcome, names)),
    scoreTable(outcome, names),
    players.length ? el("div", { class: "co-breakdown" }, players.map((player) => breakdown(player, names))) : null);
}

function breakdown(player, names) {
  const points = player.colour_points || {};
  const pointsChips = (colours) => (colours || []).slice().sort(byColourOrder).map((colour) =>
    el("span", { class: "co-points" }, chip(colour), ` ${signed(points[colour] ?? 0)}`));
  const jokers = Object.entries(player.jokers || {}).filter(([, n]) => n > 0)
    .map(([colour, n]) => el("span", { class: "co-points" }, `${n} × `, chip("joker"), " → ", chip(colour)));
  const line = (label, content) => el("div", { class: "co-line" },
    el("span", { class: "co-line-label" }, label),
    el("span", { class: "co-line-value" }, content && content.length ? content : t("none")));
  return seatEntry({ prefix: "co-coll", seat: player.seat, name: nameOf(names, player.seat),
    badges: el("span", { class: "co-score" }, pointsText(player.score ?? 0)),
    body: [line(t("Chosen colours (plus):"), pointsChips(player.positive)),
      line(t("Other colours (minus):"), pointsChips(player.negative)),
      line(t("Jokers:"), jokers),
      line(t("+2 cards:"), player.plus_twos ? `${player.plus_twos} (${signed(2 * player.plus_twos)})` : "")] });
}
