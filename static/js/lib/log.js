// The game log panel, shared by the live table and the replay: one line per entry, written by
// the game's renderer (describeLog), as text only. Moves a stand-in made for an absent player
// are marked on the entries they wrote. Lines are keyed by their place in the log, so a new
// frame only appends its new lines (lib/patch.js). Each line names the players who held the
// seats when it was written (a seat handed on keeps its past lines' names) and, where the
// server gives the times (not in a game whose moves are secret in their timing), when.

import { el } from "./dom.js";
import { nameOf } from "./format.js";
import { patch } from "./patch.js";
import { t } from "./i18n.js";

/**
 * Show the log in an <ol> (a new frame appends its new lines); keep following the newest line
 * unless the reader scrolled up (``follow`` scrolls to the newest line in any case).
 * ``standIns``: [{seat, log: [first, end)}]; ``times``: [[first entry, ISO time]] (the move
 * that wrote the entries from ``first`` on); ``holders``: [{seat, name, log}] (who held a seat
 * from entry ``log`` on, in the order they sat down).
 */
export function renderLogList(list, entries, game, names,
  { follow = false, standIns = [], times = [], holders = [] } = {}) {
  const atBottom = follow || list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const markedBy = new Map(); // entry index -> seat whose stand-in wrote it
  const bare = new Map(); // moves that wrote no entry: a line of their own before index
  for (const mark of standIns) {
    const [first, end] = mark.log || [0, 0];
    for (let index = first; index < end; index += 1) markedBy.set(index, mark.seat);
    if (first === end) bare.set(first, mark.seat);
  }
  const standInText = (seat, index) => t("(played by a stand-in for {player})", { player: nameOf(namesAt(index), seat) });
  const bareLine = (index) => el("li", { class: "log-stand-in", "data-key": `before ${index}` },
    standInText(bare.get(index), index));
  const namesAt = namesOverTime(names, holders);
  const timeAt = timesOf(times);
  const lines = [];
  entries.forEach((entry, index) => {
    if (bare.has(index)) lines.push(bareLine(index));
    const then = namesAt(index);
    let text;
    try {
      text = game.describeLog(entry, then);
    } catch {
      text = JSON.stringify(entry);
    }
    const type = String(entry.type || "event").replace(/[^a-z0-9_-]/gi, "");
    const when = timeAt(index);
    // The clock text is drawn by CSS from data-at (.log-time::before): a line's text stays the
    // game's sentence alone, for whoever reads or searches it.
    const stamp = when ? el("time", { class: "log-time", datetime: when.iso, "data-at": when.text }) : null;
    if (markedBy.has(index)) {
      lines.push(el("li", { class: `log-${type} log-stand-in`, "data-key": index }, stamp, text,
        el("span", { class: "log-mark" }, ` ${t("(played by a stand-in for {player})", { player: nameOf(then, markedBy.get(index)) })}`)));
    } else {
      lines.push(el("li", { class: `log-${type}`, "data-key": index }, stamp, text));
    }
  });
  if (bare.has(entries.length)) lines.push(bareLine(entries.length));
  patch(list, lines);
  if (atBottom) list.scrollTop = list.scrollHeight;
}

/**
 * (index) -> the seat names when entry ``index`` was written: each seat's holder from then,
 * else today's name (``names``) for a seat whose holdings are not given.
 */
export function namesOverTime(names, holders) {
  const bySeat = new Map(); // seat -> [{name, log}] in the order they sat down
  for (const holder of holders || []) {
    if (!bySeat.has(holder.seat)) bySeat.set(holder.seat, []);
    bySeat.get(holder.seat).push(holder);
  }
  if (!bySeat.size) return () => names;
  const cache = new Map();
  return (index) => {
    const key = [...bySeat].map(([seat, held]) => {
      let name = null;
      for (const holder of held) if (holder.log <= index) name = holder.name;
      return `${seat}\u0000${name}`;
    }).join("\u0001");
    if (!cache.has(key)) {
      const then = [...names];
      for (const [seat, held] of bySeat) {
        let name = null;
        for (const holder of held) if (holder.log <= index) name = holder.name;
        if (name !== null) then[seat] = name;
      }
      cache.set(key, then);
    }
    return cache.get(key);
  };
}

/** Local hours and minutes ("21:04") of an ISO time; null if it does not parse. */
export function clockTime(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

const clockTexts = new Map(); // ISO time -> its clock text (toLocaleTimeString is not cheap)

/**
 * (index) -> {iso, text} of the move that wrote entry ``index``, or null when not known; asked
 * for indexes in increasing order (one walk over the marks per render).
 */
function timesOf(times) {
  const marks = (times || []).filter((mark) => Array.isArray(mark) && typeof mark[0] === "number");
  let next = 0;
  let found = null;
  return (index) => {
    while (next < marks.length && marks[next][0] <= index) {
      found = marks[next];
      next += 1;
    }
    if (!found) return null;
    if (!clockTexts.has(found[1])) clockTexts.set(found[1], clockTime(found[1]));
    const text = clockTexts.get(found[1]);
    return text ? { iso: found[1], text } : null;
  };
}
