// Tong-its in words: the log, the record's actions, how a hand ended and who paid whom for what
// (rules/tong-its.md, Ways a hand ends and Payments; the wire: app/rules/tong_its).

import { compactJson, nameOf, plural } from "../../lib/format.js";
import { cardText, cardsText } from "./cards.js";

const MINUS = "\u2212";
const DECK = 52;

/** Why a chip was paid (the contract's payment reasons). */
export const REASONS = {
  ante: "ante",
  loss: "loss",
  tong_its: "Tong-its bonus",
  burned: "burned (no exposed meld)",
  fought: "fought and lost",
  secret_four: "secret four",
};

export function reasonText(reason) {
  return REASONS[reason] || String(reason);
}

/** "+8", "−4", "0": net chips. */
export function chipsText(chips) {
  const value = Number(chips) || 0;
  if (value > 0) return `+${value}`;
  return value < 0 ? `${MINUS}${-value}` : "0";
}

/** "meld 3": the table's melds are numbered from 1 on screen (their index + 1 on the wire). */
export function meldName(index) {
  return `meld ${Number(index) + 1}`;
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
  const reasons = group.reasons.map(([reason, chips]) => `${reasonText(reason)} ${chips}`).join(", ");
  return `${nameOf(names, group.from)} pays ${plural(group.chips, "chip")} to ${nameOf(names, group.to)}: ${reasons}.`;
}

/** How the hand ended, as a sentence without its full stop ("Ada wins by Tong-its"). */
export function endText(detail, names) {
  const who = nameOf(names, detail && detail.winner);
  switch (detail && detail.end) {
    case "tong_its":
      return `${who} wins by Tong-its (an empty hand)`;
    case "draw":
      return `${who} wins the called draw with the lowest count`;
    case "stock_out":
      return `The stock ran out: ${who} wins with the lowest count`;
    case "void":
      return "Every player is burned: a void hand, nobody pays";
    default:
      return "The hand is over";
  }
}

/** "Ada +8, Bo −4, Cy −4". */
export function scoresText(scores, names) {
  return (scores || []).map((score, seat) => `${nameOf(names, seat)} ${chipsText(score)}`).join(", ");
}

// ---- log ---------------------------------------------------------------------------------

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "dealt": {
      const sizes = entry.sizes || [];
      const stock = DECK - sizes.reduce((sum, size) => sum + size, 0);
      const dealt = sizes.map((size, seat) => `${nameOf(names, seat)} ${size}`).join(", ");
      return `${nameOf(names, entry.dealer)} dealt the cards (${dealt}); ${plural(stock, "card")} in the stock. ${
        nameOf(names, entry.dealer)} plays first, without drawing.`;
    }
    case "drew":
      return `${who} drew from the stock${entry.card ? ` (${cardText(entry.card)})` : ""}.`;
    case "took":
      return `${who} took ${cardText(entry.card)} from the discards and exposed ${cardsText(entry.cards)} (${meldName(entry.meld)}).`;
    case "exposed":
      if (entry.secret) {
        return `${who} laid a secret four face down (${entry.cards ? `${cardsText(entry.cards)}, ` : ""}${meldName(entry.meld)}).`;
      }
      return `${who} exposed ${cardsText(entry.cards)} (${meldName(entry.meld)}).`;
    case "laid_off": {
      const whose = entry.owner === entry.seat ? "their own" : `${nameOf(names, entry.owner)}'s`;
      const blocked = entry.owner === entry.seat ? "" : `: ${nameOf(names, entry.owner)} may not call a draw next turn`;
      return `${who} laid off ${cardText(entry.card)} on ${whose} ${meldName(entry.meld)}${blocked}.`;
    }
    case "discarded":
      return `${who} discarded ${cardText(entry.card)}.`;
    case "called":
      return `${who} called a draw: the others with an exposed meld fight or fold.`;
    case "folded":
      return `${who} folded at once (no exposed meld).`;
    case "answered":
      return entry.answer ? `${who} answered: ${entry.answer}.` : `${who} answered.`;
    case "stock_out":
      return `${who} drew the last stock card: the hand ends with this turn.`;
    case "hand_over":
      return `Hand over: ${endText(entry, names)}.${entry.end === "void" ? "" : ` Chips: ${scoresText(entry.scores, names)}.`}`;
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

// ---- record ------------------------------------------------------------------------------

export function describeAction(action) {
  switch (action && action.type) {
    case "draw":
      return "Draw from the stock";
    case "take_discard":
      return `Take the top discard with ${cardsText(action.cards)} and expose the meld`;
    case "call_draw":
      return "Call a draw";
    case "expose":
      return action.secret ? `Lay ${cardsText(action.cards)} face down (a secret four)` : `Expose ${cardsText(action.cards)}`;
    case "lay_off":
      return `Lay off ${cardText(action.card)} on ${meldName(action.meld)}`;
    case "discard":
      return `Discard ${cardText(action.card)}`;
    case "fight":
      return "Fight the called draw";
    case "fold":
      return "Fold";
    default:
      return compactJson(action);
  }
}
