// lib/patch.js: a frame that does not change a node keeps it; keys follow items that move.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import { el } from "../../static/js/lib/dom.js";
import { patch } from "../../static/js/lib/patch.js";

beforeEach(resetPage);

const list = (items) => items.map((item) => el("li", { "data-key": item }, `card ${item}`));

test("an unchanged frame keeps every node and writes nothing", () => {
  const root = document.body;
  patch(root, el("section", { class: "hand" }, el("button", { type: "button" }, "Play")), "tail");
  const [section, tail] = root.childNodes;
  const button = section.firstChild;
  patch(root, el("section", { class: "hand" }, el("button", { type: "button" }, "Play")), "tail");
  assert.equal(root.childNodes[0], section);
  assert.equal(section.firstChild, button);
  assert.equal(root.childNodes[1], tail);
  assert.equal(root.textContent, "Playtail");
});

test("attributes and text follow the new frame on the same node", () => {
  const root = document.body;
  patch(root, el("button", { class: "btn is-picked", title: "old", disabled: true }, "Old"));
  const button = root.firstChild;
  patch(root, el("button", { class: "btn", "aria-pressed": "true" }, "New"));
  assert.equal(root.firstChild, button);
  assert.equal(button.className, "btn");
  assert.equal(button.getAttribute("title"), null);
  assert.equal(button.disabled, false);
  assert.equal(button.getAttribute("aria-pressed"), "true");
  assert.equal(button.textContent, "New");
});

test("the kept node answers with the new frame's listener, and a dropped one is gone", () => {
  const root = document.body;
  const clicks = [];
  patch(root, el("button", { onclick: () => clicks.push("first") }, "Go"));
  const button = root.firstChild;
  patch(root, el("button", { onclick: () => clicks.push("second") }, "Go"));
  button.click();
  patch(root, el("button", null, "Go"));
  button.click();
  assert.equal(root.firstChild, button);
  assert.deepEqual(clicks, ["second"]);
});

test("keyed items keep their nodes when the order changes", () => {
  const root = el("ol");
  document.body.append(root);
  patch(root, list(["a", "b", "c", "d"]));
  const [a, b, c, d] = root.childNodes;
  patch(root, list(["d", "b", "a", "c"]));
  assert.deepEqual([...root.childNodes], [d, b, a, c]);
  assert.equal(root.textContent, "card dcard bcard acard c");
});

test("removed items go, the others stay the same nodes, new ones are added in place", () => {
  const root = el("ol");
  document.body.append(root);
  patch(root, list(["a", "b", "c"]));
  const [a, , c] = root.childNodes;
  patch(root, list(["a", "x", "c", "y"]));
  assert.equal(root.childNodes.length, 4);
  assert.equal(root.childNodes[0], a);
  assert.equal(root.childNodes[2], c);
  assert.deepEqual(root.childNodes.map((node) => node.dataset.key), ["a", "x", "c", "y"]);
});

test("a focused node that stays keeps the focus", () => {
  const root = document.body;
  patch(root, list(["a", "b"]).map((item) => el("button", null, item)));
  patch(root, el("button", { "data-key": "b" }, "B"), el("button", { "data-key": "a" }, "A"));
  const b = root.querySelector("button[data-key=b]");
  b.focus();
  patch(root, el("button", { "data-key": "a" }, "A"), el("button", { "data-key": "b" }, "B!"));
  assert.equal(document.activeElement, b);
  assert.equal(b.textContent, "B!");
});

test("a button for another move is a new node, never the old one relabelled", () => {
  const root = document.body;
  patch(root, el("button", { "data-action": '{"type":"take_row","row":0}' }, "Take"));
  const take = root.firstChild;
  patch(root, el("button", { "data-action": '{"type":"place_card","row":0}' }, "Place here"));
  assert.notEqual(root.firstChild, take);
  assert.equal(take.isConnected, false);
  assert.equal(root.firstChild.textContent, "Place here");
});

test("a section that appears before others does not take their nodes", () => {
  const root = document.body;
  patch(root, el("div", { class: "info" }), el("section", { class: "hand" }, el("button", null, "Card")));
  const hand = root.childNodes[1];
  const card = hand.firstChild;
  patch(root, el("div", { class: "info" }), el("section", { class: "auction is-open" }, "Bids"),
    el("section", { class: "hand" }, el("button", null, "Card")));
  assert.equal(root.childNodes[2], hand);
  assert.equal(hand.firstChild, card);
});

test("a tag change replaces the node", () => {
  const root = document.body;
  patch(root, el("span", { class: "card" }, "7"));
  const span = root.firstChild;
  patch(root, el("button", { class: "card" }, "7"));
  assert.equal(root.firstChild.tagName, "BUTTON");
  assert.equal(span.isConnected, false);
});

test("styles go through the CSSOM (the policy refuses style attributes)", () => {
  const root = document.body;
  const bar = (width) => {
    const node = el("span", { class: "meter" });
    node.style.width = width;
    return node;
  };
  patch(root, bar("10%"));
  const node = root.firstChild;
  node.setAttribute = () => assert.fail("style written as an attribute");
  patch(root, bar("55%"));
  assert.equal(root.firstChild, node);
  assert.equal(node.style.width, "55%");
});

test("a node passed in again is kept as it is", () => {
  const root = document.body;
  const note = el("p", { id: "note", hidden: true });
  patch(root, el("h2", null, "Result"), note);
  note.hidden = false;
  note.append("The next match has started.");
  patch(root, el("h2", null, "Result"), note);
  assert.equal(root.childNodes[1], note);
  assert.equal(note.hidden, false);
  assert.equal(note.textContent, "The next match has started.");
});
