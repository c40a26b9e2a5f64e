// Monster Duel in words: the log lines, the record's moves, the conditions and the end
// (rules: shared/rules/monster-tcg.md; the log entries and the actions: the wire contract of
// issue 22, app/rules/monster_tcg). Slots: 0 is the active creature, k is bench position k.

import { compactJson, listText, nameOf, plural } from "../../lib/format.js";
import { cardTitle, deckTitle, humanize } from "./cards.js";

export const CONDITIONS = ["asleep", "burned", "confused", "paralysed", "poisoned"];

const REASONS = {
  prizes: "took all their prize cards",
  no_creatures: "the opponent has no creature left in play",
  deck_out: "the opponent could not draw at the start of their turn",
  draw: "a draw",
};

/** "Heads" / "Tails". */
export function coinWord(result) {
  return result === "heads" ? "Heads" : result === "tails" ? "Tails" : humanize(result);
}

/** What a slot is: "the active creature", "bench 2". */
export function slotWord(slot) {
  return slot === 0 ? "the active creature" : `bench ${slot}`;
}

/** "Ada's active creature", "Ada's creature on bench 2". */
function slotOf(names, seat, slot) {
  const who = nameOf(names, seat);
  return slot === 0 ? `${who}'s active creature` : `${who}'s creature on bench ${slot}`;
}

/** Why the game ended, in words ("took all their prize cards"). */
export function reasonText(reason) {
  return REASONS[reason] || humanize(reason);
}

/** "Ada wins: took all their prize cards." / "A draw." */
export function winText(seats, reason, names) {
  const winners = (seats || []).map((seat) => nameOf(names, seat));
  if (reason === "draw" || !winners.length) return "The game ends in a draw.";
  const verb = winners.length > 1 ? "share the win" : "wins";
  return `${listText(winners)} ${verb}: ${reasonText(reason)}.`;
}

/** What the coin is for, and what its result means (the rules' "Settled for Parlor"). */
const COIN = {
  first: ["for who goes first", null, null],
  attack: ["for the attack's extra damage", "it hits", "no extra damage"],
  paralyse: ["to paralyse the defending creature", "paralysed", "not paralysed"],
  asleep: ["to wake its sleeping creature", "it wakes up", "it sleeps on"],
  burned: ["for its burned creature", "the burn heals", "still burned"],
  confused: ["for its confused creature", "it attacks", "it hurts itself"],
};

/** "Ada flipped a coin to wake its sleeping creature: Tails (it sleeps on)." */
function coinLine(entry, names) {
  const [why, heads, tails] = COIN[entry.purpose] || [`(${humanize(entry.purpose)})`, null, null];
  const then = entry.result === "heads" ? heads : entry.result === "tails" ? tails : null;
  return `${nameOf(names, entry.seat)} flipped a coin ${why}: ${coinWord(entry.result)}${then ? ` (${then})` : ""}.`;
}

// The rules' damage causes (app/rules/monster_tcg, log entry damage).
const CAUSES = {
  attack: "from the attack",
  bench: "from the attack's splash",
  poison: "from poison",
  burn: "from the burn",
  confused: "hurting itself in confusion",
};

function causeText(cause) {
  if (!cause) return "";
  return ` ${CAUSES[cause] || `(${humanize(cause)})`}`;
}

function cardsText(cards) {
  return listText((cards || []).map((name) => cardTitle(name)));
}

function attackText(entry, names) {
  const notes = [];
  if (entry.weakness) notes.push("doubled by weakness");
  if (entry.resistance) notes.push("30 less for resistance");
  const title = entry.title || `attack ${Number(entry.attack) + 1}`;
  const aimed = typeof entry.target === "number" && entry.target > 0
    ? ` (also hitting ${nameOf(names, 1 - entry.seat)}'s bench ${entry.target})` : "";
  const damage = entry.damage === null || entry.damage === undefined ? "" : `: ${entry.damage} damage`;
  return `${nameOf(names, entry.seat)} attacked with ${title}${aimed}${damage}${notes.length ? ` (${notes.join(", ")})` : ""}.`;
}

// ---- log ---------------------------------------------------------------------------------

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "deck_chosen":
      return entry.deck ? `${who} chose the ${deckTitle(entry.deck)} deck.` : `${who} chose a deck.`;
    case "decks":
      return `The decks: ${listText((entry.decks || []).map((deck, seat) => `${nameOf(names, seat)} plays ${deckTitle(deck)}`))}.`;
    case "mulligan":
      return `${who} had no Basic creature: a mulligan${(entry.hand || []).length ? ` (showed ${cardsText(entry.hand)})` : ""}`
        + ", then shuffled and drew a new hand.";
    case "draw_extra":
      return entry.count ? `${who} drew ${plural(entry.count, "extra card")} for the opponent's mulligans.`
        : `${who} drew no extra card.`;
    case "setup": {
      const bench = (entry.bench || []).length ? `, on the bench ${cardsText(entry.bench)}` : ", nothing on the bench";
      return `${who}'s creatures are turned face up: ${cardTitle(entry.active)} active${bench}.`;
    }
    case "coin":
      return coinLine(entry, names);
    case "turn":
      return `Turn ${entry.number}: ${who} plays.`;
    case "draw":
      return entry.card ? `${who} drew ${cardTitle(entry.card)}.` : `${who} drew a card.`;
    case "bench":
      return `${who} put ${cardTitle(entry.card)} on the bench.`;
    case "evolve":
      return `${who} evolved ${cardTitle(entry.from)} into ${cardTitle(entry.card)} (${slotWord(entry.slot)}).`;
    case "attach":
      return `${who} attached ${cardTitle(entry.card)} to ${slotWord(entry.slot)}.`;
    case "trainer":
      return typeof entry.slot === "number" ? `${who} played ${cardTitle(entry.card)} on ${slotWord(entry.slot)}.`
        : `${who} played ${cardTitle(entry.card)}.`;
    case "take_basic":
      return entry.card ? `${who} took ${cardTitle(entry.card)} from the deck into the hand, then shuffled.`
        : `${who} took no Basic from the deck, then shuffled.`;
    case "retreat": {
      const paid = (entry.discarded || []).length ? `, discarding ${cardsText(entry.discarded)}` : "";
      return `${who} retreated the active creature${paid}; the one on bench ${entry.slot} came in.`;
    }
    case "attack":
      return attackText(entry, names);
    case "damage":
      return `${slotOf(names, entry.seat, entry.slot)} took ${entry.amount} damage${causeText(entry.cause)}.`;
    case "condition":
      return `${slotOf(names, entry.seat, entry.slot)} is now ${entry.condition}.`;
    case "recovered":
      return `${slotOf(names, entry.seat, entry.slot)} is no longer ${entry.condition}.`;
    case "knocked_out":
      return `${who}'s ${cardTitle(entry.card)} was knocked out.`;
    case "prize":
      return entry.card ? `${who} took a prize card: ${cardTitle(entry.card)}.` : `${who} took a prize card.`;
    case "promote":
      return `${who} moved the creature on bench ${entry.slot} up to active.`;
    case "sudden_death":
      return `Sudden death: both sides won at once, so game ${entry.number} of sudden death begins.`;
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
      return `Choose the ${deckTitle(action.deck)} deck`;
    case "draw_extra":
      return action.count ? `Draw ${plural(action.count, "extra card")}` : "Draw no extra card";
    case "place_active":
      return `Place ${card} as the active creature, face down`;
    case "place_bench":
      return `Place ${card} on the bench, face down`;
    case "setup_done":
      return "Done placing creatures";
    case "bench":
      return `Put ${card} on the bench`;
    case "evolve":
      return `Evolve ${slotWord(action.slot)} into ${card}`;
    case "attach":
      return `Attach ${card} to ${slotWord(action.slot)}`;
    case "trainer":
      return typeof action.slot === "number" ? `Play ${card} on ${slotWord(action.slot)}` : `Play ${card}`;
    case "retreat":
      return `Retreat the active creature for the one on bench ${action.slot}`;
    case "attack":
      return typeof action.target === "number"
        ? `Use attack ${Number(action.attack) + 1} (hitting the opponent's bench ${action.target})`
        : `Use attack ${Number(action.attack) + 1}`;
    case "end_turn":
      return "End the turn";
    case "take_basic":
      return `Take ${card} from the deck`;
    case "take_none":
      return "Take no card from the deck";
    case "promote":
      return `Move the creature on bench ${action.slot} up to active`;
    default:
      return compactJson(action);
  }
}
