// The renderers' shared components: card face, hand, player strip, info bar and the local
// choice, drawn in the fake DOM.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import { legalIndex } from "../../static/js/lib/actions.js";
import { cardFace } from "../../static/js/lib/cards.js";
import { localChoice } from "../../static/js/lib/choice.js";
import { el } from "../../static/js/lib/dom.js";
import { hand, handTitle } from "../../static/js/lib/hand.js";
import { fact, infoBar, startedBy } from "../../static/js/lib/info.js";
import { patch } from "../../static/js/lib/patch.js";
import { seatEntry, seatOrder } from "../../static/js/lib/seats.js";

beforeEach(resetPage);

const face = () => el("span", { class: "value", "aria-hidden": "true" }, "7");

// ---- card face ---------------------------------------------------------------------------

test("a card to look at is a picture named by its label", () => {
  const card = cardFace({ look: "po-card po-card--red", label: "red 7", face: face(), key: "red7" });
  assert.equal(card.tagName, "SPAN");
  assert.equal(card.getAttribute("role"), "img");
  assert.equal(card.getAttribute("aria-label"), "red 7");
  assert.equal(card.getAttribute("title"), "red 7");
  assert.equal(card.dataset.key, "red7");
  assert.equal(card.className, "po-card po-card--red");
  assert.equal(card.textContent, "7");
});

test("a card to play sends the server's own action, only when it is legal", () => {
  const sent = [];
  const ctx = { act: (action) => sent.push(action) };
  const server = [{ type: "play", card: "red:7" }];
  const legal = legalIndex(server);
  const play = (card) => cardFace({ look: "uno-card", label: `Play ${card}`, face: face(), key: card,
    play: { action: { card, type: "play" }, legal, ctx } });
  const legalCard = play("red:7");
  const other = play("blue:2");
  assert.equal(legalCard.tagName, "BUTTON");
  assert.equal(legalCard.disabled, false);
  assert.equal(legalCard.dataset.action, '{"type":"play","card":"red:7"}');
  assert.equal(legalCard.dataset.key, "red:7");
  assert.equal(legalCard.querySelector(".sr-only").textContent, "Play red:7");
  assert.equal(other.disabled, true);
  legalCard.click();
  other.click();
  assert.equal(sent.length, 1);
  assert.equal(sent[0], server[0]); // the server's object, not the one the renderer built
});

test("a card to pick is a pressed-or-not button for a choice on the page", () => {
  const picks = [];
  const pick = (picked, enabled = true) => cardFace({ look: "el-hand-card el-pick", label: "Pick blue 7", face: face(),
    key: "blue-7", pick: { picked, enabled, onpick: () => picks.push("blue-7"), data: { "data-card": "blue-7" } } });
  const idle = pick(false);
  const picked = pick(true);
  assert.equal(idle.getAttribute("aria-pressed"), "false");
  assert.equal(idle.className, "el-hand-card el-pick");
  assert.equal(picked.getAttribute("aria-pressed"), "true");
  assert.equal(picked.className, "el-hand-card el-pick is-selected");
  assert.equal(idle.dataset.card, "blue-7");
  assert.equal(idle.getAttribute("data-action"), null);
  idle.click();
  pick(false, false).click();
  assert.equal(pick(false, false).disabled, true);
  assert.deepEqual(picks, ["blue-7"]);
});

// ---- hand --------------------------------------------------------------------------------

test("the hand names itself, counts its cards and holds its controls", () => {
  const cards = ["a", "b"].map((id) => cardFace({ look: "card", label: id, key: id }));
  const section = hand({ className: "el-hand", cards, row: "el-hand-cards",
    footer: [el("button", { class: "pass" }, "Pass"), null], footerClass: "button-row el-hand-actions" });
  assert.equal(section.getAttribute("aria-label"), "Your hand");
  assert.equal(section.querySelector("h2").textContent, "Your hand (2)");
  assert.equal(section.querySelectorAll(".el-hand-cards span[role=img]").length, 2);
  assert.equal(section.querySelector(".el-hand-actions button").textContent, "Pass");
});

test("an empty hand says so; without controls there is no button row", () => {
  const section = hand({ className: "po-hand", cards: [], row: "po-hand-cards", empty: "No cards left" });
  assert.equal(section.querySelector(".po-hand-cards").textContent, "No cards left");
  assert.equal(section.querySelector(".button-row"), null);
  assert.equal(section.querySelector("h2").textContent, "Your hand (0)");
});

test("a hand heading may carry more, or no count", () => {
  const title = handTitle(3, { className: "uno-mine-title", extra: el("span", { class: "uno-said" }, "UNO!") });
  assert.equal(title.className, "uno-mine-title");
  assert.equal(title.textContent, "Your hand (3)UNO!");
  assert.equal(handTitle().textContent, "Your hand");
});

// ---- player strip ------------------------------------------------------------------------

test("seats go round the table from a first seat, either way", () => {
  assert.deepEqual(seatOrder(4), [0, 1, 2, 3]);
  assert.deepEqual(seatOrder(4, 2), [2, 3, 0, 1]);
  assert.deepEqual(seatOrder(4, 1, -1), [1, 0, 3, 2]);
  assert.deepEqual(seatOrder(5, 7), [2, 3, 4, 0, 1]);
});

test("a seat's entry shows its name, the you badge and the turn, keyed by seat", () => {
  const entry = seatEntry({ prefix: "po-player", seat: 2, name: "Ada", you: true, turn: true, classes: ["is-next", null],
    badges: [el("span", { class: "badge badge--live" }, "to play")], body: el("div", { class: "po-player-facts" }, "Hand: 3 cards") });
  assert.equal(entry.tagName, "ARTICLE");
  assert.equal(entry.className, "po-player is-you is-turn is-next");
  assert.equal(entry.dataset.seat, "2");
  assert.equal(entry.dataset.key, "seat 2");
  assert.equal(entry.querySelector("header.po-player-head strong.po-player-name").textContent, "Ada");
  assert.equal(entry.querySelector(".po-player-head .badge--you").textContent, "you");
  assert.equal(entry.querySelector(".po-player-head .badge--live").textContent, "to play");
  assert.equal(entry.querySelector(".po-player-facts").textContent, "Hand: 3 cards");
  const other = seatEntry({ prefix: "mor-place", seat: 3, name: "Dummy", attrs: { "data-place": 3 } });
  assert.equal(other.className, "mor-place");
  assert.equal(other.querySelector(".badge--you"), null);
  assert.equal(other.dataset.place, "3");
  assert.equal(other.getAttribute("data-seat"), null);
});

test("a seat's entry stays the same node when the seats move round", () => {
  const strip = el("section");
  document.body.append(strip);
  const entries = (order) => order.map((seat) => seatEntry({ prefix: "uno-seat", seat, name: `P${seat}` }));
  patch(strip, entries([1, 2, 0]));
  const before = new Map(strip.children.map((node) => [node.dataset.seat, node]));
  patch(strip, entries([2, 0, 1]));
  assert.deepEqual(strip.children.map((node) => node.dataset.seat), ["2", "0", "1"]);
  for (const node of strip.children) assert.equal(node, before.get(node.dataset.seat));
});

// ---- info bar ----------------------------------------------------------------------------

test("the info bar lists its facts, leaving out the empty ones", () => {
  const bar = infoBar("co-info", fact("Round ", "2"), null, fact("Deck: ", "40 cards"),
    startedBy({ phase: "turn", start_seat: 1 }, ["Ada", "Bo"], "Round started by "));
  assert.equal(bar.className, "co-info");
  assert.deepEqual(bar.children.map((item) => item.textContent), ["Round 2", "Deck: 40 cards", "Round started by Bo"]);
  assert.equal(bar.querySelector("strong").textContent, "Round ");
});

test("who started is left out once the game is over or without a start seat", () => {
  assert.equal(startedBy({ phase: "over", start_seat: 0 }, ["Ada"]), null);
  assert.equal(startedBy({ phase: "turn", start_seat: null }, ["Ada"]), null);
  assert.equal(startedBy({ phase: "turn", start_seat: 0 }, ["Ada"]).textContent, "Started by Ada");
});

// ---- local choice ------------------------------------------------------------------------

test("a pick redraws the last frame at once and is kept for the next frames", () => {
  const drawn = [];
  const choice = localChoice({ selected: null }, (root, state, ctx) => {
    drawn.push([state.v, choice.picked.selected, ctx.you]);
    patch(root, el("p", null, `${state.v}:${choice.picked.selected}`));
  });
  const root = el("div");
  choice.choose({ selected: "early" }); // before any frame: nothing to draw yet
  assert.deepEqual(drawn, []);
  choice.render(root, { v: 1 }, { you: 0 });
  let after = null;
  choice.choose({ selected: "red5" }, (drawnRoot) => { after = drawnRoot; });
  assert.equal(after, root);
  choice.render(root, { v: 2 }, { you: 0 });
  assert.deepEqual(drawn, [[1, "early", 0], [1, "red5", 0], [2, "red5", 0]]);
  assert.equal(root.textContent, "2:red5");
});

test("each renderer's choice starts from its own copy of the initial pick", () => {
  const initial = { pair: [] };
  const one = localChoice(initial, () => {});
  const two = localChoice(initial, () => {});
  one.choose({ pair: ["a"] });
  assert.deepEqual(two.picked.pair, []);
  assert.deepEqual(initial, { pair: [] });
});
