// Tong-its cards in the browser (rules/tong-its.md, Basics; the wire: app/rules/tong_its).
// A card is its wire string: the rank word then the suit letter, "AS", "7H", "10D", "QC".
// Suits sort S, H, D, C (the server's order); the hand may be sorted by suit or by rank.

import { el } from "../../lib/dom.js";
import { N_, t } from "../../lib/i18n.js";
import { back, suit as suitPip } from "../../lib/pieces.js";

export const SUITS = ["S", "H", "D", "C"];
const SUIT_SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SUIT_NAME = { S: N_("spades"), H: N_("hearts"), D: N_("diamonds"), C: N_("clubs") };
const RANK_OF_WORD = { A: 1, J: 11, Q: 12, K: 13 };
const WORD_OF_RANK = { 1: "A", 11: "J", 12: "Q", 13: "K" };
const RANK_NAME = { 1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king") };
// A set's rank in the plural: "a set of sevens" ("7s" as English writes the numbers).
const RANKS_NAME = {
  1: N_("aces"), 2: N_("2s"), 3: N_("3s"), 4: N_("4s"), 5: N_("5s"), 6: N_("sixes"), 7: N_("7s"), 8: N_("8s"),
  9: N_("9s"), 10: N_("10s"), 11: N_("jacks"), 12: N_("queens"), 13: N_("kings"),
};

/** "10D" -> {rank: 10, suit: "D"}; anything else -> {rank: 0, suit: ""}. */
export function parseCard(card) {
  const text = String(card || "");
  const suit = text.slice(-1);
  const word = text.slice(0, -1);
  const rank = RANK_OF_WORD[word] ?? (/^(?:[2-9]|10)$/.test(word) ? Number(word) : 0);
  return SUITS.includes(suit) && rank ? { rank, suit } : { rank: 0, suit: "" };
}

/** The rank as printed on the card: "A", "7", "10", "K". */
export function rankWord(rank) {
  return WORD_OF_RANK[rank] || String(rank);
}

/** "10\u2665": the card as it reads on the table. */
export function cardText(card) {
  const { rank, suit } = parseCard(card);
  return rank ? `${rankWord(rank)}${SUIT_SYMBOL[suit]}` : String(card);
}

/** "10 of hearts", "ace of spades": the card in words (screen readers, tooltips). */
export function cardName(card) {
  const { rank, suit } = parseCard(card);
  if (!rank) return String(card);
  return t("{rank} of {suit}", { rank: RANK_NAME[rank] ? t(RANK_NAME[rank]) : String(rank), suit: t(SUIT_NAME[suit]) });
}

/** Points of a card (rules/tong-its.md, Basics): A = 1, 2-10 face value, J/Q/K = 10. */
export function points(card) {
  return Math.min(parseCard(card).rank, 10);
}

/** "5\u2660 6\u2660 7\u2660": cards as they read, in the order given. */
export function cardsText(cards) {
  return (cards || []).map(cardText).join(" ");
}

/** A copy of `cards` sorted by suit (S, H, D, C) then rank, or by rank then suit. */
export function sortCards(cards, by = "suit") {
  const key = (card) => {
    const { rank, suit } = parseCard(card);
    const suitIndex = SUITS.indexOf(suit);
    return by === "rank" ? rank * 4 + suitIndex : suitIndex * 14 + rank;
  };
  return [...(cards || [])].sort((a, b) => key(a) - key(b));
}

/** Whether two lists hold the same cards, in any order. */
export function sameCards(one, other) {
  if ((one || []).length !== (other || []).length) return false;
  const sorted = (cards) => [...cards].sort().join(",");
  return sorted(one) === sorted(other);
}

/** "a run of spades", "a set of sevens" (or "a meld"): what a meld's cards are. */
export function meldKind(cards) {
  const parsed = (cards || []).map(parseCard);
  if (parsed.length < 3) return t("a meld");
  if (parsed.every((card) => card.rank === parsed[0].rank)) {
    const ranks = t(RANKS_NAME[parsed[0].rank] || String(parsed[0].rank));
    return parsed.length === 4 ? t("a set of four {ranks}", { ranks }) : t("a set of {ranks}", { ranks });
  }
  const suit = SUIT_NAME[parsed[0].suit];
  return suit ? t("a run of {suit}", { suit: t(suit) }) : t("a run of one suit");
}

// ---- faces -------------------------------------------------------------------------------

/** The suit's classes: ti-suit-H and is-red for hearts and diamonds. */
export function suitLook(card) {
  const { suit } = parseCard(card);
  return `ti-suit-${suit || "x"}${suit === "H" || suit === "D" ? " is-red" : ""}`;
}

/**
 * What a card shows (aria-hidden: its label says it in words): the index in the corner (the
 * rank over the suit, as text) and a large pip drawn by lib/pieces.js, as a printed card has.
 */
export function cardPicture(card) {
  const { rank, suit } = parseCard(card);
  return el("span", { class: "ti-face", "aria-hidden": "true" },
    el("span", { class: "ti-rank" }, rank ? rankWord(rank) : "?"),
    el("span", { class: "ti-pip" }, SUIT_SYMBOL[suit] || ""),
    suit ? suitPip(suit, "ti-pip-art") : null);
}

/** A small card as a picture part (in a meld, a pile or a revealed hand). */
export function smallCard(card, extra = "") {
  return el("span", { class: `ti-card ti-card--small ${suitLook(card)}${extra ? ` ${extra}` : ""}`, "data-card": card,
    "aria-hidden": "true" }, cardPicture(card));
}

/** A small face-down card (a secret four to the others, the stock). */
export function cardBack(extra = "") {
  return back("tong_its", { className: `ti-card ti-card--small ti-back${extra ? ` ${extra}` : ""}` });
}
