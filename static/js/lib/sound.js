// Sound cues at the table (issue 25): your turn, a move, the end. Off until the player turns
// them on (remembered); synthesized with the Web Audio API, so there are no audio files.
//
// Which frame gets which cue (cueFor) depends only on what this viewer's own frames show: their
// legal moves, their log and the outcome. A move the viewer cannot see adds nothing to their
// log, and a game whose moves are secret in their timing sends no frame at all for it
// (docs/security.md), so no cue can tell of it.

import { readPref, storage, writePref } from "./prefs.js";

export const SOUND_KEY = "parlor.sound";

/** What a frame shows that cues care about: {myTurn, over, log (entries)}. */
export function frameSummary(state) {
  return {
    myTurn: (state.legal || []).length > 0,
    over: state.outcome !== null && state.outcome !== undefined,
    log: (state.log || []).length,
  };
}

/**
 * The cue for going from frame `previous` to frame `next` (frameSummary), or null: "end" when
 * the match just ended, "turn" when it just became the viewer's turn, "move" when the log has
 * new lines. The first frame of a page has none (nothing happened: the page opened).
 */
export function cueFor(previous, next) {
  if (!previous || !next) return null;
  if (next.over && !previous.over) return "end";
  if (next.over) return null;
  if (next.myTurn && !previous.myTurn) return "turn";
  if (next.log > previous.log) return "move";
  return null;
}

// Notes as [frequency Hz, start s, length s]: a rising pair, a soft tap, a major arpeggio.
const CUES = {
  turn: { wave: "sine", notes: [[660, 0, 0.12], [880, 0.12, 0.22]] },
  move: { wave: "triangle", notes: [[330, 0, 0.06]] },
  end: { wave: "sine", notes: [[523, 0, 0.16], [659, 0.15, 0.16], [784, 0.3, 0.4]] },
};
const VOLUME = 0.15;

function defaultContext() {
  const Context = window.AudioContext || window.webkitAudioContext;
  return Context ? new Context() : null;
}

/**
 * The table's sound: `on` (remembered in `store`), `setOn(value)` and `play(cue)`, which sounds
 * only while on. The audio context is made on first use; browsers start it only after a click
 * or a key, so a page opened with sound on wakes it at the first one.
 */
export function createSound({ store = storage(), makeContext = defaultContext, target = window } = {}) {
  let on = readPref(SOUND_KEY, store) === "on";
  let context = null;

  const audio = () => {
    if (!context) context = makeContext();
    if (context && context.state === "suspended" && typeof context.resume === "function") {
      context.resume().catch(() => {});
    }
    return context;
  };
  const wake = () => {
    if (on) audio();
  };
  target.addEventListener("pointerdown", wake, { once: true });
  target.addEventListener("keydown", wake, { once: true });

  return {
    get on() {
      return on;
    },
    setOn(value) {
      on = Boolean(value);
      writePref(SOUND_KEY, on ? "on" : null, store);
      if (on) audio(); // the click that turned sound on lets the context start
    },
    /** Sound `cue` ("turn", "move", "end") if sound is on; whether it was sounded. */
    play(cue) {
      const spec = CUES[cue];
      if (!on || !spec) return false;
      const ctx = audio();
      if (!ctx) return false;
      const now = ctx.currentTime;
      for (const [frequency, start, length] of spec.notes) tone(ctx, spec.wave, frequency, now + start, length);
      return true;
    },
  };
}

function tone(ctx, wave, frequency, at, length) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = wave;
  oscillator.frequency.setValueAtTime(frequency, at);
  // A quick rise and an exponential fall: no click at either end.
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(VOLUME, at + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain);
  gain.connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}
