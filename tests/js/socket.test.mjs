// lib/socket.js with a fake WebSocket: the envelope, deltas, resync, reconnect backoff, and the
// close codes after which retrying cannot help (app/errors.py close_code).

import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";

import "./fake_dom.mjs";
import { applyDelta, connectMatch } from "../../static/js/lib/socket.js";

/** Records what the client sends; the test plays the server with open/receive/close. */
class FakeSocket extends EventTarget {
  static OPEN = 1;
  static made = [];

  constructor(url) {
    super();
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.closedWith = null;
    FakeSocket.made.push(this);
  }

  send(text) { this.sent.push(JSON.parse(text)); }
  close(code) { this.closedWith = code; }

  open() {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event("open"));
  }

  receive(message) {
    const event = new Event("message");
    event.data = typeof message === "string" ? message : JSON.stringify(message);
    this.dispatchEvent(event);
  }

  drop(code, reason = "") {
    this.readyState = 3;
    const event = new Event("close");
    event.code = code;
    event.reason = reason;
    this.dispatchEvent(event);
  }
}

let client;
let seen;

function connect() {
  seen = { states: [], errors: [], status: [], presence: [], chat: [] };
  client = connectMatch(7, {
    onState: (d, v) => seen.states.push([d, v]),
    onError: (d, v) => seen.errors.push([d, v]),
    onStatus: (status, refusal) => seen.status.push(refusal ? [status, refusal] : status),
    onPresence: (d) => seen.presence.push(d),
    onChat: (d) => seen.chat.push(d),
  }, { socketClass: FakeSocket });
  return FakeSocket.made.at(-1);
}

const latest = () => FakeSocket.made.at(-1);

beforeEach(() => {
  FakeSocket.made = [];
  mock.timers.enable({ apis: ["setTimeout"] });
});

afterEach(() => {
  client.close();
  mock.timers.reset();
});

test("it connects to the match's socket and says so", () => {
  const socket = connect();
  assert.equal(socket.url, "ws://parlor.test/ws/matches/7");
  socket.open();
  assert.deepEqual(seen.status, ["connecting", "connected"]);
});

test("states arrive in order; an older one is ignored", () => {
  const socket = connect();
  socket.open();
  socket.receive({ t: "state", v: 3, d: { view: "three" } });
  socket.receive({ t: "state", v: 2, d: { view: "two" } });
  socket.receive({ t: "state", v: 4, d: { view: "four" } });
  socket.receive("not json");
  assert.deepEqual(seen.states, [[{ view: "three" }, 3], [{ view: "four" }, 4]]);
});

test("a move carries the last seq seen; nothing is sent while closed", () => {
  const socket = connect();
  assert.equal(client.act({ type: "draw" }), false);
  socket.open();
  socket.receive({ t: "state", v: 5, d: {} });
  assert.equal(client.act({ type: "draw" }), true);
  assert.equal(client.chat("hello"), true);
  assert.deepEqual(socket.sent, [{ t: "act", v: 5, d: { type: "draw" } }, { t: "chat", d: { text: "hello" } }]);
});

test("a gap in the seq asks for the full state", () => {
  const socket = connect();
  socket.open();
  socket.receive({ t: "state", v: 1, d: {} });
  socket.receive({ t: "presence", v: 1, d: { online: [0] } });
  assert.deepEqual(socket.sent, []);
  socket.receive({ t: "unknown", v: 3, d: {} });
  socket.receive({ t: "error", v: 4, d: { code: "stale" } });
  assert.deepEqual(socket.sent, [{ t: "sync" }, { t: "sync" }]);
  assert.deepEqual(seen.errors, [[{ code: "stale" }, 4]]);
  assert.deepEqual(seen.presence, [{ online: [0] }]);
});

test("a delta changes the last state: its keys replace, its log keeps and adds", () => {
  const socket = connect();
  socket.open();
  const first = { view: "v1", legal: ["a"], log: [{ e: 1 }, { e: 2 }], outcome: null, chat: [{ text: "hi" }] };
  socket.receive({ t: "state", v: 4, d: first });
  // Entry 2 rewritten (a reveal), entry 3 added; legal and outcome as they were.
  socket.receive({ t: "delta", v: 5, d: { view: "v2", log: { keep: 1, add: [{ e: 22 }, { e: 3 }] } } });
  socket.receive({ t: "delta", v: 6, d: { legal: [] } });
  assert.deepEqual(seen.states.slice(1), [
    [{ view: "v2", legal: ["a"], log: [{ e: 1 }, { e: 22 }, { e: 3 }], outcome: null }, 5],
    [{ view: "v2", legal: [], log: [{ e: 1 }, { e: 22 }, { e: 3 }], outcome: null }, 6],
  ]);
  assert.equal(seen.states[0][0].chat.length, 1, "the first state's chat is delivered once");
  assert.equal(client.act({ type: "draw" }), true);
  assert.deepEqual(socket.sent, [{ t: "act", v: 6, d: { type: "draw" } }]);
});

test("a delta with no state to change asks for the full state", () => {
  const socket = connect();
  socket.open();
  socket.receive({ t: "delta", v: 2, d: { legal: [] } });
  assert.deepEqual(seen.states, []);
  assert.deepEqual(socket.sent, [{ t: "sync" }]);
  // After a reconnection the old state is not a base either.
  socket.receive({ t: "state", v: 2, d: { legal: [] } });
  socket.drop(1006);
  mock.timers.tick(500);
  latest().open();
  latest().receive({ t: "delta", v: 3, d: { legal: ["x"] } });
  assert.equal(seen.states.length, 1);
  assert.deepEqual(latest().sent, [{ t: "sync" }]);
});

test("applyDelta leaves the last state as it was", () => {
  const last = { log: [1, 2], legal: [], view: { a: 1, b: [2], c: 3 } };
  const delta = { log: { keep: 2, add: [3] }, view_keys: { set: { b: [4], d: 5 }, gone: ["c"] } };
  assert.deepEqual(applyDelta(last, delta), { log: [1, 2, 3], legal: [], view: { a: 1, b: [4], d: 5 } });
  assert.deepEqual(last, { log: [1, 2], legal: [], view: { a: 1, b: [2], c: 3 } });
});

test("chat lines go to onChat", () => {
  const socket = connect();
  socket.open();
  socket.receive({ t: "chat", d: { seat: 0, name: "Ada", text: "hi" } });
  assert.deepEqual(seen.chat, [{ seat: 0, name: "Ada", text: "hi" }]);
});

test("a dropped socket reconnects after 0.5 s, doubling up to 10 s", () => {
  connect().open();
  const waits = [];
  for (let attempt = 0; attempt < 7; attempt += 1) {
    const before = FakeSocket.made.length;
    latest().drop(1006);
    let waited = 0;
    while (FakeSocket.made.length === before) {
      mock.timers.tick(100);
      waited += 100;
      assert.ok(waited <= 10000, "no reconnection within 10 s");
    }
    waits.push(waited);
  }
  assert.deepEqual(waits, [500, 1000, 2000, 4000, 8000, 10000, 10000]);
  assert.equal(seen.status.filter((status) => status === "reconnecting").length, 14); // on close and on open
});

test("a full state after a reconnection brings the wait back to 0.5 s", () => {
  connect().open();
  latest().drop(1006);
  mock.timers.tick(500);
  latest().drop(1006);
  mock.timers.tick(1000);
  latest().open();
  latest().receive({ t: "state", v: 1, d: {} });
  const before = FakeSocket.made.length;
  latest().drop(1006);
  mock.timers.tick(499);
  assert.equal(FakeSocket.made.length, before);
  mock.timers.tick(1);
  assert.equal(FakeSocket.made.length, before + 1);
});

for (const code of [4401, 4403, 4404, 4409, 4429, 1008]) {
  test(`close code ${code} is a refusal: no more retries`, () => {
    connect().open();
    latest().drop(code, "You are not allowed to watch this match.");
    mock.timers.tick(60000);
    assert.equal(FakeSocket.made.length, 1);
    assert.deepEqual(seen.status.at(-1), ["offline", { code, reason: "You are not allowed to watch this match." }]);
  });
}

test("close codes that may pass (1006, 1011, 1013) are retried", () => {
  for (const code of [1006, 1011, 1013]) {
    const before = FakeSocket.made.length;
    connect().open();
    latest().drop(code);
    mock.timers.tick(500);
    assert.equal(FakeSocket.made.length, before + 2, `code ${code}`);
    client.close();
  }
});

test("close() stops for good and closes the socket normally", () => {
  const socket = connect();
  socket.open();
  client.close();
  assert.equal(socket.closedWith, 1000);
  socket.drop(1000);
  mock.timers.tick(60000);
  assert.equal(FakeSocket.made.length, 1);
});

test("coming back online reconnects at once instead of waiting", () => {
  connect().open();
  latest().drop(1006);
  mock.timers.tick(500);
  latest().drop(1006); // the next try would wait 1 s
  window.dispatchEvent(new Event("online"));
  assert.equal(FakeSocket.made.length, 3);
});
