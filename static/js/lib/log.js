// The game log panel, shared by the live table and the replay: one line per entry, written by
// the game's renderer (describeLog), as text only. Moves a stand-in made for an absent player
// are marked on the entries they wrote. Lines are keyed by their place in the log, so a new
// frame only appends its new lines (lib/patch.js).

import { el } from "./dom.js";
import { nameOf } from "./format.js";
import { patch } from "./patch.js";

/**
 * Show the log in an <ol> (a new frame appends its new lines); keep following the newest line
 * unless the reader scrolled up (``follow`` scrolls to the newest line in any case).
 * ``standIns``: [{seat, log: [first, end)}].
 */
export function renderLogList(list, entries, game, names, { follow = false, standIns = [] } = {}) {
  const atBottom = follow || list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const markedBy = new Map(); // entry index -> seat whose stand-in wrote it
  const bare = new Map(); // moves that wrote no entry: a line of their own before index
  for (const mark of standIns) {
    const [first, end] = mark.log || [0, 0];
    for (let index = first; index < end; index += 1) markedBy.set(index, mark.seat);
    if (first === end) bare.set(first, mark.seat);
  }
  const standInText = (seat) => `played by a stand-in for ${nameOf(names, seat)}`;
  const bareLine = (index) => el("li", { class: "log-stand-in", "data-key": `before ${index}` },
    `(${standInText(bare.get(index))})`);
  const lines = [];
  entries.forEach((entry, index) => {
    if (bare.has(index)) lines.push(bareLine(index));
    let text;
    try {
      text = game.describeLog(entry, names);
    } catch {
      text = JSON.stringify(entry);
    }
    const type = String(entry.type || "event").replace(/[^a-z0-9_-]/gi, "");
    if (markedBy.has(index)) {
      lines.push(el("li", { class: `log-${type} log-stand-in`, "data-key": index }, text,
        el("span", { class: "log-mark" }, ` (${standInText(markedBy.get(index))})`)));
    } else {
      lines.push(el("li", { class: `log-${type}`, "data-key": index }, text));
    }
  });
  if (bare.has(entries.length)) lines.push(bareLine(entries.length));
  patch(list, lines);
  if (atBottom) list.scrollTop = list.scrollHeight;
}
