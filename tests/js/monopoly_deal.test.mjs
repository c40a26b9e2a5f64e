// The Monopoly Deal renderer (static/js/games/monopoly_deal.js): cards in words, the log and
// record lines, the response prompt, the play picker (a card, then its play, then its
// targets), the rent shown before it is played, the payment picker, and turns drawn in the
// fake DOM from views made by hand after the package docstring (app/rules/monopoly_deal).

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import {
  OPTIONS, cardName, cardValue, describeAction, describeLog, nextStep, parseCard, playsOf, promptText, render,
  renderOutcome, rentAmount, turnHint,
} from "../../static/js/games/monopoly_deal.js";

beforeEach(resetPage);

const names = ["Ada", "Bo", "Cy"];

// ---- cards -------------------------------------------------------------------------------

test("a card id reads as its card, with the bank value of the rule file's tables", () => {
  // rules/monopoly-deal.md, Deck: money at face value; action, rent, property, wild values.
  const values = {
    "money-10-1": 10, "money-1-6": 1, "action-deal_breaker-2": 5, "action-just_say_no-1": 4, "action-sly_deal-3": 3,
    "action-birthday-1": 2, "action-pass_go-10": 1, "action-house-1": 3, "action-hotel-2": 4, "action-double_rent-1": 1,
    "rent-red+yellow-2": 1, "rent-any-3": 3, "property-dark_blue-1": 4, "property-light_blue-3": 1, "property-railroad-4": 2,
    "wild-dark_blue+green-1": 4, "wild-light_blue+brown-1": 1, "wild-red+yellow-2": 3, "wild-any-1": 0,
  };
  for (const [card, value] of Object.entries(values)) assert.equal(cardValue(card), value, card);
  assert.deepEqual(parseCard("wild-pink+orange-2").colours, ["pink", "orange"]);
  assert.equal(parseCard("rent-any-1").colours.length, 10);
  assert.equal(parseCard("nonsense").kind, "");
  assert.deepEqual(["money-5-1", "action-birthday-2", "rent-light_blue+brown-1", "rent-any-1", "property-dark_blue-2",
    "wild-railroad+utility-1", "wild-any-2"].map(cardName),
  ["5M", "It's My Birthday", "light blue/brown rent", "wild rent", "dark blue property", "railroad/utility wildcard",
    "multicolour wildcard"]);
});

test("the create form offers the two options with their values, defaults first", () => {
  assert.deepEqual(OPTIONS.buildings.choices.map(([value]) => value), ["official", "seed"]);
  assert.deepEqual(OPTIONS.deck.choices.map(([value]) => value), ["standard", "extended"]);
});

// ---- log and record ------------------------------------------------------------------------

test("every log entry of the package docstring has its line; every payment is explained", () => {
  const lines = [
    [{ type: "dealt", first: 1, cards: 5 }, "Every player was dealt 5 cards; Bo plays first."],
    [{ type: "turn_start", seat: 0, round: 1, drew: 2, cards: ["money-3-1", "property-red-1"] },
      "Ada's turn: drew 2 cards (3M and red property)."],
    [{ type: "turn_start", seat: 1, round: 1, drew: 5, cards: null }, "Bo's turn: drew 5 cards."],
    [{ type: "reshuffle", count: 31 }, "The draw pile ran out: 31 discards shuffled into a new one."],
    [{ type: "bank", seat: 2, card: "action-sly_deal-1" }, "Cy banked Sly Deal (3M)."],
    [{ type: "bank", seat: 2, card: "money-4-1" }, "Cy banked 4M."],
    [{ type: "place", seat: 0, card: "property-green-2", colour: "green" }, "Ada placed a green property."],
    [{ type: "place", seat: 0, card: "wild-red+yellow-1", colour: "yellow" }, "Ada placed a red/yellow wildcard as yellow."],
    [{ type: "move_wild", seat: 0, card: "wild-any-1", colour: "pink" }, "Ada moved a multicolour wildcard to pink."],
    [{ type: "pass_go", seat: 1, card: "action-pass_go-3", drew: 2, cards: null }, "Bo played Pass Go and drew 2 cards."],
    [{ type: "action", seat: 0, kind: "birthday", card: "action-birthday-1", targets: [1, 2], amount: 2, colour: null,
      doubles: [], take: null, give: null, set: null }, "Ada played It's My Birthday: everyone else owes them 2M."],
    [{ type: "action", seat: 0, kind: "debt_collector", card: "action-debt_collector-1", targets: [2], amount: 5,
      colour: null, doubles: [], take: null, give: null, set: null }, "Ada played Debt Collector on Cy: 5M owed."],
    // Rent: dark blue 2 cards = 8M (Property table), doubled twice = 32M.
    [{ type: "action", seat: 1, kind: "rent", card: "rent-dark_blue+green-1", targets: [2, 0], amount: 32,
      colour: "dark_blue", doubles: ["action-double_rent-1", "action-double_rent-2"], take: null, give: null, set: null },
    "Bo charged dark blue rent with a dark blue/green rent, doubled twice (\u00d74): 32M owed by each other player."],
    [{ type: "action", seat: 1, kind: "rent", card: "rent-any-2", targets: [0], amount: 6, colour: "red",
      doubles: ["action-double_rent-1"], take: null, give: null, set: null },
    "Bo charged red rent with a wild rent, doubled (\u00d72): 6M owed by Ada."],
    [{ type: "action", seat: 2, kind: "sly_deal", card: "action-sly_deal-2", targets: [0], amount: null, colour: null,
      doubles: [], take: "property-orange-1", give: null, set: null }, "Cy played Sly Deal on Ada's orange property."],
    [{ type: "action", seat: 2, kind: "forced_deal", card: "action-forced_deal-2", targets: [1], amount: null, colour: null,
      doubles: [], take: "property-pink-1", give: "property-brown-1", set: null },
    "Cy played Forced Deal: their brown property for Bo's pink property."],
    [{ type: "action", seat: 2, kind: "deal_breaker", card: "action-deal_breaker-1", targets: [0], amount: null,
      colour: "utility", doubles: [], take: null, give: null, set: ["property-utility-1", "property-utility-2"] },
    "Cy played Deal Breaker on Ada's complete utility set (utility property and utility property)."],
    [{ type: "just_say_no", seat: 0, card: "action-just_say_no-1", against: 2 }, "Ada said Just Say No to Cy."],
    [{ type: "accept", seat: 1 }, "Bo accepted."],
    [{ type: "cancelled", seat: 0, kind: "sly_deal" }, "Just Say No stands: Ada is spared the Sly Deal."],
    [{ type: "cancelled", seat: 1, kind: "rent" }, "Just Say No stands: Bo is spared the rent."],
    [{ type: "nothing_to_pay", seat: 1 }, "Bo has nothing on the table to pay with."],
    [{ type: "pay", seat: 1, to: 0, card: "money-2-3", as: "money" }, "Bo paid Ada 2M into Ada's bank."],
    [{ type: "pay", seat: 1, to: 0, card: "action-house-2", as: "money" },
      "Bo paid Ada 3M (a House card as money) into Ada's bank."],
    [{ type: "pay", seat: 1, to: 0, card: "property-green-1", as: "property" },
      "Bo paid Ada with a green property (worth 4M), which goes to Ada's properties."],
    [{ type: "pay_all", seat: 2, to: 0, cards: ["money-1-1", "property-brown-2"] },
      "Cy paid everything on the table to Ada: 1M and brown property (2M)."],
    // Paying: no change is given (a 4M card for a 2M debt), or the table held less.
    [{ type: "paid", seat: 1, to: 0, total: 4, owed: 2 }, "Bo paid Ada 4M for a debt of 2M: no change is given."],
    [{ type: "paid", seat: 2, to: 0, total: 2, owed: 5 }, "Cy paid Ada 2M of 5M: nothing more on the table to pay with."],
    [{ type: "paid", seat: 2, to: 0, total: 5, owed: 5 }, "Cy paid Ada the 5M owed in full."],
    [{ type: "buildings_to_bank", seat: 1, cards: ["action-house-1"] },
      "Bo's broken set: its House went to Bo's bank as money."],
    [{ type: "steal", seat: 0, from: 2, cards: ["wild-pink+orange-1"] }, "Ada took Cy's pink/orange wildcard."],
    [{ type: "swap", seat: 0, with: 1, gave: "property-brown-1", took: "property-red-2" },
      "Ada swapped their brown property for Bo's red property."],
    [{ type: "build", seat: 1, card: "action-hotel-1", colour: "green" }, "Bo built a hotel on their green set."],
    [{ type: "end_turn", seat: 1 }, "Bo ended their turn."],
    [{ type: "discard", seat: 1, card: "action-pass_go-1" }, "Bo discarded Pass Go (1M)."],
    [{ type: "win", seat: 2, winners: [2], reason: "three_sets" }, "Cy wins with three complete sets of different colours!"],
    [{ type: "win", seat: null, winners: [0, 1], reason: "round_limit" }, "The round limit is reached: Ada and Bo share the win."],
  ];
  for (const [entry, line] of lines) assert.equal(describeLog(entry, names), line);
});

test("the record names each move", () => {
  assert.equal(describeAction({ type: "bank", card: "action-debt_collector-1" }, names), "Bank Debt Collector (3M)");
  assert.equal(describeAction({ type: "place", card: "wild-any-2", colour: "railroad" }, names),
    "Place a multicolour wildcard as railroad");
  assert.equal(describeAction({ type: "rent", card: "rent-any-1", colour: "green", doubles: ["action-double_rent-2"], target: 2 }, names),
    "Charge green rent from Cy, doubled (\u00d72)");
  assert.equal(describeAction({ type: "sly_deal", card: "action-sly_deal-1", target: 1, take: "property-red-1" }, names),
    "Play Sly Deal: take Bo's red property");
  assert.equal(describeAction({ type: "deal_breaker", card: "action-deal_breaker-1", target: 1, set: 0 }, names),
    "Play Deal Breaker on Bo's set 1");
  assert.equal(describeAction({ type: "pay", card: "property-green-1" }, names), "Pay with green property (4M)");
  assert.equal(describeAction({ type: "pay_all" }, names), "Pay everything");
  assert.equal(describeAction({ type: "end_turn" }, names), "End the turn");
});

// ---- the response prompt ---------------------------------------------------------------------

const PENDING = {
  kind: "sly_deal", actor: 1, target: 0, targets: [], card: "action-sly_deal-1", amount: 0, paid: [], owed: 0, chain: [],
  responder: 0, stage: "respond", take: "property-dark_blue-1", give: null, set: null, colour: null, doubles: [],
};

test("the response prompt says the action and what it aims at, for each answer of the chain", () => {
  assert.equal(promptText(PENDING, names, 0), "Bo's Sly Deal on your dark blue property: Just Say No?");
  assert.equal(promptText(PENDING, names, 2), "Bo's Sly Deal on Ada's dark blue property. Waiting for Ada to answer.");
  // Ada said no: the actor Bo may say no back (an odd chain awaits the actor).
  const back = { ...PENDING, chain: [0], responder: 1 };
  assert.equal(promptText(back, names, 1), "Ada said Just Say No to Bo's Sly Deal on Ada's dark blue property: Just Say No back?");
  assert.equal(promptText(back, names, 0), "You said Just Say No to Bo's Sly Deal on your dark blue property. Waiting for Bo to answer.");
  const rent = { ...PENDING, kind: "rent", take: null, colour: "green", amount: 14 };
  assert.equal(promptText(rent, names, 0), "Bo's green rent: you owe 14M: Just Say No?");
  const breaker = { ...PENDING, kind: "deal_breaker", take: null, set: { colour: "utility", cards: ["property-utility-1"] } };
  assert.equal(promptText(breaker, names, 0), "Bo's Deal Breaker on your complete utility set: Just Say No?");
});

// ---- the play picker ---------------------------------------------------------------------------

// Ada's table: dark blue complete (2 cards: rent 8M), one red/yellow wild as red (rent 2M); Bo
// has a green property, Cy a complete brown set (Property table rents).
const SETS = [
  [{ colour: "dark_blue", cards: ["property-dark_blue-1", "property-dark_blue-2"], house: null, hotel: null, complete: true, rent: 8 },
    { colour: "red", cards: ["wild-red+yellow-1"], house: null, hotel: null, complete: false, rent: 2 }],
  [{ colour: "green", cards: ["property-green-1"], house: null, hotel: null, complete: false, rent: 2 }],
  [{ colour: "brown", cards: ["property-brown-1", "property-brown-2"], house: null, hotel: null, complete: true, rent: 2 }],
];
const HAND = ["rent-dark_blue+green-1", "rent-any-1", "action-double_rent-1", "action-double_rent-2", "action-sly_deal-1",
  "money-3-1", "property-pink-1"];
const D1 = "action-double_rent-1";
const D2 = "action-double_rent-2";
const DOUBLES = [[], [D1], [D2], [D1, D2]]; // each choice of held Double the Rents, in hand order

/** The legal actions as the rules list them for Ada's hand (game.py _card_plays). */
function playLegal() {
  const rent = (card, colour, target) => DOUBLES.map((doubles) => ({ type: "rent", card, colour, doubles, target }));
  return [
    { type: "bank", card: "rent-dark_blue+green-1" }, ...rent("rent-dark_blue+green-1", "dark_blue", null),
    { type: "bank", card: "rent-any-1" },
    ...["dark_blue", "red"].flatMap((colour) => [1, 2].flatMap((target) => DOUBLES.map((doubles) =>
      ({ type: "rent", card: "rent-any-1", colour, doubles, target })))),
    { type: "bank", card: D1 }, { type: "bank", card: D2 },
    { type: "bank", card: "action-sly_deal-1" }, { type: "sly_deal", card: "action-sly_deal-1", target: 1, take: "property-green-1" },
    { type: "bank", card: "money-3-1" }, { type: "place", card: "property-pink-1", colour: "pink" },
    { type: "move_wild", card: "wild-red+yellow-1", colour: "yellow" },
    { type: "end_turn" },
  ];
}

function playView(changes = {}) {
  return {
    game: "monopoly_deal", players: 3, you: 0, to_act: [0], phase: "play", turn: 0, plays_left: 3, round: 2, hand: HAND,
    hand_sizes: [7, 4, 6], deck: 60, discards: ["action-pass_go-1"], banks: [["money-1-1"], ["money-5-1", "money-2-1"], []],
    bank_totals: [1, 7, 0], sets: SETS, complete_colours: [1, 0, 1], pending: null, moved_wilds: [],
    options: { buildings: "official", deck: "standard" }, result: null, ...changes,
  };
}

function table(state, you = 0) {
  const root = document.createElement("div");
  document.body.append(root);
  const sent = [];
  const ctx = { act: (action) => sent.push(action), names, you };
  render(root, state, ctx);
  const cancel = root.querySelector("button.md-cancel");
  if (cancel) cancel.click(); // the choice is the module's, as on the page: drop an earlier test's
  return { root, sent, again: (next) => render(root, next, ctx) };
}

const tap = (root, card) => root.querySelector(`button[data-card='${card}']`).click();
const plays = (root) => root.querySelectorAll(".md-picker .md-step button.md-play");
const texts = (nodes) => nodes.map((node) => node.textContent);

test("the picker offers a card's plays a step at a time, each option made of legal actions", () => {
  const legal = playLegal();
  // Wild rent: colour, then Double the Rent, then the target; [D1] and [D2] are one choice.
  const wild = playsOf(legal, "rent-any-1");
  assert.deepEqual(nextStep(wild, "rent", {}).options.map((option) => option.value), ["dark_blue", "red"]);
  const doubles = nextStep(wild, "rent", { colour: "red" });
  assert.equal(doubles.field, "doubles");
  assert.deepEqual(doubles.options.map((option) => option.value), [[], [D1], [D1, D2]]);
  const target = nextStep(wild, "rent", { colour: "red", doubles: [D1] });
  assert.deepEqual(target.options.map((option) => [option.value, option.actions.length]), [[1, 1], [2, 1]]);
  const chosen = legal.find((action) => action.card === "rent-any-1" && action.colour === "red" && action.target === 2
    && action.doubles.length === 1 && action.doubles[0] === D1);
  assert.equal(nextStep(wild, "rent", { colour: "red", doubles: [D1], target: 2 }).action, chosen);
  // Sly Deal with one card to take: nothing to choose.
  const sly = nextStep(playsOf(legal, "action-sly_deal-1"), "sly_deal", {});
  assert.equal(sly.field, null);
  assert.equal(sly.action.take, "property-green-1");
  // Rent amounts: the best set of the colour, x2 per Double the Rent.
  assert.equal(rentAmount(playView(), 0, { colour: "dark_blue", doubles: [D1, D2] }), 32);
});

test("a tapped card shows its legal plays; cards with none are not buttons", () => {
  const state = { view: playView(), legal: playLegal(), log: [] };
  const { root, sent } = table(state);
  assert.equal(root.querySelectorAll(".md-cards button[data-card]").length, 7);
  assert.match(root.querySelector(".md-turn").textContent, /Your turn: 3 plays left\./);
  assert.equal(turnHint(state), "Play up to 3 more cards, then end your turn.");
  tap(root, "property-pink-1");
  assert.deepEqual(texts(plays(root)), ["Place it as pink"]);
  plays(root)[0].click();
  assert.equal(sent[0], state.legal.find((action) => action.type === "place")); // the server's own object
  tap(root, "money-3-1");
  assert.deepEqual(texts(plays(root)), ["Bank it (3M)"]);
  // On another's turn nothing in the hand is a button.
  const waiting = table({ view: playView({ to_act: [1], turn: 1 }), legal: [], log: [] });
  assert.equal(waiting.root.querySelectorAll(".md-cards button").length, 0);
  assert.equal(waiting.root.querySelectorAll(".md-cards [data-card]").length, 7);
  assert.match(waiting.root.querySelector(".md-turn").textContent, /Bo's turn: 3 plays left\./);
});

test("a rent card shows what it collects for each colour and with Double the Rent before it is played", () => {
  const state = { view: playView(), legal: playLegal(), log: [] };
  const { root, sent } = table(state);
  tap(root, "rent-dark_blue+green-1");
  // Two kinds: charge rent (it needs a choice) or bank it (a move at once).
  assert.deepEqual(texts(root.querySelectorAll(".md-kinds button")), ["Charge rent\u2026", "Bank it (1M)"]);
  root.querySelector("button[data-kind='rent']").click();
  // Dark blue, 2 cards: 8M (Property table); x2 per Double the Rent (Turn 2).
  assert.deepEqual(texts(plays(root)), ["No double: 8M", "Double the Rent (+1 play): 16M", "Double twice (+2 plays): 32M"]);
  plays(root)[2].click();
  assert.deepEqual(sent, [{ type: "rent", card: "rent-dark_blue+green-1", colour: "dark_blue", doubles: [D1, D2], target: null }]);

  tap(root, "rent-any-1");
  root.querySelector("button[data-kind='rent']").click();
  assert.deepEqual(texts(root.querySelectorAll(".md-step button")), ["dark blue: 8M\u2026", "red: 2M\u2026"]);
  root.querySelector(".md-step button[data-value='\"red\"']").click();
  assert.deepEqual(texts(root.querySelectorAll(".md-step button")),
    ["No double: 2M\u2026", "Double the Rent (+1 play): 4M\u2026", "Double twice (+2 plays): 8M\u2026"]);
  root.querySelectorAll(".md-step button")[1].click();
  assert.match(root.querySelector(".md-picker-head").textContent, /wild rent \(3M\) \u203a red: 2M \u203a Double the Rent/);
  assert.deepEqual(texts(plays(root)), ["Bo", "Cy"]);
  plays(root)[1].click();
  assert.deepEqual(sent[1], { type: "rent", card: "rent-any-1", colour: "red", doubles: [D1], target: 2 });
});

test("the viewer's movable wildcards are buttons in their set; the others are pictures", () => {
  const state = { view: playView(), legal: playLegal(), log: [] };
  const { root, sent } = table(state);
  const seats = root.querySelectorAll(".md-seat");
  assert.deepEqual(seats.map((seat) => seat.dataset.seat), ["0", "1", "2"]); // the viewer first, then to the left
  assert.equal(seats[0].querySelectorAll(".md-set button[data-card]").length, 1);
  assert.equal(root.querySelectorAll(".md-set.is-complete").length, 2); // Ada's dark blue, Cy's brown
  assert.match(seats[1].querySelector(".md-facts").textContent, /4 cards in hand.*bank 7M.*0 of 3 sets/);
  assert.equal(seats[0].querySelector(".md-set").getAttribute("aria-label"), "dark blue set, 2 of 2 cards, complete: rent 8M");
  tap(root, "wild-red+yellow-1");
  assert.deepEqual(texts(plays(root)), ["Move it as yellow"]);
  plays(root)[0].click();
  assert.deepEqual(sent, [{ type: "move_wild", card: "wild-red+yellow-1", colour: "yellow" }]);
});

// ---- answering and paying ----------------------------------------------------------------------

test("the response window asks in words, with Accept, Just Say No and the turn timer", () => {
  const view = playView({ phase: "respond", to_act: [0], turn: 1, pending: PENDING, hand: ["action-just_say_no-2", "money-1-2"] });
  const legal = [{ type: "accept" }, { type: "just_say_no", card: "action-just_say_no-2" }];
  const state = { view, legal, log: [], clock: { remaining_ms: 42000, seats: [0] } };
  const { root, sent } = table(state);
  const prompt = root.querySelector(".md-prompt");
  assert.equal(prompt.querySelector(".md-question").textContent, "Bo's Sly Deal on your dark blue property: Just Say No?");
  assert.equal(prompt.querySelector("[data-clock]").textContent, "0:42");
  assert.equal(turnHint(state), "An action is aimed at you: accept it or say Just Say No.");
  prompt.querySelector("button.md-say-no").click();
  prompt.querySelector("button.md-accept").click();
  assert.deepEqual(sent, [legal[1], legal[0]]);
  // Without a Just Say No in hand the button is there, not enabled (the window opens anyway).
  const none = table({ view: { ...view, hand: ["money-1-2"] }, legal: [{ type: "accept" }], log: [] });
  assert.equal(none.root.querySelector("button.md-say-no").disabled, true);
  assert.equal(none.root.querySelector(".md-prompt [data-clock]"), null);
});

test("the payment picker shows what is owed and paid so far, the payable cards, and Pay everything when legal", () => {
  // Ada owes Bo 5M (Debt Collector); she paid 1M; her table: a 3M bank card and dark blue 4M x2.
  const pending = { ...PENDING, kind: "debt_collector", take: null, amount: 5, owed: 4, paid: ["money-1-1"], responder: null, stage: "pay" };
  const view = playView({ phase: "pay", to_act: [0], turn: 1, pending, banks: [["money-3-1"], [], []], bank_totals: [3, 0, 0] });
  const legal = ["money-3-1", "property-dark_blue-1", "property-dark_blue-2", "wild-red+yellow-1"].map((card) => ({ type: "pay", card }));
  const { root, sent } = table({ view, legal, log: [] });
  const pay = root.querySelector(".md-pay");
  assert.match(pay.textContent, /^You owe Bo 5M for Debt Collector\. Still to pay: 4M\. Paid so far: 1M/);
  assert.equal(pay.querySelectorAll(".md-paid [data-card]").length, 1);
  assert.equal(pay.querySelectorAll("button.md-pay-card").length, 4);
  assert.equal(pay.querySelector("button.md-pay-all"), null); // 3 + 4 + 4 + 3 = 14M > 4M owed: no pay_all
  pay.querySelectorAll("button.md-pay-card")[1].click();
  assert.deepEqual(sent, [legal[1]]);
  // A table worth no more than the debt: Pay everything (its total) is offered.
  const poor = playView({ phase: "pay", to_act: [0], turn: 1, pending, banks: [["money-3-1"], [], []], bank_totals: [3, 0, 0],
    sets: [[], SETS[1], SETS[2]] });
  const again = table({ view: poor, legal: [{ type: "pay", card: "money-3-1" }, { type: "pay_all" }], log: [] });
  assert.equal(again.root.querySelector("button.md-pay-all").textContent, "Pay everything (3M)");
  // The others see who pays and what is still owed.
  const watching = table({ view: { ...view, you: 2 }, legal: [], log: [] }, 2);
  assert.match(watching.root.querySelector(".md-pay").textContent, /^Ada is paying for Bo's Debt Collector: still owes 4M\./);
});

test("the final result: the winner, why, and each seat's complete colours", () => {
  const root = document.createElement("div");
  document.body.append(root);
  const view = playView({ phase: "over", to_act: [], result: { winner: 0, winners: [0], reason: "three_sets" } });
  renderOutcome(root, { scores: [3, 0, 1], winners: [0], detail: view.result }, view, names);
  assert.equal(root.querySelector(".outcome-winners").textContent, "Ada wins!");
  assert.match(root.querySelector(".md-why").textContent, /Three complete property sets/);
  assert.deepEqual(root.querySelectorAll(".md-final-sets li").map((line) => line.textContent),
    ["Ada: dark blue \u00b7 bank 1M", "Bo: no complete set \u00b7 bank 7M", "Cy: brown \u00b7 bank 0M"]);
});

test("a steal asks whom, then which card; an option that is a whole move says all it does", () => {
  // Sly Deal: Bo's green property or Cy's orange one (loose cards only: Cy's brown set is complete).
  const legal = [
    { type: "bank", card: "action-sly_deal-1" },
    { type: "sly_deal", card: "action-sly_deal-1", target: 1, take: "property-green-1" },
    { type: "sly_deal", card: "action-sly_deal-1", target: 2, take: "property-orange-1" },
    { type: "sly_deal", card: "action-sly_deal-1", target: 2, take: "wild-pink+orange-1" },
    { type: "debt_collector", card: "action-debt_collector-1", target: 2 },
  ];
  const view = playView({ hand: ["action-sly_deal-1", "action-debt_collector-1"] });
  const { root, sent } = table({ view, legal, log: [] });
  tap(root, "action-sly_deal-1");
  root.querySelector("button[data-kind='sly_deal']").click();
  const step = root.querySelector(".md-step");
  assert.equal(step.dataset.field, "target");
  // Bo has one card to take: his option is the move; Cy has two: her option asks next.
  assert.deepEqual(texts(step.querySelectorAll("button")), ["Bo \u203a Bo's green property", "Cy\u2026"]);
  step.querySelectorAll("button")[1].click();
  assert.equal(root.querySelector(".md-step").dataset.field, "take");
  assert.deepEqual(texts(plays(root)), ["Cy's orange property", "Cy's pink/orange wildcard"]);
  plays(root)[1].click();
  assert.deepEqual(sent, [legal[3]]);
  // One target only: the Debt Collector is one button that names it.
  tap(root, "action-debt_collector-1");
  assert.deepEqual(texts(plays(root)), ["Play: collect 5M: Cy"]);
});

test("a spectator sees every table from seat 0, no hand, and whose turn it is", () => {
  const { root } = table({ view: playView({ you: null, hand: null }), legal: [], log: [] }, null);
  assert.equal(root.querySelector(".md-hand"), null);
  assert.deepEqual(root.querySelectorAll(".md-seat").map((seat) => seat.dataset.seat), ["0", "1", "2"]);
  assert.match(root.querySelector(".md-turn").textContent, /^Ada's turn: 3 plays left\.$/);
  assert.match(root.querySelector(".md-info").textContent, /Turn: Ada \u00b7 3 plays left/);
});
