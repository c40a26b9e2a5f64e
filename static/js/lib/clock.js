// The turn clock: counts down from the server's remaining time (not its deadline, so a wrong
// clock on this device does not matter) and rewrites every [data-clock] element each tick: an
// empty data-clock follows the clock due first, data-clock="<phase>" that timer of a game
// running several at once (Forehead words' time limit beside a vote: the frame's ``timers``).

import { t } from "./i18n.js";

const TICK_MS = 250;
let endsAt = null; // performance.now() when the turn's time runs out
let timerEnds = new Map(); // each running timer's phase -> performance.now() when it runs out
let timer = null;

/** "0:07", "4:59", "3 h 12 min", "23 h" for a number of milliseconds left. */
export function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds >= 3600) {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    return minutes ? t("{hours} h {minutes} min", { hours, minutes }) : t("{hours} h", { hours });
  }
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function tick() {
  const now = performance.now();
  for (const node of document.querySelectorAll("[data-clock]")) {
    const phase = node.dataset.clock;
    const end = phase ? timerEnds.get(phase) : endsAt;
    const left = end === undefined || end === null ? 0 : end - now;
    node.textContent = clockText(left);
    node.classList.toggle("is-short", left < 10000);
  }
}

/** Follow the state's clock ({remaining_ms, seats, timers?} or null). */
export function followClock(clock) {
  const now = performance.now();
  endsAt = clock ? now + clock.remaining_ms : null;
  timerEnds = new Map(((clock && clock.timers) || []).map((timer) => [timer.phase, now + timer.remaining_ms]));
  if (endsAt !== null && timer === null) timer = setInterval(tick, TICK_MS);
  if (endsAt === null && timer !== null) {
    clearInterval(timer);
    timer = null;
  }
  tick();
}
