// Sequence Numbers renderer (rules: shared/rules/sequence-numbers.md). A 10x10 board of numbers
// 1-48 (each twice, coloured in bands), four free corners, chips by side (blue, green, red).
// Cards are equations ("12+12", "15-3") whose answer is a space on the board, "plus" (any empty
// space) and "minus" (remove an opponent chip). Rows and columns are 0-based on the wire and
// shown 1-based. Pick a card in your hand (button[data-card], a local choice): the spaces it may
// go to light up as buttons carrying the legal action (button[data-action]). Where the chip
// completes a line longer than five and the choice is the player's (4-6 players), the lit space
// is a local button (button[data-choose]) instead: the candidate fives are then listed under the
// board (button[data-way], each previewed on the board) and "Place and declare" sends the
// placement with its "declare" field.

import { actionButton, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { el, fill, srOnly } from "../lib/dom.js";
import { compactJson, listText, nameOf, plural } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { flipAttrs } from "../lib/motion.js";
import { patch } from "../lib/patch.js";
import { back, chip, mark } from "../lib/pieces.js";
import { youBadge } from "../lib/seats.js";

const PLUS = "plus";
const MINUS = "minus";
const MINUS_SIGN = "\u2212";
const COLOUR_NAMES = ["blue", "green", "red"];
const BAND_COUNT = 5;

export const OPTIONS = {
  six_player_teams: {
    label: "With 6 players, play as",
    players: [6], // the create form shows it for 6 players only
    choices: [
      [2, "2 teams of 3"],
      [3, "3 teams of 2"],
    ],
  },
  plus_cards: {
    label: "Plus cards in the deck",
    choices: [0, 1, 2, 3, 4].map((n) => [n, n === 2 ? "2 (seed)" : String(n)]),
  },
  minus_cards: {
    label: "Minus cards in the deck",
    choices: [0, 1, 2, 3, 4].map((n) => [n, n === 2 ? "2 (seed)" : String(n)]),
  },
};

// Choices made on this page that are not moves yet: the card picked in the hand, the space
// picked when its placement needs a choice of sequence ("row,col"), and the way shown for it
// (an index into that space's placements). Kept across redraws; dropped when no longer legal.
const NO_SPACE = { space: null, way: 0 };
const choice = localChoice({ selected: null, ...NO_SPACE }, draw);
const local = choice.picked;
export const render = choice.render;
let knownBoard = null; // the board numbers, for log lines (the record page has no view)

// ---- cards -----------------------------------------------------------------------------

/** "12 + 12", "15 − 3", "Plus", "Minus". */
function cardText(card) {
  if (card === PLUS) return "Plus";
  if (card === MINUS) return "Minus";
  return String(card).replace("+", " + ").replace("-", ` ${MINUS_SIGN} `);
}

/** The answer of an equation card, or null for Plus, Minus and anything else. */
function answerOf(card) {
  const match = /^(\d+)([+-])(\d+)$/.exec(String(card));
  if (!match) return null;
  const left = Number(match[1]);
  const right = Number(match[3]);
  return match[2] === "+" ? left + right : left - right;
}

function cardSortKey(card) {
  const answer = answerOf(card);
  if (answer !== null) return answer;
  return card === PLUS ? 1000 : 1001;
}

function colourName(side) {
  return COLOUR_NAMES[side] || `side ${Number(side) + 1}`;
}

/** A side's colour with its shape (lib/pieces.js), so sides differ by more than colour. */
function sideMark(side) {
  const colour = colourName(side);
  return mark(colour, `sn-dot sn-dot--${colour}`) || el("span", { class: "sn-dot", "aria-hidden": "true" });
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "24 (row 3, column 6)"; the number comes from the board when it is known here (the record
 *  page has no view), else from the equation card played there, else only the position. */
function spaceText(row, col, card = null) {
  const where = `row ${Number(row) + 1}, column ${Number(col) + 1}`;
  const number = knownBoard && knownBoard[row] ? knownBoard[row][col] : answerOf(card);
  if (number === 0) return `the free corner (${where})`;
  return typeof number === "number" ? `${number} (${where})` : where;
}

// ---- board -----------------------------------------------------------------------------

function draw(root, state, ctx) {
  const view = state.view || {};
  if (Array.isArray(view.board)) knownBoard = view.board;
  const legal = legalIndex(state.legal);
  const hand = Array.isArray(view.hand) ? view.hand : [];
  if (local.selected !== null && !hand.includes(local.selected)) local.selected = null;
  const turn = { view, legal, ctx, actions: state.legal || [], log: state.log || [] };
  const ways = local.space === null ? [] : targetsFor(view, turn).targets.get(local.space) || [];
  if (ways.length < 2) Object.assign(local, NO_SPACE);
  else if (local.way >= ways.length) local.way = 0;

  patch(root, el("div", { class: "sn" },
    sidesBar(view, ctx),
    el("div", { class: "sn-play" },
      boardGrid(view, turn),
      el("div", { class: "sn-side" },
        turnPanel(view, turn),
        handBlock(view, turn),
        pilesBlock(view, ctx)))));
}

function sidesBar(view, ctx) {
  const teams = view.teams || [];
  const counts = view.sequence_counts || [];
  const acting = view.phase === "over" ? null : view.to_act;
  return el("section", { class: "sn-sides", "aria-label": "Sides" }, teams.map((seats, side) => {
    const mine = typeof view.side === "number" && view.side === side;
    const active = seats.includes(acting);
    const classes = ["sn-team"];
    if (mine) classes.push("is-mine");
    if (active) classes.push("is-turn");
    if (view.winner === side) classes.push("is-winner");
    const done = counts[side] || 0;
    return el("div", { class: classes.join(" "), "data-side": side },
      sideMark(side),
      el("span", { class: "sn-team-names" },
        el("strong", null, capital(colourName(side))), ": ",
        listText(seats.map((seat) => nameOf(ctx.names, seat)))),
      mine ? youBadge(seats.length > 1 ? "your team" : "you") : null,
      el("span", { class: "sn-team-count", title: "Completed sequences" },
        `${done}/${view.needed ?? 1}`, srOnly(" sequences")));
  }));
}

function lockedCells(view) {
  const locked = new Map();
  for (const sequence of view.sequences || []) {
    for (const [row, col] of sequence.cells || []) locked.set(`${row},${col}`, sequence.side);
  }
  return locked;
}

function bandOf(view, number) {
  const bands = view.bands || [];
  const index = bands.findIndex(([low, high]) => number >= low && number <= high);
  return index >= 0 ? index % BAND_COUNT : 0;
}

/** The last chip placed or removed, from the log: {row, col, removed}. */
function lastMove(log) {
  for (let index = log.length - 1; index >= 0; index -= 1) {
    const entry = log[index];
    if (entry.type === "chip_placed") return { row: entry.row, col: entry.col, removed: false };
    if (entry.type === "chip_removed") return { row: entry.row, col: entry.col, removed: true, owner: entry.owner };
  }
  return null;
}

/** Legal actions for the picked card, by space (several for a placement whose sequence the
 *  player chooses: one per way), plus a preview of its spaces when they are not playable right
 *  now (not your turn). */
function targetsFor(view, turn) {
  const targets = new Map();
  const preview = new Set();
  const card = local.selected;
  if (card === null) return { targets, preview };
  for (const action of turn.actions) {
    const forCard = card === MINUS ? action.type === "remove" : action.type === "place" && action.card === card;
    if (!forCard) continue;
    const key = `${action.row},${action.col}`;
    targets.set(key, [...(targets.get(key) || []), action]);
  }
  if (!targets.size) {
    const answer = answerOf(card);
    (view.board || []).forEach((numbers, row) => numbers.forEach((number, col) => {
      const empty = ((view.chips || [])[row] || [])[col] === null;
      if (empty && number !== 0 && (answer === null ? card === PLUS : number === answer)) preview.add(`${row},${col}`);
    }));
  }
  return { targets, preview };
}

function boardGrid(view, turn) {
  const board = view.board || [];
  const chips = view.chips || [];
  const locked = lockedCells(view);
  const last = lastMove(turn.log);
  const { targets, preview } = targetsFor(view, turn);
  const picking = targets.size > 0;
  const ways = (local.space !== null && targets.get(local.space)) || [];
  const declared = new Set(ways.length ? (ways[local.way].declare || []).flat().map(([r, c]) => `${r},${c}`) : []);
  const cells = [];
  board.forEach((numbers, row) => numbers.forEach((number, col) => {
    const key = `${row},${col}`;
    const side = (chips[row] || [])[col];
    const corner = number === 0;
    const classes = ["sn-cell", corner ? "sn-cell--free" : `sn-band-${bandOf(view, number)}`];
    if (locked.has(key)) classes.push("is-locked");
    if (last && last.row === row && last.col === col) classes.push(last.removed ? "is-removed" : "is-last");
    if (preview.has(key)) classes.push("is-preview");
    if (declared.has(key)) classes.push("is-declared");
    const pending = key === local.space;
    const parts = [
      el("span", { class: "sn-num", "aria-hidden": "true" }, corner ? "\u2605" : String(number)),
      side === null || side === undefined ? null
        : el("span", { class: `sn-chip sn-chip--${colourName(side)}`, "aria-hidden": "true",
          ...flipAttrs(`sn:${key}:${side}`, { enter: "drop" }) }, // a new chip drops in (lib/motion.js)
          chip(colourName(side)), locked.has(key) ? el("span", { class: "sn-lock" }, "\u2713") : null),
      pending ? el("span", { class: `sn-chip sn-chip--${colourName(view.side)} is-pending`, "aria-hidden": "true" },
        chip(colourName(view.side))) : null,
    ];
    const label = cellLabel(number, row, col, side, locked.has(key));
    const choices = targets.get(key) || [];
    const action = choices.length === 1 ? choices[0] : null;
    if (choices.length > 1) {
      const verb = pending ? "Choosing the sequence for" : "Place a chip on";
      cells.push(el("button", {
        type: "button", class: [...classes, "is-target", pending ? "is-pending" : ""].join(" ").trim(),
        "data-choose": key, "data-key": key, "aria-pressed": pending ? "true" : "false",
        title: `${verb} ${spaceText(row, col)}: choose which five form the sequence`,
        onclick: () => pickSpace(key),
      }, parts, srOnly(`${verb} ${label}, then choose which five form the sequence`)));
    } else if (action) {
      const verb = action.type === "remove" ? `Remove the ${colourName(side)} chip from` : "Place a chip on";
      cells.push(actionButton({ action, legal: turn.legal, ctx: turn.ctx,
        className: [...classes, action.type === "remove" ? "is-target is-target--remove" : "is-target"].join(" "),
        title: `${verb} ${spaceText(row, col)}`,
        label: [...parts, srOnly(`${verb} ${label}`)] }));
    } else {
      if (picking && !declared.has(key)) classes.push("is-dim");
      cells.push(el("div", { class: classes.join(" "), role: "img", "aria-label": label, title: label, "data-key": key }, parts));
    }
  }));
  return el("section", { class: "sn-board-wrap", "aria-label": "Board" },
    el("div", { class: `sn-board${picking ? " is-picking" : ""}`, id: "sn-board" }, cells),
    ways.length ? wayChooser(ways, turn) : null);
}

/** "row 3, columns 4–8", "column 2, rows 1–5", "a diagonal from row 1, column 2 to row 5,
 *  column 6": five spaces given as [row, col] in line order. */
function fiveText(cells) {
  const [first, last] = [cells[0], cells[cells.length - 1]];
  const [r1, c1, r2, c2] = [first[0] + 1, first[1] + 1, last[0] + 1, last[1] + 1];
  if (r1 === r2) return `row ${r1}, columns ${Math.min(c1, c2)}\u2013${Math.max(c1, c2)}`;
  if (c1 === c2) return `column ${c1}, rows ${Math.min(r1, r2)}\u2013${Math.max(r1, r2)}`;
  return `a diagonal from row ${r1}, column ${c1} to row ${r2}, column ${c2}`;
}

function wayText(action) {
  return listText((action.declare || []).map(fiveText));
}

/** Under the board: the ways to declare the sequences of the picked space, the one shown on
 *  the board pressed, and the button that sends it. */
function wayChooser(ways, turn) {
  const [row, col] = local.space.split(",").map(Number);
  const shown = ways[local.way];
  return el("section", { class: "sn-choose", "aria-label": "Choose the sequence" },
    el("p", null, el("strong", null, "Which five? "),
      `Your chip on ${spaceText(row, col)} completes a line longer than five: choose the five that form `,
      "the sequence (outlined). Their chips are locked; a later sequence on that line may share one of them."),
    el("div", { class: "sn-ways", role: "group", "aria-label": "Possible sequences" }, ways.map((action, index) =>
      el("button", {
        type: "button", class: `btn btn--small sn-way${index === local.way ? " is-shown" : ""}`,
        "data-way": String(index), "aria-pressed": index === local.way ? "true" : "false",
        onclick: () => choice.choose({ way: index }),
      }, capital(wayText(action))))),
    el("div", { class: "sn-choose-actions" },
      actionButton({ action: shown, legal: turn.legal, ctx: turn.ctx, className: "btn sn-declare",
        label: "Place and declare", title: `Place the chip and declare ${wayText(shown)}` }),
      el("button", { type: "button", class: "btn btn--ghost btn--small sn-cancel", onclick: () => pickSpace(local.space) },
        "Back")));
}

function cellLabel(number, row, col, side, locked) {
  const where = `row ${row + 1}, column ${col + 1}`;
  const base = number === 0 ? `free corner (${where})` : `${number} (${where})`;
  if (side === null || side === undefined) return number === 0 ? `${base}, counts for every side` : `${base}, empty`;
  return `${base}, ${colourName(side)} chip${locked ? " in a completed sequence" : ""}`;
}

// ---- your turn and your hand -----------------------------------------------------------

function turnPanel(view, turn) {
  if (view.phase === "over") return null;
  const { ctx } = turn;
  const mine = ctx.you !== null && turn.actions.length > 0;
  if (!mine) {
    const who = nameOf(ctx.names, view.to_act);
    const side = (view.teams || []).findIndex((seats) => seats.includes(view.to_act));
    return el("section", { class: "sn-turn", "aria-label": "Turn" },
      el("p", null, `${who} (${colourName(side)}) is playing.`,
        ctx.you !== null ? el("span", { class: "muted" }, " Pick a card to see where it fits.") : null));
  }
  const passes = turn.actions.filter((action) => action.type === "pass");
  const exchanges = turn.actions.filter((action) => action.type === "exchange");
  const lines = [];
  if (passes.length) {
    lines.push(el("p", null, el("strong", null, "No card can be played. "),
      "Discard one of your cards (you draw a new one) to end your turn."));
  } else if (local.selected === null) {
    lines.push(el("p", null, el("strong", null, "Your turn: "), "pick a card, then a lit space on the board."));
  } else if (local.selected === MINUS) {
    lines.push(el("p", null, el("strong", null, "Minus: "), "pick an opponent chip to remove (not one in a completed sequence)."));
  } else if (local.selected === PLUS) {
    lines.push(el("p", null, el("strong", null, "Plus: "), "place your chip on any empty space."));
  } else {
    lines.push(el("p", null, el("strong", null, `${cardText(local.selected)}: `), "place your chip on a lit space."));
  }
  if (exchanges.length) {
    lines.push(el("p", { class: "small" }, "You hold a dead card (both its spaces are taken): you may exchange it first."));
  }
  return el("section", { class: "sn-turn is-mine", "aria-label": "Your turn" }, lines);
}

function isDead(view, card) {
  const answer = answerOf(card);
  if (answer === null) return false;
  const board = view.board || [];
  let spaces = 0;
  let taken = 0;
  board.forEach((numbers, row) => numbers.forEach((number, col) => {
    if (number !== answer) return;
    spaces += 1;
    if (((view.chips || [])[row] || [])[col] !== null) taken += 1;
  }));
  return spaces > 0 && taken === spaces;
}

function handBlock(view, turn) {
  if (!Array.isArray(view.hand)) return null;
  const { ctx, legal } = turn;
  const cards = [...new Set(view.hand)].sort((a, b) => cardSortKey(a) - cardSortKey(b));
  const counts = new Map();
  for (const card of view.hand) counts.set(card, (counts.get(card) || 0) + 1);
  const playable = new Set();
  for (const action of turn.actions) {
    if (action.type === "place") playable.add(action.card);
    if (action.type === "remove") playable.add(MINUS);
  }
  const items = cards.map((card) => {
    const dead = isDead(view, card);
    const classes = ["sn-card"];
    if (card === PLUS) classes.push("sn-card--plus");
    else if (card === MINUS) classes.push("sn-card--minus");
    if (dead) classes.push("is-dead");
    const count = counts.get(card);
    const sub = card === PLUS ? "any space" : card === MINUS ? "remove a chip" : dead ? "dead" : "";
    const button = cardFace({ look: classes.join(" "),
      label: dead ? `${cardText(card)}: dead card, both its spaces are taken` : `Pick ${cardText(card)}`,
      face: [el("span", { class: "sn-card-eq", "aria-hidden": "true" }, cardText(card)),
        sub ? el("span", { class: "sn-card-sub", "aria-hidden": "true" }, sub) : null,
        count > 1 ? el("span", { class: "sn-card-count", "aria-hidden": "true" }, `\u00d7${count}`) : null],
      pick: { picked: local.selected === card, onpick: () => choice.choose({ selected: local.selected === card ? null : card, ...NO_SPACE }),
        data: { "data-card": card, "data-count": String(count), "data-playable": playable.has(card) ? "1" : "0" } } });
    const extra = [];
    const exchange = { type: "exchange", card };
    if (turn.actions.some((a) => a.type === "exchange" && a.card === card)) {
      extra.push(actionButton({ action: exchange, legal, ctx, className: "btn btn--small sn-exchange",
        label: "Exchange", title: `Discard the dead card ${cardText(card)} and draw a new one` }));
    }
    if (turn.actions.some((a) => a.type === "pass" && a.card === card)) {
      extra.push(actionButton({ action: { type: "pass", card }, legal, ctx, className: "btn btn--small sn-pass",
        label: "Discard", title: `Discard ${cardText(card)}, draw, and end your turn` }));
    }
    return el("li", { class: "sn-hand-item", "data-key": card }, button, extra);
  });
  return hand({ className: "sn-hand", heading: handTitle(), cards: items, row: "sn-cards", rowTag: "ul", empty: null,
    note: el("p", { class: "small muted sn-hint" }, teamSize(view) > 1
      ? "Only you see your hand: not even your team-mates can." : "Only you see your hand.") });
}

function teamSize(view) {
  const team = (view.teams || [])[view.side];
  return team ? team.length : 1;
}

/** Pick (or, picked again, drop) a space whose placement needs a choice of sequence. */
function pickSpace(key) {
  const again = local.space === key;
  choice.choose({ ...NO_SPACE, space: again ? null : key }, (root) => {
    const target = root.querySelector(again ? `button[data-choose="${key}"]` : "button[data-way].is-shown");
    if (target) {
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: "nearest" });
    }
  });
}

function pilesBlock(view, ctx) {
  const piles = view.discards || [];
  const counts = view.hand_counts || [];
  const rows = piles.map((pile, seat) => {
    const side = (view.teams || []).findIndex((seats) => seats.includes(seat));
    const top = pile.length ? pile[pile.length - 1] : null;
    return el("li", { class: "sn-pile" },
      sideMark(side),
      el("span", { class: "sn-pile-name" }, nameOf(ctx.names, seat)),
      el("span", { class: "sn-pile-hand muted" }, plural(counts[seat] ?? 0, "card")),
      top ? el("span", { class: "sn-mini-card", title: `Top of the discard pile (${pile.length})` }, cardText(top))
        : el("span", { class: "muted small" }, "no discards"),
      pile.length > 1 ? el("details", { class: "sn-pile-all" },
        el("summary", null, `all ${pile.length}`),
        el("span", { class: "small" }, pile.map(cardText).join(", "))) : null);
  });
  return el("section", { class: "sn-piles", "aria-label": "Discard piles" },
    el("h2", null, "Discard piles"),
    el("ul", null, rows),
    el("p", { class: "small muted pile-fact" }, back("sequence_numbers", { className: "pc-back--mini" }), `Draw pile: ${plural(view.deck_count ?? 0, "card")}. `,
      `${view.needed === 2 ? "Two sequences" : "One sequence"} to win.`));
}

export function turnHint(state) {
  const actions = state.legal || [];
  if (actions.some((action) => action.type === "pass")) return "No card fits: discard one.";
  if (actions.some((action) => action.type === "exchange")) return "Pick a card and a space (or exchange a dead card).";
  return "Pick a card, then a lit space.";
}

// ---- log and record --------------------------------------------------------------------

function drewText(entry) {
  return typeof entry.drew === "string" ? ` You drew ${cardText(entry.drew)}.` : "";
}

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "game_started": {
      const teams = (entry.teams || []).map((seats, side) =>
        `${capital(colourName(side))}: ${listText(seats.map((seat) => nameOf(names, seat)))}`);
      const goal = entry.needed === 2 ? "two sequences" : "one sequence";
      return `Game started, ${goal} to win. ${teams.join("; ")}. ${nameOf(names, entry.start_seat)} starts.`;
    }
    case "card_exchanged":
      return `${who} exchanged the dead card ${cardText(entry.card)}.${drewText(entry)}`;
    case "chip_placed":
      return `${who} played ${cardText(entry.card)}: ${colourName(entry.side)} chip on ${spaceText(entry.row, entry.col, entry.card)}.${drewText(entry)}`;
    case "chip_removed":
      return `${who} played Minus: removed the ${colourName(entry.owner)} chip from ${spaceText(entry.row, entry.col)}.${drewText(entry)}`;
    case "passed":
      return `${who} could not play and discarded ${cardText(entry.card)}.${drewText(entry)}`;
    case "sequence_completed":
      return `${capital(colourName(entry.side))} completed a sequence (${entry.count}): ${fiveText(entry.cells)}!`;
    case "deck_reshuffled":
      return `The draw pile ran out: ${plural(entry.cards, "discarded card")} shuffled into a new one.`;
    case "game_over":
      return `Game over: ${colourName(entry.winner)} wins (${listText((entry.seats || []).map((seat) => nameOf(names, seat)))}).`;
    case "game_drawn":
      return "No side can complete its sequences any more: the game is a draw.";
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

export function describeAction(action, names) {
  switch (action && action.type) {
    case "place":
      return `Play ${cardText(action.card)} on ${spaceText(action.row, action.col, action.card)}${
        action.declare ? `, declaring ${wayText(action)}` : ""}`;
    case "remove":
      return `Play Minus on ${spaceText(action.row, action.col)}`;
    case "exchange":
      return `Exchange the dead card ${cardText(action.card)}`;
    case "pass":
      return `Discard ${cardText(action.card)} and pass`;
    default:
      return compactJson(action);
  }
}

// ---- final result ----------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const detail = outcome.detail || {};
  const teams = detail.teams || (view && view.teams) || [];
  const counts = detail.sequences || (view && view.sequence_counts) || [];
  let headline;
  if (detail.draw) {
    headline = "A draw: no side can complete its sequences.";
  } else {
    const seats = teams[detail.winner_side] || outcome.winners || [];
    const who = listText(seats.map((seat) => nameOf(names, seat)));
    headline = seats.length > 1 ? `${capital(colourName(detail.winner_side))} wins: ${who}!`
      : `${who} wins with ${colourName(detail.winner_side)}!`;
  }
  const rows = teams.map((seats, side) => el("li", { class: `sn-team${detail.winner_side === side ? " is-winner" : ""}` },
    sideMark(side),
    el("span", { class: "sn-team-names" }, el("strong", null, capital(colourName(side))), ": ",
      listText(seats.map((seat) => nameOf(names, seat)))),
    detail.winner_side === side ? el("span", { class: "badge badge--win" }, "winner") : null,
    el("span", { class: "sn-team-count" }, plural(counts[side] ?? 0, "sequence"))));
  // The table keeps showing the final board below, so the result lists only the sides.
  fill(root, el("p", { class: "outcome-winners" }, headline), el("ul", { class: "sn-final" }, rows));
}
