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
import { compactJson, listText, nameOf } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { N_, t, tn } from "../lib/i18n.js";
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
  limit23: N_("Limit 23"),
  king: N_("King of Kings"),
  unique: N_("Unique"),
  trio: N_("Trio"),
  support_right: N_("Support Right"),
};
const RULE_SHORT = { limit23: "\u226423", king: "\u265b", unique: "1", trio: "3\u00d7", support_right: "\u2192" };
const RULE_TEXT = {
  limit23: N_("The table's numbers add up to 23 or less."),
  king: N_("Your colour is the most frequent at the table (ties allowed) and your number is the highest of that colour."),
  unique: N_("No other table card has your number or your colour."),
  trio: N_("At least 3 table cards share a colour or a number (yours need not be one)."),
  support_right: N_("Your right-hand neighbour fulfils their rule (dummies are skipped)."),
};
const COLOURS = ["red", "yellow", "green", "blue", "purple"];
const COLOUR_NAMES = { red: N_("red"), yellow: N_("yellow"), green: N_("green"), blue: N_("blue"), purple: N_("purple") };

// ---- names and cards -------------------------------------------------------------------

/** The name of a place: a human's name, or the dummy's. */
function placeName(view, names, place) {
  const players = view.players || 0;
  if (place < players) return nameOf(names, place);
  const dummies = PLACES - players;
  return dummies > 1 ? t("Dummy {number}", { number: place - players + 1 }) : t("Dummy");
}

function ruleName(rule) {
  return RULE_NAME[rule] ? t(RULE_NAME[rule]) : String(rule);
}

function ruleText(rule) {
  return RULE_TEXT[rule] ? t(RULE_TEXT[rule]) : "";
}

function colourName(colour) {
  return COLOUR_NAMES[colour] ? t(COLOUR_NAMES[colour]) : String(colour ?? "");
}

/** "blue 7" */
function cardText(card) {
  return card ? t("{colour} {value}", { colour: colourName(card.colour), value: card.value }) : t("no card");
}

function colourClass(colour) {
  return COLOURS.includes(colour) ? colour : "unknown";
}

/** A number card to look at. */
function numberFace(card, extra = "") {
  if (!card) return el("span", { class: `mor-card mor-card--empty ${extra}`, "aria-label": t("no number card yet") });
  return cardFace({ look: `mor-card mor-card--${colourClass(card.colour)} ${extra}`, label: cardText(card),
    face: numberInner(card) });
}

/** The inside of a number card: its value, with its colour's shape (lib/pieces.js) in a corner. */
function numberInner(card) {
  return [mark(card.colour, "mor-card-mark"), el("span", { "aria-hidden": "true" }, String(card.value))];
}

/** A number card in the hand or the display: the button that plays or takes it. */
function numberButton(card, { type, label, extra, legal, ctx }) {
  return cardFace({ look: `mor-card mor-card--${colourClass(card.colour)} ${extra}`, label,
    face: numberInner(card), play: { action: numberAction(type, card), legal, ctx } });
}

/** The inside of a rule card: its symbol and its name. */
function ruleContent(rule) {
  return [el("span", { class: "mor-rule-icon", "aria-hidden": "true" }, RULE_SHORT[rule] || "?"),
    el("span", { class: "mor-rule-name" }, ruleName(rule))];
}

/** A rule card to look at. */
function ruleFace(rule, extra = "") {
  if (!rule) return el("span", { class: `mor-rule mor-rule--empty ${extra}`, "aria-label": t("no rule card yet") });
  return el("span", { class: `mor-rule mor-rule--${rule} ${extra}`, title: ruleText(rule) }, ruleContent(rule));
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
  const numbers = tn("{count} number card", "{count} number cards", decks.numbers ?? 0);
  const rules = tn("{count} rule card", "{count} rule cards", decks.rules ?? 0);
  return infoBar("mor-info",
    el("span", { class: "mor-deal" }, el("strong", null, t("Deal {deal} of {deals}", { deal: view.deal, deals: view.deals })),
      t(" \u00b7 round {round} of {rounds}", { round: view.round, rounds: view.rounds }),
      view.phase === "over" ? "" : t(" \u00b7 lap {lap}", { lap: view.lap })),
    el("span", { class: "muted small pile-fact" }, back("master_of_rules", { className: "pc-back--mini" }),
      t("Decks: {numbers}, {rules}", { numbers, rules })));
}

/** The five places in clockwise order, the viewer's place at the bottom. */
function tableRing(view, ctx) {
  const you = typeof ctx.you === "number" && ctx.you < (view.players || 0) ? ctx.you : 0;
  const places = seatOrder(PLACES, you);
  return el("section", { class: "mor-ring", "aria-label": t("The table, clockwise") },
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
    badges: [dummy ? el("span", { class: "badge badge--dummy" }, t("dummy")) : null,
      !dummy && view.start_seat === place ? el("span", { class: "badge badge--start", title: t("Start player this deal") }, t("start")) : null,
      active ? el("span", { class: "badge badge--turn" }, view.phase === "take" ? t("taking") : t("to play")) : null],
    body: [el("div", { class: "mor-played", "aria-label": t("Played by {player}", { player: placeName(view, names, place) }) },
      numberFace(table.number),
      dummy && !table.rule ? null : ruleFace(table.rule, dummy ? "is-dummy-rule" : "")),
    dummy && table.rule ? el("p", { class: "mor-note small" }, t("Blocks its type; never checked.")) : null,
    empty && check && (check.numbers || [])[place] ? lastCheckLine(check, place) : null,
    pile ? el("p", { class: "mor-place-foot small" },
      tn("{count} rule fulfilled \u00b7 {points} pts", "{count} rules fulfilled \u00b7 {points} pts", sum(Object.values(pile)),
        { points: (view.scores || [])[place] ?? 0 })) : null] });
}

function lastCheckLine(check, place) {
  const reason = (check.reasons || [])[place];
  if (!reason) return null;
  return el("p", { class: `mor-place-last small ${reason.fulfilled ? "is-ok" : "is-bad"}` },
    reason.fulfilled ? t("Deal {deal}: {rule} \u2713", { deal: check.deal, rule: ruleName(reason.rule) })
      : t("Deal {deal}: {rule} \u2717", { deal: check.deal, rule: ruleName(reason.rule) }));
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
    const text = view.phase !== "take" ? t("{player} is playing a card (lap {lap}).", { player: who, lap: view.lap })
      : view.taking === "number" ? t("{player} is taking a number card from the display.", { player: who })
        : t("{player} is taking a rule card from the display.", { player: who });
    return el("section", { class: "mor-turn", "aria-label": t("Turn") }, el("p", { class: "mor-turn-text" }, text));
  }
  const parts = [];
  if (view.phase === "take") {
    parts.push(el("p", { class: "mor-turn-text" },
      el("strong", null, view.taking === "number" ? t("Take a number card") : t("Take a rule card")),
      t(" from the display below: it replaces the card you played.")));
  } else {
    parts.push(el("p", { class: "mor-turn-text" }, el("strong", null, playInstruction(view, ctx.you))));
    const note = restrictionText(view);
    if (note) parts.push(el("p", { class: `mor-restriction ${note.kind}`, role: "note" }, note.text));
  }
  return el("section", { class: "mor-turn is-mine", "aria-label": t("Your turn") }, parts);
}

/** What the viewer plays now: either type in lap 1, the other type in lap 2. */
function playInstruction(view, you) {
  if (view.lap !== 2) return t("Lap 1: play a number card or a rule card from your hand.");
  const table = (view.table || [])[you] || {};
  return table.number
    ? t("Lap 2: you played a number card in lap 1, so play a rule card now.")
    : t("Lap 2: you played a rule card in lap 1, so play a number card now.");
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
    return { kind: "is-exception", text: t("Already played this deal: {rules}. Every rule card in your hand is of a type already played, so you may play any of them.", { rules: names }) };
  }
  if (!blocked.length) return { kind: "is-info", text: t("Already played this deal: {rules}. None of your rule cards is blocked.", { rules: names }) };
  const them = listText(blocked.map(ruleName));
  return { kind: "is-blocked", text: blocked.length > 1
    ? t("{rules} have already been played this deal, so you may not play them while you hold a rule card of another type.", { rules: them })
    : t("{rule} has already been played this deal, so you may not play it while you hold a rule card of another type.", { rule: them }) };
}

export function turnHint(state) {
  const view = state.view || {};
  if (view.phase === "take") {
    return view.taking === "number" ? t("Take a number card from the display.") : t("Take a rule card from the display.");
  }
  if (view.phase !== "play") return "";
  return view.lap === 2 ? t("Lap 2: play your other card.") : t("Lap 1: play a number or a rule card.");
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
    numberButton(card, { type: "play_number", label: t("Play the {card}", { card: cardText(card) }), extra: "mor-pick", legal, ctx }));
  const rules = (cards.rules || []).map((rule) => {
    const stopped = playing && blocked.has(rule) && !legal.has(canonical({ type: "play_rule", rule }));
    return el("span", { class: "mor-hand-rule" },
      actionButton({ action: { type: "play_rule", rule }, legal, ctx,
        className: `mor-rule mor-rule--${rule} mor-pick${stopped ? " is-blocked" : ""}`,
        title: stopped ? t("{rule} has already been played this deal", { rule: ruleName(rule) })
          : t("Play {rule}: {text}", { rule: ruleName(rule), text: ruleText(rule) }),
        label: ruleContent(rule) }),
      stopped ? el("span", { class: "mor-blocked-tag small" }, t("already played")) : null);
  });
  return hand({ className: "mor-hand", heading: handTitle(),
    cards: [cardRow(t("Numbers"), numbers), cardRow(t("Rules"), rules)] });
}

function displayBlock(view, legal, ctx, mine) {
  const display = view.display || {};
  if (view.phase === "over") return null;
  const numbers = (display.numbers || []).map((card) =>
    numberButton(card, { type: "take_number", label: t("Take the {card}", { card: cardText(card) }), extra: "mor-take", legal, ctx }));
  const rules = (display.rules || []).map((rule) => actionButton({
    action: { type: "take_rule", rule }, legal, ctx,
    className: `mor-rule mor-rule--${rule} mor-take`,
    title: t("Take {rule}", { rule: ruleName(rule) }), label: ruleContent(rule),
  }));
  const taking = mine && view.phase === "take";
  return el("section", { class: `mor-display${taking ? " is-taking" : ""}`, "aria-label": t("The display") },
    el("h2", null, t("Display")),
    el("p", { class: "small muted" }, t("After each play you take a card of the same type from here. It is refilled after the check.")),
    cardRow(t("Numbers"), numbers, t("none left")),
    cardRow(t("Rules"), rules, t("none left")));
}

// ---- the check -------------------------------------------------------------------------

/** Why a place's rule was fulfilled or not, in words. */
export function reasonText(reason, check, view, names) {
  if (!reason) return "";
  switch (reason.rule) {
    case "limit23":
      return reason.sum <= 23 ? t("The table adds up to {sum}, 23 or less.", { sum: reason.sum })
        : t("The table adds up to {sum}, more than 23.", { sum: reason.sum });
    case "king": {
      const tops = reason.top_colours || [];
      const colours = listText(tops.map(colourName));
      const most = tops.length > 1 ? t("Most frequent colours: {colours}.", { colours }) : t("Most frequent colour: {colours}.", { colours });
      if (reason.fulfilled) return t("{most} The card is the highest of its colour.", { most });
      return reason.highest ? t("{most} The card's colour is not among them.", { most }) : t("{most} A higher card of its colour is on the table.", { most });
    }
    case "unique": {
      const at = (places) => listText((places || []).map((p) => placeName(view, names, p)));
      const numbers = (reason.same_value || []).length ? at(reason.same_value) : null;
      const colours = (reason.same_colour || []).length ? at(reason.same_colour) : null;
      if (numbers && colours) return t("Not unique: its number is also at {numbers}; its colour is also at {colours}.", { numbers, colours });
      if (numbers) return t("Not unique: its number is also at {numbers}.", { numbers });
      if (colours) return t("Not unique: its colour is also at {colours}.", { colours });
      return t("No other card shares its number or colour.");
    }
    case "trio": {
      const shared = [...(reason.colours || []).map((colour) => t("3 or more {colour}", { colour: colourName(colour) })),
        ...(reason.values || []).map((value) => t("3 or more {value}s", { value }))];
      return shared.length ? t("{shared} on the table.", { shared: listText(shared) }) : t("No colour or number appears 3 times.");
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
  if (reason.cycle) return t("Every player played Support Right: the chain goes all the way round, so everyone succeeds.");
  const steps = chain.map((place) => placeName(view, names, place));
  const last = chain[chain.length - 1];
  const decider = (check.reasons || [])[last] || {};
  const decided = { player: steps[steps.length - 1], rule: ruleName(decider.rule) };
  const verdict = decider.fulfilled ? t("{player}'s {rule} was fulfilled", decided) : t("{player}'s {rule} was not fulfilled", decided);
  if (chain.length === 1) return t("Follows the right-hand neighbour: {verdict}.", { verdict });
  return t("Follows the chain to the right through {players} (Support Right too): {verdict}.", { players: listText(steps.slice(0, -1)), verdict });
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
      el("td", { class: "mor-result" }, dummy ? (rule ? t("not checked") : "") : reason && reason.fulfilled ? t("\u2713 fulfilled") : t("\u2717 failed")),
      el("td", { class: "mor-why small" }, dummy ? t("Dummy") : reasonText(reason, check, view, names))));
  }
  const winners = [];
  for (let place = 0; place < players; place += 1) {
    if ((check.fulfilled || [])[place]) {
      winners.push(t("{player} ({rule})", { player: placeName(view, names, place), rule: ruleName((check.rules || [])[place]) }));
    }
  }
  const heads = [N_("Place"), N_("Number"), N_("Rule"), N_("Result"), N_("Why")];
  return el("section", { class: "mor-check", "aria-label": t("Check of deal {deal}", { deal: check.deal }) },
    el("h2", null, t("Check of deal {deal}", { deal: check.deal })),
    el("p", { class: "mor-check-summary" }, winners.length ? t("Fulfilled: {players}.", { players: listText(winners) }) : t("Nobody fulfilled their rule."),
      t(" Table total: {sum}.", { sum: check.sum })),
    el("div", { class: "mor-scroll" }, el("table", { class: "mor-check-table" },
      el("thead", null, el("tr", null, heads.map((h) => el("th", { scope: "col" }, t(h))))),
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
  const head = el("tr", null, el("th", { scope: "col" }, t("Player")),
    RULES.map((rule) => el("th", { scope: "col", class: "num", title: ruleName(rule) },
      el("span", { "aria-hidden": "true" }, RULE_SHORT[rule]), srOnly(ruleName(rule)))),
    el("th", { scope: "col", class: "num" }, t("Points")));
  const rows = piles.map((pile, seat) => {
    const points = pilePoints(pile || {});
    const bonuses = [...points.sets.map((rule) => t("+2 three {rule}", { rule: ruleName(rule) })), points.all ? t("+2 all five types") : null].filter(Boolean);
    const win = winners && winners.has(seat);
    return el("tr", { class: win ? "is-winner" : null, "data-seat": seat },
      el("th", { scope: "row" }, view ? placeName(view, names, seat) : nameOf(names, seat),
        win ? el("span", { class: "badge badge--win" }, t("winner")) : null,
        bonuses.length ? el("span", { class: "mor-bonus small" }, bonuses.join(" \u00b7 ")) : null),
      RULES.map((rule) => el("td", { class: "num" }, String((pile || {})[rule] || 0))),
      el("td", { class: "num mor-points" }, String(points.total)));
  });
  return el("div", { class: "mor-scroll" }, el("table", { class: "mor-piles-table" }, el("thead", null, head), el("tbody", null, rows)));
}

function pilesBlock(view, names) {
  const piles = view.score_piles || [];
  if (!piles.length || view.phase === "over") return null;
  return el("section", { class: "mor-piles", "aria-label": t("Score piles") },
    el("h2", null, t("Score piles")),
    pileTable(piles, names, view),
    el("p", { class: "small muted" },
      t("1 point per fulfilled rule; +2 once for 3 or more of one type (not Support Right); +2 once for all five types. Ties: more Support Right, then Trio, Unique, King of Kings, Limit 23.")));
}

// ---- log and record --------------------------------------------------------------------

function playedLine(entry, who) {
  if (entry.number) return t("{player} played the {card} (lap {lap}).", { player: who, card: cardText(entry.number), lap: entry.lap });
  if (entry.rule) return t("{player} played {rule} (lap {lap}).", { player: who, rule: ruleName(entry.rule), lap: entry.lap });
  return t("{player} played nothing (lap {lap}).", { player: who, lap: entry.lap });
}

function takenLine(entry, who) {
  if (entry.number) {
    const params = { player: who, card: cardText(entry.number) };
    return entry.forced ? t("{player} took the {card} from the display (the only choice).", params)
      : t("{player} took the {card} from the display.", params);
  }
  if (entry.rule) {
    const params = { player: who, rule: ruleName(entry.rule) };
    return entry.forced ? t("{player} took {rule} from the display (the only choice).", params)
      : t("{player} took {rule} from the display.", params);
  }
  return entry.forced ? t("{player} took nothing from the display (the only choice).", { player: who })
    : t("{player} took nothing from the display.", { player: who });
}

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "game_started":
      return t("Game started with {count} players and {deals} deals. {player} starts.",
        { count: entry.players, deals: entry.deals, player: nameOf(names, entry.start_seat) });
    case "deal_started":
      return t("Deal {deal} (round {round}): {player} starts. Display: {numbers}; {rules}.", {
        deal: entry.deal, round: entry.round, player: nameOf(names, entry.start_seat),
        numbers: listText((entry.numbers || []).map(cardText)), rules: listText((entry.rules || []).map(ruleName)) });
    case "card_played":
      return playedLine(entry, who);
    case "card_taken":
      return takenLine(entry, who);
    case "dummy_card": {
      const dummy = entry.place === 3 && names.length <= 3 ? t("Dummy {number}", { number: 1 })
        : entry.place === 4 && names.length <= 3 ? t("Dummy {number}", { number: 2 }) : t("The dummy");
      return entry.rule ? t("{dummy} got the {card} and {rule}.", { dummy, card: cardText(entry.number), rule: ruleName(entry.rule) })
        : t("{dummy} got the {card}.", { dummy, card: cardText(entry.number) });
    }
    case "deck_reshuffled":
      return entry.deck === "rule"
        ? tn("The rule deck ran out: {count} discarded card shuffled into a new deck.",
          "The rule deck ran out: {count} discarded cards shuffled into a new deck.", entry.cards || 0)
        : tn("The number deck ran out: {count} discarded card shuffled into a new deck.",
          "The number deck ran out: {count} discarded cards shuffled into a new deck.", entry.cards || 0);
    case "deal_checked": {
      const done = [];
      (entry.fulfilled || []).forEach((ok, place) => {
        if (ok) done.push(t("{player} ({rule})", { player: nameOf(names, place), rule: ruleName((entry.rules || [])[place]) }));
      });
      return done.length ? t("Deal {deal} checked: {players} fulfilled their rule.", { deal: entry.deal, players: listText(done) })
        : t("Deal {deal} checked: nobody fulfilled their rule.", { deal: entry.deal });
    }
    case "game_over": {
      const players = listText((entry.winners || []).map((seat) => nameOf(names, seat)));
      return (entry.winners || []).length > 1 ? t("Game over. {players} share the win!", { players })
        : t("Game over. {players} wins!", { players });
    }
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

export function describeAction(action) {
  switch (action && action.type) {
    case "play_number":
      return t("Play the {card}", { card: cardText(action) });
    case "play_rule":
      return t("Play {rule}", { rule: ruleName(action.rule) });
    case "take_number":
      return t("Take the {card}", { card: cardText(action) });
    case "take_rule":
      return t("Take {rule}", { rule: ruleName(action.rule) });
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
      t("Equal points are decided by more {rules} cards, in that order.", { rules: listText(TIE_BREAK.map(ruleName)) })) : null);
}
