// Tong-its in words: the log, the record's actions, how a hand ended and who paid whom for what
// (rules/tong-its.md, Ways a hand ends and Payments; the wire: app/rules/tong_its).

import { compactJson, nameOf } from "../../lib/format.js";
import { N_, t, tn } from "../../lib/i18n.js";
import { cardText, cardsText } from "./cards.js";

const MINUS = "\u2212";
const DECK = 52;

/** Why a chip was paid (the contract's payment reasons). */
export const REASONS = {
  ante: N_("ante"),
  loss: N_("loss"),
  tong_its: N_("Tong-its bonus"),
  burned: N_("burned (no exposed meld)"),
  fought: N_("fought and lost"),
  secret_four: N_("secret four"),
};

export function reasonText(reason) {
  return REASONS[reason] ? t(REASONS[reason]) : String(reason);
}

/** "+8", "−4", "0": net chips. */
export function chipsText(chips) {
  const value = Number(chips) || 0;
  if (value > 0) return `+${value}`;
  return value < 0 ? `${MINUS}${-value}` : "0";
}

/** "meld 3": the table's melds are numbered from 1 on screen (their index + 1 on the wire). */
export function meldName(index) {
  return t("meld {number}", { number: Number(index) + 1 });
}

/** Net chips per seat from the payments (they sum to 0). */
export function netChips(payments, players = 3) {
  const net = Array.from({ length: players }, () => 0);
  for (const payment of payments || []) {
    net[payment.from] -= payment.chips;
    net[payment.to] += payment.chips;
  }
  return net;
}

/**
 * The payments grouped by payer and payee, in the order they first appear:
 * [{from, to, chips (the total), reasons: [[reason, chips], ...]}].
 */
export function paymentsGrouped(payments) {
  const groups = new Map();
  for (const payment of payments || []) {
    const key = `${payment.from}>${payment.to}`;
    if (!groups.has(key)) groups.set(key, { from: payment.from, to: payment.to, chips: 0, reasons: [] });
    const group = groups.get(key);
    group.chips += payment.chips;
    group.reasons.push([payment.reason, payment.chips]);
  }
  return [...groups.values()];
}

/** "Bo pays 4 chips to Ada: ante 1, loss 1, Tong-its bonus 1, burned (no exposed meld) 1." */
export function paymentText(group, names) {
  const reasons = group.reasons.map(([reason, chips]) => t("{reason} {chips}", { reason: reasonText(reason), chips }))
    .join(", ");
  return tn("{payer} pays {count} chip to {payee}: {reasons}.", "{payer} pays {count} chips to {payee}: {reasons}.",
    group.chips, { payer: nameOf(names, group.from), payee: nameOf(names, group.to), reasons });
}

/** How the hand ended, as a sentence without its full stop ("Ada wins by Tong-its"). */
export function endText(detail, names) {
  const who = nameOf(names, detail && detail.winner);
  switch (detail && detail.end) {
    case "tong_its":
      return t("{player} wins by Tong-its (an empty hand)", { player: who });
    case "draw":
      return t("{player} wins the called draw with the lowest count", { player: who });
    case "stock_out":
      return t("The stock ran out: {player} wins with the lowest count", { player: who });
    case "void":
      return t("Every player is burned: a void hand, nobody pays");
    default:
      return t("The hand is over");
  }
}

/** "Ada +8, Bo −4, Cy −4". */
export function scoresText(scores, names) {
  return (scores || []).map((score, seat) => `${nameOf(names, seat)} ${chipsText(score)}`).join(", ");
}

// ---- log ---------------------------------------------------------------------------------

export function describeLog(entry, names) {
  const player = nameOf(names, entry.seat);
  switch (entry.type) {
    case "dealt": {
      const sizes = entry.sizes || [];
      const stock = DECK - sizes.reduce((sum, size) => sum + size, 0);
      const dealt = sizes.map((size, seat) => `${nameOf(names, seat)} ${size}`).join(", ");
      return tn("{dealer} dealt the cards ({sizes}); {count} card in the stock. {dealer} plays first, without drawing.",
        "{dealer} dealt the cards ({sizes}); {count} cards in the stock. {dealer} plays first, without drawing.",
        stock, { dealer: nameOf(names, entry.dealer), sizes: dealt });
    }
    case "drew":
      return entry.card ? t("{player} drew from the stock ({card}).", { player, card: cardText(entry.card) })
        : t("{player} drew from the stock.", { player });
    case "took":
      return t("{player} took {card} from the discards and exposed {cards} (meld {number}).",
        { player, card: cardText(entry.card), cards: cardsText(entry.cards), number: Number(entry.meld) + 1 });
    case "exposed": {
      const number = Number(entry.meld) + 1;
      if (entry.secret) {
        return entry.cards
          ? t("{player} laid a secret four face down ({cards}, meld {number}).", { player, cards: cardsText(entry.cards), number })
          : t("{player} laid a secret four face down (meld {number}).", { player, number });
      }
      return t("{player} exposed {cards} (meld {number}).", { player, cards: cardsText(entry.cards), number });
    }
    case "laid_off": {
      const params = { player, card: cardText(entry.card), number: Number(entry.meld) + 1, owner: nameOf(names, entry.owner) };
      return entry.owner === entry.seat ? t("{player} laid off {card} on their own meld {number}.", params)
        : t("{player} laid off {card} on {owner}'s meld {number}: {owner} may not call a draw next turn.", params);
    }
    case "discarded":
      return t("{player} discarded {card}.", { player, card: cardText(entry.card) });
    case "called":
      return t("{player} called a draw: the others with an exposed meld fight or fold.", { player });
    case "folded":
      return t("{player} folded at once (no exposed meld).", { player });
    case "answered":
      if (entry.answer === "fight") return t("{player} answered: fight.", { player });
      if (entry.answer === "fold") return t("{player} answered: fold.", { player });
      return entry.answer ? t("{player} answered: {answer}.", { player, answer: entry.answer }) : t("{player} answered.", { player });
    case "stock_out":
      return t("{player} drew the last stock card: the hand ends with this turn.", { player });
    case "hand_over":
      return entry.end === "void" ? t("Hand over: {end}.", { end: endText(entry, names) })
        : t("Hand over: {end}. Chips: {chips}.", { end: endText(entry, names), chips: scoresText(entry.scores, names) });
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

// ---- record ------------------------------------------------------------------------------

export function describeAction(action) {
  switch (action && action.type) {
    case "draw":
      return t("Draw from the stock");
    case "take_discard":
      return t("Take the top discard with {cards} and expose the meld", { cards: cardsText(action.cards) });
    case "call_draw":
      return t("Call a draw");
    case "expose":
      return action.secret ? t("Lay {cards} face down (a secret four)", { cards: cardsText(action.cards) })
        : t("Expose {cards}", { cards: cardsText(action.cards) });
    case "lay_off":
      return t("Lay off {card} on meld {number}", { card: cardText(action.card), number: Number(action.meld) + 1 });
    case "discard":
      return t("Discard {card}", { card: cardText(action.card) });
    case "fight":
      return t("Fight the called draw");
    case "fold":
      return t("Fold");
    default:
      return compactJson(action);
  }
}
