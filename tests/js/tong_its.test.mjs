// The Tong-its renderer (static/js/games/tong_its.js): cards in words, the hand sorted, the log
// and record lines, the settlement, and turns drawn in the fake DOM from views made by hand
// after the contract (app/rules/tong_its: view keys, legal actions, log entries).

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import {
  OPTIONS, cardName, cardText, describeAction, describeLog, endText, netChips, parseCard, paymentText,
  paymentsGrouped, points, render, renderOutcome, sortCards, turnHint,
} from "../../static/js/games/tong_its.js";

beforeEach(resetPage);

const names = ["Ada", "Bo", "Cy"];

// ---- cards -------------------------------------------------------------------------------

test("a wire card reads as its rank and suit, in symbols and in words, with its points", () => {
  assert.deepEqual(parseCard("10D"), { rank: 10, suit: "D" });
  assert.deepEqual(parseCard("AS"), { rank: 1, suit: "S" });
  assert.deepEqual(parseCard("KH"), { rank: 13, suit: "H" });
  assert.deepEqual(parseCard("1S"), { rank: 0, suit: "" }); // the ace is "A" on the wire
  assert.deepEqual(parseCard("7X"), { rank: 0, suit: "" });
  assert.equal(cardText("10D"), "10\u2666");
  assert.equal(cardText("QC"), "Q\u2663");
  assert.equal(cardName("AS"), "ace of spades");
  assert.equal(cardName("10H"), "10 of hearts");
  assert.equal(cardName("JC"), "jack of clubs");
  // rules/tong-its.md, Basics: A = 1, 2-10 face value, J/Q/K = 10.
  assert.deepEqual(["AS", "2H", "9D", "10C", "JS", "QH", "KD"].map(points), [1, 2, 9, 10, 10, 10, 10]);
});

test("the hand sorts by suit (S, H, D, C) then rank, or by rank then suit", () => {
  const cards = ["KH", "2S", "AS", "10D", "2C", "QS", "2H"];
  assert.deepEqual(sortCards(cards, "suit"), ["AS", "2S", "QS", "2H", "KH", "10D", "2C"]);
  assert.deepEqual(sortCards(cards, "rank"), ["AS", "2S", "2H", "2C", "10D", "QS", "KH"]);
  assert.deepEqual(cards[0], "KH"); // a copy: the view's own list is left as it came
});

test("the create form offers the contract's options with their values, defaults first", () => {
  assert.deepEqual(OPTIONS.hand_count.choices.map(([value]) => value), ["deadwood", "all"]);
  assert.deepEqual(OPTIONS.discard_pile.choices.map(([value]) => value), ["all", "top"]);
  assert.deepEqual(OPTIONS.tong_its_bonus.choices.map(([value]) => value), [1, 2, 3, 5]);
});

// ---- log and record ------------------------------------------------------------------------

test("every log entry of the contract has its line", () => {
  const lines = [
    [{ type: "dealt", dealer: 2, sizes: [12, 12, 13] },
      "Cy dealt the cards (Ada 12, Bo 12, Cy 13); 15 cards in the stock. Cy plays first, without drawing."],
    [{ type: "drew", seat: 0, card: "7H" }, "Ada drew from the stock (7\u2665)."],
    [{ type: "drew", seat: 1, card: null }, "Bo drew from the stock."],
    [{ type: "took", seat: 1, card: "7H", cards: ["7S", "7H", "7D"], meld: 2 },
      "Bo took 7\u2665 from the discards and exposed 7\u2660 7\u2665 7\u2666 (meld 3)."],
    [{ type: "exposed", seat: 0, meld: 0, secret: false, size: 3, cards: ["5S", "6S", "7S"] },
      "Ada exposed 5\u2660 6\u2660 7\u2660 (meld 1)."],
    [{ type: "exposed", seat: 2, meld: 1, secret: true, size: 4, cards: null }, "Cy laid a secret four face down (meld 2)."],
    [{ type: "exposed", seat: 2, meld: 1, secret: true, size: 4, cards: ["9S", "9H", "9D", "9C"] },
      "Cy laid a secret four face down (9\u2660 9\u2665 9\u2666 9\u2663, meld 2)."],
    [{ type: "laid_off", seat: 0, card: "8S", meld: 2, owner: 2 },
      "Ada laid off 8\u2660 on Cy's meld 3: Cy may not call a draw next turn."],
    [{ type: "laid_off", seat: 0, card: "8S", meld: 0, owner: 0 }, "Ada laid off 8\u2660 on their own meld 1."],
    [{ type: "discarded", seat: 1, card: "KC" }, "Bo discarded K\u2663."],
    [{ type: "called", seat: 1 }, "Bo called a draw: the others with an exposed meld fight or fold."],
    [{ type: "folded", seat: 2 }, "Cy folded at once (no exposed meld)."],
    [{ type: "answered", seat: 0, answer: "fight" }, "Ada answered: fight."],
    [{ type: "answered", seat: 0, answer: null }, "Ada answered."],
    [{ type: "stock_out", seat: 2 }, "Cy drew the last stock card: the hand ends with this turn."],
    [{ type: "hand_over", end: "tong_its", winner: 0, scores: [6, -5, -1] },
      "Hand over: Ada wins by Tong-its (an empty hand). Chips: Ada +6, Bo \u22125, Cy \u22121."],
    [{ type: "hand_over", end: "draw", winner: 1, scores: [-2, 4, -2] },
      "Hand over: Bo wins the called draw with the lowest count. Chips: Ada \u22122, Bo +4, Cy \u22122."],
    [{ type: "hand_over", end: "stock_out", winner: 2, scores: [-3, -2, 5] },
      "Hand over: The stock ran out: Cy wins with the lowest count. Chips: Ada \u22123, Bo \u22122, Cy +5."],
    [{ type: "hand_over", end: "void", winner: null, scores: [0, 0, 0] },
      "Hand over: Every player is burned: a void hand, nobody pays."],
  ];
  for (const [entry, line] of lines) assert.equal(describeLog(entry, names), line);
});

test("the record names each move", () => {
  assert.equal(describeAction({ type: "draw" }), "Draw from the stock");
  assert.equal(describeAction({ type: "take_discard", cards: ["7S", "7D"] }),
    "Take the top discard with 7\u2660 7\u2666 and expose the meld");
  assert.equal(describeAction({ type: "call_draw" }), "Call a draw");
  assert.equal(describeAction({ type: "expose", cards: ["5S", "6S", "7S"], secret: false }), "Expose 5\u2660 6\u2660 7\u2660");
  assert.equal(describeAction({ type: "expose", cards: ["9S", "9H", "9D", "9C"], secret: true }),
    "Lay 9\u2660 9\u2665 9\u2666 9\u2663 face down (a secret four)");
  assert.equal(describeAction({ type: "lay_off", card: "9S", meld: 0 }), "Lay off 9\u2660 on meld 1");
  assert.equal(describeAction({ type: "discard", card: "QH" }), "Discard Q\u2665");
  assert.equal(describeAction({ type: "fight" }), "Fight the called draw");
  assert.equal(describeAction({ type: "fold" }), "Fold");
});

// ---- settlement ----------------------------------------------------------------------------

/**
 * Ada wins by Tong-its with a bonus of 2 (option tong_its_bonus); Bo is burned (no exposed
 * meld); Cy laid a secret four. The contract's Settlement: each loser pays ante 1 + loss 1 +
 * tong_its 2, Bo 1 more for being burned: Bo 5, Cy 4; the secret four earns Cy 1 from each
 * opponent. Net: Ada 5 + 4 - 1 = +8, Bo -5 - 1 = -6, Cy -4 + 2 = -2 (they sum to 0).
 */
const TONG_ITS_PAYMENTS = [
  { from: 1, to: 0, chips: 1, reason: "ante" }, { from: 1, to: 0, chips: 1, reason: "loss" },
  { from: 1, to: 0, chips: 2, reason: "tong_its" }, { from: 1, to: 0, chips: 1, reason: "burned" },
  { from: 2, to: 0, chips: 1, reason: "ante" }, { from: 2, to: 0, chips: 1, reason: "loss" },
  { from: 2, to: 0, chips: 2, reason: "tong_its" },
  { from: 0, to: 2, chips: 1, reason: "secret_four" }, { from: 1, to: 2, chips: 1, reason: "secret_four" },
];
const TONG_ITS_RESULT = {
  end: "tong_its", winner: 0, counts: [0, 41, 6], answers: [null, null, null],
  hands: [[], ["2S", "KS", "4H", "JH", "QD", "7C"], ["AH", "2D", "3C"]], payments: TONG_ITS_PAYMENTS,
};

test("the chips each seat wins or pays, and who pays whom for what", () => {
  assert.deepEqual(netChips(TONG_ITS_PAYMENTS), [8, -6, -2]);
  assert.deepEqual(netChips([]), [0, 0, 0]); // a void hand: no payment at all
  const groups = paymentsGrouped(TONG_ITS_PAYMENTS);
  assert.deepEqual(groups.map((group) => [group.from, group.to, group.chips]), [[1, 0, 5], [2, 0, 4], [0, 2, 1], [1, 2, 1]]);
  assert.deepEqual(groups.map((group) => paymentText(group, names)), [
    "Bo pays 5 chips to Ada: ante 1, loss 1, Tong-its bonus 2, burned (no exposed meld) 1.",
    "Cy pays 4 chips to Ada: ante 1, loss 1, Tong-its bonus 2.",
    "Ada pays 1 chip to Cy: secret four 1.",
    "Bo pays 1 chip to Cy: secret four 1.",
  ]);
  assert.equal(endText({ end: "draw", winner: 2 }, names), "Cy wins the called draw with the lowest count");
});

test("the final result: the winner, the chips, every payment with its reason, every hand", () => {
  const root = document.createElement("div");
  document.body.append(root);
  renderOutcome(root, { scores: [8, -6, -2], winners: [0], detail: TONG_ITS_RESULT }, null, names);
  assert.equal(root.querySelector(".outcome-winners").textContent, "Ada wins by Tong-its (an empty hand).");
  assert.deepEqual(root.querySelectorAll("table.scores tbody tr").map((row) => row.querySelector("td.num").textContent),
    ["8", "-2", "-6"]); // places by chips: Ada, Cy, Bo
  assert.equal(root.querySelectorAll(".ti-payments li").length, 4);
  const hands = root.querySelectorAll(".ti-hands-end li");
  assert.equal(hands[0].textContent, "Ada: count 0empty hand");
  assert.match(hands[1].textContent, /^Bo: count 41 \(burned\)/);
  assert.equal(hands[1].querySelectorAll(".ti-card").length, 6);
  assert.equal(hands[1].querySelector(".ti-revealed").getAttribute("aria-label"),
    "2 of spades, king of spades, 4 of hearts, jack of hearts, queen of diamonds, 7 of clubs");
});

// ---- turns in the fake DOM ---------------------------------------------------------------

/** A view as the contract has it, Ada (seat 0) looking; `changes` replace keys. */
function viewOf(changes) {
  const view = {
    game: "tong_its", players: 3, you: 0, phase: "meld", turn: 0, dealer: 2, first_turn: false, hand: [], hand_sizes: [13, 9, 8], count: 0,
    melds: [], stock: 9, discard_top: "KC", discards: ["3S", "KC"], discard_count: 2, blocked: [false, false, false],
    caller: null, answers: null, last_draw: null,
    options: { hand_count: "deadwood", discard_pile: "all", tong_its_bonus: 1 }, result: null, ...changes,
  };
  // The server's to_act: the seat to move, the seats still to answer a call, nobody once over.
  const waiting = (view.answers || []).flatMap((answer, seat) => (answer === "waiting" ? [seat] : []));
  const acting = view.phase === "over" ? [] : view.phase === "answer" ? waiting : [view.turn];
  return { to_act: acting, ...view };
}

/**
 * Ada melds after her draw: 5-9 of spades, four nines and six odd cards. On the table: Bo's run
 * 10-J-Q of spades (meld 1), Cy's secret four (meld 2) and Cy's set of eights (meld 3). Legal
 * (the contract's enumeration): every contiguous run of 3+ of 5S-9S (5-7, 5-8, 5-9, 6-8, 6-9,
 * 7-9), every 3-subset of the nines and the four (also face down), 9S on meld 1 (one below
 * 10S), 8S on meld 3 (the fourth eight), and any card discarded.
 */
function adaMelds() {
  const hand = ["5S", "6S", "7S", "8S", "9S", "4H", "9H", "QH", "2D", "9D", "JD", "9C", "KC"];
  const runs = [["5S", "6S", "7S"], ["5S", "6S", "7S", "8S"], ["5S", "6S", "7S", "8S", "9S"], ["6S", "7S", "8S"],
    ["6S", "7S", "8S", "9S"], ["7S", "8S", "9S"]];
  const nines = [["9S", "9H", "9D"], ["9S", "9H", "9C"], ["9S", "9D", "9C"], ["9H", "9D", "9C"], ["9S", "9H", "9D", "9C"]];
  const legal = [
    ...[...runs, ...nines].map((cards) => ({ type: "expose", cards, secret: false })),
    { type: "expose", cards: ["9S", "9H", "9D", "9C"], secret: true },
    { type: "lay_off", card: "8S", meld: 2 }, { type: "lay_off", card: "9S", meld: 0 },
    ...hand.map((card) => ({ type: "discard", card })),
  ];
  const melds = [
    { owner: 1, cards: ["10S", "JS", "QS"], secret: false, size: 3 },
    { owner: 2, cards: null, secret: true, size: 4 },
    { owner: 2, cards: ["8H", "8D", "8C"], secret: false, size: 3 },
  ];
  const log = [
    { type: "dealt", dealer: 2, sizes: [12, 12, 13] },
    { type: "exposed", seat: 2, meld: 1, secret: true, size: 4, cards: null },
    { type: "exposed", seat: 2, meld: 2, secret: false, size: 3, cards: ["8H", "8D", "8C"] },
    { type: "discarded", seat: 2, card: "3S" },
    { type: "took", seat: 1, card: "QS", cards: ["10S", "JS", "QS"], meld: 0 },
    { type: "discarded", seat: 1, card: "KC" },
    { type: "drew", seat: 0, card: "KC" },
  ];
  return { view: viewOf({ hand, melds, count: 37, hand_sizes: [13, 9, 8] }), legal, log };
}

function table(state, you = 0) {
  const root = document.createElement("div");
  document.body.append(root);
  const sent = [];
  const ctx = { act: (action) => sent.push(action), names, you };
  render(root, state, ctx);
  const clear = root.querySelector("button.ti-clear");
  if (clear) clear.click(); // the picks are the module's, as on the page: drop an earlier test's
  return { root, sent, again: (next) => render(root, next, ctx) };
}

const pickCards = (root, ...cards) => cards.forEach((card) => root.querySelector(`button[data-card='${card}']`).click());
const exposeButton = (root) => root.querySelector(".ti-bar button.ti-expose");

test("tapped cards that make a legal meld give the Expose button; a four also face down", () => {
  const state = adaMelds();
  const { root, sent } = table(state);
  assert.equal(root.querySelectorAll(".ti-cards button[data-card]").length, 13);
  assert.equal(root.querySelector(".ti-hand-title").textContent, "Your hand (13)");
  assert.match(root.querySelector(".ti-count").textContent, /Your count: 37/);
  assert.equal(turnHint(state), "Expose or lay off if you like, then discard.");

  pickCards(root, "7S", "5S");
  assert.equal(exposeButton(root), null);
  assert.match(root.querySelector(".ti-bar").textContent, /A meld needs 3 or more cards/);
  pickCards(root, "6S");
  assert.equal(exposeButton(root).textContent, "Expose 5\u2660 6\u2660 7\u2660");
  exposeButton(root).click();
  assert.deepEqual(sent, [state.legal[0]]);
  assert.equal(sent[0], state.legal[0]); // the server's own object

  root.querySelector("button.ti-clear").click();
  pickCards(root, "9C", "9S", "9D", "9H"); // any order
  const secret = root.querySelector(".ti-bar button.ti-secret");
  assert.deepEqual(JSON.parse(exposeButton(root).dataset.action), { type: "expose", cards: ["9S", "9H", "9D", "9C"], secret: false });
  assert.deepEqual(JSON.parse(secret.dataset.action), { type: "expose", cards: ["9S", "9H", "9D", "9C"], secret: true });
  secret.click();
  assert.deepEqual(sent[1], { type: "expose", cards: ["9S", "9H", "9D", "9C"], secret: true });

  pickCards(root, "9C");
  pickCards(root, "QH"); // 9S 9H 9D QH: no meld
  assert.equal(exposeButton(root), null);
  assert.match(root.querySelector(".ti-bar").textContent, /not a meld you may expose/);
});

test("the melds in the hand are suggested; a suggestion picks its cards", () => {
  const { root } = table(adaMelds());
  const suggested = root.querySelectorAll("button[data-suggest]");
  assert.equal(suggested.length, 11); // 6 runs, 4 sets of three nines, the four (face up)
  assert.equal(suggested[2].textContent, "5\u2660 6\u2660 7\u2660 8\u2660 9\u2660");
  suggested[2].click();
  const picked = root.querySelectorAll("button[data-card][aria-pressed='true']").map((card) => card.dataset.card);
  assert.deepEqual(picked, ["5S", "6S", "7S", "8S", "9S"]);
  assert.equal(exposeButton(root).textContent, "Expose 5\u2660 6\u2660 7\u2660 8\u2660 9\u2660");
  assert.equal(root.querySelector("button[data-suggest='5S-6S-7S-8S-9S']").getAttribute("aria-pressed"), "true");
});

test("one card picked lights the melds it may be laid off on; the lit meld lays it off", () => {
  const state = adaMelds();
  const { root, sent } = table(state);
  assert.equal(root.querySelectorAll("button.ti-meld").length, 0);
  // The cards that fit a meld are marked before any pick.
  assert.deepEqual(root.querySelectorAll(".ti-cards .can-lay-off").map((card) => card.dataset.card), ["8S", "9S"]);
  pickCards(root, "8S");
  const lit = root.querySelectorAll("button.ti-meld");
  assert.deepEqual(lit.map((meld) => meld.dataset.meld), ["2"]); // Cy's eights, not Bo's run
  assert.equal(root.querySelectorAll(".ti-meld.is-dim").length, 2);
  assert.match(root.querySelector(".ti-bar").textContent, /it fits 1 meld/);
  const discard = root.querySelector(".ti-bar button.ti-discard");
  assert.equal(discard.textContent, "Discard 8\u2660");
  lit[0].click();
  assert.deepEqual(sent, [{ type: "lay_off", card: "8S", meld: 2 }]);

  pickCards(root, "8S", "KC"); // 8S off, KC on
  assert.equal(root.querySelectorAll("button.ti-meld").length, 0);
  assert.match(root.querySelector(".ti-bar").textContent, /It fits no exposed meld/);
  root.querySelector(".ti-bar button.ti-discard").click();
  assert.deepEqual(sent[1], { type: "discard", card: "KC" });
});

test("the table shows each seat's melds, a secret four face down, the piles and the news", () => {
  const { root } = table(adaMelds());
  const seats = root.querySelectorAll(".ti-seat");
  assert.deepEqual(seats.map((seat) => seat.dataset.seat), ["2", "0", "1"]); // from the dealer, in turn order
  assert.match(seats[0].querySelector(".ti-seat-head").textContent, /Cy.*dealer/);
  assert.match(seats[1].querySelector(".ti-seat-head").textContent, /Ada.*you.*to play/);
  assert.equal(seats[1].querySelector(".ti-seat-facts").textContent, "13 cardsno exposed meld");
  const secret = root.querySelector(".ti-meld[data-meld='1']");
  assert.equal(secret.getAttribute("aria-label"), "Meld 2: a secret four, face down");
  assert.equal(secret.querySelectorAll(".ti-back").length, 4);
  assert.equal(root.querySelector(".ti-meld[data-meld='0']").getAttribute("aria-label"), "Meld 1: a run of spades, 10\u2660 J\u2660 Q\u2660");
  assert.equal(root.querySelector(".ti-meld[data-meld='2']").getAttribute("aria-label"), "Meld 3: a set of 8s, 8\u2665 8\u2666 8\u2663");
  assert.equal(root.querySelectorAll(".ti-pile .ti-card").length, 2);
  assert.match(root.querySelector(".ti-discards").textContent, /Discards \(2\): top K\u2663/);
  assert.match(root.querySelector(".ti-stock").getAttribute("aria-label"), /Stock: 9 cards/);
  // Since nothing of Ada's: every line of the log (dealt ... her draw, 7 lines), the newest 6.
  const news = root.querySelectorAll(".ti-news li").map((line) => line.textContent);
  assert.equal(news.length, 6);
  assert.equal(news[5], "Ada drew from the stock (K\u2663).");
});

test("the sort toggle is kept across frames", () => {
  const state = adaMelds();
  const { root, again } = table(state);
  const order = () => root.querySelectorAll(".ti-cards [data-card]").map((card) => card.dataset.card);
  assert.deepEqual(order(), state.view.hand); // by suit, as the server sorts it
  root.querySelector("button[data-sort='rank']").click();
  const byRank = ["2D", "4H", "5S", "6S", "7S", "8S", "9S", "9H", "9D", "9C", "JD", "QH", "KC"];
  assert.deepEqual(order(), byRank);
  again(adaMelds());
  assert.deepEqual(order(), byRank);
  assert.equal(root.querySelector("button[data-sort='rank']").getAttribute("aria-pressed"), "true");
  root.querySelector("button[data-sort='suit']").click();
  assert.deepEqual(order(), state.view.hand);
});

/**
 * Ada to draw with 7H on top of the discards; Bo laid off on her run, so she may not call a
 * draw. Take choices (the contract: every pair of sevens, every run through 7 of hand cards):
 * 7S 7D; 5H 6H; 6H 8H; 5H 6H 8H.
 */
function adaDraws() {
  const hand = ["2S", "7S", "KS", "5H", "6H", "8H", "7D", "9D", "3C", "4C", "JC", "QC"];
  const legal = [
    { type: "draw" },
    { type: "take_discard", cards: ["7S", "7D"] }, { type: "take_discard", cards: ["5H", "6H"] },
    { type: "take_discard", cards: ["6H", "8H"] }, { type: "take_discard", cards: ["5H", "6H", "8H"] },
  ];
  const view = viewOf({
    phase: "draw", hand, hand_sizes: [12, 10, 11], count: 57, discard_top: "7H", discards: null, discard_count: 5,
    melds: [{ owner: 0, cards: ["AD", "2D", "3D", "4D"], secret: false, size: 4 }],
    blocked: [true, false, false], options: { hand_count: "deadwood", discard_pile: "top", tong_its_bonus: 2 },
  });
  return { view, legal, log: [{ type: "laid_off", seat: 1, card: "4D", meld: 0, owner: 0 }] };
}

test("the draw: the stock, the discard taken into a meld (also by picking), no call when blocked", () => {
  const state = adaDraws();
  const { root, sent } = table(state);
  const draw = root.querySelector(".ti-turn button.ti-draw");
  assert.equal(draw.disabled, false);
  assert.equal(draw.textContent, "Draw from the stock (9 left)");
  const call = root.querySelector(".ti-turn button.ti-call");
  assert.equal(call.disabled, true);
  assert.match(root.querySelector(".ti-why").textContent, /someone laid off on your melds/);
  assert.equal(root.querySelector(".ti-seat[data-seat='0'] .ti-blocked").textContent, "may not call");
  const takes = root.querySelectorAll(".ti-turn button.ti-take");
  assert.deepEqual(takes.map((button) => button.textContent),
    ["Take 7\u2665 with 7\u2660 7\u2666", "Take 7\u2665 with 5\u2665 6\u2665", "Take 7\u2665 with 6\u2665 8\u2665",
      "Take 7\u2665 with 5\u2665 6\u2665 8\u2665"]);
  // Only the cards of some take may be picked while drawing.
  assert.deepEqual(root.querySelectorAll(".ti-cards button[data-card]").map((card) => card.dataset.card),
    ["7S", "5H", "6H", "8H", "7D"]);
  pickCards(root, "8H", "6H");
  const picked = root.querySelector(".ti-bar button.ti-take-picked");
  assert.equal(picked.textContent, "Take 7\u2665 and expose it with 6\u2665 8\u2665");
  picked.click();
  takes[0].click();
  draw.click();
  assert.deepEqual(sent, [state.legal[3], state.legal[1], state.legal[0]]);
  // Top card only (option): the pile shows one card and says so.
  assert.equal(root.querySelectorAll(".ti-pile .ti-card").length, 1);
  assert.match(root.querySelector(".ti-discards").textContent, /Discards \(5\): top 7\u2665.*only the top card is shown/);
  assert.match(root.querySelector(".ti-info").textContent, /Tong-its bonus: 2 chips/);
  assert.equal(turnHint(state), "Draw, take the top discard into a meld, or call a draw.");
});

test("calling a draw is a button when legal", () => {
  const state = adaDraws();
  state.view.blocked = [false, false, false];
  state.legal.push({ type: "call_draw" });
  const { root, sent } = table(state);
  assert.equal(root.querySelector(".ti-why"), null);
  root.querySelector(".ti-turn button.ti-call").click();
  assert.deepEqual(sent, [{ type: "call_draw" }]);
});

test("fight or fold: your count and the caller's number of cards; who has answered", () => {
  const view = viewOf({
    phase: "answer", turn: 1, caller: 1, count: 12, hand_sizes: [7, 5, 9], hand: ["2S", "3S", "4H", "8D", "QD", "KC", "AC"],
    answers: ["waiting", "caller", "answered"],
    melds: [{ owner: 0, cards: ["5S", "6S", "7S"], secret: false, size: 3 },
      { owner: 1, cards: ["QH", "QD", "QC"], secret: false, size: 3 }, { owner: 2, cards: ["2H", "3H", "4H"], secret: false, size: 3 }],
  });
  const state = { view, legal: [{ type: "fight" }, { type: "fold" }], log: [{ type: "called", seat: 1 }] };
  const { root, sent } = table(state);
  const panel = root.querySelector(".ti-answer");
  assert.equal(panel.querySelector(".ti-my-count").textContent, "12");
  assert.equal(panel.querySelector(".ti-caller-cards").textContent, "5 cards");
  assert.match(panel.textContent, /^Bo called a draw\. Fight or fold\?/);
  assert.equal(root.querySelector(".ti-seat[data-seat='2'] .ti-answer-badge").textContent, "answered");
  assert.equal(root.querySelector(".ti-seat[data-seat='1'] .ti-answer-badge").textContent, "called");
  const ada = root.querySelector(".ti-seat[data-seat='0'] .ti-seat-head");
  assert.deepEqual(ada.querySelectorAll(".badge").map((badge) => badge.textContent), ["you", "deciding"]);
  assert.equal(turnHint(state), "A draw was called: fight or fold.");
  assert.equal(root.querySelectorAll(".ti-cards button").length, 0); // no card to pick now
  panel.querySelector("button.ti-fight").click();
  assert.deepEqual(sent, [{ type: "fight" }]);

  // Cy's view once Cy has answered: the answer is Cy's to see, Ada is still deciding.
  const cy = { ...view, hand: ["2H"], count: 2, answers: ["waiting", "caller", "fight"] };
  const other = table({ view: cy, legal: [], log: [] }, 2);
  assert.equal(other.root.querySelector(".ti-answer").textContent,
    "Bo called a draw (5 cards in hand). Waiting for Ada to fight or fold. You chose to fight.");
});

test("the hand over: every hand revealed, the counts and the chips on the table", () => {
  const view = viewOf({
    phase: "over", turn: null, hand: [], hand_sizes: [0, 6, 3], count: 0, result: TONG_ITS_RESULT,
    melds: [{ owner: 0, cards: ["5S", "6S", "7S"], secret: false, size: 3 },
      { owner: 2, cards: ["9S", "9H", "9D", "9C"], secret: true, size: 4 }],
  });
  const { root } = table({ view, legal: [], log: [] });
  assert.equal(root.querySelector(".ti-hand"), null);
  assert.equal(root.querySelector(".ti-over").textContent,
    "Ada wins by Tong-its (an empty hand). Chips: Ada +8, Bo \u22126, Cy \u22122.");
  const bo = root.querySelector(".ti-seat[data-seat='1']");
  assert.equal(bo.querySelector(".ti-seat-facts").textContent, "6 cardscount 41\u22126 chipsburned (no exposed meld)");
  assert.equal(bo.querySelectorAll(".ti-revealed .ti-card").length, 6);
  assert.match(root.querySelector(".ti-seat[data-seat='0'] .ti-seat-head").textContent, /winner/);
  assert.equal(root.querySelector(".ti-meld[data-meld='1']").getAttribute("aria-label"),
    "Meld 2 (face down): a set of four 9s, 9\u2660 9\u2665 9\u2666 9\u2663");
});

test("a spectator sees no hand, and whose turn it is", () => {
  const { view, log } = adaMelds();
  const { root } = table({ view: { ...view, hand: null, count: null }, legal: [], log }, null);
  assert.equal(root.querySelector(".ti-hand"), null);
  assert.equal(root.querySelector(".ti-turn").textContent, "Ada is melding and will discard.");
  assert.equal(root.querySelectorAll(".ti-news li").length, 4);
});
