// lib/motion.js: which pieces move after a patch, from where, and nothing under reduced motion.
// The fake DOM has no layout: each element's rectangle is what the test gives it (data-at).

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import { el } from "../../static/js/lib/dom.js";
import { actingSeat, createMotion, flipAttrs, keyframes, measure, plan } from "../../static/js/lib/motion.js";
import { patch } from "../../static/js/lib/patch.js";

const Element = Object.getPrototypeOf(document.body);
Element.getBoundingClientRect = function rect() {
  const [left, top, width, height] = (this.getAttribute("data-at") || "0 0 10 10").split(" ").map(Number);
  return { left, top, width, height };
};
let animated = [];
Element.animate = function animate(frames, options) {
  animated.push({ node: this, frames, options });
  return {};
};

beforeEach(() => {
  resetPage();
  animated = [];
});

const at = (left, top, width = 40, height = 60) => `${left} ${top} ${width} ${height}`;
const card = (id, where, extra = {}) => el("span", { "data-key": id, "data-at": where, ...flipAttrs(id, extra) }, id);

/** A table: a hand and a pile, each a container at a place of its own. */
function table({ hand, pile, seat = at(300, 0, 80, 30) }) {
  return el("div", { class: "t", "data-at": at(0, 0, 400, 400) },
    el("div", { class: "seat", "data-at": seat }),
    el("div", { class: "pile", "data-at": at(100, 100, 200, 80), "data-flip-place": "pile" }, pile),
    el("div", { class: "hand", "data-at": at(0, 300, 400, 80) }, hand));
}

test("a card played from the hand moves from its old place to the pile", () => {
  const root = document.body;
  patch(root, table({ hand: [card("red:7", at(0, 300)), card("blue:2", at(50, 300))], pile: [card("green:7", at(100, 100))] }));
  const played = root.querySelector('[data-flip="red:7"]');
  const before = measure(root);
  patch(root, table({ hand: [card("blue:2", at(0, 300))], pile: [card("green:7", at(100, 100)), card("red:7", at(150, 100))] }));
  const steps = plan(before, root);
  const byId = Object.fromEntries(steps.map((step) => [step.node.getAttribute("data-flip"), step]));
  assert.deepEqual(Object.keys(byId).sort(), ["blue:2", "red:7"]);
  assert.equal(byId["red:7"].kind, "move");
  assert.deepEqual(byId["red:7"].from, { left: 0, top: 300, width: 40, height: 60 });
  assert.deepEqual(byId["red:7"].to, { left: 150, top: 100, width: 40, height: 60 });
  assert.notEqual(byId["red:7"].node, played, "a new node on the pile, followed by its identity");
  // blue:2 closed the gap in the hand: from 50 back to 0.
  assert.deepEqual([byId["blue:2"].from.left, byId["blue:2"].to.left], [50, 0]);
  const [first, last] = keyframes(byId["red:7"]);
  assert.equal(first.transform, "translate(-150px, 200px) scale(1, 1)");
  assert.equal(last.transform, "none");
});

test("a piece whose container moved with it (a line appeared above) does not move", () => {
  const root = document.body;
  const frame = (top) => el("div", { "data-at": at(0, top, 400, 80) }, card("a", at(10, top)), card("b", at(60, top)));
  patch(root, frame(300));
  const before = measure(root);
  patch(root, frame(340));
  assert.deepEqual(plan(before, root), []);
});

test("a new piece comes from its data-flip-from, drops in, or comes from the acting seat", () => {
  const root = document.body;
  patch(root, table({ hand: [card("red:7", at(0, 300))], pile: [] }));
  const before = measure(root);
  patch(root, table({
    hand: [card("red:7", at(0, 300)), card("blue:9", at(50, 300), { from: "pile" })],
    pile: [card("chip", at(120, 110), { enter: "drop" }), card("wild", at(150, 100))],
  }));
  const steps = plan(before, root, { origin: { left: 300, top: 0, width: 80, height: 30 } });
  const kinds = Object.fromEntries(steps.map((step) => [step.node.getAttribute("data-flip"), [step.kind, step.from]]));
  assert.deepEqual(kinds, {
    "blue:9": ["enter", { left: 100, top: 100, width: 200, height: 80 }], // from the pile
    chip: ["drop", null],
    wild: ["enter", { left: 300, top: 0, width: 80, height: 30 }], // from the acting seat
  });
  // Without an acting seat, a new piece with nowhere to come from appears where it is.
  assert.deepEqual(plan(before, root).map((step) => step.node.getAttribute("data-flip")).sort(), ["blue:9", "chip"]);
});

test("a piece never starts its flight past the screen's sides", () => {
  // A card played by a seat scrolled out of the strip (at 1000 px on a 390 px screen) starts
  // at the right edge: 40 x 60 at 0.6 is 24 px wide, so its left is 390 - 24 = 366; the card
  // lands at 150, so the flight starts 216 px right of it (and 103 px above: centred on the
  // seat, 15 - 18 - 100). From 1000 it would widen the page.
  const to = { left: 150, top: 100, width: 40, height: 60 };
  const seat = { left: 1000, top: 0, width: 80, height: 30 };
  const [first] = keyframes({ kind: "enter", from: seat, to }, { width: 390 });
  assert.equal(first.transform, "translate(216px, -103px) scale(0.6, 0.6)");
  // Off the left side it starts at 0; inside the screen nothing changes (-150 + 20 = -130).
  const [left] = keyframes({ kind: "move", from: { ...to, left: -300 }, to }, { width: 390 });
  assert.equal(left.transform, "translate(-150px, 0px) scale(1, 1)");
  const [inside] = keyframes({ kind: "move", from: { ...to, left: 20 }, to }, { width: 390 });
  assert.equal(inside.transform, "translate(-130px, 0px) scale(1, 1)");
  // Without a screen's width (the default), where it was.
  assert.equal(keyframes({ kind: "enter", from: seat, to })[0].transform, "translate(878px, -103px) scale(0.6, 0.6)");
});

test("equal identities: the kept card stays, the other one is the card that moved", () => {
  const root = document.body;
  patch(root, table({ hand: [card("red:7", at(0, 300)), card("red:7", at(50, 300))], pile: [] }));
  const [keep] = root.querySelectorAll('[data-flip="red:7"]');
  const before = measure(root);
  patch(root, table({ hand: [card("red:7", at(0, 300))], pile: [card("red:7", at(150, 100))] }));
  const steps = plan(before, root);
  assert.equal(steps.length, 1);
  assert.notEqual(steps[0].node, keep);
  assert.deepEqual([steps[0].from.left, steps[0].from.top], [50, 300]);
});

test("createMotion animates only after the first frame, and not at all with reduced motion", () => {
  const root = el("div");
  document.body.append(root);
  const frames = [
    () => patch(root, table({ hand: [card("x", at(0, 300))], pile: [] })),
    () => patch(root, table({ hand: [], pile: [card("x", at(150, 100))] })),
  ];
  const motion = createMotion(root, { reduced: () => false });
  assert.deepEqual(motion.update(frames[0]), []);
  assert.equal(animated.length, 0, "the first frame only draws");
  const steps = motion.update(frames[1]);
  assert.equal(steps.length, 1);
  assert.equal(animated.length, 1);
  assert.equal(animated[0].node.getAttribute("data-flip"), "x");
  assert.equal(animated[0].options.id, "flip");

  animated = [];
  frames[0]();
  assert.deepEqual(motion.update(frames[1], { still: true }), [], "a jump across many moves just draws");
  assert.equal(animated.length, 0);

  frames[0]();
  document.hidden = true; // a tab in the background: nobody would see it move
  assert.deepEqual(motion.update(frames[1]), []);
  document.hidden = false;
  assert.equal(animated.length, 0);

  const still = createMotion(root, { reduced: () => true });
  still.update(frames[0]);
  assert.deepEqual(still.update(frames[1]), []);
  assert.equal(animated.length, 0);
  assert.equal(root.querySelector('[data-flip="x"]').getAttribute("data-at"), at(150, 100), "it still draws");
});

test("the acting seat is the first new log entry with a seat", () => {
  const old = [{ type: "dealt" }];
  assert.equal(actingSeat(old, [...old, { type: "round" }, { type: "played", seat: 2 }, { type: "skipped", seat: 3 }]), 2);
  assert.equal(actingSeat(old, old), null);
  assert.equal(actingSeat(null, old), null);
});
