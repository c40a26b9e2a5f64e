// UNO renderer (rules: shared/rules/uno.md; app/rules/uno/__init__.py has every decision).
// Cards are strings: "red:7", "blue:skip", "green:reverse", "yellow:draw2", "wild", "wild4".
// The "UNO!" and "Catch" buttons are drawn only while the rules list them as legal actions: the
// player whose turn it is may try to catch the player whose play just left them one or two
// cards (a wrong catch costs 2 cards); the others only one on one card without an UNO call.

import { actionButton, canonical, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { el, fill } from "../lib/dom.js";
import { compactJson, listText, nameOf } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { N_, t, tn } from "../lib/i18n.js";
import { fact, infoBar } from "../lib/info.js";
import { flipped } from "../lib/motion.js";
import { patch } from "../lib/patch.js";
import { back, mark } from "../lib/pieces.js";
import { scoreTable, winnersText } from "../lib/results.js";
import { seatEntry, seatOrder } from "../lib/seats.js";

const COLOURS = ["red", "yellow", "green", "blue"]; // i18n: not text (keys)
const SYMBOL = { skip: "\u2298", reverse: "\u21c4", draw2: "+2", wild: "W", wild4: "+4" };
// A colour as a word of a sentence ("named red") and as a button's label ("Red").
const COLOUR_WORD = { red: N_("red"), yellow: N_("yellow"), green: N_("green"), blue: N_("blue") };
const COLOUR_LABEL = { red: N_("Red"), yellow: N_("Yellow"), green: N_("Green"), blue: N_("Blue") };
// Every card's name, whole: "Red 7", "Blue Skip", "Wild Draw Four".
const CARD_NAME = {
  "red:number": N_("Red {number}"), "yellow:number": N_("Yellow {number}"),
  "green:number": N_("Green {number}"), "blue:number": N_("Blue {number}"),
  "red:skip": N_("Red Skip"), "yellow:skip": N_("Yellow Skip"), "green:skip": N_("Green Skip"), "blue:skip": N_("Blue Skip"),
  "red:reverse": N_("Red Reverse"), "yellow:reverse": N_("Yellow Reverse"),
  "green:reverse": N_("Green Reverse"), "blue:reverse": N_("Blue Reverse"),
  "red:draw2": N_("Red Draw Two"), "yellow:draw2": N_("Yellow Draw Two"),
  "green:draw2": N_("Green Draw Two"), "blue:draw2": N_("Blue Draw Two"),
  wild: N_("Wild"), wild4: N_("Wild Draw Four"),
};
const MINUS = "\u2212";

export const OPTIONS = {
  scoring: {
    label: t("Scoring"),
    choices: [
      ["seed", t("Losers pay their own hand (seed)")],
      ["official", t("Winner scores all hands (official)")],
    ],
  },
  target: {
    label: t("Match length"),
    choices: [[0, t("One hand")], [100, t("Hands to {target}", { target: 100 })],
      [200, t("Hands to {target}", { target: 200 })], [300, t("Hands to {target}", { target: 300 })],
      [500, t("Hands to {target} (official)", { target: 500 })]],
  },
  stack_draw_two: { label: t("Stack +2 on +2") },
  stack_draw_four: { label: t("Stack +4 on +2 or +4") },
  no_wild_on_penalty: { label: t("No plain Wild against a +2 or +4") },
  wd4_rule: {
    label: t("+4 allowed with"),
    choices: [
      ["seed", t("No other playable card (seed)")],
      ["official", t("No card of the colour (official)")],
    ],
  },
  wd4_challenge: { label: t("A +4 may be challenged") },
  uno_call: { label: t("Say UNO! at one card (or be caught)") },
  false_uno_penalty: { label: t("False UNO call or wrong catch: draw 2") },
  going_out_penalty: { label: t("Going out on +2/+4: the next player still draws") },
  deck_exhausted: {
    label: t("Draw pile runs out"),
    choices: [["reshuffle", t("Reshuffle the discards")], ["void", t("The hand is void")]],
  },
  first_reverse: {
    label: t("First card Reverse"),
    choices: [["seed", t("Dealer's right starts (seed)")], ["official", t("Dealer starts (official)")]],
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

/** A colour as a word of a sentence ("red"), in the reader's language. */
function colourWord(colour) {
  return COLOUR_WORD[colour] ? t(COLOUR_WORD[colour]) : String(colour ?? "");
}

/** "Red 7", "Blue Skip", "Wild Draw Four". */
export function cardName(card) {
  const { colour, value } = parse(card);
  if (!colour) return CARD_NAME[value] ? t(CARD_NAME[value]) : value;
  const name = CARD_NAME[`${colour}:${/^\d+$/.test(value) ? "number" : value}`];
  return name ? t(name, { number: value }) : `${colour} ${value}`;
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
    label: named && isWild(card) ? t("{card}, {colour} named", { card: cardName(card), colour: colourWord(named) })
      : cardName(card) });
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
    fact(target ? t("Hand {hand}", { hand: view.hand_number ?? 1 }) : t("One hand"),
      target ? ` \u00b7 ${t("first to {target}", { target })}` : ""),
    fact(t("Dealer:"), " ", nameOf(names, view.dealer)),
    el("span", { class: "uno-direction" },
      el("span", { class: `uno-arrow${view.direction === -1 ? " is-reversed" : ""}`, "aria-hidden": "true" }, "\u21bb"),
      " ", view.direction === -1 ? t("Play goes right") : t("Play goes left"),
      next !== null && view.phase !== "over" ? ` \u00b7 ${t("next: {player}", { player: nameOf(names, next) })}` : ""));
}

/** Every seat in seat order from the viewer's left: name, cards held, UNO calls, catch. */
function seatsBlock(turn) {
  const { view, ctx } = turn;
  const counts = view.hand_counts || [];
  const you = typeof ctx.you === "number" && ctx.you < counts.length ? ctx.you : null;
  const order = seatOrder(counts.length, you === null ? 0 : you + 1);
  return el("section", { class: "uno-seats", "aria-label": t("Players and their cards") },
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
    ? actionButton({ action: { type: "catch", target: seat }, label: t("Catch {player}!", { player: nameOf(names, seat) }),
      legal, ctx, className: "btn uno-catch", title: catchTitle(view) }) : null;
  const totals = view.options && view.options.target ? (view.totals || [])[seat] : null;
  return seatEntry({ prefix: "uno-seat", seat, name: nameOf(names, seat), you: seat === ctx.you, turn: playing,
    classes: open ? ["is-open"] : [],
    badges: seat === view.dealer ? el("span", { class: "badge" }, t("dealer")) : null,
    body: [el("div", { class: "uno-seat-cards" },
      el("span", { class: "uno-backs", "aria-hidden": "true" },
        Array.from({ length: Math.min(count, 5) }, () => cardBack("uno-back--mini"))),
      el("span", { class: "uno-count" }, tn("{count} card", "{count} cards", count))),
    said ? el("span", { class: "uno-said" }, t("UNO!")) : null,
    open ? el("span", { class: "uno-open" }, t("One card and no UNO call yet")) : null,
    playing && pending ? el("span", { class: "uno-owes" }, t("+{count} to answer", { count: pending.count })) : null,
    totals === null || totals === undefined ? null
      : el("span", { class: "uno-total" }, t("Total {points}", { points: signed(totals) })),
    catchButton] });
}

function catchTitle(view) {
  return (view.options || {}).false_uno_penalty === false
    ? t("One card and no UNO call: they draw 2. If they called or hold two cards, nothing happens.")
    : t("One card and no UNO call: they draw 2. If they called or hold two cards, you draw 2.");
}

function centreBlock(turn) {
  const { view, legal, ctx } = turn;
  const discards = view.discard || [];
  const under = discards.slice(0, -1).slice(-3);
  const top = discards.length ? discards[discards.length - 1] : { card: view.top, colour: view.colour };
  const drawButton = actionButton({ action: { type: "draw" }, label: t("Draw a card"), legal, ctx,
    className: "btn uno-draw" });
  return el("section", { class: "uno-centre", "aria-label": t("Discard pile and draw pile") },
    el("div", { class: "uno-pile" },
      el("span", { class: "uno-pile-label" }, t("Draw pile")),
      el("span", { class: "uno-pile-stack", "data-flip-place": "uno:pile" }, cardBack("uno-back--big"),
        el("span", { class: "uno-pile-count" }, tn("{count} card", "{count} cards", view.pile_count ?? 0))),
      legal.has(canonical({ type: "draw" })) ? drawButton : null),
    el("div", { class: "uno-discard" },
      el("span", { class: "uno-pile-label" }, t("Discard pile")),
      el("div", { class: "uno-discard-stack" },
        under.map((entry) => flipped(unoCard(entry.card, { extra: "uno-card--under", named: entry.colour }), `uno:${entry.card}`)),
        top.card ? flipped(unoCard(top.card, { extra: "uno-card--top", named: top.colour }), `uno:${top.card}`) : null),
      el("span", { class: "uno-colour" }, colourDot(view.colour),
        " ", view.colour ? t("Colour: {colour}", { colour: colourWord(view.colour) }) : t("Colour: not named yet"))),
    statusLine(view, ctx));
}

function statusLine(view, ctx) {
  const names = ctx.names;
  if (view.phase === "over") return el("p", { class: "uno-status" }, t("The match is over."));
  const who = nameOf(names, view.to_act);
  const mine = view.to_act === ctx.you;
  const pending = view.pending;
  let text;
  if (view.phase === "first_colour") {
    text = mine ? t("A Wild was turned up first: name its colour.")
      : t("{player} names the colour of the first card.", { player: who });
  } else if (view.phase === "penalty" && pending) {
    const params = { player: who, by: nameOf(names, pending.by), count: pending.count };
    if (pending.kind === "wild4") {
      text = mine ? t("{by}'s Wild Draw Four: +{count} for you.", params)
        : t("{player} must answer {by}'s Wild Draw Four (+{count}).", params);
    } else {
      text = mine ? t("{by}'s Draw Two: +{count} for you.", params)
        : t("{player} must answer {by}'s Draw Two (+{count}).", params);
    }
  } else if (view.phase === "drawn") {
    text = mine && view.drawn ? t("You drew {card}: play it or keep it.", { card: cardName(view.drawn) })
      : t("{player} drew a card.", { player: who });
  } else {
    text = mine ? t("Your turn.") : t("{player} is playing.", { player: who });
  }
  return el("p", { class: `uno-status${pending ? " uno-status--penalty" : ""}`, role: "status" }, text);
}

/** The "UNO!" call and the turn's buttons that are not cards: pass, take, challenge, colours. */
function callsBlock(turn) {
  const { view, legal, actions, ctx } = turn;
  const buttons = [];
  if (legal.has(canonical({ type: "call_uno" }))) {
    buttons.push(actionButton({ action: { type: "call_uno" }, label: t("UNO!"), legal, ctx, className: "btn uno-call" }));
  }
  if (legal.has(canonical({ type: "challenge" }))) {
    buttons.push(actionButton({ action: { type: "challenge" }, label: t("Challenge the Wild Draw Four"), legal, ctx,
      className: "btn uno-challenge" }));
  }
  if (legal.has(canonical({ type: "draw_penalty" }))) {
    const count = view.pending ? view.pending.count : 0;
    buttons.push(actionButton({ action: { type: "draw_penalty" }, label: tn("Take {count} card", "Take {count} cards", count),
      legal, ctx }));
  }
  if (legal.has(canonical({ type: "pass" }))) {
    const label = view.phase === "drawn" ? t("Keep it and pass") : t("Pass (nothing to draw)");
    buttons.push(actionButton({ action: { type: "pass" }, label, legal, ctx }));
  }
  const colours = actions.filter((action) => action.type === "choose_colour");
  const picker = colours.length ? colourPicker(t("Name the colour:"), colours, legal, ctx) : null;
  if (!buttons.length && !picker) return null;
  return el("section", { class: "uno-calls", "aria-label": t("Your moves") },
    buttons.length ? el("div", { class: "button-row" }, buttons) : null, picker);
}

function colourPicker(title, actions, legal, ctx, cancel = null) {
  return el("div", { class: "uno-picker", role: "group", "aria-label": title },
    el("span", { class: "uno-picker-title" }, title),
    actions.map((action) => actionButton({ action, legal, ctx,
      label: [mark(action.colour, "uno-pick-mark"), COLOUR_LABEL[action.colour] ? t(COLOUR_LABEL[action.colour]) : action.colour],
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
      onclick: () => pickWild(null, ".uno-hand button:not(:disabled)") }, t("Cancel")); // i18n: not text (selector)
    picker = colourPicker(t("{card}: name a colour", { card: cardName(local.wild) }), plays, legal, ctx, cancel);
  }
  return hand({ className: "uno-mine", cards, row: "uno-hand", top: picker, empty: t("No cards."),
    heading: handTitle(cards.length, { className: "uno-mine-title",
      extra: (view.said_uno || []).includes(ctx.you) ? el("span", { class: "uno-said" }, t("UNO!")) : null }) });
}

function handCard(card, turn, isDrawn) {
  const { legal, actions, ctx } = turn;
  const look = cardClasses(card, isDrawn ? "is-drawn" : "");
  if (isWild(card)) {
    const playable = actions.some((action) => action.type === "play" && action.card === card);
    return cardFace({ look, key: card, face: cardInner(card),
      label: playable ? t("{card}: play it and name a colour", { card: cardName(card) }) : cardName(card),
      pick: { picked: local.wild === card, enabled: playable, data: { "data-wild": card },
        onpick: () => pickWild(local.wild === card ? null : card, ".uno-pick:not(:disabled)") } });
  }
  const action = { type: "play", card };
  return cardFace({ look, key: card, face: cardInner(card), title: cardName(card),
    label: legal.has(canonical(action)) ? t("Play {card}", { card: cardName(card) }) : cardName(card),
    play: { action, legal, ctx } });
}

function challengeBlock(view, ctx) {
  const challenge = view.challenge;
  if (!challenge || challenge.seat !== ctx.you || !Array.isArray(challenge.hand)) return null;
  const target = nameOf(ctx.names, challenge.target);
  return el("section", { class: "uno-shown", "aria-label": t("The hand you were shown") },
    el("p", null, el("strong", null, challenge.guilty ? t("Guilty!") : t("Innocent.")), " ",
      t("{player}\u2019s hand after the Wild Draw Four (only you see it):", { player: target })),
    el("div", { class: "uno-hand uno-hand--small" },
      challenge.hand.length ? challenge.hand.map((card) => unoCard(card)) : el("span", { class: "muted" }, t("no cards"))));
}

function resultsBlock(view, names) {
  const results = view.results || [];
  if (!results.length || view.phase === "over") return null;
  const last = results[results.length - 1];
  return el("section", { class: "uno-last" },
    el("h2", null, t("Hand {hand}", { hand: last.hand })), el("p", null, handSummary(last, view.options || {}, names)));
}

function signed(points) {
  return points < 0 ? `${MINUS}${-points}` : points > 0 ? `+${points}` : "0";
}

function handSummary(result, options, names) {
  if (result.winner === null || result.winner === undefined) {
    return result.void === "blocked" ? t("Void: nobody could play or draw; nobody scores.")
      : t("Void: the draw pile ran out; nobody scores.");
  }
  const winner = nameOf(names, result.winner);
  const gained = (result.scores || [])[result.winner] ?? 0;
  if (options.scoring === "official") return t("{player} went out and scores {points}.", { player: winner, points: gained });
  const payers = (result.points || []).map((points, seat) => ({ points, seat }))
    .filter((entry) => entry.seat !== result.winner)
    .map((entry) => t("{player} {points}", { player: nameOf(names, entry.seat), points: entry.points }));
  return t("{player} went out and collects {points}: {payers}.", { player: winner, points: gained, payers: listText(payers) });
}

const CATCH_THEM = N_("Someone has one card and no UNO call: catch them!");

export function turnHint(state) {
  const hint = mainHint(state);
  const missed = missedCall(state.view || {});
  const catches = (state.legal || []).some((action) => action.type === "catch" && action.target === missed);
  if (!catches || hint === t(CATCH_THEM)) return hint;
  return t("{hint} Someone has one card and no UNO call: you may catch them!", { hint });
}

function mainHint(state) {
  const view = state.view || {};
  const actions = state.legal || [];
  const types = new Set(actions.map((action) => action.type));
  const turnTypes = [...types].filter((type) => type !== "call_uno" && type !== "catch");
  if (types.has("call_uno") && missedCall(view) === view.you) return t("Say UNO! now, before someone catches you.");
  if (!turnTypes.length && types.has("catch")) return t(CATCH_THEM);
  if (!turnTypes.length) return "";
  if (types.has("choose_colour")) return t("Name the colour of the Wild turned up first.");
  if (view.phase === "penalty") {
    const count = view.pending ? view.pending.count : 0;
    if (types.has("play") && types.has("challenge")) {
      return t("+{count} for you: stack a card or challenge, or take the cards.", { count });
    }
    if (types.has("play")) return t("+{count} for you: stack a card, or take the cards.", { count });
    if (types.has("challenge")) return t("+{count} for you: challenge, or take the cards.", { count });
    return t("+{count} for you: take the cards.", { count });
  }
  if (view.phase === "drawn") {
    return types.has("play") ? t("Play the card you drew, or keep it.") : t("The card you drew does not match: keep it.");
  }
  if (types.has("call_uno")) return t("Two cards: press UNO! before you play one.");
  if (types.has("play")) return t("Play a card that matches the colour, number or symbol.");
  if (types.has("draw")) return t("No card matches: draw one.");
  if (types.has("pass")) return t("Nothing to play and nothing to draw: pass.");
  return "";
}

// ---- log and record --------------------------------------------------------------------

// Each reason a player draws, as a whole sentence: alone, and with the cards drawn (shown to
// the drawer only).
const DRAW_REASONS = {
  draw: (params, cards) => (cards
    ? tn("{player} drew {count} card: {cards}.", "{player} drew {count} cards: {cards}.", params.count, { ...params, cards })
    : tn("{player} drew {count} card.", "{player} drew {count} cards.", params.count, params)),
  penalty: (params, cards) => (cards
    ? tn("{player} took {count} card: {cards}.", "{player} took {count} cards: {cards}.", params.count, { ...params, cards })
    : tn("{player} took {count} card.", "{player} took {count} cards.", params.count, params)),
  caught: (params, cards) => (cards ? t("{player} draws {count} for not saying UNO: {cards}.", { ...params, cards })
    : t("{player} draws {count} for not saying UNO.", params)),
  false_uno: (params, cards) => (cards ? t("{player} draws {count} for a false UNO call: {cards}.", { ...params, cards })
    : t("{player} draws {count} for a false UNO call.", params)),
  false_catch: (params, cards) => (cards ? t("{player} draws {count} for a wrong catch: {cards}.", { ...params, cards })
    : t("{player} draws {count} for a wrong catch.", params)),
  challenge: (params, cards) => (cards ? t("{player} draws {count} after the challenge: {cards}.", { ...params, cards })
    : t("{player} draws {count} after the challenge.", params)),
  going_out: (params, cards) => (cards
    ? t("{player} draws {count} before the hands are counted: {cards}.", { ...params, cards })
    : t("{player} draws {count} before the hands are counted.", params)),
  first_card: (params, cards) => (cards ? t("{player} draws {count} for the first card: {cards}.", { ...params, cards })
    : t("{player} draws {count} for the first card.", params)),
};

/** Cards named one after another: "Red 7, Wild". */
function cardList(cards) {
  return cards.map(cardName).join(t(", "));
}

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "dealer_chosen": {
      const draws = (entry.draws || []).map(([seat, card]) => t("{player} {card}", { player: nameOf(names, seat), card: cardName(card) }));
      if (entry.by_table) {
        const leader = (entry.dealer + 1) % Math.max(names.length, 1);
        return t("{dealer} deals, so {player} leads (seats chosen by the table).",
          { dealer: nameOf(names, entry.dealer), player: nameOf(names, leader) });
      }
      return t("Drawing for the deal: {draws}. {dealer} deals.", { draws: draws.join(t(", ")), dealer: nameOf(names, entry.dealer) });
    }
    case "hand_started": {
      const params = { hand: entry.hand, dealer: nameOf(names, entry.dealer), card: cardName(entry.first_card) };
      return entry.put_back
        ? t("Hand {hand}: {dealer} deals 7 cards each; the first card is {card}. (A Wild Draw Four turned up went back into the pile.)", params)
        : t("Hand {hand}: {dealer} deals 7 cards each; the first card is {card}.", params);
    }
    case "played": {
      const params = { player: who, card: cardName(entry.card), colour: colourWord(entry.colour) };
      const named = isWild(entry.card) && entry.colour;
      if (entry.cards_left === 1) {
        return named ? t("{player} played {card} and named {colour}. One card left!", params)
          : t("{player} played {card}. One card left!", params);
      }
      return named ? t("{player} played {card} and named {colour}.", params) : t("{player} played {card}.", params);
    }
    case "drew": {
      const cards = Array.isArray(entry.cards) && entry.cards.length ? cardList(entry.cards) : null;
      return (DRAW_REASONS[entry.reason] || DRAW_REASONS.draw)({ player: who, count: entry.count ?? 0 }, cards);
    }
    case "skipped":
      return t("{player} loses a turn.", { player: who });
    case "passed":
      return t("{player} passed.", { player: who });
    case "colour_chosen":
      return t("{player} named {colour} for the first card.", { player: who, colour: colourWord(entry.colour) });
    case "challenged": {
      const params = { player: who, target: nameOf(names, entry.target),
        cards: Array.isArray(entry.hand) ? cardList(entry.hand) : "" };
      if (!Array.isArray(entry.hand)) {
        return entry.guilty ? t("{player} challenged {target}\u2019s Wild Draw Four: guilty.", params)
          : t("{player} challenged {target}\u2019s Wild Draw Four: innocent.", params);
      }
      if (!entry.hand.length) {
        return entry.guilty ? t("{player} challenged {target}\u2019s Wild Draw Four: guilty. You saw: no cards.", params)
          : t("{player} challenged {target}\u2019s Wild Draw Four: innocent. You saw: no cards.", params);
      }
      return entry.guilty ? t("{player} challenged {target}\u2019s Wild Draw Four: guilty. You saw: {cards}.", params)
        : t("{player} challenged {target}\u2019s Wild Draw Four: innocent. You saw: {cards}.", params);
    }
    case "uno_called":
      return t("{player}: \u201cUNO!\u201d", { player: who });
    case "caught":
      return t("{player} caught {target} without an UNO call!", { player: who, target: nameOf(names, entry.target) });
    case "false_catch": {
      const params = { player: who, target: nameOf(names, entry.target) };
      return entry.penalty
        ? t("{player} tried to catch {target}, wrongly: {target} had called UNO or did not hold one card.", params)
        : t("{player} tried to catch {target}, wrongly: {target} had called UNO or did not hold one card (no penalty at this table).", params);
    }
    case "false_uno":
      return entry.penalty ? t("{player}\u2019s UNO call was false.", { player: who })
        : t("{player}\u2019s UNO call was false (no penalty at this table).", { player: who });
    case "reshuffled":
      return tn("The discard pile was shuffled into a new draw pile ({count} card).",
        "The discard pile was shuffled into a new draw pile ({count} cards).", entry.count ?? 0);
    case "hand_over": {
      const result = { hand: entry.hand, winner: entry.winner, void: entry.void, points: entry.points, scores: entry.scores };
      return t("Hand {hand} is over. {summary}", { hand: entry.hand, summary: handSummary(result, { scoring: scoringOf(entry) }, names) });
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
      return isWild(action.card)
        ? t("Play {card}, naming {colour}", { card: cardName(action.card), colour: colourWord(action.colour) })
        : t("Play {card}", { card: cardName(action.card) });
    case "draw":
      return t("Draw a card");
    case "pass":
      return t("Pass");
    case "draw_penalty":
      return t("Take the penalty cards");
    case "challenge":
      return t("Challenge the Wild Draw Four");
    case "choose_colour":
      return t("Name {colour}", { colour: colourWord(action.colour) });
    case "call_uno":
      return t("Say UNO!");
    case "catch":
      return t("Catch {player}", { player: nameOf(names, action.target) });
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
      ? t("Official scoring: the player who goes out scores the value of every other hand.")
      : t("Seed scoring: every loser pays the winner the value of their own hand (numbers at face value, actions 20, wild cards 50).")),
    scoreTable(outcome, names),
    hands.length ? el("p", { class: "uno-hands-title" }, official
      ? t("Hand by hand: the player who went out, and the value of every other hand.")
      : t("Hand by hand: the player who went out, and what every other player paid.")) : null,
    hands.length ? el("div", { class: "table-scroll" }, el("table", { class: "scores uno-hands" },
      el("thead", null, el("tr", null, el("th", { scope: "col" }, t("Hand")),
        seats.map((seat) => el("th", { scope: "col", class: "num" }, nameOf(names, seat))))),
      el("tbody", null, hands.map((hand) => el("tr", null,
        el("th", { scope: "row" }, hand.void ? t("{hand} (void)", { hand: hand.hand }) : String(hand.hand)),
        seats.map((seat) => el("td", { class: `num${seat === hand.winner ? " is-winner" : ""}` },
          handCell(hand, seat, official)))))))) : null);
}

/** One player's line of one hand: out (and the gain), or the hand's value or payment. */
function handCell(hand, seat, official) {
  if (seat === hand.winner) return t("out {points}", { points: signed(hand.scores[seat]) });
  const points = (hand.points || [])[seat] ?? 0;
  if (official || hand.void) return String(points);
  return signed(hand.scores[seat]);
}
