// Da Vinci Code renderer (rules: shared/rules/da-vinci-code.md). Every player has a row of
// black and white tiles, sorted left to right; colours are public, numbers hidden until revealed.
// On your turn you draw, then guess an opponent's hidden tile: pick the tile (a local choice,
// button[data-tile]), then a number on the pad (#number-pad, the legal guess actions).

import { actionButton, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { el, fill, srOnly } from "../lib/dom.js";
import { compactJson, indefinite, nameOf, ordinal, plural } from "../lib/format.js";
import { infoBar } from "../lib/info.js";
import { flipped } from "../lib/motion.js";
import { patch } from "../lib/patch.js";
import { mark } from "../lib/pieces.js";
import { winnersText } from "../lib/results.js";
import { seatEntry } from "../lib/seats.js";

const JOKER = "joker";
const NUMBERS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const DASH = "\u2013";

export const OPTIONS = {
  opening: {
    label: "Opening",
    choices: [
      ["seed", "2 black + 2 white (seed)"],
      ["random", "Random 4 (3 with 4 players)"],
    ],
  },
  jokers: { label: "Jokers" },
};

// Choices made on this page that are not moves yet: the opponent tile picked for a guess,
// whether "Guess again" was chosen after a correct guess, whether the player is choosing where
// to hide a drawn joker as they stop, and whether the earlier guesses are open. Kept across
// redraws.
const choice = localChoice({ selected: null, guessAgain: false, hidingJoker: false, historyOpen: false, events: 0 }, draw);
const local = choice.picked;
export const render = choice.render;
const colourById = new Map(); // tile id -> colour (public), for log lines about a tile id

// ---- tiles -----------------------------------------------------------------------------

function known(number) {
  return number !== null && number !== undefined;
}

function colourName(colour) {
  return colour === "black" || colour === "white" ? colour : "unknown";
}

/** What a tile shows: "7", "–" for a joker. */
function numberText(number) {
  return number === JOKER ? DASH : String(number);
}

/** For sentences: "7", "the joker". */
function numberWord(number) {
  return number === JOKER ? "a joker" : String(number);
}

/** "black 7", "white joker", "black tile" (without the colour when it is not known here). */
function tilePhrase(tile) {
  const colour = tile.colour === "black" || tile.colour === "white" ? `${tile.colour} ` : "";
  if (!known(tile.number)) return `${colour}tile`;
  return tile.number === JOKER ? `${colour}joker` : `${colour}${tile.number}`;
}

function possessive(name) {
  return `${name}\u2019s`;
}

/**
 * How a tile looks: "open" (face up for everyone), "secret" (its number is shown to you but
 * hidden from the others) or "back" (number unknown to you).
 */
function tileState(tile) {
  if (tile.revealed) return "open";
  return known(tile.number) ? "secret" : "back";
}

function tileLabel(tile, owner, names) {
  const state = tileState(tile);
  const what = tilePhrase(tile);
  if (state === "open") return `${what}, face up`;
  if (state === "secret") return `${what}, hidden from others`;
  return `${possessive(nameOf(names, owner))} hidden ${tilePhrase({ colour: tile.colour, number: null })}`;
}

function tileClasses(tile, extra = "") {
  const classes = ["dvc-tile", `dvc-tile--${colourName(tile.colour)}`, `is-${tileState(tile)}`];
  if (tile.number === 6 || tile.number === 9) classes.push("is-underlined"); // 6 vs 9 upside down
  if (tile.number === JOKER) classes.push("is-joker");
  if (extra) classes.push(extra);
  return classes.join(" ");
}

// A face-down tile shows only what everyone sees (its colour): the game's emblem from
// lib/pieces.js, never anything of its number.
function tileContent(tile) {
  if (!known(tile.number)) return el("span", { class: "dvc-num", "aria-hidden": "true" }, mark("diamond", "dvc-emblem"));
  return el("span", { class: "dvc-num", "aria-hidden": "true" }, numberText(tile.number));
}

/** A tile that is only looked at. */
function tileFace(tile, owner, names, extra = "") {
  return tilePiece(cardFace({ look: tileClasses(tile, extra), label: tileLabel(tile, owner, names), face: tileContent(tile),
    key: tile.id ?? null }), tile);
}

/** A tile keeps its identity from the draw to its place in the row (lib/motion.js). */
function tilePiece(node, tile) {
  return tile.id === null || tile.id === undefined ? node : flipped(node, `dvc:${tile.id}`);
}

function rememberTiles(view) {
  for (const row of view.rows || []) {
    for (const tile of row || []) colourById.set(String(tile.id), tile.colour);
  }
  if (view.drawn) colourById.set(String(view.drawn.id), view.drawn.colour);
}

function findTile(view, id) {
  const rows = view.rows || [];
  for (let seat = 0; seat < rows.length; seat += 1) {
    const index = (rows[seat] || []).findIndex((tile) => String(tile.id) === String(id));
    if (index >= 0) return { seat, index, tile: rows[seat][index] };
  }
  return null;
}

// ---- board -----------------------------------------------------------------------------

function draw(root, state, ctx) {
  const view = state.view || {};
  const legal = legalIndex(state.legal);
  rememberTiles(view);

  const guesses = (state.legal || []).filter((action) => action.type === "guess");
  const targetable = new Set(guesses.map((action) => String(action.tile)));
  if (local.selected !== null && !targetable.has(local.selected)) local.selected = null;
  const events = (state.log || []).length;
  if (view.phase !== "continue" || events !== local.events) { // ask again
    local.guessAgain = false;
    local.hidingJoker = false;
  }
  local.events = events;
  // A stop names where the drawn tile goes: one place for a number, any place for a joker.
  const stops = (state.legal || []).filter((action) => action.type === "stop");
  const turn = { legal, guesses, targetable, stops, ctx };

  const rows = view.rows || [];
  const seats = rows.map((_, seat) => seat);
  const you = typeof ctx.you === "number" && ctx.you < rows.length ? ctx.you : null;
  const others = you === null ? seats : [...seats.slice(you + 1), ...seats.slice(0, you)];

  patch(root, el("div", { class: "dvc" },
    infoLine(view),
    el("section", { class: "dvc-players", "aria-label": "Opponents\u2019 tiles" },
      others.map((seat) => playerBlock(view, seat, turn))),
    turnPanel(view, state, turn),
    you === null ? null : playerBlock(view, you, turn),
    historyBlock(view, ctx.names)));
}

function infoLine(view) {
  const pool = view.pool || {};
  return infoBar("dvc-info",
    el("span", { class: "dvc-pool" }, el("strong", null, "Pool: "),
      poolChip("black", pool.black ?? 0), poolChip("white", pool.white ?? 0)),
    el("span", { class: "muted" },
      view.opening === "random" ? "Random opening" : "Seed opening",
      view.jokers ? " \u00b7 jokers in play" : " \u00b7 no jokers"));
}

function poolChip(colour, count) {
  const label = `${plural(count, `${colour} tile`)} left`;
  return el("span", { class: "dvc-pool-chip", title: label },
    el("span", { class: `dvc-mini dvc-tile--${colour}`, "aria-hidden": "true" }),
    srOnly(label),
    el("span", { "aria-hidden": "true" }, `${count} ${colour}`));
}

function playerBlock(view, seat, turn) {
  const { ctx } = turn;
  const names = ctx.names;
  const row = (view.rows || [])[seat] || [];
  const out = Boolean((view.eliminated || [])[seat]);
  const mine = seat === ctx.you;
  const active = view.phase !== "over" && view.to_act === seat;
  const hidden = row.filter((tile) => !tile.revealed).length;
  const drawn = active && view.drawn ? view.drawn : null;

  return seatEntry({ prefix: "dvc-player", seat, name: nameOf(names, seat), you: mine, turn: active,
    classes: out ? ["is-out"] : [],
    badges: [out ? el("span", { class: "badge badge--out" }, "out") : null,
      el("span", { class: "dvc-count" }, `${hidden} of ${row.length} hidden`),
      drawn && !mine ? el("span", { class: "dvc-holding" }, "drew ",
        tileFace({ ...drawn, revealed: false }, seat, names, "dvc-tile--small")) : null],
    body: [el("div", { class: "dvc-tiles" }, rowTiles(view, seat, row, turn)),
      mine ? el("p", { class: "dvc-legend small muted" },
        el("span", { class: "dvc-legend-key is-secret", "aria-hidden": "true" }),
        " dashed: only you see the number \u00b7 ",
        el("span", { class: "dvc-legend-key is-open", "aria-hidden": "true" }),
        " solid: face up for everyone") : null] });
}

function rowTiles(view, seat, row, turn) {
  const { ctx, legal } = turn;
  const names = ctx.names;
  if (!row.length) return el("span", { class: "muted" }, "No tiles yet");
  const mine = seat === ctx.you;

  const placing = view.phase === "place_joker" && hasType(legal, "place_joker");
  const hiding = view.phase === "continue" && local.hidingJoker && turn.stops.length > 1;
  if (mine && (placing || hiding)) {
    const type = placing ? "place_joker" : "stop";
    const items = [];
    for (let index = 0; index <= row.length; index += 1) {
      items.push(actionButton({ action: { type, index }, legal, ctx, className: "dvc-slot",
        title: `Put the joker at position ${index + 1}`,
        label: [el("span", { "aria-hidden": "true" }, "+"),
          srOnly(`Put the joker at position ${index + 1}`)] }));
      if (index < row.length) items.push(tileFace(row[index], seat, names));
    }
    return items;
  }

  return row.map((tile) => {
    if (mine && view.phase === "reveal" && !tile.revealed) {
      return tilePiece(cardFace({ look: tileClasses(tile, "dvc-pick"), label: `Reveal your ${tilePhrase(tile)}`,
        face: tileContent(tile), key: tile.id, play: { action: { type: "reveal", tile: tile.id }, legal, ctx } }), tile);
    }
    if (!mine && !tile.revealed && turn.guesses.length) return tilePiece(targetButton(view, seat, tile, turn), tile);
    return tileFace(tile, seat, names);
  });
}

/** An opponent's hidden tile you may pick for a guess (a local choice, not a move yet). */
function targetButton(view, seat, tile, turn) {
  const id = String(tile.id);
  return cardFace({ look: tileClasses(tile, "dvc-target"), key: id, face: tileContent(tile),
    label: `Guess ${possessive(nameOf(turn.ctx.names, seat))} ${tilePhrase({ colour: tile.colour, number: null })}`,
    pick: { picked: local.selected === id, enabled: turn.targetable.has(id), onpick: () => selectTile(id),
      data: { "data-tile": id, "data-target": seat } } });
}

function selectTile(id) {
  choice.choose({ selected: local.selected === id ? null : id }, (root) => {
    const pad = root.querySelector("#number-pad");
    if (pad && typeof pad.scrollIntoView === "function") pad.scrollIntoView({ block: "nearest" });
  });
}

function hasType(legal, type) {
  for (const action of legal.values()) if (action.type === type) return true;
  return false;
}

// ---- your turn -------------------------------------------------------------------------

function turnPanel(view, state, turn) {
  if (view.phase === "over") return null;
  const { ctx, legal } = turn;
  const names = ctx.names;
  const mine = ctx.you !== null && (state.legal || []).length > 0;
  const actor = view.to_act;

  if (!mine) {
    const who = nameOf(names, actor);
    const doing = {
      draw: `${who} is drawing a tile.`,
      guess: `${who} is guessing.`,
      continue: `${who} guessed right and may guess again or stop.`,
      reveal: `${who} guessed wrong with an empty pool and is revealing a tile.`,
      place_joker: `${who} guessed wrong and is placing their joker face up.`,
    }[view.phase] || (typeof actor === "number" ? `Waiting for ${who}.` : "Waiting\u2026");
    return el("section", { class: "dvc-turn", "aria-label": "Turn" }, el("p", { class: "dvc-turn-text" }, doing));
  }

  const parts = [];
  if (view.drawn) parts.push(drawnLine(view.drawn, actor, view.phase, names));

  switch (view.phase) {
    case "draw": {
      const pool = view.pool || {};
      parts.push(el("p", { class: "dvc-turn-text" }, el("strong", null, "Draw a tile"), " from the pool."),
        el("div", { class: "button-row" }, ["black", "white"].map((colour) =>
          actionButton({ action: { type: "draw", colour }, legal, ctx, className: "btn btn--primary",
            label: [el("span", { class: `dvc-mini dvc-tile--${colour}`, "aria-hidden": "true" }),
              `Draw ${colour} (${pool[colour] ?? 0})`] }))));
      break;
    }
    case "guess":
      if (!view.drawn) {
        parts.push(el("p", { class: "dvc-note" },
          "The pool is empty: no tile to draw. A wrong guess makes you reveal one of your own tiles."));
      }
      parts.push(guessArea(view, turn));
      break;
    case "continue": {
      const stop = turn.stops.length > 1
        ? el("button", { type: "button", class: "btn btn--primary dvc-stop", onclick: hideJoker },
          "Stop and hide my joker")
        : actionButton({ action: turn.stops[0] || { type: "stop" }, legal, ctx, className: "btn btn--primary dvc-stop",
          label: view.drawn ? "Stop and keep my tile hidden" : "Stop" });
      if (local.hidingJoker && turn.stops.length > 1) {
        parts.push(el("p", { class: "dvc-turn-text" }, el("strong", null, "Hide your joker: "),
          "it may go anywhere in your row and stays there. Choose a + between your tiles below."),
        el("div", { class: "button-row" },
          el("button", { type: "button", class: "btn", onclick: guessAgain }, "Guess again instead")));
        break;
      }
      parts.push(el("p", { class: "dvc-turn-text dvc-right" }, el("strong", null, "Correct!"),
        " Guess again, or stop while you are ahead."));
      if (local.guessAgain || local.selected !== null) {
        parts.push(guessArea(view, turn), el("div", { class: "button-row" }, stop));
      } else {
        const again = el("button", { type: "button", class: "btn", onclick: guessAgain }, "Guess again");
        parts.push(el("div", { class: "button-row dvc-choice" }, again, stop));
      }
      break;
    }
    case "reveal":
      parts.push(el("p", { class: "dvc-turn-text dvc-wrong" },
        el("strong", null, "Your guess was wrong and the pool is empty: "),
        "reveal one of your hidden tiles. Choose it in your row below."));
      break;
    case "place_joker":
      parts.push(el("p", { class: "dvc-turn-text" }, el("strong", null, "Place your joker: "),
        "it may go anywhere in your row and stays there. Choose a + between your tiles below."));
      break;
    default:
      parts.push(el("p", { class: "dvc-turn-text" }, "Your move:"),
        el("div", { class: "button-row" }, (state.legal || []).map((action) =>
          actionButton({ action, legal, ctx, label: describeAction(action, names) }))));
  }
  return el("section", { class: "dvc-turn is-mine", "aria-label": "Your turn" }, parts);
}

function hideJoker() {
  choice.choose({ hidingJoker: true }, (root) => {
    const first = root.querySelector("button.dvc-slot:not(:disabled)");
    if (first) first.focus();
  });
}

function guessAgain() {
  choice.choose({ hidingJoker: false, guessAgain: true }, (root) => {
    const first = root.querySelector("button[data-tile]:not(:disabled)");
    if (first) first.focus();
  });
}

function drawnLine(drawn, seat, phase, names) {
  const placing = phase === "place_joker";
  return el("div", { class: "dvc-drawn" },
    el("span", { class: "dvc-drawn-label" }, placing ? "Your joker:" : "Your new tile:"),
    tileFace({ ...drawn, revealed: false }, seat, names),
    placing ? null : el("span", { class: "small muted" }, drawn.number === JOKER
      ? "It joins your row when your turn ends: hidden where you choose if you stop after a correct guess, face up if you guess wrong."
      : "It joins your row when your turn ends: hidden if you stop after a correct guess, face up if you guess wrong."));
}

function guessArea(view, turn) {
  if (local.selected === null) {
    return el("p", { class: "dvc-turn-text dvc-pick-hint" },
      el("strong", null, "Pick a hidden tile"), " of an opponent above, then guess its number.");
  }
  const found = findTile(view, local.selected);
  const tile = found ? found.tile : { id: local.selected, colour: colourById.get(local.selected) };
  const target = found ? found.seat : null;
  const options = turn.guesses.filter((action) => String(action.tile) === local.selected);
  const seat = target ?? (options[0] && options[0].target);
  const numbers = NUMBERS.slice();
  if (view.jokers) numbers.push(JOKER);
  for (const action of options) if (!numbers.includes(action.number)) numbers.push(action.number);
  const position = found ? `${ordinal(found.index + 1)} from the left` : "";

  const seen = seenNumbers(view, tile.colour);
  const keys = numbers.map((number) => {
    const legalOne = options.find((action) => action.number === number);
    const action = legalOne || { type: "guess", target: seat, tile: tile.id, number };
    const classes = ["dvc-key"];
    if (number === JOKER) classes.push("dvc-key--joker");
    if (seen.has(number)) classes.push("is-seen");
    return actionButton({ action, legal: turn.legal, ctx: turn.ctx, className: classes.join(" "),
      title: seen.has(number) ? `You can already see the ${tilePhrase({ colour: tile.colour, number })}`
        : `Guess ${numberWord(number)}`,
      label: number === JOKER ? "Joker" : String(number) });
  });
  return el("div", { class: "dvc-guess" },
    el("p", { class: "dvc-turn-text" },
      "Guess ", el("strong", null, `${possessive(nameOf(turn.ctx.names, seat))} ${tilePhrase({ colour: tile.colour, number: null })}`),
      position ? ` (${position})` : "", ":"),
    el("div", { id: "number-pad", class: "dvc-pad", role: "group", "aria-label": "Guess a number" }, keys),
    seen.size ? el("p", { class: "small muted" },
      `Crossed out: you can already see that ${colourName(tile.colour)} number elsewhere.`) : null);
}

/** Numbers of this colour you can see somewhere (each colour has every number once). */
function seenNumbers(view, colour) {
  const seen = new Set();
  const tiles = [...(view.rows || []).flat(), view.drawn].filter(Boolean);
  for (const tile of tiles) if (tile.colour === colour && known(tile.number)) seen.add(tile.number);
  return seen;
}

// ---- guess history ---------------------------------------------------------------------

const RECENT_GUESSES = 6;

function historyBlock(view, names) {
  const guesses = view.guesses || [];
  if (!guesses.length) return null;
  const line = (guess, index) => {
    const tile = tilePhrase({ colour: colourById.get(String(guess.tile)), number: null });
    return el("li", { class: `dvc-guess-line ${guess.correct ? "is-right" : "is-wrong"}`, value: index + 1 },
      el("span", null, `${nameOf(names, guess.seat)} guessed ${possessive(nameOf(names, guess.target))} ${tile} is `,
        el("strong", null, guess.number === JOKER ? "a joker" : String(guess.number))),
      " ",
      el("span", { class: `badge ${guess.correct ? "badge--right" : "badge--wrong"}` },
        guess.correct ? "correct" : "wrong"));
  };
  const lines = guesses.map(line);
  const split = Math.max(0, lines.length - RECENT_GUESSES);
  let earlier = null;
  if (split > 0) {
    earlier = el("details", { class: "dvc-earlier", open: local.historyOpen,
      ontoggle: (event) => { local.historyOpen = event.currentTarget.open; } },
    el("summary", null, `${plural(split, "earlier guess", "earlier guesses")}`),
    el("ol", { class: "dvc-guesses" }, lines.slice(0, split)));
  }
  return el("section", { class: "dvc-history" },
    el("h2", null, `Guesses (${guesses.length})`),
    earlier,
    el("ol", { class: "dvc-guesses", "aria-label": "Latest guesses, newest last" }, lines.slice(split)));
}

export function turnHint(state) {
  const phase = (state.view || {}).phase;
  return {
    draw: "Draw a tile.",
    guess: "Pick an opponent\u2019s hidden tile and guess its number.",
    continue: "Correct! Guess again or stop.",
    reveal: "Wrong guess and the pool is empty: reveal one of your tiles.",
    place_joker: "Choose where your joker goes.",
  }[phase] || "";
}

// ---- log and record --------------------------------------------------------------------

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "game_started":
      return `Game started with ${entry.players} players. ${nameOf(names, entry.start_seat)} starts.`;
    case "tile_drawn":
      return `${who} drew ${indefinite(tilePhrase({ colour: entry.colour, number: null }))}${known(entry.number) ? `: ${numberWord(entry.number)}` : ""}.`;
    case "guessed": {
      const tile = tilePhrase({ colour: colourById.get(String(entry.tile)), number: null });
      return `${who} guessed ${possessive(nameOf(names, entry.target))} ${tile} is ${numberWord(entry.number)}: ${
        entry.correct ? "correct!" : "wrong."}`;
    }
    case "tile_placed": {
      const what = tilePhrase({ colour: colourById.get(String(entry.tile)), number: entry.number });
      const where = typeof entry.index === "number" ? ` at position ${entry.index + 1}` : "";
      return `${who} placed the ${what} ${entry.revealed ? "face up" : "hidden"}${where}.`;
    }
    case "tile_revealed": {
      const what = tilePhrase({ colour: colourById.get(String(entry.tile)), number: entry.number });
      return `${possessive(who)} ${what} is revealed.`;
    }
    case "player_out":
      return `${who} is out: all their tiles are face up.`;
    case "game_over":
      return typeof entry.winner === "number" ? `Game over. ${nameOf(names, entry.winner)} wins!` : "Game over.";
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

export function describeAction(action, names) {
  switch (action && action.type) {
    case "draw":
      return `Draw ${indefinite(tilePhrase({ colour: action.colour, number: null }))}`;
    case "guess":
      return `Guess ${possessive(nameOf(names, action.target))} tile ${action.tile} is ${numberWord(action.number)}`;
    case "stop":
      return typeof action.index === "number"
        ? `Stop and hide the drawn tile at position ${action.index + 1}`
        : "Stop";
    case "reveal":
      return `Reveal own tile ${action.tile}`;
    case "place_joker":
      return `Place the joker at position ${Number(action.index) + 1}`;
    default:
      return compactJson(action);
  }
}

// ---- final result ----------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const detail = outcome.detail || {};
  const rows = (view && view.rows) || [];
  const hiddenLeft = detail.hidden_left || detail.hidden || detail.hidden_tiles || [];
  const winners = new Set(outcome.winners || []);
  if (typeof detail.winner === "number") winners.add(detail.winner);
  const count = Math.max(rows.length, (outcome.scores || []).length, hiddenLeft.length);
  const players = [];
  for (let seat = 0; seat < count; seat += 1) {
    const row = rows[seat] || null;
    const left = typeof hiddenLeft[seat] === "number" ? hiddenLeft[seat]
      : row ? row.filter((tile) => !tile.revealed).length : null;
    players.push(seatEntry({ prefix: "dvc-player", seat, name: nameOf(names, seat),
      classes: winners.has(seat) ? ["is-winner"] : [],
      badges: [winners.has(seat) ? el("span", { class: "badge badge--win" }, "winner") : null,
        left === null ? null : el("span", { class: "dvc-count" }, `${plural(left, "hidden tile")} left`)],
      body: row ? el("div", { class: "dvc-tiles" },
        row.length ? row.map((tile) => tileFace(tile, seat, names)) : el("span", { class: "muted" }, "No tiles")) : null }));
  }
  fill(root,
    el("p", { class: "outcome-winners" }, winnersText(outcome, names)),
    el("div", { class: "dvc dvc-final" }, players));
}
