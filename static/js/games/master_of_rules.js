// Master of Rules renderer (rules: shared/rules/master-of-rules.md). Five places around the
// table (dummies fill the places humans leave empty); each deal every human plays one number
// card and one rule card, taking a card of the same type from the display after each play. The
// check then decides who fulfilled their rule; fulfilled cards go to the score piles.
//
// Controls are buttons with data-action (lib/actions.js): the hand (.mor-hand) during a play,
// the display (.mor-display) during a take.

import { actionButton, canonical, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { el, fill, srOnly } from "../lib/dom.js";
import { compactJson, indefinite, listText, nameOf, plural } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { infoBar } from "../lib/info.js";
import { patch } from "../lib/patch.js";
import { back, mark } from "../lib/pieces.js";
import { winnersText } from "../lib/results.js";
import { seatEntry, seatOrder } from "../lib/seats.js";

export const OPTIONS = {};

const PLACES = 5;
const RULES = ["limit23", "king", "unique", "trio", "support_right"];
const TIE_BREAK = ["support_right", "trio", "unique", "king", "limit23"];
const RULE_NAME = {
  limit23: "Limit 23",
  king: "King of Kings",
  unique: "Unique",
  trio: "Trio",
  support_right: "Support Right",
};
const RULE_SHORT = { limit23: "\u226423", king: "\u265b", unique: "1", trio: "3\u00d7", support_right: "\u2192" };
const RULE_TEXT = {
  limit23: "The table's numbers add up to 23 or less.",
  king: "Your colour is the most frequent at the table (ties allowed) and your number is the highest of that colour.",
  unique: "No other table card has your number or your colour.",
  trio: "At least 3 table cards share a colour or a number (yours need not be one).",
  support_right: "Your right-hand neighbour fulfils their rule (dummies are skipped).",
};
const COLOURS = ["red", "yellow", "green", "blue", "purple"];

// ---- names and cards -------------------------------------------------------------------

/** The name of a place: a human's name, or the dummy's. */
function placeName(view, names, place) {
  const players = view.players || 0;
  if (place < players) return nameOf(names, place);
  const dummies = PLACES - players;
  return dummies > 1 ? `Dummy ${place - players + 1}` : "Dummy";
}

function ruleName(rule) {
  return RULE_NAME[rule] || String(rule);
}

function cardText(card) {
  return card ? `${card.colour} ${card.value}` : "no card";
}

function colourClass(colour) {
  return COLOURS.includes(colour) ? colour : "unknown";
}

/** A number card to look at. */
function numberFace(card, extra = "") {
  if (!card) return el("span", { class: `mor-card mor-card--empty ${extra}`, "aria-label": "no number card yet" });
  return cardFace({ look: `mor-card mor-card--${colourClass(card.colour)} ${extra}`, label: cardText(card),
    face: numberInner(card) });
}

/** The inside of a number card: its value, with its colour's shape (lib/pieces.js) in a corner. */
function numberInner(card) {
  return [mark(card.colour, "mor-card-mark"), el("span", { "aria-hidden": "true" }, String(card.value))];
}

/** A number card in the hand or the display: the button that plays or takes it. */
function numberButton(card, { type, verb, extra, legal, ctx }) {
  return cardFace({ look: `mor-card mor-card--${colourClass(card.colour)} ${extra}`, label: `${verb} the ${cardText(card)}`,
    face: numberInner(card), play: { action: numberAction(type, card), legal, ctx } });
}

/** The inside of a rule card: its symbol and its name. */
function ruleContent(rule) {
  return [el("span", { class: "mor-rule-icon", "aria-hidden": "true" }, RULE_SHORT[rule] || "?"),
    el("span", { class: "mor-rule-name" }, ruleName(rule))];
}

/** A rule card to look at. */
function ruleFace(rule, extra = "") {
  if (!rule) return el("span", { class: `mor-rule mor-rule--empty ${extra}`, "aria-label": "no rule card yet" });
  return el("span", { class: `mor-rule mor-rule--${rule} ${extra}`, title: RULE_TEXT[rule] || "" }, ruleContent(rule));
}

function numberAction(type, card) {
  return { type, colour: card.colour, value: card.value };
}

// ---- board -----------------------------------------------------------------------------

export function render(root, state, ctx) {
  const view = state.view || {};
  const legal = legalIndex(state.legal);
  const mine = (state.legal || []).length > 0;
  const names = ctx.names;
  patch(root, el("div", { class: "mor" },
    infoLine(view),
    tableRing(view, ctx),
    turnPanel(view, state, ctx, mine),
    handBlock(view, legal, ctx, mine),
    displayBlock(view, legal, ctx, mine),
    checkBlock(view.last_check, view, names),
    pilesBlock(view, names)));
}

function infoLine(view) {
  const decks = view.decks || {};
  return infoBar("mor-info",
    el("span", { class: "mor-deal" }, el("strong", null, `Deal ${view.deal} of ${view.deals}`),
      ` \u00b7 round ${view.round} of ${view.rounds}`,
      view.phase === "over" ? "" : ` \u00b7 lap ${view.lap}`),
    el("span", { class: "muted small pile-fact" }, back("master_of_rules", { className: "pc-back--mini" }),
      `Decks: ${plural(decks.numbers ?? 0, "number card")}, ${plural(decks.rules ?? 0, "rule card")}`));
}

/** The five places in clockwise order, the viewer's place at the bottom. */
function tableRing(view, ctx) {
  const you = typeof ctx.you === "number" && ctx.you < (view.players || 0) ? ctx.you : 0;
  const places = seatOrder(PLACES, you);
  return el("section", { class: "mor-ring", "aria-label": "The table, clockwise" },
    places.map((place, slot) => placeBlock(view, ctx, place, slot)));
}

function placeBlock(view, ctx, place, slot) {
  const names = ctx.names;
  const players = view.players || 0;
  const dummy = place >= players;
  const table = (view.table || [])[place] || {};
  const active = !dummy && view.phase !== "over" && view.to_act === place;
  const check = view.last_check;
  const pile = dummy ? null : ((view.score_piles || [])[place] || {});
  const empty = !table.number && !table.rule;
  return seatEntry({ prefix: "mor-place", seat: place, name: placeName(view, names, place), you: place === ctx.you,
    turn: active, classes: [`mor-slot-${slot}`, dummy ? "is-dummy" : null], attrs: { "data-place": place },
    badges: [dummy ? el("span", { class: "badge badge--dummy" }, "dummy") : null,
      !dummy && view.start_seat === place ? el("span", { class: "badge badge--start", title: "Start player this deal" }, "start") : null,
      active ? el("span", { class: "badge badge--turn" }, view.phase === "take" ? "taking" : "to play") : null],
    body: [el("div", { class: "mor-played", "aria-label": `Played by ${placeName(view, names, place)}` },
      numberFace(table.number),
      dummy && !table.rule ? null : ruleFace(table.rule, dummy ? "is-dummy-rule" : "")),
    dummy && table.rule ? el("p", { class: "mor-note small" }, "Blocks its type; never checked.") : null,
    empty && check && (check.numbers || [])[place] ? lastCheckLine(check, place) : null,
    pile ? el("p", { class: "mor-place-foot small" },
      `${plural(sum(Object.values(pile)), "rule")} fulfilled \u00b7 ${(view.scores || [])[place] ?? 0} pts`) : null] });
}

function lastCheckLine(check, place) {
  const reason = (check.reasons || [])[place];
  if (!reason) return null;
  return el("p", { class: `mor-place-last small ${reason.fulfilled ? "is-ok" : "is-bad"}` },
    `Deal ${check.deal}: ${ruleName(reason.rule)} ${reason.fulfilled ? "\u2713" : "\u2717"}`);
}

function sum(values) {
  return values.reduce((total, value) => total + (Number(value) || 0), 0);
}

// ---- your turn -------------------------------------------------------------------------

function turnPanel(view, state, ctx, mine) {
  if (view.phase === "over") return null;
  const names = ctx.names;
  if (!mine) {
    const who = nameOf(names, view.to_act);
    const text = view.phase === "take"
      ? `${who} is taking ${indefinite(`${view.taking} card`)} from the display.`
      : `${who} is playing a card (lap ${view.lap}).`;
    return el("section", { class: "mor-turn", "aria-label": "Turn" }, el("p", { class: "mor-turn-text" }, text));
  }
  const parts = [];
  if (view.phase === "take") {
    parts.push(el("p", { class: "mor-turn-text" }, el("strong", null, `Take ${indefinite(`${view.taking} card`)}`),
      " from the display below: it replaces the card you played."));
  } else {
    parts.push(el("p", { class: "mor-turn-text" }, el("strong", null, playInstruction(view, ctx.you))));
    const note = restrictionText(view);
    if (note) parts.push(el("p", { class: `mor-restriction ${note.kind}`, role: "note" }, note.text));
  }
  return el("section", { class: "mor-turn is-mine", "aria-label": "Your turn" }, parts);
}

/** What the viewer plays now: either type in lap 1, the other type in lap 2. */
function playInstruction(view, you) {
  if (view.lap !== 2) return "Lap 1: play a number card or a rule card from your hand.";
  const table = (view.table || [])[you] || {};
  return table.number
    ? "Lap 2: you played a number card in lap 1, so play a rule card now."
    : "Lap 2: you played a rule card in lap 1, so play a number card now.";
}

/** The rule-card restriction in words, for the viewer's own hand. */
function restrictionText(view) {
  const restriction = view.restriction;
  const played = view.played_rules || [];
  if (!restriction || !played.length) return null;
  const table = (view.table || [])[view.you] || {};
  if (table.rule) return null; // the viewer has played their rule card this deal
  const blocked = restriction.blocked || [];
  const names = listText(played.map(ruleName));
  if (restriction.exception) {
    return { kind: "is-exception", text: `Already played this deal: ${names}. Every rule card in your hand is of a type already played, so you may play any of them.` };
  }
  if (!blocked.length) return { kind: "is-info", text: `Already played this deal: ${names}. None of your rule cards is blocked.` };
  const them = listText(blocked.map(ruleName));
  return { kind: "is-blocked", text: `${them} ${blocked.length > 1 ? "have" : "has"} already been played this deal, so you may not play ${blocked.length > 1 ? "them" : "it"} while you hold a rule card of another type.` };
}

export function turnHint(state) {
  const view = state.view || {};
  if (view.phase === "take") return `Take ${indefinite(`${view.taking} card`)} from the display.`;
  if (view.phase !== "play") return "";
  return view.lap === 2 ? "Lap 2: play your other card." : "Lap 1: play a number or a rule card.";
}

// ---- hand and display ------------------------------------------------------------------

/** A row of the hand or the display: "Numbers" or "Rules", then the cards (or `empty`). */
function cardRow(label, cards, empty = null) {
  return el("div", { class: "mor-hand-row" }, el("span", { class: "mor-row-label small muted" }, label),
    cards.length || empty === null ? cards : el("span", { class: "muted small" }, empty));
}

function handBlock(view, legal, ctx, mine) {
  const cards = view.hand;
  if (!cards) return null;
  const playing = mine && view.phase === "play";
  const blocked = new Set(((view.restriction || {}).exception ? [] : (view.restriction || {}).blocked) || []);
  const numbers = (cards.numbers || []).map((card) =>
    numberButton(card, { type: "play_number", verb: "Play", extra: "mor-pick", legal, ctx }));
  const rules = (cards.rules || []).map((rule) => {
    const stopped = playing && blocked.has(rule) && !legal.has(canonical({ type: "play_rule", rule }));
    return el("span", { class: "mor-hand-rule" },
      actionButton({ action: { type: "play_rule", rule }, legal, ctx,
        className: `mor-rule mor-rule--${rule} mor-pick${stopped ? " is-blocked" : ""}`,
        title: stopped ? `${ruleName(rule)} has already been played this deal` : `Play ${ruleName(rule)}: ${RULE_TEXT[rule]}`,
        label: ruleContent(rule) }),
      stopped ? el("span", { class: "mor-blocked-tag small" }, "already played") : null);
  });
  return hand({ className: "mor-hand", heading: handTitle(),
    cards: [cardRow("Numbers", numbers), cardRow("Rules", rules)] });
}

function displayBlock(view, legal, ctx, mine) {
  const display = view.display || {};
  if (view.phase === "over") return null;
  const numbers = (display.numbers || []).map((card) =>
    numberButton(card, { type: "take_number", verb: "Take", extra: "mor-take", legal, ctx }));
  const rules = (display.rules || []).map((rule) => actionButton({
    action: { type: "take_rule", rule }, legal, ctx,
    className: `mor-rule mor-rule--${rule} mor-take`,
    title: `Take ${ruleName(rule)}`, label: ruleContent(rule),
  }));
  const taking = mine && view.phase === "take";
  return el("section", { class: `mor-display${taking ? " is-taking" : ""}`, "aria-label": "The display" },
    el("h2", null, "Display"),
    el("p", { class: "small muted" }, "After each play you take a card of the same type from here. It is refilled after the check."),
    cardRow("Numbers", numbers, "none left"),
    cardRow("Rules", rules, "none left"));
}

// ---- the check -------------------------------------------------------------------------

/** Why a place's rule was fulfilled or not, in words. */
export function reasonText(reason, check, view, names) {
  if (!reason) return "";
  switch (reason.rule) {
    case "limit23":
      return `The table adds up to ${reason.sum}${reason.sum <= 23 ? ", 23 or less" : ", more than 23"}.`;
    case "king": {
      const top = listText(reason.top_colours || []);
      const most = `Most frequent colour${(reason.top_colours || []).length > 1 ? "s" : ""}: ${top}.`;
      if (reason.fulfilled) return `${most} The card is the highest of its colour.`;
      return reason.highest ? `${most} The card's colour is not among them.` : `${most} A higher card of its colour is on the table.`;
    }
    case "unique": {
      const parts = [];
      if ((reason.same_value || []).length) parts.push(`its number is also at ${listText(reason.same_value.map((p) => placeName(view, names, p)))}`);
      if ((reason.same_colour || []).length) parts.push(`its colour is also at ${listText(reason.same_colour.map((p) => placeName(view, names, p)))}`);
      return parts.length ? `Not unique: ${parts.join("; ")}.` : "No other card shares its number or colour.";
    }
    case "trio": {
      const shared = [...(reason.colours || []).map((colour) => `3 or more ${colour}`), ...(reason.values || []).map((value) => `3 or more ${value}s`)];
      return shared.length ? `${listText(shared)} on the table.` : "No colour or number appears 3 times.";
    }
    case "support_right":
      return supportText(reason, check, view, names);
    default:
      return "";
  }
}

/** The Support Right chain: whom it followed, and what decided. */
function supportText(reason, check, view, names) {
  const chain = reason.chain || [];
  if (reason.cycle) return "Every player played Support Right: the chain goes all the way round, so everyone succeeds.";
  const steps = chain.map((place) => placeName(view, names, place));
  const last = chain[chain.length - 1];
  const decider = (check.reasons || [])[last] || {};
  const verdict = `${steps[steps.length - 1]}'s ${ruleName(decider.rule)} was ${decider.fulfilled ? "fulfilled" : "not fulfilled"}`;
  if (chain.length === 1) return `Follows the right-hand neighbour: ${verdict}.`;
  return `Follows the chain to the right through ${listText(steps.slice(0, -1))} (Support Right too): ${verdict}.`;
}

function checkBlock(check, view, names) {
  if (!check) return null;
  const players = view.players || 0;
  const rows = [];
  for (let place = 0; place < PLACES; place += 1) {
    const reason = (check.reasons || [])[place];
    const dummy = place >= players;
    const rule = (check.rules || [])[place];
    rows.push(el("tr", { class: dummy ? "is-dummy" : reason && reason.fulfilled ? "is-ok" : "is-bad", "data-place": place },
      el("th", { scope: "row" }, placeName(view, names, place)),
      el("td", null, numberFace((check.numbers || [])[place], "mor-card--small")),
      el("td", null, rule ? ruleName(rule) : "\u2014"),
      el("td", { class: "mor-result" }, dummy ? (rule ? "not checked" : "") : reason && reason.fulfilled ? "\u2713 fulfilled" : "\u2717 failed"),
      el("td", { class: "mor-why small" }, dummy ? "Dummy" : reasonText(reason, check, view, names))));
  }
  const winners = [];
  for (let place = 0; place < players; place += 1) {
    if ((check.fulfilled || [])[place]) winners.push(`${placeName(view, names, place)} (${ruleName((check.rules || [])[place])})`);
  }
  return el("section", { class: "mor-check", "aria-label": `Check of deal ${check.deal}` },
    el("h2", null, `Check of deal ${check.deal}`),
    el("p", { class: "mor-check-summary" }, winners.length ? `Fulfilled: ${listText(winners)}.` : "Nobody fulfilled their rule.",
      ` Table total: ${check.sum}.`),
    el("div", { class: "mor-scroll" }, el("table", { class: "mor-check-table" },
      el("thead", null, el("tr", null, ["Place", "Number", "Rule", "Result", "Why"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", null, rows))));
}

// ---- score piles and bonuses -----------------------------------------------------------

/** Points of a pile: cards, +2 per type (not Support Right) with 3+, +2 for all five. */
function pilePoints(pile) {
  const cards = sum(RULES.map((rule) => pile[rule] || 0));
  const sets = RULES.filter((rule) => rule !== "support_right" && (pile[rule] || 0) >= 3);
  const all = RULES.every((rule) => (pile[rule] || 0) >= 1);
  return { cards, sets, all, total: cards + 2 * sets.length + (all ? 2 : 0) };
}

function pileTable(piles, names, view, winners = null) {
  const head = el("tr", null, el("th", { scope: "col" }, "Player"),
    RULES.map((rule) => el("th", { scope: "col", class: "num", title: ruleName(rule) },
      el("span", { "aria-hidden": "true" }, RULE_SHORT[rule]), srOnly(ruleName(rule)))),
    el("th", { scope: "col", class: "num" }, "Points"));
  const rows = piles.map((pile, seat) => {
    const points = pilePoints(pile || {});
    const bonuses = [...points.sets.map((rule) => `+2 three ${ruleName(rule)}`), points.all ? "+2 all five types" : null].filter(Boolean);
    const win = winners && winners.has(seat);
    return el("tr", { class: win ? "is-winner" : null, "data-seat": seat },
      el("th", { scope: "row" }, view ? placeName(view, names, seat) : nameOf(names, seat),
        win ? el("span", { class: "badge badge--win" }, "winner") : null,
        bonuses.length ? el("span", { class: "mor-bonus small" }, bonuses.join(" \u00b7 ")) : null),
      RULES.map((rule) => el("td", { class: "num" }, String((pile || {})[rule] || 0))),
      el("td", { class: "num mor-points" }, String(points.total)));
  });
  return el("div", { class: "mor-scroll" }, el("table", { class: "mor-piles-table" }, el("thead", null, head), el("tbody", null, rows)));
}

function pilesBlock(view, names) {
  const piles = view.score_piles || [];
  if (!piles.length || view.phase === "over") return null;
  return el("section", { class: "mor-piles", "aria-label": "Score piles" },
    el("h2", null, "Score piles"),
    pileTable(piles, names, view),
    el("p", { class: "small muted" },
      "1 point per fulfilled rule; +2 once for 3 or more of one type (not Support Right); +2 once for all five types. "
      + "Ties: more Support Right, then Trio, Unique, King of Kings, Limit 23."));
}

// ---- log and record --------------------------------------------------------------------

function playedText(entry) {
  if (entry.number) return `the ${cardText(entry.number)}`;
  if (entry.rule) return ruleName(entry.rule);
  return "nothing";
}

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "game_started":
      return `Game started with ${entry.players} players and ${entry.deals} deals. ${nameOf(names, entry.start_seat)} starts.`;
    case "deal_started":
      return `Deal ${entry.deal} (round ${entry.round}): ${nameOf(names, entry.start_seat)} starts. Display: ${
        listText((entry.numbers || []).map(cardText))}; ${listText((entry.rules || []).map(ruleName))}.`;
    case "card_played":
      return `${who} played ${playedText(entry)} (lap ${entry.lap}).`;
    case "card_taken":
      return `${who} took ${playedText(entry)} from the display${entry.forced ? " (the only choice)" : ""}.`;
    case "dummy_card": {
      const name = entry.place === 3 && names.length <= 3 ? "Dummy 1" : entry.place === 4 && names.length <= 3 ? "Dummy 2" : "The dummy";
      return `${name} got ${entry.rule ? `the ${cardText(entry.number)} and ${ruleName(entry.rule)}` : `the ${cardText(entry.number)}`}.`;
    }
    case "deck_reshuffled":
      return `The ${entry.deck} deck ran out: ${plural(entry.cards || 0, "discarded card")} shuffled into a new deck.`;
    case "deal_checked": {
      const done = [];
      (entry.fulfilled || []).forEach((ok, place) => {
        if (ok) done.push(`${nameOf(names, place)} (${ruleName((entry.rules || [])[place])})`);
      });
      return `Deal ${entry.deal} checked: ${done.length ? `${listText(done)} fulfilled their rule` : "nobody fulfilled their rule"}.`;
    }
    case "game_over":
      return `Game over. ${listText((entry.winners || []).map((seat) => nameOf(names, seat)))} ${
        (entry.winners || []).length > 1 ? "share the win" : "wins"}!`;
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

export function describeAction(action) {
  switch (action && action.type) {
    case "play_number":
      return `Play the ${cardText(action)}`;
    case "play_rule":
      return `Play ${ruleName(action.rule)}`;
    case "take_number":
      return `Take the ${cardText(action)}`;
    case "take_rule":
      return `Take ${ruleName(action.rule)}`;
    default:
      return compactJson(action);
  }
}

// ---- final result ----------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const detail = outcome.detail || {};
  const piles = detail.completed || (view && view.score_piles) || [];
  const winners = new Set(outcome.winners || []);
  const scores = outcome.scores || [];
  const tied = [...winners].length > 1 || scores.filter((score) => score === Math.max(...scores)).length > 1;
  fill(root,
    el("p", { class: "outcome-winners" }, winnersText(outcome, names)),
    el("div", { class: "mor mor-final" }, pileTable(piles, names, view, winners)),
    tied ? el("p", { class: "small muted" },
      `Equal points are decided by more ${listText(TIE_BREAK.map(ruleName))} cards, in that order.`) : null);
}
