// lib/log.js: a new frame appends its new log lines and leaves the earlier ones in place.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import { el } from "../../static/js/lib/dom.js";
import { renderLogList } from "../../static/js/lib/log.js";

beforeEach(resetPage);

const game = { describeLog: (entry, names) => `${names[entry.seat]} ${entry.type}` };
const names = ["Ada", "Bo"];
const entries = (count) => Array.from({ length: count }, (_, index) => ({ type: `move${index}`, seat: index % 2 }));

function logList() {
  const list = el("ol");
  document.body.append(list);
  return list;
}

test("new entries are appended; the lines already shown stay the same nodes", () => {
  const list = logList();
  renderLogList(list, entries(2), game, names);
  const [first, second] = list.children;
  renderLogList(list, entries(4), game, names);
  assert.equal(list.children.length, 4);
  assert.equal(list.children[0], first);
  assert.equal(list.children[1], second);
  assert.deepEqual(list.children.map((line) => line.textContent), ["Ada move0", "Bo move1", "Ada move2", "Bo move3"]);
  assert.equal(list.children[3].className, "log-move3");
});

test("going back (a replay) drops the later lines", () => {
  const list = logList();
  renderLogList(list, entries(3), game, names);
  const first = list.children[0];
  renderLogList(list, entries(1), game, names);
  assert.deepEqual(list.children, [first]);
});

test("a stand-in's entries are marked, and a move that wrote none gets a line of its own", () => {
  const list = logList();
  renderLogList(list, entries(3), game, names, { standIns: [{ seat: 1, log: [1, 2] }, { seat: 0, log: [3, 3] }] });
  assert.deepEqual(list.children.map((line) => line.textContent), [
    "Ada move0",
    "Bo move1 (played by a stand-in for Bo)",
    "Ada move2",
    "(played by a stand-in for Ada)",
  ]);
  assert.equal(list.children[1].className, "log-move1 log-stand-in");
});

test("an entry the renderer cannot describe is shown as its JSON", () => {
  const list = logList();
  const broken = { describeLog: () => { throw new Error("unknown"); } };
  renderLogList(list, [{ type: "odd<b>" }], broken, names);
  assert.equal(list.children[0].textContent, '{"type":"odd<b>"}');
  assert.equal(list.children[0].className, "log-oddb");
});
