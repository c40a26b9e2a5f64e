// Monopoly Deal in words: the log (every payment explained), the record's moves, the response
// prompt and the labels of the play picker (rules/monopoly-deal.md; the wire and the log
// entries: app/rules/monopoly_deal/__init__.py).

import { compactJson, indefinite, listText, nameOf } from "../../lib/format.js";
import { N_, t, tn } from "../../lib/i18n.js";
import { actionName, cardName, cardValue, cardWithValue, colourName, money, totalValue } from "./cards.js";

/**
 * A sentence with one part of it in an element (an amount in bold): the translated sentence
 * is cut where that parameter stands, so each language keeps its own word order.
 */
export function rich(message, params, name, node) {
  const parts = t(message, { ...params, [name]: "\u0001" }).split("\u0001");
  return parts.length === 2 ? [parts[0], node, parts[1]] : parts;
}

/** "its set" wording for a list of cards: "dark blue property and pink/orange wildcard". */
export function cardsText(cards) {
  return listText((cards || []).map(cardName));
}

/** How many Double the Rents went with a rent (0, 1 or 2). */
function doubleCount(doubles) {
  return Math.min((doubles || []).length, 2);
}

/** Whether an action entry charges everyone else (Birthday, a two-colour rent). */
function chargesEveryone(entry) {
  return entry.kind === "birthday" || (entry.kind === "rent" && entry.card && !String(entry.card).startsWith("rent-any"));
}

/** The colour of a set given by its cards: the first property's, else the colour named. */
function setColour(entry) {
  if (entry.colour) return colourName(entry.colour);
  const property = (entry.set || []).find((card) => String(card).startsWith("property-"));
  return property ? colourName(String(property).split("-")[1]) : "";
}

const RENT_LINES = [
  N_("{player} charged {colour} rent with {card}: {amount} owed by {targets}."),
  N_("{player} charged {colour} rent with {card}, doubled (\u00d72): {amount} owed by {targets}."),
  N_("{player} charged {colour} rent with {card}, doubled twice (\u00d74): {amount} owed by {targets}."),
];

/** What an action played for its effect does, as the log tells it. */
function effectText(entry, names, player) {
  const owner = nameOf(names, (entry.targets || [])[0]);
  const targets = listText((entry.targets || []).map((seat) => nameOf(names, seat)));
  const charged = chargesEveryone(entry) ? t("each other player") : targets;
  switch (entry.kind) {
    case "birthday":
      return t("{player} played It's My Birthday: everyone else owes them {amount}.", { player, amount: money(entry.amount ?? 2) });
    case "debt_collector":
      return t("{player} played Debt Collector on {target}: {amount} owed.", { player, target: targets, amount: money(entry.amount ?? 5) });
    case "rent":
      return t(RENT_LINES[doubleCount(entry.doubles)], {
        player, colour: colourName(entry.colour), card: indefinite(cardName(entry.card)), amount: money(entry.amount),
        targets: charged,
      });
    case "sly_deal":
      return t("{player} played Sly Deal on {owner}'s {card}.", { player, owner, card: cardName(entry.take) });
    case "forced_deal":
      return t("{player} played Forced Deal: their {give} for {owner}'s {take}.",
        { player, owner, give: cardName(entry.give), take: cardName(entry.take) });
    case "deal_breaker":
      return t("{player} played Deal Breaker on {owner}'s complete {colour} set ({cards}).",
        { player, owner, colour: setColour(entry), cards: cardsText(entry.set) });
    default:
      return t("{player} played {action}.", { player, action: actionName(entry.kind) });
  }
}

// ---- log ---------------------------------------------------------------------------------

export function describeLog(entry, names) {
  const player = nameOf(names, entry.seat);
  switch (entry.type) {
    case "dealt":
      return tn("Every player was dealt {count} card; {player} plays first.", "Every player was dealt {count} cards; {player} plays first.",
        entry.cards ?? 5, { player: nameOf(names, entry.first) });
    case "turn_start":
      return entry.cards
        ? tn("{player}'s turn: drew {count} card ({cards}).", "{player}'s turn: drew {count} cards ({cards}).", entry.drew ?? 0,
          { player, cards: cardsText(entry.cards) })
        : tn("{player}'s turn: drew {count} card.", "{player}'s turn: drew {count} cards.", entry.drew ?? 0, { player });
    case "reshuffle":
      return tn("The draw pile ran out: {count} discard shuffled into a new one.",
        "The draw pile ran out: {count} discards shuffled into a new one.", entry.count ?? 0);
    case "bank":
      return t("{player} banked {card}.", { player, card: cardWithValue(entry.card) });
    case "place":
      return parseKind(entry.card) === "wild"
        ? t("{player} placed {card} as {colour}.", { player, card: indefinite(cardName(entry.card)), colour: colourName(entry.colour) })
        : t("{player} placed {card}.", { player, card: indefinite(cardName(entry.card)) });
    case "move_wild":
      return t("{player} moved {card} to {colour}.", { player, card: indefinite(cardName(entry.card)), colour: colourName(entry.colour) });
    case "pass_go":
      return entry.cards
        ? tn("{player} played Pass Go and drew {count} card ({cards}).", "{player} played Pass Go and drew {count} cards ({cards}).",
          entry.drew ?? 2, { player, cards: cardsText(entry.cards) })
        : tn("{player} played Pass Go and drew {count} card.", "{player} played Pass Go and drew {count} cards.", entry.drew ?? 2,
          { player });
    case "action":
      return effectText(entry, names, player);
    case "just_say_no":
      return t("{player} said Just Say No to {target}.", { player, target: nameOf(names, entry.against) });
    case "accept":
      return t("{player} accepted.", { player });
    case "cancelled":
      return entry.kind === "rent" ? t("Just Say No stands: {player} is spared the rent.", { player })
        : t("Just Say No stands: {player} is spared the {action}.", { player, action: actionName(entry.kind) });
    case "nothing_to_pay":
      return t("{player} has nothing on the table to pay with.", { player });
    case "paid":
      return paidLine(entry, names);
    case "pay":
      return payLine(entry, names, player);
    case "pay_all":
      return (entry.cards || []).length
        ? t("{player} paid everything on the table to {payee}: {cards} ({amount}).",
          { player, payee: nameOf(names, entry.to), cards: cardsText(entry.cards), amount: money(totalValue(entry.cards)) })
        : t("{player} had nothing on the table to pay {payee} with.", { player, payee: nameOf(names, entry.to) });
    case "buildings_to_bank":
      return t("{player}'s broken set: its {cards} went to {player}'s bank as money.", { player, cards: cardsText(entry.cards) });
    case "steal":
      return t("{player} took {owner}'s {cards}.", { player, owner: nameOf(names, entry.from), cards: cardsText(entry.cards) });
    case "swap":
      return t("{player} swapped their {gave} for {owner}'s {took}.",
        { player, owner: nameOf(names, entry.with), gave: cardName(entry.gave), took: cardName(entry.took) });
    case "build": {
      const params = { player, colour: colourName(entry.colour) };
      const detail = String(entry.card || "").split("-")[1];
      if (detail === "house") return t("{player} built a house on their {colour} set.", params);
      if (detail === "hotel") return t("{player} built a hotel on their {colour} set.", params);
      return t("{player} built {card} on their {colour} set.", { ...params, card: indefinite(cardName(entry.card)) });
    }
    case "end_turn":
      return t("{player} ended their turn.", { player });
    case "discard":
      return t("{player} discarded {card}.", { player, card: cardWithValue(entry.card) });
    case "win":
      return entry.reason === "round_limit" ? winnersLine(entry, names)
        : t("{player} wins with three complete sets of different colours!", { player });
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

function parseKind(card) {
  return String(card || "").split("-")[0];
}

/** One card paid: as a property to the payee's properties, or as money into their bank. */
function payLine(entry, names, player) {
  const payee = nameOf(names, entry.to);
  const card = entry.card;
  const amount = money(cardValue(card));
  if (entry.as === "property") {
    return t("{player} paid {payee} with {card} (worth {amount}), which goes to {payee}'s properties.",
      { player, payee, card: indefinite(cardName(card)), amount });
  }
  if (parseKind(card) === "money") return t("{player} paid {payee} {amount} into {payee}'s bank.", { player, payee, amount });
  return t("{player} paid {payee} {amount} ({card} card as money) into {payee}'s bank.",
    { player, payee, amount, card: indefinite(cardName(card)) });
}

/** A finished payment: what was paid of what was owed, and why it stopped. */
function paidLine(entry, names) {
  const total = Number(entry.total) || 0;
  const owed = Number(entry.owed) || 0;
  const params = { player: nameOf(names, entry.seat), payee: nameOf(names, entry.to), amount: money(total), owed: money(owed) };
  if (total > owed) return t("{player} paid {payee} {amount} for a debt of {owed}: no change is given.", params);
  if (total < owed) return t("{player} paid {payee} {amount} of {owed}: nothing more on the table to pay with.", params);
  return t("{player} paid {payee} the {owed} owed in full.", params);
}

function winnersLine(entry, names) {
  const winners = entry.winners || (entry.seat === null || entry.seat === undefined ? [] : [entry.seat]);
  const players = listText(winners.map((seat) => nameOf(names, seat)));
  if (!winners.length) return t("The round limit is reached: nobody wins.");
  return winners.length > 1 ? t("The round limit is reached: {players} share the win.", { players })
    : t("The round limit is reached: {player} wins.", { player: players });
}

// ---- record ------------------------------------------------------------------------------

const RENT_ACTIONS = [
  N_("Charge {colour} rent from {target}"),
  N_("Charge {colour} rent from {target}, doubled (\u00d72)"),
  N_("Charge {colour} rent from {target}, doubled twice (\u00d74)"),
];

export function describeAction(action, names = []) {
  switch (action && action.type) {
    case "bank":
      return t("Bank {card}", { card: cardWithValue(action.card) });
    case "place":
      return parseKind(action.card) === "wild"
        ? t("Place {card} as {colour}", { card: indefinite(cardName(action.card)), colour: colourName(action.colour) })
        : t("Place {card}", { card: indefinite(cardName(action.card)) });
    case "move_wild":
      return t("Move {card} to {colour}", { card: indefinite(cardName(action.card)), colour: colourName(action.colour) });
    case "pass_go":
      return t("Play Pass Go: draw 2");
    case "birthday":
      return t("Play It's My Birthday");
    case "debt_collector":
      return t("Play Debt Collector on {target}", { target: nameOf(names, action.target) });
    case "sly_deal":
      return t("Play Sly Deal: take {owner}'s {card}", { owner: nameOf(names, action.target), card: cardName(action.take) });
    case "forced_deal":
      return t("Play Forced Deal: give {give} for {owner}'s {take}",
        { owner: nameOf(names, action.target), give: indefinite(cardName(action.give)), take: cardName(action.take) });
    case "deal_breaker":
      return t("Play Deal Breaker on {owner}'s set {number}", { owner: nameOf(names, action.target), number: Number(action.set) + 1 });
    case "build": {
      const number = Number(action.set) + 1;
      const detail = String(action.card || "").split("-")[1];
      if (detail === "house") return t("Build a house on set {number}", { number });
      if (detail === "hotel") return t("Build a hotel on set {number}", { number });
      return t("Build {card} on set {number}", { card: indefinite(cardName(action.card)), number });
    }
    case "rent": {
      const target = action.target === null || action.target === undefined ? t("everyone") : nameOf(names, action.target);
      return t(RENT_ACTIONS[doubleCount(action.doubles)], { colour: colourName(action.colour), target });
    }
    case "end_turn":
      return t("End the turn");
    case "discard":
      return t("Discard {card}", { card: cardName(action.card) });
    case "accept":
      return t("Accept");
    case "just_say_no":
      return t("Just Say No");
    case "pay":
      return t("Pay with {card}", { card: cardWithValue(action.card) });
    case "pay_all":
      return t("Pay everything");
    default:
      return compactJson(action);
  }
}

// ---- the pending action ------------------------------------------------------------------

/** The pending action as it concerns its target now ("Bo's Sly Deal on your dark blue property"). */
function aimText(pending, names, you) {
  const mine = pending.target === you;
  const params = { actor: nameOf(names, pending.actor), owner: nameOf(names, pending.target) };
  switch (pending.kind) {
    case "sly_deal":
      params.card = cardName(pending.take);
      return mine ? t("{actor}'s Sly Deal on your {card}", params) : t("{actor}'s Sly Deal on {owner}'s {card}", params);
    case "forced_deal":
      params.take = cardName(pending.take);
      params.give = indefinite(cardName(pending.give));
      return mine ? t("{actor}'s Forced Deal on your {take} (for {give})", params)
        : t("{actor}'s Forced Deal on {owner}'s {take} (for {give})", params);
    case "deal_breaker":
      params.colour = colourName((pending.set && pending.set.colour) || pending.colour);
      return mine ? t("{actor}'s Deal Breaker on your complete {colour} set", params)
        : t("{actor}'s Deal Breaker on {owner}'s complete {colour} set", params);
    default:
      params.debt = debtText(pending, names);
      params.amount = money(pending.amount);
      return mine ? t("{debt}: you owe {amount}", params) : t("{debt}: {owner} owes {amount}", params);
  }
}

/**
 * The question the response window asks the seat that may answer ("Bo's Sly Deal on your dark
 * blue property: Just Say No?"), or what it waits for, in words.
 */
export function promptText(pending, names, you) {
  const chain = pending.chain || [];
  const params = { aim: aimText(pending, names, you), responder: nameOf(names, pending.responder) };
  const asked = pending.responder === you;
  if (!chain.length) return asked ? t("{aim}: Just Say No?", params) : t("{aim}. Waiting for {responder} to answer.", params);
  const last = chain[chain.length - 1];
  params.player = nameOf(names, last);
  if (last === you) {
    return asked ? t("You said Just Say No to {aim}: Just Say No back?", params)
      : t("You said Just Say No to {aim}. Waiting for {responder} to answer.", params);
  }
  return asked ? t("{player} said Just Say No to {aim}: Just Say No back?", params)
    : t("{player} said Just Say No to {aim}. Waiting for {responder} to answer.", params);
}

/** What a debt is for: "It's My Birthday", "dark blue rent". */
export function debtName(pending) {
  return pending.kind === "rent" ? t("{colour} rent", { colour: colourName(pending.colour) }) : actionName(pending.kind);
}

/** Whose debt it is: "Bo's It's My Birthday", "Bo's dark blue rent". */
export function debtText(pending, names) {
  return t("{player}'s {debt}", { player: nameOf(names, pending.actor), debt: debtName(pending) });
}
