// Monopoly Deal in words: the log (every payment explained), the record's moves, the response
// prompt and the labels of the play picker (rules/monopoly-deal.md; the wire and the log
// entries: app/rules/monopoly_deal/__init__.py).

import { compactJson, indefinite, listText, nameOf, plural } from "../../lib/format.js";
import { actionName, cardName, cardValue, cardWithValue, colourName, money, totalValue } from "./cards.js";

/** "Ada's", or "your" for the viewer. */
function whose(names, seat, you = null) {
  return seat === you ? "your" : `${nameOf(names, seat)}'s`;
}

/** "its set" wording for a list of cards: "dark blue property and pink/orange wildcard". */
export function cardsText(cards) {
  return listText((cards || []).map(cardName));
}

/** "× 2" for one Double the Rent, "× 4" for two ("" without). */
function doubledText(doubles) {
  const count = (doubles || []).length;
  return count ? `, doubled${count === 2 ? " twice" : ""} (\u00d7${2 ** count})` : "";
}

/** Who an action entry charges: "everyone else" (Birthday, a two-colour rent) or names. */
function targetsText(entry, names) {
  const targets = entry.targets || [];
  if (entry.kind === "birthday" || (entry.kind === "rent" && entry.card && !String(entry.card).startsWith("rent-any"))) {
    return "everyone else";
  }
  return listText(targets.map((seat) => nameOf(names, seat)));
}

/** The colour of a set given by its cards: the first property's, else the colour named. */
function setColour(entry) {
  if (entry.colour) return colourName(entry.colour);
  const property = (entry.set || []).find((card) => String(card).startsWith("property-"));
  return property ? colourName(String(property).split("-")[1]) : "";
}

/** What an action played for its effect does, as the log tells it (without the actor). */
function effectText(entry, names) {
  const target = (entry.targets || [])[0];
  switch (entry.kind) {
    case "birthday":
      return `played It's My Birthday: everyone else owes them ${money(entry.amount ?? 2)}`;
    case "debt_collector":
      return `played Debt Collector on ${targetsText(entry, names)}: ${money(entry.amount ?? 5)} owed`;
    case "rent": {
      const from = targetsText(entry, names);
      return `charged ${colourName(entry.colour)} rent with ${indefinite(cardName(entry.card))}${doubledText(entry.doubles)}: `
        + `${money(entry.amount)} owed by ${from === "everyone else" ? "each other player" : from}`;
    }
    case "sly_deal":
      return `played Sly Deal on ${whose(names, target)} ${cardName(entry.take)}`;
    case "forced_deal":
      return `played Forced Deal: their ${cardName(entry.give)} for ${whose(names, target)} ${cardName(entry.take)}`;
    case "deal_breaker":
      return `played Deal Breaker on ${whose(names, target)} complete ${setColour(entry)} set (${cardsText(entry.set)})`;
    default:
      return `played ${actionName(entry.kind)}`;
  }
}

// ---- log ---------------------------------------------------------------------------------

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "dealt":
      return `Every player was dealt ${plural(entry.cards ?? 5, "card")}; ${nameOf(names, entry.first)} plays first.`;
    case "turn_start": {
      const cards = entry.cards ? ` (${cardsText(entry.cards)})` : "";
      return `${who}'s turn: drew ${plural(entry.drew ?? 0, "card")}${cards}.`;
    }
    case "reshuffle":
      return `The draw pile ran out: ${plural(entry.count ?? 0, "discard")} shuffled into a new one.`;
    case "bank":
      return `${who} banked ${cardWithValue(entry.card)}.`;
    case "place":
      return parseKind(entry.card) === "wild"
        ? `${who} placed ${indefinite(cardName(entry.card))} as ${colourName(entry.colour)}.`
        : `${who} placed ${indefinite(cardName(entry.card))}.`;
    case "move_wild":
      return `${who} moved ${indefinite(cardName(entry.card))} to ${colourName(entry.colour)}.`;
    case "pass_go": {
      const cards = entry.cards ? ` (${cardsText(entry.cards)})` : "";
      return `${who} played Pass Go and drew ${plural(entry.drew ?? 2, "card")}${cards}.`;
    }
    case "action":
      return `${who} ${effectText(entry, names)}.`;
    case "just_say_no":
      return `${who} said Just Say No to ${nameOf(names, entry.against)}.`;
    case "accept":
      return `${who} accepted.`;
    case "cancelled":
      return `Just Say No stands: ${who} is spared the ${entry.kind === "rent" ? "rent" : actionName(entry.kind)}.`;
    case "nothing_to_pay":
      return `${who} has nothing on the table to pay with.`;
    case "paid":
      return paidLine(entry, names);
    case "pay":
      return entry.as === "property"
        ? `${who} paid ${nameOf(names, entry.to)} with ${indefinite(cardName(entry.card))} (worth ${money(cardValue(entry.card))}), `
          + `which goes to ${whose(names, entry.to)} properties.`
        : `${who} paid ${nameOf(names, entry.to)} ${paidText(entry.card)} into ${whose(names, entry.to)} bank.`;
    case "pay_all":
      return (entry.cards || []).length
        ? `${who} paid everything on the table to ${nameOf(names, entry.to)}: ${cardsText(entry.cards)} (${money(totalValue(entry.cards))}).`
        : `${who} had nothing on the table to pay ${nameOf(names, entry.to)} with.`;
    case "buildings_to_bank":
      return `${whose(names, entry.seat)} broken set: its ${cardsText(entry.cards)} went to ${whose(names, entry.seat)} bank as money.`;
    case "steal":
      return `${who} took ${whose(names, entry.from)} ${cardsText(entry.cards)}.`;
    case "swap":
      return `${who} swapped their ${cardName(entry.gave)} for ${whose(names, entry.with)} ${cardName(entry.took)}.`;
    case "build":
      return `${who} built ${indefinite(cardName(entry.card).toLowerCase())} on their ${colourName(entry.colour)} set.`;
    case "end_turn":
      return `${who} ended their turn.`;
    case "discard":
      return `${who} discarded ${cardWithValue(entry.card)}.`;
    case "win":
      return entry.reason === "round_limit"
        ? `The round limit is reached: ${winnersLine(entry, names)}.`
        : `${who} wins with three complete sets of different colours!`;
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

function parseKind(card) {
  return String(card || "").split("-")[0];
}

/** "3M (a 3M note)" / "a Sly Deal worth 3M" / "a house worth 3M" for one card paid as money. */
function paidText(card) {
  const kind = parseKind(card);
  if (kind === "money") return money(cardValue(card));
  return `${money(cardValue(card))} (${indefinite(`${cardName(card)} card`)} as money)`;
}

/** A finished payment: what was paid of what was owed, and why it stopped. */
function paidLine(entry, names) {
  const who = nameOf(names, entry.seat);
  const to = nameOf(names, entry.to);
  const total = Number(entry.total) || 0;
  const owed = Number(entry.owed) || 0;
  if (total > owed) return `${who} paid ${to} ${money(total)} for a debt of ${money(owed)}: no change is given.`;
  if (total < owed) return `${who} paid ${to} ${money(total)} of ${money(owed)}: nothing more on the table to pay with.`;
  return `${who} paid ${to} the ${money(owed)} owed in full.`;
}

function winnersLine(entry, names) {
  const winners = entry.winners || (entry.seat === null || entry.seat === undefined ? [] : [entry.seat]);
  return winners.length ? `${listText(winners.map((seat) => nameOf(names, seat)))} ${winners.length > 1 ? "share the win" : "wins"}` : "nobody wins";
}

// ---- record ------------------------------------------------------------------------------

export function describeAction(action, names = []) {
  switch (action && action.type) {
    case "bank":
      return `Bank ${cardWithValue(action.card)}`;
    case "place":
      return parseKind(action.card) === "wild"
        ? `Place ${indefinite(cardName(action.card))} as ${colourName(action.colour)}` : `Place ${indefinite(cardName(action.card))}`;
    case "move_wild":
      return `Move ${indefinite(cardName(action.card))} to ${colourName(action.colour)}`;
    case "pass_go":
      return "Play Pass Go: draw 2";
    case "birthday":
      return "Play It's My Birthday";
    case "debt_collector":
      return `Play Debt Collector on ${nameOf(names, action.target)}`;
    case "sly_deal":
      return `Play Sly Deal: take ${whose(names, action.target)} ${cardName(action.take)}`;
    case "forced_deal":
      return `Play Forced Deal: give ${indefinite(cardName(action.give))} for ${whose(names, action.target)} ${cardName(action.take)}`;
    case "deal_breaker":
      return `Play Deal Breaker on ${whose(names, action.target)} set ${Number(action.set) + 1}`;
    case "build":
      return `Build ${indefinite(cardName(action.card).toLowerCase())} on set ${Number(action.set) + 1}`;
    case "rent": {
      const from = action.target === null || action.target === undefined ? "everyone" : nameOf(names, action.target);
      return `Charge ${colourName(action.colour)} rent from ${from}${doubledText(action.doubles)}`;
    }
    case "end_turn":
      return "End the turn";
    case "discard":
      return `Discard ${cardName(action.card)}`;
    case "accept":
      return "Accept";
    case "just_say_no":
      return "Just Say No";
    case "pay":
      return `Pay with ${cardWithValue(action.card)}`;
    case "pay_all":
      return "Pay everything";
    default:
      return compactJson(action);
  }
}

// ---- the pending action ------------------------------------------------------------------

/** The pending action as it concerns its target now ("Bo's Sly Deal on your dark blue property"). */
function aimText(pending, names, you) {
  const actor = nameOf(names, pending.actor);
  const target = whose(names, pending.target, you);
  const owes = pending.target === you ? "you owe" : `${nameOf(names, pending.target)} owes`;
  switch (pending.kind) {
    case "sly_deal":
      return `${actor}'s Sly Deal on ${target} ${cardName(pending.take)}`;
    case "forced_deal":
      return `${actor}'s Forced Deal on ${target} ${cardName(pending.take)} (for ${indefinite(cardName(pending.give))})`;
    case "deal_breaker":
      return `${actor}'s Deal Breaker on ${target} complete ${colourName((pending.set && pending.set.colour) || pending.colour)} set`;
    default:
      return `${debtText(pending, names)}: ${owes} ${money(pending.amount)}`;
  }
}

/**
 * The question the response window asks the seat that may answer ("Bo's Sly Deal on your dark
 * blue property: Just Say No?"), or what it waits for, in words.
 */
export function promptText(pending, names, you) {
  const chain = pending.chain || [];
  const aim = aimText(pending, names, you);
  const waiting = `Waiting for ${nameOf(names, pending.responder)} to answer.`;
  if (!chain.length) return pending.responder === you ? `${aim}: Just Say No?` : `${aim}. ${waiting}`;
  const last = chain[chain.length - 1];
  const said = `${last === you ? "You" : nameOf(names, last)} said Just Say No to ${aim}`;
  return pending.responder === you ? `${said}: Just Say No back?` : `${said}. ${waiting}`;
}

/** What a debt is for: "It's My Birthday", "dark blue rent". */
export function debtName(pending) {
  return pending.kind === "rent" ? `${colourName(pending.colour)} rent` : actionName(pending.kind);
}

/** Whose debt it is: "Bo's It's My Birthday", "Bo's dark blue rent". */
export function debtText(pending, names) {
  return `${nameOf(names, pending.actor)}'s ${debtName(pending)}`;
}
