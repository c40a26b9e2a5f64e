// Monster Duel in words: the log lines, the record's moves, the conditions and the end
// (rules: shared/rules/monster-tcg.md; the log entries and the actions: the wire contract of
// issue 22, app/rules/monster_tcg). Slots: 0 is the active creature, k is bench position k.
// Every sentence is a message (lib/i18n.js); creature, attack and deck titles are names.

import { compactJson, listText, nameOf } from "../../lib/format.js";
import { N_, t, tn } from "../../lib/i18n.js";
import { cardTitle, deckTitle, humanize } from "./cards.js";

export const CONDITIONS = ["asleep", "burned", "confused", "paralysed", "poisoned"];

const CONDITION_WORDS = {
  asleep: N_("asleep"), burned: N_("burned"), confused: N_("confused"), paralysed: N_("paralysed"),
  poisoned: N_("poisoned"),
};

/** A condition in words ("asleep"). */
export function conditionWord(condition) {
  return CONDITION_WORDS[condition] ? t(CONDITION_WORDS[condition]) : humanize(condition);
}

const REASONS = {
  prizes: N_("took all their prize cards"),
  no_creatures: N_("the opponent has no creature left in play"),
  deck_out: N_("the opponent could not draw at the start of their turn"),
  draw: N_("a draw"),
};

/** "Heads" / "Tails". */
export function coinWord(result) {
  return result === "heads" ? t("Heads") : result === "tails" ? t("Tails") : humanize(result);
}

/** What a slot is: "the active creature", "bench 2". */
export function slotWord(slot) {
  return slot === 0 ? t("the active creature") : t("bench {slot}", { slot });
}

/** "Ada's active creature", "Ada's creature on bench 2". */
function slotOf(names, seat, slot) {
  const player = nameOf(names, seat);
  return slot === 0 ? t("{player}'s active creature", { player })
    : t("{player}'s creature on bench {slot}", { player, slot });
}

/** Why the game ended, in words ("took all their prize cards"). */
export function reasonText(reason) {
  return REASONS[reason] ? t(REASONS[reason]) : humanize(reason);
}

/** "Ada wins: took all their prize cards." / "A draw." */
export function winText(seats, reason, names) {
  const winners = (seats || []).map((seat) => nameOf(names, seat));
  if (reason === "draw" || !winners.length) return t("The game ends in a draw.");
  const why = reasonText(reason);
  return winners.length > 1 ? t("{players} share the win: {reason}.", { players: listText(winners), reason: why })
    : t("{player} wins: {reason}.", { player: winners[0], reason: why });
}

/** What the coin is for, and what its result means (the rules' "Settled for Parlor"). */
const COIN = {
  first: [N_("{player} flipped a coin for who goes first: {side}."), null, null],
  attack: [N_("{player} flipped a coin for the attack's extra damage: {side}."), N_("it hits"), N_("no extra damage")],
  paralyse: [N_("{player} flipped a coin to paralyse the defending creature: {side}."), N_("paralysed"), N_("not paralysed")],
  asleep: [N_("{player} flipped a coin to wake its sleeping creature: {side}."), N_("it wakes up"), N_("it sleeps on")],
  burned: [N_("{player} flipped a coin for its burned creature: {side}."), N_("the burn heals"), N_("still burned")],
  confused: [N_("{player} flipped a coin for its confused creature: {side}."), N_("it attacks"), N_("it hurts itself")],
};

/** "Ada flipped a coin to wake its sleeping creature: Tails (it sleeps on)." */
function coinLine(entry, names) {
  const [line, heads, tails] = COIN[entry.purpose]
    || [N_("{player} flipped a coin ({purpose}): {side}."), null, null];
  const then = entry.result === "heads" ? heads : entry.result === "tails" ? tails : null;
  const side = then ? t("{side} ({then})", { side: coinWord(entry.result), then: t(then) }) : coinWord(entry.result);
  return t(line, { player: nameOf(names, entry.seat), side, purpose: humanize(entry.purpose) });
}

// The rules' damage causes (app/rules/monster_tcg, log entry damage).
const CAUSES = {
  attack: N_("{creature} took {amount} damage from the attack."),
  bench: N_("{creature} took {amount} damage from the attack's splash."),
  poison: N_("{creature} took {amount} damage from poison."),
  burn: N_("{creature} took {amount} damage from the burn."),
  confused: N_("{creature} took {amount} damage hurting itself in confusion."),
};

function damageLine(entry, names) {
  const params = { creature: slotOf(names, entry.seat, entry.slot), amount: entry.amount };
  if (!entry.cause) return t("{creature} took {amount} damage.", params);
  if (CAUSES[entry.cause]) return t(CAUSES[entry.cause], params);
  return t("{creature} took {amount} damage ({cause}).", { ...params, cause: humanize(entry.cause) });
}

function cardsText(cards) {
  return listText((cards || []).map((name) => cardTitle(name)));
}

function attackText(entry, names) {
  const notes = [];
  if (entry.weakness) notes.push(t("doubled by weakness"));
  if (entry.resistance) notes.push(t("30 less for resistance"));
  const attack = entry.title || t("attack {number}", { number: Number(entry.attack) + 1 });
  const aimed = typeof entry.target === "number" && entry.target > 0
    ? t(" (also hitting {player}'s bench {slot})", { player: nameOf(names, 1 - entry.seat), slot: entry.target }) : "";
  const damage = entry.damage === null || entry.damage === undefined ? "" : t(": {damage} damage", { damage: entry.damage });
  const why = notes.length ? t(" ({notes})", { notes: notes.join(", ") }) : "";
  return t("{player} attacked with {attack}{aimed}{damage}{notes}.",
    { player: nameOf(names, entry.seat), attack, aimed, damage, notes: why });
}

// ---- log ---------------------------------------------------------------------------------

export function describeLog(entry, names) {
  const player = nameOf(names, entry.seat);
  switch (entry.type) {
    case "deck_chosen":
      return entry.deck ? t("{player} chose the {deck} deck.", { player, deck: deckTitle(entry.deck) })
        : t("{player} chose a deck.", { player });
    case "decks":
      return t("The decks: {decks}.", { decks: listText((entry.decks || []).map((deck, seat) => t("{player} plays {deck}",
        { player: nameOf(names, seat), deck: deckTitle(deck) }))) });
    case "mulligan":
      return (entry.hand || []).length
        ? t("{player} had no Basic creature: a mulligan (showed {cards}), then shuffled and drew a new hand.",
          { player, cards: cardsText(entry.hand) })
        : t("{player} had no Basic creature: a mulligan, then shuffled and drew a new hand.", { player });
    case "draw_extra":
      return entry.count ? tn("{player} drew {count} extra card for the opponent's mulligans.",
        "{player} drew {count} extra cards for the opponent's mulligans.", entry.count, { player })
        : t("{player} drew no extra card.", { player });
    case "setup":
      return (entry.bench || []).length
        ? t("{player}'s creatures are turned face up: {active} active, on the bench {bench}.",
          { player, active: cardTitle(entry.active), bench: cardsText(entry.bench) })
        : t("{player}'s creatures are turned face up: {active} active, nothing on the bench.",
          { player, active: cardTitle(entry.active) });
    case "coin":
      return coinLine(entry, names);
    case "turn":
      return t("Turn {number}: {player} plays.", { number: entry.number, player });
    case "draw":
      return entry.card ? t("{player} drew {card}.", { player, card: cardTitle(entry.card) })
        : t("{player} drew a card.", { player });
    case "bench":
      return t("{player} put {card} on the bench.", { player, card: cardTitle(entry.card) });
    case "evolve":
      return t("{player} evolved {from} into {card} ({slot}).",
        { player, from: cardTitle(entry.from), card: cardTitle(entry.card), slot: slotWord(entry.slot) });
    case "attach":
      return t("{player} attached {card} to {slot}.", { player, card: cardTitle(entry.card), slot: slotWord(entry.slot) });
    case "trainer":
      return typeof entry.slot === "number"
        ? t("{player} played {card} on {slot}.", { player, card: cardTitle(entry.card), slot: slotWord(entry.slot) })
        : t("{player} played {card}.", { player, card: cardTitle(entry.card) });
    case "take_basic":
      return entry.card ? t("{player} took {card} from the deck into the hand, then shuffled.", { player, card: cardTitle(entry.card) })
        : t("{player} took no Basic from the deck, then shuffled.", { player });
    case "retreat":
      return (entry.discarded || []).length
        ? t("{player} retreated the active creature, discarding {cards}; the one on bench {slot} came in.",
          { player, cards: cardsText(entry.discarded), slot: entry.slot })
        : t("{player} retreated the active creature; the one on bench {slot} came in.", { player, slot: entry.slot });
    case "attack":
      return attackText(entry, names);
    case "damage":
      return damageLine(entry, names);
    case "condition":
      return t("{creature} is now {condition}.",
        { creature: slotOf(names, entry.seat, entry.slot), condition: conditionWord(entry.condition) });
    case "recovered":
      return t("{creature} is no longer {condition}.",
        { creature: slotOf(names, entry.seat, entry.slot), condition: conditionWord(entry.condition) });
    case "knocked_out":
      return t("{player}'s {card} was knocked out.", { player, card: cardTitle(entry.card) });
    case "prize":
      return entry.card ? t("{player} took a prize card: {card}.", { player, card: cardTitle(entry.card) })
        : t("{player} took a prize card.", { player });
    case "promote":
      return t("{player} moved the creature on bench {slot} up to active.", { player, slot: entry.slot });
    case "sudden_death":
      return t("Sudden death: both sides won at once, so game {number} of sudden death begins.", { number: entry.number });
    case "win":
      return winText(entry.seats, entry.reason, names);
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

// ---- record ------------------------------------------------------------------------------

export function describeAction(action) {
  const card = action && cardTitle(action.card);
  switch (action && action.type) {
    case "choose_deck":
      return t("Choose the {deck} deck", { deck: deckTitle(action.deck) });
    case "draw_extra":
      return action.count ? tn("Draw {count} extra card", "Draw {count} extra cards", action.count) : t("Draw no extra card");
    case "place_active":
      return t("Place {card} as the active creature, face down", { card });
    case "place_bench":
      return t("Place {card} on the bench, face down", { card });
    case "setup_done":
      return t("Done placing creatures");
    case "bench":
      return t("Put {card} on the bench", { card });
    case "evolve":
      return t("Evolve {slot} into {card}", { slot: slotWord(action.slot), card });
    case "attach":
      return t("Attach {card} to {slot}", { card, slot: slotWord(action.slot) });
    case "trainer":
      return typeof action.slot === "number" ? t("Play {card} on {slot}", { card, slot: slotWord(action.slot) })
        : t("Play {card}", { card });
    case "retreat":
      return t("Retreat the active creature for the one on bench {slot}", { slot: action.slot });
    case "attack":
      return typeof action.target === "number"
        ? t("Use attack {number} (hitting the opponent's bench {slot})", { number: Number(action.attack) + 1, slot: action.target })
        : t("Use attack {number}", { number: Number(action.attack) + 1 });
    case "end_turn":
      return t("End the turn");
    case "take_basic":
      return t("Take {card} from the deck", { card });
    case "take_none":
      return t("Take no card from the deck");
    case "promote":
      return t("Move the creature on bench {slot} up to active", { slot: action.slot });
    default:
      return compactJson(action);
  }
}
