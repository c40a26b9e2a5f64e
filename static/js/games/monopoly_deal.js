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
import { nameOf } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { N_, t, tn } from "../lib/i18n.js";
import { fact, infoBar, pileFact } from "../lib/info.js";
import { patch } from "../lib/patch.js";
import { scoreTable, winnersText } from "../lib/results.js";
import {
  cardLook, cardName, cardPicture, cardValue, cardWithValue, colourName, money, parseCard, smallCard, totalValue,
} from "./monopoly_deal/cards.js";
import { FIELDS, kindsOf, matching, nextStep, playableCards, playsOf } from "./monopoly_deal/plays.js";
import { tableBlock } from "./monopoly_deal/table.js";
import { debtName, debtText, describeLog, promptText, rich } from "./monopoly_deal/words.js";

export { cardName, cardValue, parseCard } from "./monopoly_deal/cards.js";
export { nextStep, playsOf } from "./monopoly_deal/plays.js";
export { describeAction, describeLog, promptText } from "./monopoly_deal/words.js";

export const OPTIONS = {
  buildings: {
    label: t("Houses and hotels"),
    choices: [
      ["official", t("Not on railroads or utilities (official)")],
      ["seed", t("Not on utilities only")],
    ],
  },
  deck: {
    label: t("Deck"),
    choices: [
      ["standard", t("Standard (106 cards)")],
      ["extended", t("With a 4th Forced Deal and a 3rd Hotel (108)")],
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
    over ? null : fact(t("Turn: "), nameOf(names, view.turn),
      el("span", { class: "md-plays" }, ` \u00b7 ${tn("{count} play left", "{count} plays left", view.plays_left ?? 0)}`)),
    fact(t("Round {number}", { number: view.round ?? 1 })),
    pileFact("monopoly_deal", t("Draw pile: "), String(view.deck ?? 0)),
    fact(t("Discards: "), String(discards.length), top ? ` ${t("(top: {card})", { card: cardName(top) })}` : ""),
    fact(t("Buildings: "), (view.options || {}).buildings === "seed" ? t("not on utilities") : t("not on railroads or utilities")));
}

/** The newest log lines, as a spectator or a player coming back would want them. */
function newsBlock(turn) {
  const { log, ctx } = turn;
  if (!log.length) return null;
  const from = Math.max(0, log.length - NEWS_LINES);
  return el("section", { class: "md-news", "aria-label": t("What just happened") },
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
  const player = nameOf(ctx.names, view.turn);
  if (view.phase === "discard") {
    const mine = has(turn, "discard");
    const togo = (view.hand || []).length - 7;
    return el("section", { class: `md-turn md-discard${mine ? " is-mine" : ""}`, "aria-label": t("Discard") },
      el("p", null, mine ? [el("strong", null, t("Discard down to 7: ")),
        tn("tap a card in your hand ({count} card to go).", "tap a card in your hand ({count} cards to go).", togo)]
        : t("{player} is discarding down to 7 cards.", { player })));
  }
  if (has(turn, "end_turn")) {
    const over = (view.hand || []).length > 7;
    return el("section", { class: "md-turn is-mine", "aria-label": t("Your turn") },
      el("p", null, el("strong", null, `${tn("Your turn: {count} play left.", "Your turn: {count} plays left.", view.plays_left ?? 0)} `),
        view.plays_left ? t("Tap a card in your hand to see what it can do.") : t("No plays left: end your turn."),
        ` ${t("Moving your wildcards is free.")}`),
      el("div", { class: "md-moves" },
        actionButton({ action: { type: "end_turn" }, legal: turn.legal, ctx, className: "btn md-end",
          label: over ? t("End turn (then discard down to 7)") : t("End turn") })));
  }
  return el("section", { class: "md-turn", "aria-label": t("Turn") },
    el("p", null, tn("{player}'s turn: {count} play left.", "{player}'s turn: {count} plays left.", view.plays_left ?? 0, { player })));
}

/** The turn timer, when the table has one and it runs for `seat`. */
function clockFor(turn, seat) {
  const clock = turn.clock;
  if (!clock || !(clock.seats || []).includes(seat)) return null;
  return el("span", { class: "md-clock" }, ` ${t("Time left:")} `,
    el("span", { "data-clock": "" }, clockText(clock.remaining_ms)));
}

function promptPanel(turn, pending) {
  const { ctx, legal, view } = turn;
  const mine = has(turn, "accept");
  const text = promptText(pending, ctx.names, ctx.you);
  if (!mine) {
    return el("section", { class: "md-turn md-prompt", "aria-label": t("An action is answered") },
      el("p", null, text, clockFor(turn, pending.responder)));
  }
  const say = turn.actions.find((action) => action.type === "just_say_no");
  const held = (view.hand || []).filter((card) => parseCard(card).detail === "just_say_no");
  const why = say ? null : held.length ? t("No play left to say it with on your own turn.") : t("You hold no Just Say No.");
  return el("section", { class: "md-turn md-prompt is-mine", "aria-label": t("Answer the action") },
    el("p", null, el("strong", { class: "md-question" }, text), clockFor(turn, ctx.you)),
    el("div", { class: "md-moves" },
      actionButton({ action: { type: "accept" }, legal, ctx, className: "btn md-accept", label: t("Accept") }),
      actionButton({ action: say || { type: "just_say_no", card: held[0] || null }, legal, ctx, className: "btn md-say-no",
        label: t("Just Say No"), title: why })),
    why ? el("p", { class: "small muted" }, why) : null);
}

function payPanel(turn, pending) {
  const { ctx, legal, view } = turn;
  const paid = pending.paid || [];
  const payer = pending.target;
  const paidPart = paid.length
    ? [el("span", null, ` ${t("Paid so far: {amount}", { amount: money(totalValue(paid)) })} `),
      el("span", { class: "md-paid", role: "img", "aria-label": paid.map(cardName).join(", ") }, paid.map((card) => smallCard(card)))]
    : ` ${t("Nothing paid yet.")}`;
  const owes = el("span", { class: "md-owed" }, money(pending.owed));
  if (payer !== ctx.you || !has(turn, "pay") && !has(turn, "pay_all")) {
    return el("section", { class: "md-turn md-pay", "aria-label": t("A payment") },
      el("p", null, rich(N_("{player} is paying for {debt}: still owes {amount}."),
        { player: nameOf(ctx.names, payer), debt: debtText(pending, ctx.names) }, "amount", owes), paidPart,
      clockFor(turn, payer)));
  }
  const pays = turn.actions.filter((action) => action.type === "pay");
  const fromBank = pays.filter((action) => ((view.banks || [])[ctx.you] || []).includes(action.card));
  const fromTable = pays.filter((action) => !fromBank.includes(action));
  const payButton = (action) => cardFace({ look: cardLook(action.card, "md-pay-card"), label: t("Pay with {card}", { card: cardWithValue(action.card) }),
    face: cardPicture(action.card), key: action.card, play: { action, legal, ctx } });
  const all = turn.actions.find((action) => action.type === "pay_all");
  const owed = { player: nameOf(ctx.names, pending.actor), amount: money(pending.amount), debt: debtName(pending) };
  return el("section", { class: "md-turn md-pay is-mine", "aria-label": t("Pay") },
    el("p", null, el("strong", null, `${t("You owe {player} {amount} for {debt}.", owed)} `),
      rich(N_("Still to pay: {amount}."), {}, "amount", owes),
      paidPart, clockFor(turn, ctx.you)),
    el("p", { class: "small muted" }, t("Pick the cards to pay with, one at a time, from your bank and properties. No change is given.")),
    fromBank.length ? el("div", { class: "md-pay-from" }, el("span", { class: "small" }, t("Bank:")), fromBank.map(payButton)) : null,
    fromTable.length ? el("div", { class: "md-pay-from" }, el("span", { class: "small" }, t("Properties:")), fromTable.map(payButton)) : null,
    all ? el("div", { class: "md-moves" },
      actionButton({ action: all, legal, ctx, className: "btn md-pay-all",
        label: t("Pay everything ({amount})", { amount: money(tableValue(view, ctx.you)) }) })) : null);
}

/** What a seat's table is worth: its bank, properties and buildings (a multicolour wild: 0). */
function tableValue(view, seat) {
  const sets = (view.sets || [])[seat] || [];
  const cards = sets.flatMap((set) => [...set.cards, set.house, set.hotel].filter(Boolean));
  return ((view.bank_totals || [])[seat] ?? 0) + totalValue(cards);
}

function overPanel(view, names) {
  const result = view.result || {};
  const why = result.reason === "round_limit" ? t("The round limit is reached.") : t("Three complete sets of different colours.");
  return el("section", { class: "md-turn md-over", "aria-label": t("Game over") },
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
  place: N_("Place it"), move_wild: N_("Move it"), rent: N_("Charge rent"), pass_go: N_("Play: draw 2"),
  birthday: N_("Play: everyone pays you 2M"), debt_collector: N_("Play: collect 5M"), sly_deal: N_("Play: take a property"),
  forced_deal: N_("Play: swap properties"), deal_breaker: N_("Play: take a complete set"), build: N_("Build it"),
  bank: N_("Bank it"), discard: N_("Discard it"),
};

/** A kind of play in words. */
function kindLabel(kind) {
  return KIND_LABEL[kind] ? t(KIND_LABEL[kind]) : kind;
}

const QUESTION = {
  colour: N_("As which colour?"), doubles: N_("With Double the Rent?"), target: N_("From whom?"), take: N_("Take which card?"),
  give: N_("Give which of yours?"), set: N_("Which set?"),
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
        "aria-pressed": local.kind === kind ? "true" : "false", onclick: () => choice.choose({ kind, picks: {} }) }, `${kindLabel(kind)}\u2026`);
    })));
  }
  if (local.kind) rows.push(stepRow(turn, plays, local.kind, kinds.length === 1));
  return el("div", { class: "md-picker", "aria-label": t("Plays of {card}", { card: cardName(local.card) }), role: "group" },
    el("p", { class: "md-picker-head" }, el("strong", null, cardWithValue(local.card)), picksText(turn)),
    rows,
    el("button", { type: "button", class: "btn btn--small btn--ghost md-cancel", onclick: () => choice.choose({ card: null, kind: null, picks: {} }) },
      t("Cancel")));
}

/** The steps picked so far, in words (" › Bo › dark blue property"). */
function picksText(turn) {
  return Object.entries(local.picks).map(([field, value]) => ` \u203a ${optionText(turn, local.kind, field, value, {})}`).join("");
}

/** The next step of the kind picked: its options, as picks or, when final, as the moves. */
function stepRow(turn, plays, kind, alone) {
  const step = nextStep(plays, kind, local.picks);
  if (step.field === null) {
    return el("div", { class: "md-step" }, playButton(turn, step.action, alone ? kindButtonLabel(turn, step.action) : t("Play it")));
  }
  return el("div", { class: "md-step", "data-field": step.field },
    el("span", { class: "md-step-q small" }, QUESTION[step.field] ? t(QUESTION[step.field]) : step.field,
      kind === "rent" && step.field !== "colour"
        ? ` (${t("{colour} rent", { colour: colourName(step.options[0].actions[0].colour) })})` : null),
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
      return t("Bank it ({amount})", { amount: money(cardValue(action.card)) });
    case "place":
      return t("Place it as {colour}", { colour: colourName(action.colour) });
    case "move_wild":
      return t("Move it as {colour}", { colour: colourName(action.colour) });
    case "rent": {
      const params = { colour: colourName(action.colour), amount: money(rentAmount(view, ctx.you, action)) };
      return action.target === null ? t("Charge {colour} rent: {amount} from everyone", params) : t("Charge {colour} rent: {amount}", params);
    }
    default: { // every field it fixes, from the first ("Play: take a property: Bo \u203a Bo's green property")
      if (!(FIELDS[action.type] || []).length) return kindLabel(action.type);
      const rest = finalLabel(turn, action.type, null, "", action, {}).replace(/^ \u203a /, "");
      return t("{play}: {choices}", { play: kindLabel(action.type), choices: rest });
    }
  }
}

/** One option of a step in words; `action` is one of the legal actions it stands for. */
function optionText(turn, kind, field, value, action) {
  const { view, ctx } = turn;
  const names = ctx.names;
  switch (field) {
    case "colour":
      if (kind !== "rent") return t("as {colour}", { colour: colourName(value) });
      return t("{colour}: {amount}", { colour: colourName(value), amount: money(rentFor(view, ctx.you, value)) });
    case "doubles": {
      const base = rentFor(view, ctx.you, local.picks.colour ?? (action && action.colour));
      const count = (value || []).length;
      if (!count) return t("No double: {amount}", { amount: money(base) });
      const amount = money(base * 2 ** count);
      return count === 2 ? t("Double twice (+2 plays): {amount}", { amount }) : t("Double the Rent (+1 play): {amount}", { amount });
    }
    case "target":
      return value === null ? t("everyone") : nameOf(names, value);
    case "take": {
      const owner = local.picks.target ?? (action && action.target);
      return t("{owner}'s {card}", { owner: nameOf(names, owner), card: cardName(value) });
    }
    case "give":
      return t("your {card}", { card: cardName(value) });
    case "set": {
      const owner = kind === "build" ? ctx.you : local.picks.target ?? (action && action.target);
      const set = ((view.sets || [])[owner] || [])[value];
      if (!set) return t("set {number}", { number: Number(value) + 1 });
      const params = { owner: nameOf(names, owner), colour: colourName(set.colour), amount: money(set.rent) };
      return owner === ctx.you ? t("your {colour} set (rent {amount})", params) : t("{owner}'s {colour} set (rent {amount})", params);
    }
    default:
      return String(value);
  }
}

export function turnHint(state) {
  const types = new Set((state.legal || []).map((action) => action.type));
  const view = state.view || {};
  if (types.has("accept")) return t("An action is aimed at you: accept it or say Just Say No.");
  if (types.has("pay") || types.has("pay_all")) return t("Pay what you owe from your bank and properties.");
  if (types.has("discard")) return t("Discard down to 7 cards.");
  if (types.has("end_turn")) {
    return tn("Play up to {count} more card, then end your turn.", "Play up to {count} more cards, then end your turn.", view.plays_left ?? 0);
  }
  return "";
}

// ---- final result ----------------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const detail = outcome.detail || (view && view.result) || {};
  const why = detail.reason === "round_limit"
    ? t("The round limit was reached: the most complete colours win, then the highest table value.")
    : t("Three complete property sets of different colours.");
  const sets = view && view.sets;
  fill(root,
    el("p", { class: "outcome-winners" }, winnersText(outcome, names)),
    el("p", { class: "md-why" }, why),
    scoreTable(outcome, names),
    el("p", { class: "small muted" }, t("Score: the number of different colours with a complete set.")),
    sets ? el("ul", { class: "md-final-sets" }, sets.map((seatSets, seat) => el("li", { "data-seat": seat },
      el("strong", null, nameOf(names, seat)), ": ",
      seatSets.filter((set) => set.complete).map((set) => colourName(set.colour)).join(", ") || t("no complete set"),
      ` \u00b7 ${t("bank {amount}", { amount: money(((view.bank_totals || [])[seat]) ?? 0) })}`))) : null);
}
