// The game log panel, shared by the live table and the replay: one line per entry, written by
// the game's renderer (describeLog), as text only.

import { el, fill } from "./dom.js";

/**
 * Fill an <ol> with the log; keep following the newest line unless the reader scrolled up
 * (``follow`` scrolls to the newest line in any case).
 */
export function renderLogList(list, entries, game, names, { follow = false } = {}) {
  const atBottom = follow || list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const lines = entries.map((entry) => {
    let text;
    try {
      text = game.describeLog(entry, names);
    } catch {
      text = JSON.stringify(entry);
    }
    return el("li", { class: `log-${String(entry.type || "event").replace(/[^a-z0-9_-]/gi, "")}` }, text);
  });
  fill(list, lines);
  if (atBottom) list.scrollTop = list.scrollHeight;
}
