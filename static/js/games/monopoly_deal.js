// Monopoly Deal renderer (rules: shared/rules/monopoly-deal.md; the wire, the view and the log:
// app/rules/monopoly_deal/__init__.py). 2-5 players; cards are ids ("property-green-2",
// monopoly_deal/cards.js).
//
// Your turn: tap a card in your hand (button[data-card], a local choice) and its legal plays
// appear under the hand (.md-picker): bank it, place it as a colour, or play it for its effect,
// then the targets it needs a step at a time (monopoly_deal/plays.js); a rent shows what it
// collects for each colour and with Double the Rent before it is played. Your wildcards that
// may move are buttons in your sets, picked the same way. A response window asks in words
// (.md-prompt: Accept / Just Say No, with the turn timer when the table has one); a payment
// (.md-pay) shows what you owe, what you paid so far, and your payable cards as buttons, with
// "Pay everything" when it is legal. Only the server's legal actions are ever enabled.

import { actionButton, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { clockText } from "../lib/clock.js";
import { el, fill } from "../lib/dom.js";
import { nameOf, plural } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { fact, infoBar, pileFact } from "../lib/info.js";
import { patch } from "../lib/patch.js";
import { scoreTable, winnersText } from "../lib/results.js";
import {
  cardLook, cardName, cardPicture, cardValue, cardWithValue, colourName, money, parseCard, smallCard, totalValue,
} from "./monopoly_deal/cards.js";
import { FIELDS, kindsOf, matching, nextStep, playableCards, playsOf } from "./monopoly_deal/plays.js";
import { tableBlock } from "./monopoly_deal/table.js";
import { debtName, debtText, describeLog, promptText } from "./monopoly_deal/words.js";

export { cardName, cardValue, parseCard } from "./monopoly_deal/cards.js";
export { nextStep, playsOf } from "./monopoly_deal/plays.js";
export { describeAction, describeLog, promptText } from "./monopoly_deal/words.js";

export const OPTIONS = {
  buildings: {
    label: "Houses and hotels",
    choices: [
      ["official", "Not on railroads or utilities (official)"],
      ["seed", "Not on utilities only"],
    ],
  },
  deck: {
    label: "Deck",
    choices: [
      ["standard", "Standard (106 cards)"],
      ["extended", "With a 4th Forced Deal and a 3rd Hotel (108)"],
    ],
  },
};

const NEWS_LINES = 5;

// The play being chosen on this page: the card tapped (a hand card or a movable wildcard),
// the kind of play picked for it, and the fields picked so far ({target: 1, take: "..."}).
const choice = localChoice({ card: null, kind: null, picks: {} }, draw);
const local = choice.picked;
export const render = choice.render;

// ---- frame ---------------------------------------------------------------------------------

function draw(root, state, ctx) {
  const view = state.view || {};
  const actions = state.legal || [];
  const turn = { view, ctx, actions, legal: legalIndex(actions), log: state.log || [], clock: state.clock || null };
  settle(turn);
  const picker = pickerBar(turn);
  const inHand = (view.hand || []).includes(local.card);
  patch(root, el("div", { class: "md" },
    infoLine(view, ctx.names),
    newsBlock(turn),
    turnPanel(turn),
    handBlock(turn, inHand ? picker : null),
    tableBlock(view, ctx, { pick: (card) => wildPick(turn, card), below: inHand ? null : picker })));
}

/** Drop the parts of the choice this frame makes moot (the card played, no longer your move). */
function settle(turn) {
  if (!playableCards(turn.actions).includes(local.card)) {
    Object.assign(local, { card: null, kind: null, picks: {} });
    return;
  }
  const plays = playsOf(turn.actions, local.card);
  const kinds = kindsOf(plays);
  if (!kinds.includes(local.kind)) Object.assign(local, { kind: kinds.length === 1 ? kinds[0] : null, picks: {} });
  if (local.kind && !matching(plays, local.kind, local.picks).length) local.picks = {};
}

function pickCard(card) {
  const again = local.card === card;
  choice.choose({ card: again ? null : card, kind: null, picks: {} });
}

/** The pick for one of the viewer's wildcards on the table, when it may move now. */
function wildPick(turn, card) {
  if (!turn.actions.some((action) => action.type === "move_wild" && action.card === card)) return null;
  return { picked: local.card === card, onpick: () => pickCard(card) };
}

// ---- info and news -------------------------------------------------------------------------

function infoLine(view, names) {
  const discards = view.discards || [];
  const top = discards[discards.length - 1];
  const over = view.phase === "over";
  return infoBar("md-info",
    over ? null : fact("Turn: ", nameOf(names, view.turn), el("span", { class: "md-plays" }, ` \u00b7 ${plural(view.plays_left ?? 0, "play")} left`)),
    fact("Round ", String(view.round ?? 1)),
    pileFact("monopoly_deal", "Draw pile: ", String(view.deck ?? 0)),
    fact("Discards: ", String(discards.length), top ? ` (top: ${cardName(top)})` : ""),
    fact("Buildings: ", (view.options || {}).buildings === "seed" ? "not on utilities" : "not on railroads or utilities"));
}

/** The newest log lines, as a spectator or a player coming back would want them. */
function newsBlock(turn) {
  const { log, ctx } = turn;
  if (!log.length) return null;
  const from = Math.max(0, log.length - NEWS_LINES);
  return el("section", { class: "md-news", "aria-label": "What just happened" },
    el("ol", { class: "md-news-lines", role: "status" }, log.slice(from).map((entry, index) => el("li", {
      class: `md-news-${entry.type}`, "data-key": from + index,
    }, describeLog(entry, ctx.names)))));
}

// ---- the turn panel: whose turn, the response prompt, the payment --------------------------

function has(turn, type) {
  return turn.actions.some((action) => action.type === type);
}

function turnPanel(turn) {
  const { view, ctx } = turn;
  const pending = view.pending;
  if (view.phase === "over") return overPanel(view, ctx.names);
  if (view.phase === "respond" && pending) return promptPanel(turn, pending);
  if (view.phase === "pay" && pending) return payPanel(turn, pending);
  const who = nameOf(ctx.names, view.turn);
  if (view.phase === "discard") {
    const mine = has(turn, "discard");
    return el("section", { class: `md-turn md-discard${mine ? " is-mine" : ""}`, "aria-label": "Discard" },
      el("p", null, mine ? [el("strong", null, "Discard down to 7: "), `tap a card in your hand (${plural((view.hand || []).length - 7, "card")} to go).`]
        : `${who} is discarding down to 7 cards.`));
  }
  if (has(turn, "end_turn")) {
    const over = (view.hand || []).length > 7;
    return el("section", { class: "md-turn is-mine", "aria-label": "Your turn" },
      el("p", null, el("strong", null, `Your turn: ${plural(view.plays_left ?? 0, "play")} left. `),
        view.plays_left ? "Tap a card in your hand to see what it can do." : "No plays left: end your turn.",
        " Moving your wildcards is free."),
      el("div", { class: "md-moves" },
        actionButton({ action: { type: "end_turn" }, legal: turn.legal, ctx, className: "btn md-end",
          label: over ? "End turn (then discard down to 7)" : "End turn" })));
  }
  return el("section", { class: "md-turn", "aria-label": "Turn" },
    el("p", null, `${who}'s turn: ${plural(view.plays_left ?? 0, "play")} left.`));
}

/** The turn timer, when the table has one and it runs for `seat`. */
function clockFor(turn, seat) {
  const clock = turn.clock;
  if (!clock || !(clock.seats || []).includes(seat)) return null;
  return el("span", { class: "md-clock" }, " Time left: ",
    el("span", { "data-clock": "" }, clockText(clock.remaining_ms)));
}

function promptPanel(turn, pending) {
  const { ctx, legal, view } = turn;
  const mine = has(turn, "accept");
  const text = promptText(pending, ctx.names, ctx.you);
  if (!mine) {
    return el("section", { class: "md-turn md-prompt", "aria-label": "An action is answered" },
      el("p", null, text, clockFor(turn, pending.responder)));
  }
  const say = turn.actions.find((action) => action.type === "just_say_no");
  const held = (view.hand || []).filter((card) => parseCard(card).detail === "just_say_no");
  const why = say ? null : held.length ? "No play left to say it with on your own turn." : "You hold no Just Say No.";
  return el("section", { class: "md-turn md-prompt is-mine", "aria-label": "Answer the action" },
    el("p", null, el("strong", { class: "md-question" }, text), clockFor(turn, ctx.you)),
    el("div", { class: "md-moves" },
      actionButton({ action: { type: "accept" }, legal, ctx, className: "btn md-accept", label: "Accept" }),
      actionButton({ action: say || { type: "just_say_no", card: held[0] || null }, legal, ctx, className: "btn md-say-no",
        label: "Just Say No", title: why })),
    why ? el("p", { class: "small muted" }, why) : null);
}

function payPanel(turn, pending) {
  const { ctx, legal, view } = turn;
  const paid = pending.paid || [];
  const payer = pending.target;
  const paidPart = paid.length
    ? [el("span", null, ` Paid so far: ${money(totalValue(paid))} `),
      el("span", { class: "md-paid", role: "img", "aria-label": paid.map(cardName).join(", ") }, paid.map((card) => smallCard(card)))]
    : " Nothing paid yet.";
  const owes = el("span", { class: "md-owed" }, money(pending.owed));
  if (payer !== ctx.you || !has(turn, "pay") && !has(turn, "pay_all")) {
    return el("section", { class: "md-turn md-pay", "aria-label": "A payment" },
      el("p", null, `${nameOf(ctx.names, payer)} is paying for ${debtText(pending, ctx.names)}: still owes `, owes, ".", paidPart,
        clockFor(turn, payer)));
  }
  const pays = turn.actions.filter((action) => action.type === "pay");
  const fromBank = pays.filter((action) => ((view.banks || [])[ctx.you] || []).includes(action.card));
  const fromTable = pays.filter((action) => !fromBank.includes(action));
  const payButton = (action) => cardFace({ look: cardLook(action.card, "md-pay-card"), label: `Pay with ${cardWithValue(action.card)}`,
    face: cardPicture(action.card), key: action.card, play: { action, legal, ctx } });
  const all = turn.actions.find((action) => action.type === "pay_all");
  return el("section", { class: "md-turn md-pay is-mine", "aria-label": "Pay" },
    el("p", null, el("strong", null, `You owe ${nameOf(ctx.names, pending.actor)} ${money(pending.amount)} for ${debtName(pending)}. `),
      "Still to pay: ", owes, ".",
      paidPart, clockFor(turn, ctx.you)),
    el("p", { class: "small muted" }, "Pick the cards to pay with, one at a time, from your bank and properties. No change is given."),
    fromBank.length ? el("div", { class: "md-pay-from" }, el("span", { class: "small" }, "Bank:"), fromBank.map(payButton)) : null,
    fromTable.length ? el("div", { class: "md-pay-from" }, el("span", { class: "small" }, "Properties:"), fromTable.map(payButton)) : null,
    all ? el("div", { class: "md-moves" },
      actionButton({ action: all, legal, ctx, className: "btn md-pay-all", label: `Pay everything (${money(tableValue(view, ctx.you))})` })) : null);
}

/** What a seat's table is worth: its bank, properties and buildings (a multicolour wild: 0). */
function tableValue(view, seat) {
  const sets = (view.sets || [])[seat] || [];
  const cards = sets.flatMap((set) => [...set.cards, set.house, set.hotel].filter(Boolean));
  return ((view.bank_totals || [])[seat] ?? 0) + totalValue(cards);
}

function overPanel(view, names) {
  const result = view.result || {};
  const why = result.reason === "round_limit" ? "The round limit is reached." : "Three complete sets of different colours.";
  return el("section", { class: "md-turn md-over", "aria-label": "Game over" },
    el("p", null, el("strong", null, winnersText({ winners: result.winners || [] }, names)), ` ${why}`));
}

// ---- the hand and the play picker -----------------------------------------------------------

function handBlock(turn, picker) {
  const { view, ctx } = turn;
  if (ctx.you === null || !Array.isArray(view.hand) || view.phase === "over") return null;
  const playable = new Set(playableCards(turn.actions));
  const cards = view.hand.map((card) => {
    const face = cardFace({ look: cardLook(card), label: cardWithValue(card), face: cardPicture(card), key: card,
      pick: playable.has(card) ? { picked: local.card === card, onpick: () => pickCard(card), data: { "data-card": card } } : null });
    if (!playable.has(card)) face.setAttribute("data-card", card);
    return face;
  });
  return hand({
    className: "md-hand", heading: handTitle(cards.length, { className: "md-hand-title" }), cards, row: "md-cards",
    footer: picker, footerClass: "md-picker-slot",
  });
}

const KIND_LABEL = {
  place: "Place it", move_wild: "Move it", rent: "Charge rent", pass_go: "Play: draw 2", birthday: "Play: everyone pays you 2M",
  debt_collector: "Play: collect 5M", sly_deal: "Play: take a property", forced_deal: "Play: swap properties",
  deal_breaker: "Play: take a complete set", build: "Build it", bank: "Bank it", discard: "Discard it",
};

const QUESTION = {
  colour: "As which colour?", doubles: "With Double the Rent?", target: "From whom?", take: "Take which card?",
  give: "Give which of yours?", set: "Which set?",
};

/** The plays of the card picked: its kinds, then the steps of the kind picked. */
function pickerBar(turn) {
  if (!local.card) return null;
  const plays = playsOf(turn.actions, local.card);
  const kinds = kindsOf(plays);
  const rows = [];
  if (kinds.length > 1) {
    rows.push(el("div", { class: "md-kinds" }, kinds.map((kind) => {
      const step = nextStep(plays, kind, {});
      if (step.field === null) return playButton(turn, step.action, kindButtonLabel(turn, step.action));
      return el("button", { type: "button", class: `btn md-kind${local.kind === kind ? " is-selected" : ""}`, "data-kind": kind,
        "aria-pressed": local.kind === kind ? "true" : "false", onclick: () => choice.choose({ kind, picks: {} }) }, `${KIND_LABEL[kind] || kind}\u2026`);
    })));
  }
  if (local.kind) rows.push(stepRow(turn, plays, local.kind, kinds.length === 1));
  return el("div", { class: "md-picker", "aria-label": `Plays of ${cardName(local.card)}`, role: "group" },
    el("p", { class: "md-picker-head" }, el("strong", null, cardWithValue(local.card)), picksText(turn)),
    rows,
    el("button", { type: "button", class: "btn btn--small btn--ghost md-cancel", onclick: () => choice.choose({ card: null, kind: null, picks: {} }) },
      "Cancel"));
}

/** The steps picked so far, in words (" › Bo › dark blue property"). */
function picksText(turn) {
  return Object.entries(local.picks).map(([field, value]) => ` \u203a ${optionText(turn, local.kind, field, value, {})}`).join("");
}

/** The next step of the kind picked: its options, as picks or, when final, as the moves. */
function stepRow(turn, plays, kind, alone) {
  const step = nextStep(plays, kind, local.picks);
  if (step.field === null) {
    return el("div", { class: "md-step" }, playButton(turn, step.action, alone ? kindButtonLabel(turn, step.action) : "Play it"));
  }
  return el("div", { class: "md-step", "data-field": step.field },
    el("span", { class: "md-step-q small" }, QUESTION[step.field] || step.field,
      kind === "rent" && step.field !== "colour" ? ` (${colourName(step.options[0].actions[0].colour)} rent)` : null),
    step.options.map((option) => {
      const label = optionText(turn, kind, step.field, option.value, option.actions[0]);
      if (option.actions.length === 1) return playButton(turn, option.actions[0], finalLabel(turn, kind, step.field, label, option.actions[0]));
      return el("button", { type: "button", class: "btn md-option", "data-field": step.field, "data-value": JSON.stringify(option.value),
        onclick: () => choice.choose({ picks: { ...local.picks, [step.field]: option.value } }) }, `${label}\u2026`);
    }));
}

/**
 * An option that is a whole move says what else the move does: the fields after `field` that
 * it fixes ("Bo \u203a Bo's green property"), leaving out no double and no single target.
 */
function finalLabel(turn, kind, field, label, action, picks = local.picks) {
  const fields = FIELDS[kind] || [];
  const rest = fields.slice(fields.indexOf(field) + 1)
    .filter((later) => !(later in picks) && action[later] !== null && !(Array.isArray(action[later]) && !action[later].length))
    .map((later) => optionText(turn, kind, later, action[later], action));
  return [label, ...rest].join(" \u203a ");
}

function playButton(turn, action, label) {
  return actionButton({ action, legal: turn.legal, ctx: turn.ctx, className: "btn md-play", label });
}

/** The best rent the viewer's sets of `colour` collect (the view's per-set rent). */
export function rentFor(view, seat, colour) {
  const sets = ((view.sets || [])[seat] || []).filter((set) => set.colour === colour);
  return sets.reduce((best, set) => Math.max(best, set.rent || 0), 0);
}

/** What a rent action collects from each player it charges: the best set's rent, x2 a double. */
export function rentAmount(view, seat, action) {
  return rentFor(view, seat, action.colour) * 2 ** (action.doubles || []).length;
}

/** The button of a kind of play that needs nothing more ("Bank it (3M)", "Charge 8M rent"). */
function kindButtonLabel(turn, action) {
  const { view, ctx } = turn;
  switch (action.type) {
    case "bank":
      return `Bank it (${money(cardValue(action.card))})`;
    case "place":
    case "move_wild":
      return `${KIND_LABEL[action.type]} as ${colourName(action.colour)}`;
    case "rent":
      return `Charge ${colourName(action.colour)} rent: ${money(rentAmount(view, ctx.you, action))}${action.target === null ? " from everyone" : ""}`;
    default: // every field it fixes, from the first ("Play: take a property: Bo \u203a Bo's green property")
      return (FIELDS[action.type] || []).length
        ? finalLabel(turn, action.type, null, `${KIND_LABEL[action.type]}:`, action, {}).replace(": \u203a ", ": ")
        : KIND_LABEL[action.type] || action.type;
  }
}

/** One option of a step in words; `action` is one of the legal actions it stands for. */
function optionText(turn, kind, field, value, action) {
  const { view, ctx } = turn;
  const names = ctx.names;
  switch (field) {
    case "colour":
      if (kind !== "rent") return `as ${colourName(value)}`;
      return `${colourName(value)}: ${money(rentFor(view, ctx.you, value))}`;
    case "doubles": {
      const base = rentFor(view, ctx.you, local.picks.colour ?? (action && action.colour));
      const count = (value || []).length;
      if (!count) return `No double: ${money(base)}`;
      return `${count === 2 ? "Double twice" : "Double the Rent"} (+${plural(count, "play")}): ${money(base * 2 ** count)}`;
    }
    case "target":
      return value === null ? "everyone" : nameOf(names, value);
    case "take": {
      const owner = local.picks.target ?? (action && action.target);
      return `${nameOf(names, owner)}'s ${cardName(value)}`;
    }
    case "give":
      return `your ${cardName(value)}`;
    case "set": {
      const owner = kind === "build" ? ctx.you : local.picks.target ?? (action && action.target);
      const set = ((view.sets || [])[owner] || [])[value];
      const whose = owner === ctx.you ? "your" : `${nameOf(names, owner)}'s`;
      return set ? `${whose} ${colourName(set.colour)} set (rent ${money(set.rent)})` : `set ${Number(value) + 1}`;
    }
    default:
      return String(value);
  }
}

export function turnHint(state) {
  const types = new Set((state.legal || []).map((action) => action.type));
  const view = state.view || {};
  if (types.has("accept")) return "An action is aimed at you: accept it or say Just Say No.";
  if (types.has("pay") || types.has("pay_all")) return "Pay what you owe from your bank and properties.";
  if (types.has("discard")) return "Discard down to 7 cards.";
  if (types.has("end_turn")) return `Play up to ${plural(view.plays_left ?? 0, "more card")}, then end your turn.`;
  return "";
}

// ---- final result ----------------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const detail = outcome.detail || (view && view.result) || {};
  const why = detail.reason === "round_limit"
    ? "The round limit was reached: the most complete colours win, then the highest table value."
    : "Three complete property sets of different colours.";
  const sets = view && view.sets;
  fill(root,
    el("p", { class: "outcome-winners" }, winnersText(outcome, names)),
    el("p", { class: "md-why" }, why),
    scoreTable(outcome, names),
    el("p", { class: "small muted" }, "Score: the number of different colours with a complete set."),
    sets ? el("ul", { class: "md-final-sets" }, sets.map((seatSets, seat) => el("li", { "data-seat": seat },
      el("strong", null, nameOf(names, seat)), ": ",
      seatSets.filter((set) => set.complete).map((set) => colourName(set.colour)).join(", ") || "no complete set",
      ` \u00b7 bank ${money(((view.bank_totals || [])[seat]) ?? 0)}`))) : null);
}
