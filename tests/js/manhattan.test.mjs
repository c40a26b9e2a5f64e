// The Manhattan renderer (static/js/games/manhattan.js): the board turned to every side, the
// sentence a site shows before a build, the log lines, and one turn drawn in the fake DOM.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import {
  OPTIONS, boardSite, cellSeen, citiesSeen, describeAction, describeLog, piecesText, render, seatLetters,
  sitePreview, turned,
} from "../../static/js/games/manhattan.js";

beforeEach(resetPage);

const names = ["Ada", "Bo", "Cy", "Di"];

// ---- orientation -------------------------------------------------------------------------

// The contract (Orientation; app/rules/manhattan/components.py board_site): cell (r, c) read
// from side k is board site (row, col).
const CONTRACT = [
  (r, c) => [r, c],
  (r, c) => [c, 2 - r],
  (r, c) => [2 - r, 2 - c],
  (r, c) => [2 - c, r],
];

test("a card's cell lands on the contract's site from every side, and cellSeen undoes it", () => {
  for (let side = 0; side < 4; side += 1) {
    for (let cell = 0; cell < 9; cell += 1) {
      const [row, col] = CONTRACT[side](Math.floor(cell / 3), cell % 3);
      assert.equal(boardSite(side, cell), 3 * row + col, `side ${side}, cell ${cell}`);
      assert.equal(cellSeen(side, 3 * row + col), cell, `side ${side}, site ${3 * row + col}`);
    }
  }
});

test("the table of sites for a card read from each side", () => {
  // Sites for cells 0-8 in order, worked out by hand from the contract's formulas.
  assert.deepEqual([...Array(9).keys()].map((cell) => boardSite(0, cell)), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual([...Array(9).keys()].map((cell) => boardSite(1, cell)), [2, 5, 8, 1, 4, 7, 0, 3, 6]);
  assert.deepEqual([...Array(9).keys()].map((cell) => boardSite(2, cell)), [8, 7, 6, 5, 4, 3, 2, 1, 0]);
  assert.deepEqual([...Array(9).keys()].map((cell) => boardSite(3, cell)), [6, 3, 0, 7, 4, 1, 8, 5, 2]);
});

test("the cities are drawn turned with the board: 2 rows of 3 from north and south, 3 of 2 from west and east", () => {
  assert.deepEqual(citiesSeen(0), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(citiesSeen(1), [2, 5, 1, 4, 0, 3]); // west: the east cities are the far row
  assert.deepEqual(citiesSeen(2), [5, 4, 3, 2, 1, 0]);
  assert.deepEqual(citiesSeen(3), [3, 0, 4, 1, 5, 2]); // east: the west cities are the far row
});

test("every site sits where the whole 6 x 9 board, turned, puts it", () => {
  for (let side = 0; side < 4; side += 1) {
    const width = side % 2 ? 2 : 3;
    citiesSeen(side).forEach((city, place) => {
      for (let site = 0; site < 9; site += 1) {
        const cell = cellSeen(side, site);
        const drawn = [3 * Math.floor(place / width) + Math.floor(cell / 3), 3 * (place % width) + (cell % 3)];
        const board = [3 * Math.floor(city / 3) + Math.floor(site / 3), 3 * (city % 3) + (site % 3)];
        assert.deepEqual(drawn, turned(side, ...board, 6, 9), `side ${side}, city ${city}, site ${site}`);
      }
    });
  }
});

// ---- words -------------------------------------------------------------------------------

test("a site says what a build there would do", () => {
  const bo = [{ seat: 1, storeys: 2 }];
  const mixed = [{ seat: 0, storeys: 1 }, { seat: 1, storeys: 3 }];
  assert.equal(sitePreview([], 0, null, names), "empty site");
  assert.equal(sitePreview([], 0, 2, names), "empty site: a new building of 2 storeys");
  assert.equal(sitePreview([], 0, 1, names), "empty site: a new building of 1 storey");
  assert.equal(sitePreview([{ seat: 0, storeys: 3 }], 0, null, names), "your building: 3 storeys");
  assert.equal(sitePreview([{ seat: 0, storeys: 3 }], 0, 2, names), "your building: 5 storeys");
  assert.equal(sitePreview(bo, 0, null, names), "Bo's building: 2 storeys (Bo 2, you 0)");
  assert.equal(sitePreview(bo, 0, 3, names), "you take it from Bo: 3 storeys against 2");
  assert.equal(sitePreview(bo, 0, 2, names), "you take it from Bo: 2 storeys against 2"); // equal is enough
  assert.equal(sitePreview(bo, 0, 1, names), "too low: 1 storey against Bo's 2");
  assert.equal(sitePreview(mixed, 0, 2, names), "you take it from Bo: 3 storeys against 3"); // your storeys there count
  assert.equal(sitePreview(mixed, 0, 1, names), "too low: 2 storeys against Bo's 3");
});

test("each seat has its own mark, even when names begin alike", () => {
  assert.deepEqual(seatLetters(names), ["A", "B", "C", "D"]);
  assert.deepEqual(seatLetters(["Ada", "Bot 2", "Bot 3", "Bot 4"]), ["A", "B2", "B3", "B4"]);
  assert.deepEqual(seatLetters(["Bob", "Bob", "Ann"]), ["B1", "B2", "A"]);
});

test("the create form offers 4 rounds of 6 or 6 rounds of 4, as numbers", () => {
  assert.deepEqual(OPTIONS.rounds.choices.map(([value]) => value), [4, 6]);
});

test("every log entry of the contract has its line", () => {
  const lines = [
    [{ type: "game_started", players: 3, start_seat: 1, rounds: 4 }, "Game started: 3 players, 4 rounds of 6 pieces. Bo starts."],
    [{ type: "game_started", players: 2, start_seat: 0, rounds: 6 }, "Game started: 2 players, 6 rounds of 4 pieces. Ada starts."],
    [{ type: "pieces_chosen", seat: 0, pieces: [3, 2, 0, 1] },
      "Ada chose this round's pieces: 3 \u00d7 1-storey, 2 \u00d7 2-storey and 1 \u00d7 4-storey."],
    [{ type: "built", seat: 0, card: 3, cell: 0, city: 2, site: 0, storeys: 2, owner_before: null, owner_after: 0 },
      "Ada played a top-left card: a new 2-storey building in city 3."],
    [{ type: "built", seat: 0, card: 22, cell: 4, city: 0, site: 4, storeys: 1, owner_before: 0, owner_after: 0 },
      "Ada played a centre card: 1 storey on their own building in city 1."],
    [{ type: "built", seat: 2, card: 44, cell: 8, city: 5, site: 2, storeys: 3, owner_before: 1, owner_after: 2 },
      "Cy played a bottom-right card: 3 storeys in city 6, taking Bo's building."],
    [{ type: "discarded", seat: 1, card: 10, cell: 2, storeys: 4 },
      "Bo could not build: played a top-right card and set a 4-storey piece aside."],
    [{ type: "card_drawn", seat: 0, card: 7, cell: 1 }, "Ada drew a card (top middle)."],
    [{ type: "card_drawn", seat: 1, card: null, cell: null }, "Bo drew a card."],
    [{ type: "deck_reshuffled", cards: 21 }, "The deck ran out: 21 played cards shuffled into a new deck."],
    [{ type: "round_scored", round: 2, points: [9, 4], cities: [0, null, 1, 0, null, null], buildings: [4, 2],
      tallest: { seat: 0, city: 3, site: 4, storeys: 7 } },
    "Round 2 scored: Ada +9, Bo +4. Tallest: Ada's 7 storeys in city 4; majorities: Ada in cities 1 and 4, Bo in city 3; buildings: Ada 4, Bo 2."],
    [{ type: "round_scored", round: 1, points: [1, 1], cities: [null, null, null, null, null, null], buildings: [1, 1],
      tallest: { seat: null, city: null, site: null, storeys: 2 } },
    "Round 1 scored: Ada +1, Bo +1. Tallest: a tie at 2 storeys: nobody; majorities: no majority anywhere; buildings: Ada 1, Bo 1."],
    [{ type: "game_over", scores: [30, 25], winners: [0] }, "Game over: Ada 30, Bo 25. Ada wins."],
    [{ type: "game_over", scores: [30, 30], winners: [0, 1] }, "Game over: Ada 30, Bo 30. Ada and Bo share the win."],
  ];
  for (const [entry, line] of lines) assert.equal(describeLog(entry, names), line);
});

test("the record names each move", () => {
  assert.equal(describeAction({ type: "choose_pieces", pieces: [6, 0, 0, 0] }), "Choose the round's pieces: 6 \u00d7 1-storey");
  assert.equal(describeAction({ type: "build", card: 12, city: 4, storeys: 3 }), "Play card 12 (top right) and build 3 storeys in city 5");
  assert.equal(describeAction({ type: "discard", card: 40, storeys: 1 }),
    "Play card 40 (bottom right) without building, setting a 1-storey piece aside");
  assert.equal(piecesText([0, 0, 0, 0]), "none");
});

// ---- a turn in the fake DOM -------------------------------------------------------------

/** Bo (seat 1, the west side) to build, holding a top-left card (id 0) and a centre card (id
 * 20), with a 1- and a 3-storey piece left; Ada owns a 3-storey building at site 2 of city 0
 * (the top left as Bo reads it), which only the 3-storey piece may take. */
function boTurn() {
  const cities = Array.from({ length: 6 }, () => Array.from({ length: 9 }, () => []));
  cities[0][2] = [{ seat: 0, storeys: 3 }];
  const owners = cities.map((sites) => sites.map((pieces) => (pieces.length ? pieces[pieces.length - 1].seat : null)));
  const heights = cities.map((sites) => sites.map((pieces) => pieces.reduce((sum, piece) => sum + piece.storeys, 0)));
  const view = {
    game: "manhattan", players: 3, you: 1, side: 1, sides: [0, 1, 2], phase: "build", to_act: [1], round: 1, rounds: 4,
    pieces_per_round: 6, start_seat: 0, turn: 1, cities, owners, heights,
    supply: [[9, 5, 3, 1], [10, 6, 3, 2], [12, 6, 4, 2]], chosen: [[3, 1, 0, 1], [1, 0, 1, 0], null],
    hand: [{ id: 0, cell: 0 }, { id: 20, cell: 4 }], hand_counts: [4, 2, 4], deck: 20, played: [], scores: [0, 0, 0],
    rounds_scored: [],
  };
  const legal = [];
  for (let city = 0; city < 6; city += 1) {
    for (const storeys of [1, 3]) {
      if (!(city === 0 && storeys === 1)) legal.push({ type: "build", card: 0, city, storeys });
      legal.push({ type: "build", card: 20, city, storeys });
    }
  }
  return { view, legal, log: [] };
}

/** Drop the card an earlier test left picked (the choice is the module's, as on the page). */
function unpick(root) {
  const picked = root.querySelector("button[data-card][aria-pressed='true']");
  if (picked) picked.click();
}

test("picking a card lights its site in every city; a site, then a piece, sends the legal build", () => {
  const root = document.createElement("div");
  document.body.append(root);
  const sent = [];
  const ctx = { act: (action) => sent.push(action), names, you: 1 };
  const state = boTurn();
  render(root, state, ctx);
  unpick(root);
  assert.equal(root.querySelectorAll(".mh-site").length, 54);
  assert.deepEqual(root.querySelectorAll(".mh-city").map((city) => Number(city.dataset.city)), [2, 5, 1, 4, 0, 3]);
  assert.equal(root.querySelectorAll("button.mh-site").length, 0);

  root.querySelector("button[data-card='0']").click();
  const lit = root.querySelectorAll("button.mh-site");
  assert.equal(lit.length, 6);
  assert.ok(lit.every((site) => site.dataset.site === "2" && site.dataset.cell === "0"));
  const city0 = root.querySelector("button.mh-site[data-city='0']");
  assert.equal(city0.getAttribute("title"), "City 1, top left: Ada's building: 3 storeys (Ada 3, you 0)");
  assert.ok(city0.querySelector(".mh-owner").textContent === "A" && city0.querySelector(".mh-height").textContent === "3");

  city0.click();
  const choices = root.querySelectorAll(".mh-build button[data-action]");
  assert.deepEqual(choices.map((button) => button.disabled), [true, false]); // the 1 is too low
  assert.match(choices[0].textContent, /too low: 1 storey against Ada's 3/);
  assert.match(choices[1].textContent, /you take it from Ada: 3 storeys against 3/);
  choices[0].click();
  choices[1].click();
  assert.deepEqual(sent, [{ type: "build", card: 0, city: 0, storeys: 3 }]);
});

test("with a height picked first, the lit site is the build itself", () => {
  const root = document.createElement("div");
  document.body.append(root);
  const sent = [];
  const state = boTurn();
  render(root, state, { act: (action) => sent.push(action), names, you: 1 });
  root.querySelector("button[data-card='20']").click();
  root.querySelector("button[data-storeys='1']").click();
  const site = root.querySelector("button.mh-site[data-city='4']");
  assert.equal(site.dataset.site, "4");
  assert.equal(site.querySelector(".mh-after").textContent, "\u21921");
  site.click();
  assert.deepEqual(sent, [state.legal.find((action) => action.card === 20 && action.city === 4 && action.storeys === 1)]);
});

test("the round's pieces are counted out within the supply; only a legal choice is sent", () => {
  const root = document.createElement("div");
  document.body.append(root);
  const sent = [];
  const { view } = boTurn();
  const choose = { ...view, phase: "choose", round: 2, to_act: [1], turn: 1, chosen: [[6, 0, 0, 0], null, null],
    supply: [[6, 6, 4, 2], [0, 0, 4, 2], [12, 6, 4, 2]] };
  const legal = [{ type: "choose_pieces", pieces: [0, 0, 4, 2] }];
  render(root, { view: choose, legal, log: [] }, { act: (action) => sent.push(action), names, you: 1 });
  const more = (height) => root.querySelector(`button[data-more='${height}']`);
  const take = () => root.querySelector("button.mh-choose-send");
  assert.ok(more(1).disabled && more(2).disabled); // none left in Bo's supply
  assert.equal(take().disabled, true);
  for (let step = 0; step < 4; step += 1) more(3).click();
  assert.equal(more(3).disabled, true); // all four 3-storey pieces taken
  more(4).click();
  more(4).click();
  assert.equal(root.querySelector(".mh-choose-total").textContent, "6 of 6 chosen");
  assert.equal(more(4).disabled, true);
  take().click();
  assert.deepEqual(sent, [legal[0]]);
  assert.match(root.querySelector(".mh-player[data-seat='0']").textContent, /This round: 1\u00d76/);
});

test("when no build is possible, a card is played to set a chosen piece aside", () => {
  const root = document.createElement("div");
  document.body.append(root);
  const sent = [];
  const state = boTurn();
  const legal = [0, 20].flatMap((card) => [1, 3].map((storeys) => ({ type: "discard", card, storeys })));
  render(root, { ...state, legal }, { act: (action) => sent.push(action), names, you: 1 });
  unpick(root);
  assert.match(root.querySelector(".mh-turn").textContent, /No build is possible/);
  assert.equal(root.querySelectorAll(".mh-discard").length, 0);
  root.querySelector("button[data-card='20']").click();
  assert.equal(root.querySelectorAll("button.mh-site").length, 0);
  const aside = root.querySelectorAll(".mh-discard");
  assert.equal(aside.length, 2);
  aside[1].click();
  assert.deepEqual(sent, [{ type: "discard", card: 20, storeys: 3 }]);
});
