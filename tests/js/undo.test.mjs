// The undo bar (lib/undo.js): what each viewer is offered for the server's state.undo
// (docs/protocol.md, undo), drawn in the fake DOM.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import { renderUndo, undoParts } from "../../static/js/lib/undo.js";

beforeEach(resetPage);

const names = ["Ada", "Bo", "Cy"];
const request = { seat: 0, waiting: [1, 2], accepted: [] };

function sender() {
  const sent = [];
  return { sent, send: { ask: () => sent.push("ask"), answer: (accept) => sent.push(accept) } };
}

const actions = (parts) => parts.filter((part) => part.tagName === "BUTTON").map((button) => button.dataset.undo);

test("nothing to offer: the bar is hidden", () => {
  const slot = document.createElement("div");
  renderUndo(slot, { may_ask: false, request: null }, names, 0, sender().send);
  assert.equal(slot.hidden, true);
  assert.deepEqual(undoParts(null, names, null, sender().send), []);
});

test("the mover may ask to take the move back", () => {
  const { sent, send } = sender();
  const parts = undoParts({ may_ask: true, request: null }, names, 0, send);
  assert.deepEqual(actions(parts), ["ask"]);
  parts[0].click();
  assert.deepEqual(sent, ["ask"]);
});

test("a person asked answers; the asker and a spectator are told whom it waits for", () => {
  const { sent, send } = sender();
  const asked = undoParts({ may_ask: false, request }, names, 1, send);
  assert.deepEqual(actions(asked), ["accept", "refuse"]);
  assert.equal(asked[0].textContent, "Ada asks to take back their last move.");
  asked[1].click();
  asked[2].click();
  assert.deepEqual(sent, [true, false]);
  const asker = undoParts({ may_ask: false, request }, names, 0, send);
  assert.deepEqual(actions(asker), []);
  assert.equal(asker[0].textContent, "You asked to take back your last move; waiting for Bo and Cy.");
  const watching = undoParts({ may_ask: false, request: { ...request, waiting: [2] } }, names, null, send);
  assert.equal(watching[0].textContent, "Ada asks to take back their last move; waiting for Cy.");
});
