// UNO renderer (rules: shared/rules/uno.md; app/rules/uno/__init__.py has every decision).
// Cards are strings: "red:7", "blue:skip", "green:reverse", "yellow:draw2", "wild", "wild4".
// The "UNO!" and "Catch" buttons are drawn only while the rules list them as legal actions: the
// player whose turn it is may try to catch the player whose play just left them one or two
// cards (a wrong catch costs 2 cards); the others only one on one card without an UNO call.

import { actionButton, canonical, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { el, fill } from "../lib/dom.js";
import { compactJson, listText, nameOf, plural } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { fact, infoBar } from "../lib/info.js";
import { flipped } from "../lib/motion.js";
import { patch } from "../lib/patch.js";
import { back, mark } from "../lib/pieces.js";
import { scoreTable, winnersText } from "../lib/results.js";
import { seatEntry, seatOrder } from "../lib/seats.js";

const COLOURS = ["red", "yellow", "green", "blue"];
const SYMBOL = { skip: "\u2298", reverse: "\u21c4", draw2: "+2", wild: "W", wild4: "+4" };
const VALUE_NAME = { skip: "Skip", reverse: "Reverse", draw2: "Draw Two", wild: "Wild", wild4: "Wild Draw Four" };
const MINUS = "\u2212";

export const OPTIONS = {
  scoring: {
    label: "Scoring",
    choices: [
      ["seed", "Losers pay their own hand (seed)"],
      ["official", "Winner scores all hands (official)"],
    ],
  },
  target: {
    label: "Match length",
    choices: [[0, "One hand"], [100, "Hands to 100"], [200, "Hands to 200"], [300, "Hands to 300"],
      [500, "Hands to 500 (official)"]],
  },
  stack_draw_two: { label: "Stack +2 on +2" },
  stack_draw_four: { label: "Stack +4 on +2 or +4" },
  no_wild_on_penalty: { label: "No plain Wild against a +2 or +4" },
  wd4_rule: {
    label: "+4 allowed with",
    choices: [
      ["seed", "No other playable card (seed)"],
      ["official", "No card of the colour (official)"],
    ],
  },
  wd4_challenge: { label: "A +4 may be challenged" },
  uno_call: { label: "Say UNO! at one card (or be caught)" },
  false_uno_penalty: { label: "False UNO call or wrong catch: draw 2" },
  going_out_penalty: { label: "Going out on +2/+4: the next player still draws" },
  deck_exhausted: {
    label: "Draw pile runs out",
    choices: [["reshuffle", "Reshuffle the discards"], ["void", "The hand is void"]],
  },
  first_reverse: {
    label: "First card Reverse",
    choices: [["seed", "Dealer's right starts (seed)"], ["official", "Dealer starts (official)"]],
  },
};

// A black card picked in the hand, waiting for its colour. Kept across redraws.
const choice = localChoice({ wild: null }, draw);
const local = choice.picked;
export const render = choice.render;

// ---- cards -----------------------------------------------------------------------------

function parse(card) {
  const text = String(card || "");
  const at = text.indexOf(":");
  if (at < 0) return { colour: null, value: text };
  return { colour: text.slice(0, at), value: text.slice(at + 1) };
}

function isWild(card) {
  return card === "wild" || card === "wild4";
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

/** "Red 7", "Blue Skip", "Wild Draw Four". */
export function cardName(card) {
  const { colour, value } = parse(card);
  const name = VALUE_NAME[value] || value;
  return colour && COLOURS.includes(colour) ? `${capital(colour)} ${name}` : name;
}

function cardClasses(card, extra = "") {
  const { colour, value } = parse(card);
  const classes = ["uno-card", COLOURS.includes(colour) ? `uno-card--${colour}` : "uno-card--black"];
  if (value === "6" || value === "9") classes.push("is-underlined");
  if (extra) classes.push(extra);
  return classes.join(" ");
}

// The colour's shape (lib/pieces.js MARK_OF) sits in two corners of every coloured card, and
// a wild card shows the shape of the colour named for it: colour is never the only sign.
function cardInner(card, named = null) {
  const { colour, value } = parse(card);
  const corner = COLOURS.includes(colour) ? colour : null;
  return [
    corner ? mark(corner, "uno-corner uno-corner--top") : null,
    el("span", { class: "uno-card-mark", "aria-hidden": "true" }, SYMBOL[value] || value),
    corner ? mark(corner, "uno-corner uno-corner--bottom") : null,
    named && isWild(card) && COLOURS.includes(named) ? mark(named, `uno-card-named uno-named--${named}`) : null,
  ];
}

/** A card that is only looked at. */
function unoCard(card, { extra = "", named = null } = {}) {
  return cardFace({ look: cardClasses(card, extra), face: cardInner(card, named),
    label: named && isWild(card) ? `${cardName(card)}, ${named} named` : cardName(card) });
}

function cardBack(extra = "") {
  return back("uno", { className: `uno-back ${extra}` });
}

/** The seat on one card that did not call UNO and may still be caught (rightly), or null. */
function missedCall(view) {
  const seat = view.uno_window;
  if (typeof seat !== "number") return null;
  const said = (view.said_uno || []).includes(seat);
  return (view.hand_counts || [])[seat] === 1 && !said ? seat : null;
}

function colourDot(colour) {
  if (COLOURS.includes(colour)) return mark(colour, `uno-dot uno-dot--${colour}`);
  return el("span", { class: "uno-dot uno-dot--none", "aria-hidden": "true" });
}

// ---- board -----------------------------------------------------------------------------

function draw(root, state, ctx) {
  const view = state.view || {};
  const legal = legalIndex(state.legal);
  const actions = state.legal || [];
  const wildPlays = actions.filter((action) => action.type === "play" && isWild(action.card));
  if (local.wild !== null && !wildPlays.some((action) => action.card === local.wild)) local.wild = null;
  const turn = { view, legal, actions, ctx };

  patch(root, el("div", { class: "uno" },
    infoLine(view, ctx.names),
    seatsBlock(turn),
    centreBlock(turn),
    callsBlock(turn),
    handBlock(turn),
    challengeBlock(view, ctx),
    resultsBlock(view, ctx.names)));
}

/** Pick (or drop) a black card, then focus what the pick opened or closed. */
function pickWild(wild, focusSelector) {
  choice.choose({ wild }, (root) => {
    const target = root.querySelector(focusSelector);
    if (target) target.focus({ preventScroll: true });
  });
}

function infoLine(view, names) {
  const options = view.options || {};
  const target = options.target || 0;
  const players = view.players || 0;
  const next = typeof view.to_act === "number" && players
    ? (view.to_act + (view.direction === -1 ? -1 : 1) + players) % players : null;
  return infoBar("uno-info",
    fact(target ? `Hand ${view.hand_number ?? 1}` : "One hand", target ? ` \u00b7 first to ${target}` : ""),
    fact("Dealer: ", nameOf(names, view.dealer)),
    el("span", { class: "uno-direction" },
      el("span", { class: `uno-arrow${view.direction === -1 ? " is-reversed" : ""}`, "aria-hidden": "true" }, "\u21bb"),
      view.direction === -1 ? " Play goes right" : " Play goes left",
      next !== null && view.phase !== "over" ? ` \u00b7 next: ${nameOf(names, next)}` : ""));
}

/** Every seat in seat order from the viewer's left: name, cards held, UNO calls, catch. */
function seatsBlock(turn) {
  const { view, ctx } = turn;
  const counts = view.hand_counts || [];
  const you = typeof ctx.you === "number" && ctx.you < counts.length ? ctx.you : null;
  const order = seatOrder(counts.length, you === null ? 0 : you + 1);
  return el("section", { class: "uno-seats", "aria-label": "Players and their cards" },
    order.map((seat) => seatTile(seat, turn)));
}

function seatTile(seat, turn) {
  const { view, legal, ctx } = turn;
  const names = ctx.names;
  const count = (view.hand_counts || [])[seat] ?? 0;
  const said = (view.said_uno || []).includes(seat) || view.pre_called === seat;
  const open = missedCall(view) === seat;
  const playing = view.phase !== "over" && view.to_act === seat;
  const pending = view.pending;
  const catchButton = seat !== ctx.you && legal.has(canonical({ type: "catch", target: seat }))
    ? actionButton({ action: { type: "catch", target: seat }, label: `Catch ${nameOf(names, seat)}!`,
      legal, ctx, className: "btn uno-catch", title: catchTitle(view) }) : null;
  const totals = view.options && view.options.target ? (view.totals || [])[seat] : null;
  return seatEntry({ prefix: "uno-seat", seat, name: nameOf(names, seat), you: seat === ctx.you, turn: playing,
    classes: open ? ["is-open"] : [],
    badges: seat === view.dealer ? el("span", { class: "badge" }, "dealer") : null,
    body: [el("div", { class: "uno-seat-cards" },
      el("span", { class: "uno-backs", "aria-hidden": "true" },
        Array.from({ length: Math.min(count, 5) }, () => cardBack("uno-back--mini"))),
      el("span", { class: "uno-count" }, plural(count, "card"))),
    said ? el("span", { class: "uno-said" }, "UNO!") : null,
    open ? el("span", { class: "uno-open" }, "One card and no UNO call yet") : null,
    playing && pending ? el("span", { class: "uno-owes" }, `+${pending.count} to answer`) : null,
    totals === null || totals === undefined ? null : el("span", { class: "uno-total" }, `Total ${signed(totals)}`),
    catchButton] });
}

function catchTitle(view) {
  const wrong = (view.options || {}).false_uno_penalty === false ? "nothing happens"
    : "you draw 2";
  return `One card and no UNO call: they draw 2. If they called or hold two cards, ${wrong}.`;
}

function centreBlock(turn) {
  const { view, legal, ctx } = turn;
  const discards = view.discard || [];
  const under = discards.slice(0, -1).slice(-3);
  const top = discards.length ? discards[discards.length - 1] : { card: view.top, colour: view.colour };
  const drawButton = actionButton({ action: { type: "draw" }, label: "Draw a card", legal, ctx,
    className: "btn uno-draw" });
  return el("section", { class: "uno-centre", "aria-label": "Discard pile and draw pile" },
    el("div", { class: "uno-pile" },
      el("span", { class: "uno-pile-label" }, "Draw pile"),
      el("span", { class: "uno-pile-stack", "data-flip-place": "uno:pile" }, cardBack("uno-back--big"),
        el("span", { class: "uno-pile-count" }, plural(view.pile_count ?? 0, "card"))),
      legal.has(canonical({ type: "draw" })) ? drawButton : null),
    el("div", { class: "uno-discard" },
      el("span", { class: "uno-pile-label" }, "Discard pile"),
      el("div", { class: "uno-discard-stack" },
        under.map((entry) => flipped(unoCard(entry.card, { extra: "uno-card--under", named: entry.colour }), `uno:${entry.card}`)),
        top.card ? flipped(unoCard(top.card, { extra: "uno-card--top", named: top.colour }), `uno:${top.card}`) : null),
      el("span", { class: "uno-colour" }, colourDot(view.colour),
        view.colour ? ` Colour: ${view.colour}` : " Colour: not named yet")),
    statusLine(view, ctx));
}

function statusLine(view, ctx) {
  const names = ctx.names;
  if (view.phase === "over") return el("p", { class: "uno-status" }, "The match is over.");
  const who = nameOf(names, view.to_act);
  const mine = view.to_act === ctx.you;
  const pending = view.pending;
  let text;
  if (view.phase === "first_colour") {
    text = mine ? "A Wild was turned up first: name its colour." : `${who} names the colour of the first card.`;
  } else if (view.phase === "penalty" && pending) {
    const kind = pending.kind === "wild4" ? "Wild Draw Four" : "Draw Two";
    const by = nameOf(names, pending.by);
    text = mine ? `${by}'s ${kind}: +${pending.count} for you.` : `${who} must answer ${by}'s ${kind} (+${pending.count}).`;
  } else if (view.phase === "drawn") {
    text = mine && view.drawn ? `You drew ${cardName(view.drawn)}: play it or keep it.` : `${who} drew a card.`;
  } else {
    text = mine ? "Your turn." : `${who} is playing.`;
  }
  return el("p", { class: `uno-status${pending ? " uno-status--penalty" : ""}`, role: "status" }, text);
}

/** The "UNO!" call and the turn's buttons that are not cards: pass, take, challenge, colours. */
function callsBlock(turn) {
  const { view, legal, actions, ctx } = turn;
  const buttons = [];
  if (legal.has(canonical({ type: "call_uno" }))) {
    buttons.push(actionButton({ action: { type: "call_uno" }, label: "UNO!", legal, ctx, className: "btn uno-call" }));
  }
  if (legal.has(canonical({ type: "challenge" }))) {
    buttons.push(actionButton({ action: { type: "challenge" }, label: "Challenge the Wild Draw Four", legal, ctx,
      className: "btn uno-challenge" }));
  }
  if (legal.has(canonical({ type: "draw_penalty" }))) {
    const count = view.pending ? view.pending.count : 0;
    buttons.push(actionButton({ action: { type: "draw_penalty" }, label: `Take ${plural(count, "card")}`, legal, ctx }));
  }
  if (legal.has(canonical({ type: "pass" }))) {
    const label = view.phase === "drawn" ? "Keep it and pass" : "Pass (nothing to draw)";
    buttons.push(actionButton({ action: { type: "pass" }, label, legal, ctx }));
  }
  const colours = actions.filter((action) => action.type === "choose_colour");
  const picker = colours.length ? colourPicker("Name the colour:", colours, legal, ctx) : null;
  if (!buttons.length && !picker) return null;
  return el("section", { class: "uno-calls", "aria-label": "Your moves" },
    buttons.length ? el("div", { class: "button-row" }, buttons) : null, picker);
}

function colourPicker(title, actions, legal, ctx, cancel = null) {
  return el("div", { class: "uno-picker", role: "group", "aria-label": title },
    el("span", { class: "uno-picker-title" }, title),
    actions.map((action) => actionButton({ action, label: [mark(action.colour, "uno-pick-mark"), capital(action.colour)], legal, ctx,
      className: `btn uno-pick uno-pick--${action.colour}` })),
    cancel);
}

function handBlock(turn) {
  const { view, legal, actions, ctx } = turn;
  if (!Array.isArray(view.hand)) return null;
  const drawn = view.phase === "drawn" ? view.drawn : null;
  let markedDrawn = false;
  const cards = view.hand.map((card) => {
    const isDrawn = drawn !== null && card === drawn && !markedDrawn;
    if (isDrawn) markedDrawn = true;
    // A card played travels to the pile (lib/motion.js); a new one comes from the draw pile.
    return flipped(handCard(card, turn, isDrawn), `uno:${card}`, { from: "uno:pile" });
  });
  let picker = null;
  if (local.wild !== null) {
    const plays = actions.filter((action) => action.type === "play" && action.card === local.wild);
    const cancel = el("button", { type: "button", class: "btn btn--ghost btn--small", "data-cancel": "wild",
      onclick: () => pickWild(null, ".uno-hand button:not(:disabled)") }, "Cancel");
    picker = colourPicker(`${cardName(local.wild)}: name a colour`, plays, legal, ctx, cancel);
  }
  return hand({ className: "uno-mine", cards, row: "uno-hand", top: picker, empty: "No cards.",
    heading: handTitle(cards.length, { className: "uno-mine-title",
      extra: (view.said_uno || []).includes(ctx.you) ? el("span", { class: "uno-said" }, "UNO!") : null }) });
}

function handCard(card, turn, isDrawn) {
  const { legal, actions, ctx } = turn;
  const look = cardClasses(card, isDrawn ? "is-drawn" : "");
  if (isWild(card)) {
    const playable = actions.some((action) => action.type === "play" && action.card === card);
    return cardFace({ look, key: card, face: cardInner(card),
      label: `${cardName(card)}${playable ? ": play it and name a colour" : ""}`,
      pick: { picked: local.wild === card, enabled: playable, data: { "data-wild": card },
        onpick: () => pickWild(local.wild === card ? null : card, ".uno-pick:not(:disabled)") } });
  }
  const action = { type: "play", card };
  return cardFace({ look, key: card, face: cardInner(card), title: cardName(card),
    label: `${legal.has(canonical(action)) ? "Play " : ""}${cardName(card)}`, play: { action, legal, ctx } });
}

function challengeBlock(view, ctx) {
  const challenge = view.challenge;
  if (!challenge || challenge.seat !== ctx.you || !Array.isArray(challenge.hand)) return null;
  const target = nameOf(ctx.names, challenge.target);
  return el("section", { class: "uno-shown", "aria-label": "The hand you were shown" },
    el("p", null, el("strong", null, challenge.guilty ? "Guilty! " : "Innocent. "),
      `${target}\u2019s hand after the Wild Draw Four (only you see it):`),
    el("div", { class: "uno-hand uno-hand--small" },
      challenge.hand.length ? challenge.hand.map((card) => unoCard(card)) : el("span", { class: "muted" }, "no cards")));
}

function resultsBlock(view, names) {
  const results = view.results || [];
  if (!results.length || view.phase === "over") return null;
  const last = results[results.length - 1];
  return el("section", { class: "uno-last" },
    el("h2", null, `Hand ${last.hand}`), el("p", null, handSummary(last, view.options || {}, names)));
}

function signed(points) {
  return points < 0 ? `${MINUS}${-points}` : points > 0 ? `+${points}` : "0";
}

function handSummary(result, options, names) {
  if (result.winner === null || result.winner === undefined) {
    return result.void === "blocked" ? "Void: nobody could play or draw; nobody scores."
      : "Void: the draw pile ran out; nobody scores.";
  }
  const winner = nameOf(names, result.winner);
  const gained = (result.scores || [])[result.winner] ?? 0;
  if (options.scoring === "official") return `${winner} went out and scores ${gained}.`;
  const payers = (result.points || []).map((points, seat) => ({ points, seat }))
    .filter((entry) => entry.seat !== result.winner)
    .map((entry) => `${nameOf(names, entry.seat)} ${entry.points}`);
  return `${winner} went out and collects ${gained}: ${listText(payers)}.`;
}

export function turnHint(state) {
  const hint = mainHint(state);
  const missed = missedCall(state.view || {});
  const catches = (state.legal || []).some((action) => action.type === "catch" && action.target === missed);
  if (!catches || hint.startsWith("Someone")) return hint;
  return `${hint} Someone has one card and no UNO call: you may catch them!`;
}

function mainHint(state) {
  const view = state.view || {};
  const actions = state.legal || [];
  const types = new Set(actions.map((action) => action.type));
  const turnTypes = [...types].filter((type) => type !== "call_uno" && type !== "catch");
  if (types.has("call_uno") && missedCall(view) === view.you) return "Say UNO! now, before someone catches you.";
  if (!turnTypes.length && types.has("catch")) return "Someone has one card and no UNO call: catch them!";
  if (!turnTypes.length) return "";
  if (types.has("choose_colour")) return "Name the colour of the Wild turned up first.";
  if (view.phase === "penalty") {
    const count = view.pending ? view.pending.count : 0;
    const ways = [types.has("play") ? "stack a card" : null, types.has("challenge") ? "challenge" : null].filter(Boolean);
    return ways.length ? `+${count} for you: ${ways.join(" or ")}, or take the cards.` : `+${count} for you: take the cards.`;
  }
  if (view.phase === "drawn") return types.has("play") ? "Play the card you drew, or keep it." : "The card you drew does not match: keep it.";
  if (types.has("call_uno")) return "Two cards: press UNO! before you play one.";
  if (types.has("play")) return "Play a card that matches the colour, number or symbol.";
  if (types.has("draw")) return "No card matches: draw one.";
  if (types.has("pass")) return "Nothing to play and nothing to draw: pass.";
  return "";
}

// ---- log and record --------------------------------------------------------------------

const DRAW_REASONS = {
  draw: (who, n) => `${who} drew ${plural(n, "card")}`,
  penalty: (who, n) => `${who} took ${plural(n, "card")}`,
  caught: (who, n) => `${who} draws ${n} for not saying UNO`,
  false_uno: (who, n) => `${who} draws ${n} for a false UNO call`,
  false_catch: (who, n) => `${who} draws ${n} for a wrong catch`,
  challenge: (who, n) => `${who} draws ${n} after the challenge`,
  going_out: (who, n) => `${who} draws ${n} before the hands are counted`,
  first_card: (who, n) => `${who} draws ${n} for the first card`,
};

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "dealer_chosen": {
      const draws = (entry.draws || []).map(([seat, card]) => `${nameOf(names, seat)} ${cardName(card)}`);
      if (entry.by_table) {
        const leader = (entry.dealer + 1) % Math.max(names.length, 1);
        return `${nameOf(names, entry.dealer)} deals, so ${nameOf(names, leader)} leads (seats chosen by the table).`;
      }
      return `Drawing for the deal: ${draws.join(", ")}. ${nameOf(names, entry.dealer)} deals.`;
    }
    case "hand_started":
      return `Hand ${entry.hand}: ${nameOf(names, entry.dealer)} deals 7 cards each; the first card is ${cardName(entry.first_card)}.`
        + (entry.put_back ? " (A Wild Draw Four turned up went back into the pile.)" : "");
    case "played": {
      const named = isWild(entry.card) && entry.colour ? ` and named ${entry.colour}` : "";
      const left = entry.cards_left === 1 ? " One card left!" : "";
      return `${who} played ${cardName(entry.card)}${named}.${left}`;
    }
    case "drew": {
      const phrase = (DRAW_REASONS[entry.reason] || DRAW_REASONS.draw)(who, entry.count ?? 0);
      const seen = Array.isArray(entry.cards) && entry.cards.length ? `: ${entry.cards.map(cardName).join(", ")}` : "";
      return `${phrase}${seen}.`;
    }
    case "skipped":
      return `${who} loses a turn.`;
    case "passed":
      return `${who} passed.`;
    case "colour_chosen":
      return `${who} named ${entry.colour} for the first card.`;
    case "challenged": {
      const verdict = entry.guilty ? "guilty" : "innocent";
      const seen = Array.isArray(entry.hand) ? ` You saw: ${entry.hand.length ? entry.hand.map(cardName).join(", ") : "no cards"}.` : "";
      return `${who} challenged ${nameOf(names, entry.target)}\u2019s Wild Draw Four: ${verdict}.${seen}`;
    }
    case "uno_called":
      return `${who}: \u201cUNO!\u201d`;
    case "caught":
      return `${who} caught ${nameOf(names, entry.target)} without an UNO call!`;
    case "false_catch": {
      const target = nameOf(names, entry.target);
      const cost = entry.penalty ? "" : " (no penalty at this table)";
      return `${who} tried to catch ${target}, wrongly: ${target} had called UNO or did not hold one card${cost}.`;
    }
    case "false_uno":
      return entry.penalty ? `${who}\u2019s UNO call was false.` : `${who}\u2019s UNO call was false (no penalty at this table).`;
    case "reshuffled":
      return `The discard pile was shuffled into a new draw pile (${plural(entry.count ?? 0, "card")}).`;
    case "hand_over": {
      const result = { hand: entry.hand, winner: entry.winner, void: entry.void, points: entry.points, scores: entry.scores };
      return `Hand ${entry.hand} is over. ${handSummary(result, { scoring: scoringOf(entry) }, names)}`;
    }
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

/** A hand_over entry's scoring: only the winner scores under official scoring. */
function scoringOf(entry) {
  return (entry.scores || []).every((score, seat) => seat === entry.winner || score === 0) ? "official" : "seed";
}

export function describeAction(action, names) {
  switch (action && action.type) {
    case "play":
      return isWild(action.card) ? `Play ${cardName(action.card)}, naming ${action.colour}` : `Play ${cardName(action.card)}`;
    case "draw":
      return "Draw a card";
    case "pass":
      return "Pass";
    case "draw_penalty":
      return "Take the penalty cards";
    case "challenge":
      return "Challenge the Wild Draw Four";
    case "choose_colour":
      return `Name ${action.colour}`;
    case "call_uno":
      return "Say UNO!";
    case "catch":
      return `Catch ${nameOf(names, action.target)}`;
    default:
      return compactJson(action);
  }
}

// ---- final result ----------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const detail = outcome.detail || {};
  const hands = detail.hands || [];
  const seats = (outcome.scores || []).map((_, seat) => seat);
  const official = detail.scoring === "official";
  fill(root,
    el("p", { class: "outcome-winners" }, winnersText(outcome, names)),
    el("p", { class: "muted" }, official
      ? "Official scoring: the player who goes out scores the value of every other hand."
      : "Seed scoring: every loser pays the winner the value of their own hand (numbers at face value, actions 20, wild cards 50)."),
    scoreTable(outcome, names),
    hands.length ? el("p", { class: "uno-hands-title" }, official
      ? "Hand by hand: the player who went out, and the value of every other hand."
      : "Hand by hand: the player who went out, and what every other player paid.") : null,
    hands.length ? el("div", { class: "table-scroll" }, el("table", { class: "scores uno-hands" },
      el("thead", null, el("tr", null, el("th", { scope: "col" }, "Hand"),
        seats.map((seat) => el("th", { scope: "col", class: "num" }, nameOf(names, seat))))),
      el("tbody", null, hands.map((hand) => el("tr", null,
        el("th", { scope: "row" }, hand.void ? `${hand.hand} (void)` : String(hand.hand)),
        seats.map((seat) => el("td", { class: `num${seat === hand.winner ? " is-winner" : ""}` },
          handCell(hand, seat, official)))))))) : null);
}

/** One player's line of one hand: out (and the gain), or the hand's value or payment. */
function handCell(hand, seat, official) {
  if (seat === hand.winner) return `out ${signed(hand.scores[seat])}`;
  const points = (hand.points || [])[seat] ?? 0;
  if (official || hand.void) return String(points);
  return signed(hand.scores[seat]);
}
