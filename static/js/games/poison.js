// Poison renderer (rules: shared/rules/poison.md). Cards are "red5", "blue1", "purple7" and
// "poison" (worth 4). Three cauldrons, 0-2 on the wire, 1-3 on screen. A turn is two clicks:
// pick a card in your hand (a local choice, button[data-card]), then "Play here" on a cauldron
// (the legal play_card action, button[data-action]), which shows what the play would do.
// Play passes to the right, counter-clockwise (rules: Setup; view.direction is -1, seat - 1):
// the info bar says so and names who is next, and the players are listed in that order.

import { actionButton, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { el, fill, srOnly } from "../lib/dom.js";
import { compactJson, listText, nameOf, ordinal } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { N_, t, tn } from "../lib/i18n.js";
import { fact, infoBar, startedBy } from "../lib/info.js";
import { patch } from "../lib/patch.js";
import { cauldron as cauldronArt, mark } from "../lib/pieces.js";
import { seatEntry, seatOrder } from "../lib/seats.js";

const POTIONS = ["red", "blue", "purple"]; // i18n: not text (keys)
const SUITS = [...POTIONS, "poison"]; // i18n: not text (keys)
const POISON = "poison";
// A suit as a word ("red", "poison"), and a potion card's name ("red 5").
const SUIT_WORD = { red: N_("red"), blue: N_("blue"), purple: N_("purple"), poison: N_("poison") };
const POTION_NAME = { red: N_("red {value}"), blue: N_("blue {value}"), purple: N_("purple {value}") };
const SKULL = "\u2620";

export const OPTIONS = {
  cauldrons: {
    label: t("Cauldrons"),
    choices: [
      ["fixed", t("Fixed colours: red, blue, purple (seed)")],
      ["neutral", t("Neutral: the first potion sets the colour (published)")],
    ],
  },
  overflow_at: {
    label: t("A cauldron boils over"),
    choices: [
      [13, t("at 13 or more (seed)")],
      [14, t("above 13 (published)")],
    ],
  },
  rounds: {
    label: t("Game length"),
    choices: [
      ["one", t("One round (seed)")],
      ["per_player", t("One round per player, totals added (published)")],
    ],
  },
  collected: {
    label: t("Collected cards"),
    choices: [
      ["face_down", t("Face down: only how many (seed)")],
      ["own", t("You may look at your own")],
      ["open", t("Face up for everyone")],
    ],
  },
};

// The card picked in your hand (its code, and which of equal cards was clicked), kept across
// redraws until it is played or no longer legal.
const choice = localChoice({ selected: null, position: null }, draw);
const local = choice.picked;
export const render = choice.render;

// ---- cards -----------------------------------------------------------------------------

function suitOf(card) {
  if (card === POISON) return POISON;
  const match = /^(red|blue|purple)\d+$/.exec(String(card));
  return match ? match[1] : "unknown";
}

function valueOf(card) {
  if (card === POISON) return 4;
  const match = /(\d+)$/.exec(String(card));
  return match ? Number(match[1]) : 0;
}

/** Items one after another: "red 5, poison (4)" (the reader's separator). */
function joined(items) {
  return items.join(t(", "));
}

/** A suit as a word: "red", "poison". */
function suitWord(suit) {
  return SUIT_WORD[suit] ? t(SUIT_WORD[suit]) : String(suit ?? "");
}

/** "red 5", "poison (4)". */
function cardName(card) {
  if (card === POISON) return t("poison (4)");
  const name = POTION_NAME[suitOf(card)];
  return name ? t(name, { value: valueOf(card) }) : String(card);
}

/** "red 5", "a poison card". */
function cardPhrase(card) {
  return card === POISON ? t("a poison card") : cardName(card);
}

function cardInner(card) {
  const suit = suitOf(card);
  return [
    mark(suit, "po-mark"), // the colour's shape (lib/pieces.js); poison has its skull instead
    el("span", { class: "po-value", "aria-hidden": "true" }, String(valueOf(card))),
    el("span", { class: "po-suit", "aria-hidden": "true" }, suitWord(suit)),
  ];
}

/** A card to look at. */
function potionCard(card, extra = "") {
  return cardFace({ look: `po-card po-card--${suitOf(card)}${extra ? ` ${extra}` : ""}`, label: cardName(card),
    face: cardInner(card) });
}

/** A small chip "3 × red" for counts. */
function suitChip(suit, count, extra = "") {
  const label = t("{count} {suit}", { count, suit: suitWord(suit) });
  return el("span", { class: `po-chip po-card--${suit}${extra ? ` ${extra}` : ""}`, title: label },
    suit === POISON ? `${SKULL} ${count}` : label);
}

/** "the red cauldron", or "cauldron 2" while it has no colour. */
function cauldronName(index, colour) {
  return colour ? t("the {colour} cauldron", { colour: suitWord(colour) }) : t("cauldron {number}", { number: Number(index) + 1 });
}

/** Who plays after the seat to act, while the game runs (view.direction: -1, to the right). */
function nextSeat(view) {
  if (view.phase === "over" || typeof view.to_act !== "number") return null;
  const order = seatOrder(view.players || 1, view.to_act, view.direction);
  return order[1 % order.length];
}

function bySuit(a, b) {
  return SUITS.indexOf(suitOf(a)) - SUITS.indexOf(suitOf(b)) || valueOf(a) - valueOf(b);
}

// ---- board -----------------------------------------------------------------------------

function draw(root, state, ctx) {
  const view = state.view || {};
  const legal = legalIndex(state.legal);
  const plays = (state.legal || []).filter((action) => action.type === "play_card");
  if (local.selected !== null && !plays.some((action) => action.card === local.selected)) {
    local.selected = null;
    local.position = null;
  }
  const turn = { legal, plays, ctx, view };

  patch(root, el("div", { class: "po" },
    infoLine(view, ctx.names),
    newsLine(view, ctx.names),
    cauldronsBlock(view, turn),
    handBlock(view, turn),
    playersBlock(view, ctx),
    resultsBlock(view, ctx.names)));
}

function infoLine(view, names) {
  const threshold = view.overflow_at ?? 13;
  const next = nextSeat(view);
  return infoBar("po-info",
    (view.rounds ?? 1) > 1 ? fact(t("Round"), " ", t("{round} of {rounds}", { round: view.round, rounds: view.rounds })) : null,
    fact(t("Boils over"), " ", threshold === 13 ? t("at 13 or more")
      : t("at {threshold} or more (above {below})", { threshold, below: threshold - 1 })),
    el("span", { class: "muted" },
      view.cauldron_mode === "neutral" ? t("Neutral cauldrons: the first potion sets the colour") : t("Fixed cauldron colours")),
    startedBy(view, names),
    el("span", { class: "po-direction" },
      el("span", { class: "po-direction-arrow", "aria-hidden": "true" }, "\u21ba"),
      el("strong", null, t("Play passes to the right")),
      next !== null ? ` \u00b7 ${t("next: {player}", { player: nameOf(names, next) })}` : ""),
    view.set_aside ? el("span", { class: "muted" },
      tn("{count} card set aside unseen", "{count} cards set aside unseen", view.set_aside)) : null);
}

/** The latest play (a boil-over stands out), or the end of the previous round. */
function newsLine(view, names) {
  const last = view.last_play;
  if (last) {
    const who = nameOf(names, last.seat);
    const params = { player: who, card: cardPhrase(last.card), total: last.total, count: last.taken,
      where: cauldronName(last.cauldron, last.colour) };
    if (last.taken > 0) {
      return el("p", { class: "po-news po-news--boil", role: "status" },
        el("strong", null, last.colour ? t("The {colour} cauldron boiled over!", { colour: suitWord(last.colour) })
          : t("Cauldron {number} boiled over!", { number: Number(last.cauldron) + 1 })), " ",
        tn("{player} played {card} (total {total}) and takes {count} card face down.",
          "{player} played {card} (total {total}) and takes {count} cards face down.", last.taken, params));
    }
    return el("p", { class: "po-news", role: "status" }, t("{player} played {card} into {where}: total {total}.", params));
  }
  const results = view.results || [];
  if (view.phase !== "over" && results.length) {
    const previous = results[results.length - 1];
    const scores = (previous.seats || []).map((seat) => t("{player} {points}", { player: nameOf(names, seat.seat), points: seat.penalty }));
    return el("p", { class: "po-news", role: "status" },
      el("strong", null, t("Round {round} is over.", { round: previous.round })), " ",
      t("Penalty points: {scores}. A new round is dealt.", { scores: joined(scores) }));
  }
  return null;
}

// ---- cauldrons -------------------------------------------------------------------------

function cauldronsBlock(view, turn) {
  const cauldrons = view.cauldrons || [];
  return el("section", { class: "po-cauldrons", "aria-label": t("Cauldrons") },
    cauldrons.map((cauldron, index) => cauldronBlock(view, cauldron, index, turn)));
}

function cauldronBlock(view, cauldron, index, turn) {
  const threshold = view.overflow_at ?? 13;
  const total = cauldron.total ?? 0;
  const cards = cauldron.cards || [];
  const colour = cauldron.colour;
  const last = view.last_play && view.last_play.cauldron === index ? view.last_play : null;
  const room = threshold - 1 - total;
  const classes = ["po-cauldron", `po-cauldron--${colour || "none"}`];
  if (last) classes.push("is-last");
  const meter = Math.max(0, Math.min(100, Math.round((100 * total) / threshold)));
  const fill = el("span", { class: `po-meter-fill${room < 1 ? " is-full" : room < 4 ? " is-high" : ""}` });
  fill.style.width = `${meter}%`; // through the CSSOM: the content security policy refuses style attributes

  return el("article", { class: classes.join(" "), "data-cauldron": index },
    el("header", { class: "po-cauldron-head" },
      cauldronArt(colour),
      el("span", { class: "po-cauldron-name" }, t("Cauldron {number}", { number: index + 1 })),
      el("span", { class: "po-cauldron-colour" }, colour ? suitWord(colour) : t("no colour yet"))),
    el("div", { class: "po-total", "aria-label": t("Total {total}, boils over at {threshold}", { total, threshold }) },
      el("span", { class: "po-total-value" }, String(total)),
      el("span", { class: "po-total-max" }, `/ ${threshold}`)),
    el("div", { class: "po-meter", "aria-hidden": "true" }, fill),
    el("p", { class: "po-room small" }, room >= 7 ? t("any card is safe")
      : room >= 1 ? t("safe: up to +{room}", { room }) : t("any card boils it over")),
    el("div", { class: "po-pot",
      "aria-label": cards.length ? t("Cards: {cards}", { cards: joined(cards.map(cardName)) }) : t("Empty") },
      cards.length ? cards.map((card, position) => potionCard(card,
        last && position === cards.length - 1 ? "po-card--small is-new" : "po-card--small"))
        : el("span", { class: "muted small" }, t("empty"))),
    playArea(view, cauldron, index, turn));
}

/** "Play here" with what the play would do, for the selected card, if this cauldron takes it. */
function playArea(view, cauldron, index, turn) {
  if (local.selected === null) return null;
  const card = local.selected;
  const action = { type: "play_card", card, cauldron: index };
  if (!turn.plays.some((play) => play.card === card && play.cauldron === index)) {
    return el("p", { class: "po-no small muted" }, t("{card} cannot go here", { card: cardName(card) }));
  }
  const total = (cauldron.total ?? 0) + valueOf(card);
  const boils = total >= (view.overflow_at ?? 13);
  const taken = (cauldron.cards || []).length;
  const preview = boils
    ? el("span", { class: "po-preview is-boil" },
      tn("\u2192 {total}: boils over, you take {count} card", "\u2192 {total}: boils over, you take {count} cards", taken, { total }))
    : el("span", { class: "po-preview" }, `\u2192 ${total}`);
  return actionButton({ action, legal: turn.legal, ctx: turn.ctx,
    className: `btn po-play${boils ? " po-play--boil" : ""}`,
    title: t("Play {card} into cauldron {number}", { card: cardName(card), number: index + 1 }),
    label: [el("span", { class: "po-play-label" }, t("Play here")), preview,
      srOnly(` ${t("({card} into cauldron {number})", { card: cardName(card), number: index + 1 })}`)] });
}

// ---- your hand -------------------------------------------------------------------------

function handBlock(view, turn) {
  if (!Array.isArray(view.hand) || (view.phase === "over" && !view.hand.length)) return null;
  const { plays, ctx } = turn;
  const cards = view.hand.slice().sort(bySuit);
  const mine = plays.length > 0;
  const playable = new Set(plays.map((action) => action.card));
  let hint;
  if (view.phase === "over") hint = null;
  else if (!mine) {
    const player = nameOf(ctx.names, view.to_act);
    hint = el("span", { class: "muted small" }, nextSeat(view) === ctx.you
      ? t("Waiting for {player}: you play next.", { player }) : t("Waiting for {player}.", { player }));
  }
  else if (local.selected === null) hint = el("span", { class: "po-hint" }, t("Pick a card, then a cauldron above."));
  else hint = el("span", { class: "po-hint" }, t("{card}: choose \"Play here\" on a cauldron.", { card: cardName(local.selected) }));

  const shown = cards[local.position] === local.selected ? local.position : cards.indexOf(local.selected);
  const faces = cards.map((card, position) => (mine
    ? cardFace({ look: `po-card po-card--${suitOf(card)} po-pick`, label: t("Pick {card}", { card: cardName(card) }), face: cardInner(card),
      key: card, pick: { picked: position === shown, enabled: playable.has(card),
        onpick: () => selectCard(card, position), data: { "data-card": card } } })
    : potionCard(card)));
  return hand({ className: `po-hand${mine ? " is-mine" : ""}`, cards: faces, row: "po-hand-cards",
    heading: el("header", { class: "po-hand-head" }, handTitle(cards.length), hint), empty: t("No cards left") });
}

function selectCard(card, position) {
  const again = local.selected === card && local.position === position;
  choice.choose({ selected: again ? null : card, position: again ? null : position }, (root) => {
    const target = root.querySelector(".po-play:not(:disabled)");
    const cauldrons = root.querySelector(".po-cauldrons");
    if (local.selected !== null && cauldrons && typeof cauldrons.scrollIntoView === "function") {
      cauldrons.scrollIntoView({ block: "nearest" });
    }
    if (target) target.focus({ preventScroll: true });
  });
}

// ---- players ---------------------------------------------------------------------------

/** The players in the order of play, from you (spectators: from the round's start seat), an
 * arrow from each to the next (rules/poison.md, Setup: play passes to the right). */
function playersBlock(view, ctx) {
  const counts = view.hand_counts || [];
  const first = typeof ctx.you === "number" && ctx.you < counts.length ? ctx.you : (view.start_seat ?? 0);
  const order = seatOrder(counts.length, first, view.direction);
  const next = nextSeat(view);
  // An arrow from each player to the next; after the last one a loop back to the first.
  const steps = order.map((seat, step) => el("li", { class: "po-step", "data-key": seat },
    playerTile(view, ctx, seat, next),
    el("span", { class: `po-arrow${step === order.length - 1 ? " po-arrow--loop" : ""}`, "aria-hidden": "true" })));
  return el("section", { class: "po-players", "aria-label": t("Players in order of play") },
    el("header", { class: "po-players-head" },
      el("h2", null, t("Order of play")),
      el("span", { class: "muted small" }, t("to the right, counter-clockwise"))),
    el("ol", { class: "po-order" }, steps),
    order.length ? el("p", { class: "po-loop small muted" },
      t("After {last}, {player} plays again.", { last: nameOf(ctx.names, order[order.length - 1]), player: nameOf(ctx.names, first) }))
      : null);
}

function playerTile(view, ctx, seat, next) {
  const count = (view.hand_counts || [])[seat] ?? 0;
  const pile = (view.collected || [])[seat] || { cards: 0, suits: null };
  const many = (view.rounds ?? 1) > 1;
  const playing = seat === view.to_act && view.phase !== "over";
  const suits = pile.suits
    ? SUITS.filter((suit) => pile.suits[suit] > 0).map((suit) => suitChip(suit, pile.suits[suit]))
    : [];
  return seatEntry({ prefix: "po-player", seat, name: nameOf(ctx.names, seat), you: seat === ctx.you, turn: playing,
    classes: seat === next ? ["is-next"] : [],
    badges: [playing ? el("span", { class: "badge badge--live" }, t("to play")) : null,
      seat === next ? el("span", { class: "badge po-badge-next" }, t("next")) : null],
    body: [el("div", { class: "po-player-facts small" },
      el("span", null, tn("Hand: {count} card", "Hand: {count} cards", count)),
      el("span", null, pile.suits || !pile.cards
        ? tn("Collected: {count} card", "Collected: {count} cards", pile.cards)
        : tn("Collected: {count} card (face down)", "Collected: {count} cards (face down)", pile.cards)),
      many ? el("span", null, t("Penalty so far: {points}", { points: (view.totals || [])[seat] ?? 0 })) : null),
    suits.length ? el("div", { class: "po-player-suits" }, suits) : null] });
}

// ---- scoring ---------------------------------------------------------------------------

function resultsBlock(view, names) {
  const results = view.results || [];
  if (!results.length || view.phase === "over") return rulesNote(view);
  return el("details", { class: "po-results" },
    el("summary", null, t("Finished rounds ({count})", { count: results.length })),
    results.map((result) => roundTable(result, names)),
    rulesNote(view));
}

function rulesNote(view) {
  return el("p", { class: "po-rules small muted" },
    (view.rounds ?? 1) > 1
      ? t("At the end of the round, whoever holds strictly more cards of a potion colour than everyone else discards them (no one on a tie). Every other potion card costs 1 penalty point, every poison card 2. Fewest points wins. Points are added over the rounds.")
      : t("At the end of the round, whoever holds strictly more cards of a potion colour than everyone else discards them (no one on a tie). Every other potion card costs 1 penalty point, every poison card 2. Fewest points wins."));
}

/** One round's scoring: cards per suit (immune ones struck through) and penalty points. */
function roundTable(result, names) {
  const seats = result.seats || [];
  return el("div", { class: "table-scroll po-round" },
    el("table", { class: "scores po-score-table" },
      el("caption", null, t("Round {round}", { round: result.round })),
      el("thead", null, el("tr", null,
        el("th", { scope: "col" }, t("Player")),
        SUITS.map((suit) => el("th", { scope: "col", class: `num po-th po-th--${suit}`, title: suitWord(suit) },
          suit === POISON ? [SKULL, srOnly(` ${suitWord(suit)}`)] : suitWord(suit))),
        el("th", { scope: "col", class: "num" }, t("Points")))),
      el("tbody", null, seats.map((seat) => el("tr", null,
        el("th", { scope: "row" }, nameOf(names, seat.seat)),
        SUITS.map((suit) => {
          const count = (seat.counts || {})[suit] ?? 0;
          const immune = (seat.immune || []).includes(suit);
          return el("td", { class: `num${immune ? " po-immune" : ""}`, title: immune ? t("immune: discarded") : null },
            immune ? [el("s", null, String(count)), srOnly(` ${t("immune")}`)] : String(count));
        }),
        el("td", { class: "num" }, el("strong", null, String(seat.penalty ?? 0))))))));
}

export function turnHint(state) {
  if (!(state.legal || []).length) return "";
  return t("Pick a card from your hand, then a cauldron.");
}

// ---- log and record --------------------------------------------------------------------

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "game_started": {
      const parts = [t("Game started with {count} players. {player} starts.",
        { count: entry.players, player: nameOf(names, entry.start_seat) })];
      if (entry.rounds > 1) parts.push(t("{count} rounds, each player starts one.", { count: entry.rounds }));
      if (entry.overflow_at) parts.push(t("Cauldrons boil over at {threshold} or more.", { threshold: entry.overflow_at }));
      if (entry.set_aside) parts.push(tn("{count} card set aside unseen.", "{count} cards set aside unseen.", entry.set_aside));
      return parts.join(" ");
    }
    case "card_played": {
      const params = { player: who, card: cardPhrase(entry.card), where: cauldronName(entry.cauldron, entry.colour),
        total: entry.total };
      if (entry.taken > 0) {
        return tn("{player} played {card} into {where}: {total}, it boils over! {player} takes {count} card.",
          "{player} played {card} into {where}: {total}, it boils over! {player} takes {count} cards.", entry.taken, params);
      }
      return t("{player} played {card} into {where} (total {total}).", params);
    }
    case "round_scored": {
      const seats = (entry.seats || []).map((seat) => {
        const params = { player: nameOf(names, seat.seat) };
        if (seat.immune && seat.immune.length) {
          params.immune = listText(seat.immune.map(suitWord));
          return tn("{player} {count} point (immune: {immune})", "{player} {count} points (immune: {immune})", seat.penalty ?? 0, params);
        }
        return tn("{player} {count} point", "{player} {count} points", seat.penalty ?? 0, params);
      });
      return t("Round {round} is over. {scores}.", { round: entry.round, scores: joined(seats) });
    }
    case "round_started":
      return t("Round {round} begins. {player} starts.", { round: entry.round, player: nameOf(names, entry.start_seat) });
    case "game_over": {
      const scores = (entry.scores || []).map((score, seat) => t("{player} {points}", { player: nameOf(names, seat), points: score }));
      const winners = (entry.winners || []).map((seat) => nameOf(names, seat));
      return t("Game over. Penalty points: {scores}. Fewest points: {winners}.",
        { scores: joined(scores), winners: listText(winners) });
    }
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

export function describeAction(action) {
  if (action && action.type === "play_card") {
    const card = action.card;
    const where = card === POISON ? t("cauldron {number}", { number: Number(action.cauldron) + 1 })
      : t("the {colour} cauldron", { colour: suitWord(suitOf(card)) });
    return t("Play {card} into {where}", { card: cardPhrase(card), where });
  }
  return compactJson(action);
}

// ---- final result ----------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const scores = outcome.scores || [];
  const winners = new Set(outcome.winners || []);
  const detail = outcome.detail || {};
  const rounds = detail.rounds || [];
  // Fewest penalty points is best: 1 + how many have fewer.
  const places = scores.map((score) => 1 + scores.filter((other) => other < score).length);
  const seats = scores.map((_, seat) => seat).sort((a, b) => places[a] - places[b] || a - b);
  const winnerNames = [...winners].sort((a, b) => a - b).map((seat) => nameOf(names, seat));
  const headline = winnerNames.length === 1 ? t("{player} wins with the fewest penalty points!", { player: winnerNames[0] })
    : t("{players} share the win with the fewest penalty points!", { players: listText(winnerNames) });
  fill(root,
    el("p", { class: "outcome-winners" }, headline),
    el("table", { class: "scores" },
      el("thead", null, el("tr", null,
        el("th", { scope: "col" }, t("Place")), el("th", { scope: "col" }, t("Player")),
        rounds.length > 1 ? rounds.map((round) => el("th", { scope: "col", class: "num" }, t("R{round}", { round: round.round }))) : null,
        el("th", { scope: "col", class: "num" }, t("Penalty")))),
      el("tbody", null, seats.map((seat) => el("tr", { class: winners.has(seat) ? "is-winner" : null },
        el("td", null, ordinal(places[seat])),
        el("th", { scope: "row" }, nameOf(names, seat),
          winners.has(seat) ? el("span", { class: "badge badge--win" }, t("winner")) : null),
        rounds.length > 1 ? rounds.map((round) => {
          const mine = (round.seats || []).find((entry) => entry.seat === seat);
          return el("td", { class: "num" }, String(mine ? mine.penalty : ""));
        }) : null,
        el("td", { class: "num" }, String(scores[seat])))))),
    rounds.length ? el("div", { class: "po-final" },
      el("h3", null, rounds.length > 1 ? t("Collected cards, round by round") : t("Collected cards")),
      rounds.map((round) => roundTable(round, names))) : null,
    el("p", { class: "small muted" },
      t("Green struck-through counts are immune: their holder had strictly more of that colour than anyone else."), " ",
      t("Other potion cards cost 1 point each; poison cards cost 2 and are never immune.")));
}
