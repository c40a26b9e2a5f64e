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

test("past lines keep the name of who held the seat when they were written", () => {
  const list = logList();
  // Bo held seat 1 for entries 0-2; the host handed it to a bot ("Bot 2") from entry 3 on.
  const holders = [{ seat: 0, name: "Ada", log: 0 }, { seat: 1, name: "Bo", log: 0 }, { seat: 1, name: "Bot 2", log: 3 }];
  renderLogList(list, entries(5), game, ["Ada", "Bot 2"], { holders });
  assert.deepEqual(list.children.map((line) => line.textContent), ["Ada move0", "Bo move1", "Ada move2", "Bot 2 move3", "Ada move4"]);
});

test("a stand-in mark names the seat's holder of the time", () => {
  const list = logList();
  const holders = [{ seat: 1, name: "Bo", log: 0 }, { seat: 1, name: "Cy", log: 2 }];
  renderLogList(list, entries(4), game, ["Ada", "Cy"], { holders, standIns: [{ seat: 1, log: [1, 2] }] });
  assert.equal(list.children[1].textContent, "Bo move1 (played by a stand-in for Bo)");
  assert.equal(list.children[3].textContent, "Cy move3");
});

test("each line shows the local time of the move that wrote it", () => {
  const list = logList();
  const at = (hours, minutes) => new Date(2026, 0, 2, hours, minutes).toISOString(); // local times
  // The deal wrote entries 0-1 at 21:04; a move wrote 2-3 at 21:15; the next wrote 4 at 0:05 (after midnight: "00", never "24").
  const times = [[0, at(21, 4)], [2, at(21, 15)], [4, at(0, 5)]];
  renderLogList(list, entries(5), game, names, { times });
  const stamps = list.children.map((line) => line.querySelector("time"));
  assert.deepEqual(stamps.map((stamp) => stamp.dataset.at), ["21:04", "21:04", "21:15", "21:15", "00:05"]);
  assert.equal(stamps[2].getAttribute("datetime"), at(21, 15));
  assert.equal(list.children[2].textContent, "Ada move2"); // the time is drawn by CSS, beside it
});

test("without times (a sealed game) lines have no time; a time that does not parse is left out", () => {
  const list = logList();
  renderLogList(list, entries(2), game, names);
  assert.equal(list.querySelector("time"), null);
  renderLogList(list, entries(3), game, names, { times: [[0, "not a time"]] });
  assert.equal(list.querySelector("time"), null);
});

test("a log of more than 100 lines keeps every line and its time", () => {
  const list = logList();
  renderLogList(list, entries(120), game, names, { times: [[0, new Date(2026, 0, 2, 8, 30).toISOString()]] });
  assert.equal(list.children.length, 120);
  assert.equal(list.children[119].textContent, "Bo move119");
  assert.equal(list.children[119].querySelector("time").dataset.at, "08:30");
});
