// lib/sound.js and lib/notifications.js: which frame change gets which cue, off by default and
// remembered, and a notification only for a turn that begins while the page is hidden.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document } from "./fake_dom.mjs";
import { createNotifier, shouldNotify } from "../../static/js/lib/notifications.js";
import { createSound, cueFor, frameSummary, SOUND_KEY } from "../../static/js/lib/sound.js";

/** localStorage as the page has it. */
function fakeStore(entries = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key) => (map.has(key) ? map.get(key) : null),
    setItem: (key, value) => map.set(key, String(value)),
    removeItem: (key) => map.delete(key),
  };
}

/** An AudioContext that records the notes started on it. */
function fakeAudio() {
  const notes = [];
  const param = () => ({ setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const context = {
    state: "running",
    currentTime: 0,
    destination: {},
    createGain: () => ({ gain: param(), connect() {} }),
    createOscillator: () => {
      const oscillator = { frequency: param(), connect() {}, stop() {}, start: (at) => notes.push({ oscillator, at }) };
      oscillator.frequency.setValueAtTime = (hz) => { oscillator.hz = hz; };
      return oscillator;
    },
  };
  return { notes, make: () => context };
}

const frame = ({ legal = [], log = 0, outcome = null } = {}) =>
  frameSummary({ legal, log: Array.from({ length: log }, () => ({ type: "x" })), outcome });

beforeEach(() => {
  document.hidden = false;
});

test("cues: your turn, a move, the end; none for the first frame or for nothing new", () => {
  const waiting = frame({ log: 3 });
  assert.equal(cueFor(null, frame({ legal: [{ type: "draw" }], log: 3 })), null, "the page just opened");
  assert.equal(cueFor(waiting, frame({ legal: [{ type: "draw" }], log: 4 })), "turn");
  assert.equal(cueFor(waiting, frame({ log: 4 })), "move");
  assert.equal(cueFor(frame({ legal: [{ type: "draw" }], log: 4 }), frame({ legal: [{ type: "pass" }], log: 5 })), "move",
    "still my turn after my own move: a move, not a new turn");
  assert.equal(cueFor(waiting, frame({ log: 3 })), null, "a frame that shows nothing new (a refused move)");
  assert.equal(cueFor(waiting, frame({ log: 5, outcome: { winners: [0] } })), "end");
  const over = frame({ log: 5, outcome: { winners: [0] } });
  assert.equal(cueFor(over, over), null);
});

test("sound is off by default, sounds a cue once turned on, and is remembered", () => {
  const store = fakeStore();
  const audio = fakeAudio();
  const sound = createSound({ store, makeContext: audio.make, target: new EventTarget() });
  assert.equal(sound.on, false);
  assert.equal(sound.play("turn"), false);
  assert.equal(audio.notes.length, 0);
  sound.setOn(true);
  assert.equal(store.map.get(SOUND_KEY), "on");
  assert.equal(sound.play("turn"), true);
  assert.deepEqual(audio.notes.map((note) => note.oscillator.hz), [660, 880]);
  assert.equal(sound.play(null), false, "no cue, no sound");

  const again = createSound({ store, makeContext: audio.make, target: new EventTarget() });
  assert.equal(again.on, true, "the next page remembers it");
  again.setOn(false);
  assert.equal(store.map.has(SOUND_KEY), false);
  assert.equal(createSound({ store, makeContext: audio.make, target: new EventTarget() }).on, false);
});

test("a notification only when a turn begins in a hidden page, asked for and allowed", () => {
  const mine = frame({ legal: [{ type: "draw" }], log: 4 });
  const theirs = frame({ log: 3 });
  const yes = { previous: theirs, next: mine, hidden: true, wanted: true, permission: "granted" };
  assert.equal(shouldNotify(yes), true);
  assert.equal(shouldNotify({ ...yes, previous: null }), true, "a turn in a tab left hidden while the match started");
  assert.equal(shouldNotify({ ...yes, hidden: false }), false, "the player is looking");
  assert.equal(shouldNotify({ ...yes, wanted: false }), false);
  assert.equal(shouldNotify({ ...yes, permission: "default" }), false);
  assert.equal(shouldNotify({ ...yes, previous: mine }), false, "still the same turn");
  assert.equal(shouldNotify({ ...yes, next: theirs }), false);
});

test("the notifier asks permission only on enable(), remembers it, and closes when looked at", async () => {
  const shown = [];
  let asked = 0;
  class FakeNotification {
    static permission = "default";
    static async requestPermission() {
      asked += 1;
      FakeNotification.permission = "granted";
      return "granted";
    }
    constructor(title, options) {
      this.title = title;
      this.options = options;
      this.closed = false;
      shown.push(this);
    }
    close() { this.closed = true; }
  }
  const store = fakeStore();
  const notifier = createNotifier({ api: FakeNotification, store, doc: document });
  const theirs = frame({ log: 3 });
  const mine = frame({ legal: [{ type: "draw" }], log: 4 });
  document.hidden = true;
  assert.equal(notifier.frame(theirs, mine, "Table"), false, "not asked for");
  assert.equal(asked, 0, "no permission asked without a click");
  assert.equal(await notifier.enable(), true);
  assert.equal(asked, 1);
  assert.equal(notifier.frame(theirs, mine, "Friday UNO"), true);
  assert.equal(shown.length, 1);
  assert.equal(shown[0].title, "Your turn");
  assert.equal(shown[0].options.body, "Friday UNO");
  document.hidden = false;
  document.dispatchEvent(new Event("visibilitychange"));
  assert.equal(shown[0].closed, true);
  assert.equal(notifier.frame(theirs, mine, "Friday UNO"), false, "visible: no notification");
  assert.equal(createNotifier({ api: FakeNotification, store, doc: document }).wanted, true, "remembered");
  notifier.disable();
  assert.equal(createNotifier({ api: FakeNotification, store, doc: document }).wanted, false);
  assert.equal(createNotifier({ api: undefined, store, doc: document }).supported, false);
});

test("a browser whose Notification constructor throws (Android) gets none, and no error", async () => {
  class Refusing {
    static permission = "granted";
    static async requestPermission() { return "granted"; }
    constructor() { throw new TypeError("Illegal constructor"); }
  }
  const notifier = createNotifier({ api: Refusing, store: fakeStore(), doc: document });
  await notifier.enable();
  document.hidden = true;
  assert.equal(notifier.frame(frame({ log: 3 }), frame({ legal: [{ type: "draw" }], log: 4 }), "Table"), false);
});
