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
import { compactJson, listText, nameOf } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { N_, locale, t, tn } from "../lib/i18n.js";
import { flipAttrs } from "../lib/motion.js";
import { patch } from "../lib/patch.js";
import { back, chip, mark } from "../lib/pieces.js";
import { youBadge } from "../lib/seats.js";

const PLUS = "plus";
const MINUS = "minus";
const MINUS_SIGN = "\u2212";
const COLOURS = ["blue", "green", "red"]; // i18n: not text (CSS and piece names)
const COLOUR_NAMES = { blue: N_("blue"), green: N_("green"), red: N_("red") };
// Sentences follow one another with a space, but not in Chinese or Japanese.
const SENTENCE_GAP = locale.startsWith("zh") || locale === "ja" ? "" : " ";
const BAND_COUNT = 5;

export const OPTIONS = {
  six_player_teams: {
    label: t("With 6 players, play as"),
    players: [6], // the create form shows it for 6 players only
    choices: [
      [2, t("2 teams of 3")],
      [3, t("3 teams of 2")],
    ],
  },
  plus_cards: {
    label: t("Plus cards in the deck"),
    choices: [0, 1, 2, 3, 4].map((n) => [n, n === 2 ? t("{count} (seed)", { count: n }) : String(n)]),
  },
  minus_cards: {
    label: t("Minus cards in the deck"),
    choices: [0, 1, 2, 3, 4].map((n) => [n, n === 2 ? t("{count} (seed)", { count: n }) : String(n)]),
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
  if (card === PLUS) return t("Plus");
  if (card === MINUS) return t("Minus");
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

/** A side's colour as CSS and lib/pieces.js name it ("blue"), not for people. */
function colourKey(side) {
  return COLOURS[side] || `side ${Number(side) + 1}`; // i18n: not text
}

/** A side's colour in the reader's language: "blue", "green", "red" ("side 4" past them). */
function colourName(side) {
  const colour = COLOURS[side];
  return colour ? t(COLOUR_NAMES[colour]) : t("side {number}", { number: Number(side) + 1 });
}

/** A side's colour with its shape (lib/pieces.js), so sides differ by more than colour. */
function sideMark(side) {
  const colour = colourKey(side);
  return mark(colour, `sn-dot sn-dot--${colour}`) || el("span", { class: "sn-dot", "aria-hidden": "true" });
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** Sentences one after the other, as the reader's language writes them. */
function sentences(...parts) {
  return parts.filter(Boolean).join(SENTENCE_GAP);
}

/** "24 (row 3, column 6)"; the number comes from the board when it is known here (the record
 *  page has no view), else from the equation card played there, else only the position. */
function spaceText(row, col, card = null) {
  const where = { row: Number(row) + 1, column: Number(col) + 1 };
  const number = knownBoard && knownBoard[row] ? knownBoard[row][col] : answerOf(card);
  if (number === 0) return t("the free corner (row {row}, column {column})", where);
  if (typeof number === "number") return t("{number} (row {row}, column {column})", { number, ...where });
  return t("row {row}, column {column}", where);
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
  return el("section", { class: "sn-sides", "aria-label": t("Sides") }, teams.map((seats, side) => {
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
      mine ? youBadge(seats.length > 1 ? t("your team") : t("you")) : null,
      el("span", { class: "sn-team-count", title: t("Completed sequences") },
        `${done}/${view.needed ?? 1}`, srOnly(` ${t("sequences")}`)));
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
        : el("span", { class: `sn-chip sn-chip--${colourKey(side)}`, "aria-hidden": "true",
          ...flipAttrs(`sn:${key}:${side}`, { enter: "drop" }) }, // a new chip drops in (lib/motion.js)
          chip(colourKey(side)), locked.has(key) ? el("span", { class: "sn-lock" }, "\u2713") : null),
      pending ? el("span", { class: `sn-chip sn-chip--${colourKey(view.side)} is-pending`, "aria-hidden": "true" },
        chip(colourKey(view.side))) : null,
    ];
    const label = cellLabel(number, row, col, side, locked.has(key));
    const choices = targets.get(key) || [];
    const action = choices.length === 1 ? choices[0] : null;
    if (choices.length > 1) {
      const space = spaceText(row, col);
      cells.push(el("button", {
        type: "button", class: [...classes, "is-target", pending ? "is-pending" : ""].join(" ").trim(),
        "data-choose": key, "data-key": key, "aria-pressed": pending ? "true" : "false",
        title: pending ? t("Choosing the sequence for {space}: choose which five form the sequence", { space })
          : t("Place a chip on {space}: choose which five form the sequence", { space }),
        onclick: () => pickSpace(key),
      }, parts, srOnly(pending
        ? t("Choosing the sequence for {space}, then choose which five form the sequence", { space: label })
        : t("Place a chip on {space}, then choose which five form the sequence", { space: label }))));
    } else if (action) {
      const removing = action.type === "remove";
      const verb = (space) => (removing
        ? t("Remove the {colour} chip from {space}", { colour: colourName(side), space })
        : t("Place a chip on {space}", { space }));
      cells.push(actionButton({ action, legal: turn.legal, ctx: turn.ctx,
        className: [...classes, removing ? "is-target is-target--remove" : "is-target"].join(" "),
        title: verb(spaceText(row, col)),
        label: [...parts, srOnly(verb(label))] }));
    } else {
      if (picking && !declared.has(key)) classes.push("is-dim");
      cells.push(el("div", { class: classes.join(" "), role: "img", "aria-label": label, title: label, "data-key": key }, parts));
    }
  }));
  return el("section", { class: "sn-board-wrap", "aria-label": t("Board") },
    el("div", { class: `sn-board${picking ? " is-picking" : ""}`, id: "sn-board" }, cells),
    ways.length ? wayChooser(ways, turn) : null);
}

/** "row 3, columns 4–8", "column 2, rows 1–5", "a diagonal from row 1, column 2 to row 5,
 *  column 6": five spaces given as [row, col] in line order. */
function fiveText(cells) {
  const [first, last] = [cells[0], cells[cells.length - 1]];
  const [r1, c1, r2, c2] = [first[0] + 1, first[1] + 1, last[0] + 1, last[1] + 1];
  if (r1 === r2) return t("row {row}, columns {first}\u2013{last}", { row: r1, first: Math.min(c1, c2), last: Math.max(c1, c2) });
  if (c1 === c2) return t("column {column}, rows {first}\u2013{last}", { column: c1, first: Math.min(r1, r2), last: Math.max(r1, r2) });
  return t("a diagonal from row {row}, column {column} to row {row2}, column {column2}", { row: r1, column: c1, row2: r2, column2: c2 });
}

function wayText(action) {
  return listText((action.declare || []).map(fiveText));
}

/** Under the board: the ways to declare the sequences of the picked space, the one shown on
 *  the board pressed, and the button that sends it. */
function wayChooser(ways, turn) {
  const [row, col] = local.space.split(",").map(Number);
  const shown = ways[local.way];
  return el("section", { class: "sn-choose", "aria-label": t("Choose the sequence") },
    el("p", null, el("strong", null, t("Which five?")), SENTENCE_GAP,
      t("Your chip on {space} completes a line longer than five: choose the five that form the sequence (outlined).",
        { space: spaceText(row, col) }), SENTENCE_GAP,
      t("Their chips are locked; a later sequence on that line may share one of them.")),
    el("div", { class: "sn-ways", role: "group", "aria-label": t("Possible sequences") }, ways.map((action, index) =>
      el("button", {
        type: "button", class: `btn btn--small sn-way${index === local.way ? " is-shown" : ""}`,
        "data-way": String(index), "aria-pressed": index === local.way ? "true" : "false",
        onclick: () => choice.choose({ way: index }),
      }, capital(wayText(action))))),
    el("div", { class: "sn-choose-actions" },
      actionButton({ action: shown, legal: turn.legal, ctx: turn.ctx, className: "btn sn-declare",
        label: t("Place and declare"), title: t("Place the chip and declare {sequences}", { sequences: wayText(shown) }) }),
      el("button", { type: "button", class: "btn btn--ghost btn--small sn-cancel", onclick: () => pickSpace(local.space) },
        t("Back"))));
}

function cellLabel(number, row, col, side, locked) {
  const where = { row: row + 1, column: col + 1 };
  const space = number === 0 ? t("free corner (row {row}, column {column})", where)
    : t("{number} (row {row}, column {column})", { number, ...where });
  if (side === null || side === undefined) {
    return number === 0 ? t("{space}, counts for every side", { space }) : t("{space}, empty", { space });
  }
  const colour = colourName(side);
  return locked ? t("{space}, {colour} chip in a completed sequence", { space, colour })
    : t("{space}, {colour} chip", { space, colour });
}

// ---- your turn and your hand -----------------------------------------------------------

function turnPanel(view, turn) {
  if (view.phase === "over") return null;
  const { ctx } = turn;
  const mine = ctx.you !== null && turn.actions.length > 0;
  if (!mine) {
    const who = nameOf(ctx.names, view.to_act);
    const side = (view.teams || []).findIndex((seats) => seats.includes(view.to_act));
    return el("section", { class: "sn-turn", "aria-label": t("Turn") },
      el("p", null, t("{player} ({colour}) is playing.", { player: who, colour: colourName(side) }),
        ctx.you !== null ? el("span", { class: "muted" }, SENTENCE_GAP + t("Pick a card to see where it fits.")) : null));
  }
  const passes = turn.actions.filter((action) => action.type === "pass");
  const exchanges = turn.actions.filter((action) => action.type === "exchange");
  const lines = [];
  // A bold lead, then the rest of the sentence: "Your turn: pick a card, then ...".
  const lead = (strong, rest) => el("p", null, el("strong", null, strong), rest);
  if (passes.length) {
    lines.push(lead(t("No card can be played."), SENTENCE_GAP + t("Discard one of your cards (you draw a new one) to end your turn.")));
  } else if (local.selected === null) {
    lines.push(lead(t("Your turn:"), SENTENCE_GAP + t("pick a card, then a lit space on the board.")));
  } else if (local.selected === MINUS) {
    lines.push(lead(t("Minus:"), SENTENCE_GAP + t("pick an opponent chip to remove (not one in a completed sequence).")));
  } else if (local.selected === PLUS) {
    lines.push(lead(t("Plus:"), SENTENCE_GAP + t("place your chip on any empty space.")));
  } else {
    lines.push(lead(t("{card}:", { card: cardText(local.selected) }), SENTENCE_GAP + t("place your chip on a lit space.")));
  }
  if (exchanges.length) {
    lines.push(el("p", { class: "small" }, t("You hold a dead card (both its spaces are taken): you may exchange it first.")));
  }
  return el("section", { class: "sn-turn is-mine", "aria-label": t("Your turn") }, lines);
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
    const sub = card === PLUS ? t("any space") : card === MINUS ? t("remove a chip") : dead ? t("dead") : "";
    const button = cardFace({ look: classes.join(" "),
      label: dead ? t("{card}: dead card, both its spaces are taken", { card: cardText(card) })
        : t("Pick {card}", { card: cardText(card) }),
      face: [el("span", { class: "sn-card-eq", "aria-hidden": "true" }, cardText(card)),
        sub ? el("span", { class: "sn-card-sub", "aria-hidden": "true" }, sub) : null,
        count > 1 ? el("span", { class: "sn-card-count", "aria-hidden": "true" }, `\u00d7${count}`) : null],
      pick: { picked: local.selected === card, onpick: () => choice.choose({ selected: local.selected === card ? null : card, ...NO_SPACE }),
        data: { "data-card": card, "data-count": String(count), "data-playable": playable.has(card) ? "1" : "0" } } });
    const extra = [];
    const exchange = { type: "exchange", card };
    if (turn.actions.some((a) => a.type === "exchange" && a.card === card)) {
      extra.push(actionButton({ action: exchange, legal, ctx, className: "btn btn--small sn-exchange",
        label: t("Exchange"), title: t("Discard the dead card {card} and draw a new one", { card: cardText(card) }) }));
    }
    if (turn.actions.some((a) => a.type === "pass" && a.card === card)) {
      extra.push(actionButton({ action: { type: "pass", card }, legal, ctx, className: "btn btn--small sn-pass",
        label: t("Discard"), title: t("Discard {card}, draw, and end your turn", { card: cardText(card) }) }));
    }
    return el("li", { class: "sn-hand-item", "data-key": card }, button, extra);
  });
  return hand({ className: "sn-hand", heading: handTitle(), cards: items, row: "sn-cards", rowTag: "ul", empty: null,
    note: el("p", { class: "small muted sn-hint" }, teamSize(view) > 1
      ? t("Only you see your hand: not even your team-mates can.") : t("Only you see your hand.")) });
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
      el("span", { class: "sn-pile-hand muted" }, tn("{count} card", "{count} cards", counts[seat] ?? 0)),
      top ? el("span", { class: "sn-mini-card", title: t("Top of the discard pile ({count})", { count: pile.length }) }, cardText(top))
        : el("span", { class: "muted small" }, t("no discards")),
      pile.length > 1 ? el("details", { class: "sn-pile-all" },
        el("summary", null, t("all {count}", { count: pile.length })),
        el("span", { class: "small" }, pile.map(cardText).join(", "))) : null);
  });
  return el("section", { class: "sn-piles", "aria-label": t("Discard piles") },
    el("h2", null, t("Discard piles")),
    el("ul", null, rows),
    el("p", { class: "small muted pile-fact" }, back("sequence_numbers", { className: "pc-back--mini" }),
      tn("Draw pile: {count} card.", "Draw pile: {count} cards.", view.deck_count ?? 0) + SENTENCE_GAP,
      view.needed === 2 ? t("Two sequences to win.") : t("One sequence to win.")));
}

export function turnHint(state) {
  const actions = state.legal || [];
  if (actions.some((action) => action.type === "pass")) return t("No card fits: discard one.");
  if (actions.some((action) => action.type === "exchange")) return t("Pick a card and a space (or exchange a dead card).");
  return t("Pick a card, then a lit space.");
}

// ---- log and record --------------------------------------------------------------------

/** A log line, then "You drew 3 + 4." for the player who drew. */
function withDraw(line, entry) {
  return typeof entry.drew === "string" ? sentences(line, t("You drew {card}.", { card: cardText(entry.drew) })) : line;
}

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "game_started": {
      const teams = (entry.teams || []).map((seats, side) => t("{side}: {players}",
        { side: capital(colourName(side)), players: listText(seats.map((seat) => nameOf(names, seat))) }));
      return sentences(
        entry.needed === 2 ? t("Game started, two sequences to win.") : t("Game started, one sequence to win."),
        t("{teams}.", { teams: teams.join("; ") }),
        t("{player} starts.", { player: nameOf(names, entry.start_seat) }));
    }
    case "card_exchanged":
      return withDraw(t("{player} exchanged the dead card {card}.", { player: who, card: cardText(entry.card) }), entry);
    case "chip_placed":
      return withDraw(t("{player} played {card}: {colour} chip on {space}.", { player: who, card: cardText(entry.card),
        colour: colourName(entry.side), space: spaceText(entry.row, entry.col, entry.card) }), entry);
    case "chip_removed":
      return withDraw(t("{player} played Minus: removed the {colour} chip from {space}.", { player: who,
        colour: colourName(entry.owner), space: spaceText(entry.row, entry.col) }), entry);
    case "passed":
      return withDraw(t("{player} could not play and discarded {card}.", { player: who, card: cardText(entry.card) }), entry);
    case "sequence_completed":
      return t("{side} completed a sequence ({count}): {sequence}!",
        { side: capital(colourName(entry.side)), count: entry.count, sequence: fiveText(entry.cells) });
    case "deck_reshuffled":
      return tn("The draw pile ran out: {count} discarded card shuffled into a new one.",
        "The draw pile ran out: {count} discarded cards shuffled into a new one.", entry.cards);
    case "game_over":
      return t("Game over: {colour} wins ({players}).",
        { colour: colourName(entry.winner), players: listText((entry.seats || []).map((seat) => nameOf(names, seat))) });
    case "game_drawn":
      return t("No side can complete its sequences any more: the game is a draw.");
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

export function describeAction(action, names) {
  switch (action && action.type) {
    case "place": {
      const played = { card: cardText(action.card), space: spaceText(action.row, action.col, action.card) };
      return action.declare ? t("Play {card} on {space}, declaring {sequences}", { ...played, sequences: wayText(action) })
        : t("Play {card} on {space}", played);
    }
    case "remove":
      return t("Play Minus on {space}", { space: spaceText(action.row, action.col) });
    case "exchange":
      return t("Exchange the dead card {card}", { card: cardText(action.card) });
    case "pass":
      return t("Discard {card} and pass", { card: cardText(action.card) });
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
    headline = t("A draw: no side can complete its sequences.");
  } else {
    const seats = teams[detail.winner_side] || outcome.winners || [];
    const who = listText(seats.map((seat) => nameOf(names, seat)));
    headline = seats.length > 1 ? t("{side} wins: {players}!", { side: capital(colourName(detail.winner_side)), players: who })
      : t("{player} wins with {colour}!", { player: who, colour: colourName(detail.winner_side) });
  }
  const rows = teams.map((seats, side) => el("li", { class: `sn-team${detail.winner_side === side ? " is-winner" : ""}` },
    sideMark(side),
    el("span", { class: "sn-team-names" }, el("strong", null, capital(colourName(side))), ": ",
      listText(seats.map((seat) => nameOf(names, seat)))),
    detail.winner_side === side ? el("span", { class: "badge badge--win" }, t("winner")) : null,
    el("span", { class: "sn-team-count" }, tn("{count} sequence", "{count} sequences", counts[side] ?? 0))));
  // The table keeps showing the final board below, so the result lists only the sides.
  fill(root, el("p", { class: "outcome-winners" }, headline), el("ul", { class: "sn-final" }, rows));
}
