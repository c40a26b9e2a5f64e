// The round table of Werewolf: one place per player, in seat order from the viewer (at the
// bottom of the ring on a wide screen, first in the grid on a phone): the name, alive or dead,
// the role as the viewer knows it, the Sheriff's badge, the lovers' and the enchanted marks
// the view holds, "cannot vote", and what the running step shows of each (ready, standing,
// votes cast and received, the pack's pointing). A place the viewer may pick as the target of
// a move is a button (lit); every other place is a plain block.

import { el, srOnly } from "../../lib/dom.js";
import { mark } from "../../lib/pieces.js";
import { listText, nameOf } from "../../lib/format.js";
import { locale, t, tn } from "../../lib/i18n.js";
import { seatOrder } from "../../lib/seats.js";
import { roleName } from "./words.js";

/** The viewer's seat first, then around the table; a spectator starts at seat 0. */
export function ringOrder(view) {
  const players = view.players || (view.alive || []).length;
  const first = typeof view.you === "number" ? view.you : 0;
  return seatOrder(players, first, 1);
}

/** Votes of the running election or vote: per target {count, voters}, and the abstentions. */
export function voteTally(view) {
  const day = view.day || {};
  const counts = new Map();
  const abstained = [];
  const cast = new Map();
  const double = view.step === "vote"; // the Sheriff's vote counts twice (Day)
  for (const { seat, target } of day.votes || []) {
    cast.set(seat, target);
    if (target === null || target === undefined) {
      abstained.push(seat);
      continue;
    }
    const weight = double && seat === view.sheriff ? 2 : 1;
    const entry = counts.get(target) || { count: 0, voters: [] };
    entry.count += weight;
    entry.voters.push(seat);
    counts.set(target, entry);
  }
  return { counts, abstained, cast };
}

/** The pack's pointing (werewolves and the all-seeing dead, at night): per target, the wolves. */
export function packPointing(view) {
  const byTarget = new Map();
  (view.pointing || []).forEach((target, wolf) => {
    if (target === null || target === undefined) return;
    if (!byTarget.has(target)) byTarget.set(target, []);
    byTarget.get(target).push(wolf);
  });
  return byTarget;
}

/** The wolves pointing at a seat: "Ada, Bo" (in English as ever), else as the language lists. */
function wolfNames(list) {
  return locale === "en" ? list.join(", ") : listText(list);
}

function badge(text, kind, title = null) {
  return el("span", { class: `badge ww-mark ww-mark--${kind}`, title }, text);
}

/** The marks of one seat: who they are to the viewer, then what the running step shows. */
function seatMarks(frame, seat) {
  const { view, names } = frame;
  const day = view.day || {};
  const marks = [];
  const alive = (view.alive || [])[seat] !== false;
  if (!alive) marks.push(badge(t("dead"), "dead"));
  if (view.sheriff === seat) marks.push(badge(t("\u2605 Sheriff"), "sheriff", t("The Sheriff: their vote counts twice and they break ties")));
  if ((view.lovers || []).includes(seat)) marks.push(badge(t("\u2665 lover"), "lover", t("One of the two lovers")));
  if ((view.enchanted || []).includes(seat)) marks.push(badge(t("\u266a enchanted"), "enchanted", t("Enchanted by the Piper")));
  if (alive && (view.no_vote || []).includes(seat)) marks.push(badge(t("cannot vote"), "novote"));
  const result = view.result;
  if (result && (result.winners || []).includes(seat)) marks.push(badge(t("won"), "won"));

  switch (view.step) {
    case "discussion":
      if ((day.ready || []).includes(seat)) marks.push(badge(t("ready to vote"), "ready"));
      break;
    case "candidacy":
      if ((day.candidates || []).includes(seat)) marks.push(badge(t("stands"), "stands"));
      else if ((day.answered || []).includes(seat)) marks.push(badge(t("does not stand"), "declined"));
      break;
    case "election":
    case "vote": {
      if (view.step === "election" && (day.candidates || []).includes(seat)) marks.push(badge(t("candidate"), "stands"));
      const got = frame.tally.counts.get(seat);
      if (got) marks.push(badge(tn("{count} vote", "{count} votes", got.count), "votes"));
      if (frame.tally.cast.has(seat)) {
        const target = frame.tally.cast.get(seat);
        marks.push(el("span", { class: "ww-cast small" }, target === null ? t("abstained") : t("\u2192 {player}", { player: nameOf(names, target) })));
      }
      break;
    }
    case "tiebreak":
      if ((day.tied || []).includes(seat)) marks.push(badge(t("tied"), "tied"));
      break;
    case "scapegoat":
      if ((day.ballot || []).includes(seat)) marks.push(badge(t("barred tomorrow"), "barred"));
      break;
    default:
      break;
  }
  if (frame.pointing) {
    const wolves = frame.pointing.get(seat);
    if (wolves) {
      marks.push(badge(tn("{count} wolf", "{count} wolves", wolves.length), "pointed",
        t("Pointed at by {players}", { players: wolfNames(wolves.map((wolf) => nameOf(names, wolf))) })));
    }
    const target = (view.pointing || [])[seat];
    if (target !== null && target !== undefined) marks.push(el("span", { class: "ww-cast small" }, t("\u2192 {player}", { player: nameOf(names, target) })));
  }
  if (view.victim && view.victim.seat === seat) marks.push(badge(t("attacked tonight"), "victim"));
  return marks;
}

/** The role chip: known publicly (revealed), or known to this viewer only. */
function roleChip(frame, seat) {
  const { view } = frame;
  const role = (view.roles || [])[seat];
  if (!role) {
    return el("span", { class: "ww-role ww-role--unknown", title: t("Role unknown to you") },
      srOnly(t("role unknown")), el("span", { "aria-hidden": "true" }, "?"));
  }
  const open = (view.revealed || [])[seat] || view.step === "over";
  const title = open ? t("Known to everyone") : seat === view.you ? t("Your role: only you know it") : t("Known to you only");
  return el("span", { class: `ww-role ww-role--${role}${open ? "" : " is-secret"}`, title }, roleIcon(role), roleName(role));
}

// Each role's emblem (lib/pieces.js), drawn for Parlor; the role's name is always beside it.
const ROLE_EMBLEM = {
  werewolf: "moon", seer: "eye", witch: "drop", cupid: "H", piper: "note", thief: "key",
  scapegoat: "triangle", idiot: "star", elder: "shield", villager: "house",
};

/** A role's emblem (aria-hidden: the name says it), or null for a role without one. */
export function roleIcon(role, className = "ww-role-icon") {
  return ROLE_EMBLEM[role] ? mark(ROLE_EMBLEM[role], className) : null;
}

// A wide screen seats the players on the edge of a grid of `cols` x `rows` cells around the
// table in the middle (the hub): enough cells for the count, the viewer at the bottom middle,
// then clockwise (to the viewer's left first), spare cells spread between the players.
const LAYOUTS = [[6, 3, 4], [8, 4, 4], [10, 4, 4], [14, 5, 4], [16, 6, 4], [18, 6, 5]];

/** {cols, rows, cells: [{row, col}] per place from the viewer} for `count` players (1-based). */
export function ringLayout(count) {
  const [, cols, rows] = LAYOUTS.find(([most]) => count <= most) || LAYOUTS[LAYOUTS.length - 1];
  const edge = [];
  const start = Math.ceil(cols / 2);
  for (let col = start; col >= 1; col -= 1) edge.push({ row: rows, col }); // bottom, to the left
  for (let row = rows - 1; row >= 2; row -= 1) edge.push({ row, col: 1 }); // up the left side
  for (let col = 1; col <= cols; col += 1) edge.push({ row: 1, col }); // the top, to the right
  for (let row = 2; row <= rows - 1; row += 1) edge.push({ row, col: cols }); // down the right
  for (let col = cols; col > start; col -= 1) edge.push({ row: rows, col }); // bottom, back
  const cells = Array.from({ length: count }, (_, at) => edge[Math.round((at * edge.length) / count) % edge.length]);
  return { cols, rows, cells };
}

/**
 * The ring: `frame` is the frame (view, names, tally, pointing), `pick` the targets the viewer may
 * tap now ({type, bySeat: Map seat -> action, picked, label(seat), onpick(seat)} or null) and
 * `hub` what the middle of the table shows.
 */
export function seatRing(frame, pick, hub) {
  const { view, names } = frame;
  const order = ringOrder(view);
  const layout = ringLayout(order.length);
  const places = order.map((seat, at) => {
    const alive = (view.alive || [])[seat] !== false;
    const you = seat === view.you;
    const target = pick ? pick.bySeat.get(seat) : null;
    const picked = Boolean(target) && pick.picked === seat;
    const classes = ["ww-place", alive ? "is-alive" : "is-dead", you ? "is-you" : null,
      target ? "is-target" : null, picked ? "is-picked" : null, pick && !target ? "is-dim" : null].filter(Boolean).join(" ");
    const inner = [
      el("span", { class: "ww-place-head" },
        el("strong", { class: "ww-name" }, nameOf(names, seat)),
        you ? el("span", { class: "badge badge--you" }, t("you")) : null),
      roleChip(frame, seat),
      el("span", { class: "ww-marks" }, seatMarks(frame, seat)),
    ];
    const body = target
      ? el("button", {
        type: "button", class: classes, "data-pick": seat, "aria-pressed": picked ? "true" : "false",
        title: pick.label(seat), onclick: () => pick.onpick(seat),
      }, inner, srOnly(`: ${pick.label(seat)}`))
      : el("div", { class: classes }, inner);
    const { row, col } = layout.cells[at];
    return el("li", { class: `ww-spot ww-r${row} ww-c${col}`, "data-key": `seat ${seat}`, "data-seat": seat }, body);
  });
  return el("section", { class: `ww-table ww-table--c${layout.cols} ww-table--r${layout.rows}`, "aria-label": t("The players around the table") },
    el("ol", { class: "ww-ring" }, places),
    hub);
}
