// The turn clock: counts down from the server's remaining time (not its deadline, so a wrong
// clock on this device does not matter) and rewrites every [data-clock] element each tick.

import { t } from "./i18n.js";

const TICK_MS = 250;
let endsAt = null; // performance.now() when the turn's time runs out
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
  const left = endsAt === null ? 0 : endsAt - performance.now();
  for (const node of document.querySelectorAll("[data-clock]")) {
    node.textContent = clockText(left);
    node.classList.toggle("is-short", left < 10000);
  }
}

/** Follow the state's clock ({remaining_ms, seats} or null). */
export function followClock(clock) {
  endsAt = clock ? performance.now() + clock.remaining_ms : null;
  if (endsAt !== null && timer === null) timer = setInterval(tick, TICK_MS);
  if (endsAt === null && timer !== null) {
    clearInterval(timer);
    timer = null;
  }
  tick();
}
