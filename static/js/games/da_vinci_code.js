// Da Vinci Code renderer (rules: shared/rules/da-vinci-code.md). Every player has a row of
// black and white tiles, sorted left to right; colours are public, numbers hidden until revealed.
// On your turn you draw, then guess an opponent's hidden tile: pick the tile (a local choice,
// button[data-tile]), then a number on the pad (#number-pad, the legal guess actions).

import { actionButton, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { el, fill, srOnly } from "../lib/dom.js";
import { compactJson, nameOf, ordinal } from "../lib/format.js";
import { N_, formatNumber, locale, t, tn } from "../lib/i18n.js";
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
    label: t("Opening"),
    choices: [
      ["seed", t("2 black + 2 white (seed)")],
      ["random", t("Random 4 (3 with 4 players)")],
    ],
  },
  jokers: { label: t("Jokers") },
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

/** For sentences: "7", "a joker". */
function numberWord(number) {
  return number === JOKER ? t("a joker") : String(number);
}

/** "black 7", "white joker", "black tile" (without the colour when it is not known here). */
function tilePhrase(tile) {
  const colour = tile.colour === "black" || tile.colour === "white" ? tile.colour : "";
  if (!known(tile.number)) {
    if (colour === "black") return t("black tile");
    return colour === "white" ? t("white tile") : t("tile");
  }
  if (tile.number === JOKER) {
    if (colour === "black") return t("black joker");
    return colour === "white" ? t("white joker") : t("joker");
  }
  if (colour === "black") return t("black {number}", { number: tile.number });
  return colour === "white" ? t("white {number}", { number: tile.number }) : String(tile.number);
}

/** "a black tile", "a white tile", "a tile": a tile seen from the back. */
function aTile(colour) {
  if (colour === "black") return t("a black tile");
  return colour === "white" ? t("a white tile") : t("a tile");
}

/** A translated sentence with **bold** parts, as text and <strong> nodes (parameters filled
 * in after the split, so a name never makes anything bold). */
function rich(message, params = {}) {
  return t(message).split(/\*\*/).map((part, index) => {
    const text = part.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
      (name in params ? formatNumber(params[name]) : whole));
    return index % 2 ? el("strong", null, text) : text;
  }).filter((part) => part !== "");
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
  if (state === "open") return t("{tile}, face up", { tile: what });
  if (state === "secret") return t("{tile}, hidden from others", { tile: what });
  return t("{player}’s hidden {tile}", { player: nameOf(names, owner), tile: tilePhrase({ colour: tile.colour, number: null }) });
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
    el("section", { class: "dvc-players", "aria-label": t("Opponents’ tiles") },
      others.map((seat) => playerBlock(view, seat, turn))),
    turnPanel(view, state, turn),
    you === null ? null : playerBlock(view, you, turn),
    historyBlock(view, ctx.names)));
}

function infoLine(view) {
  const pool = view.pool || {};
  return infoBar("dvc-info",
    el("span", { class: "dvc-pool" }, el("strong", null, t("Pool: ")),
      poolChip("black", pool.black ?? 0), poolChip("white", pool.white ?? 0)),
    el("span", { class: "muted" },
      view.opening === "random" ? t("Random opening") : t("Seed opening"), " \u00b7 ",
      view.jokers ? t("jokers in play") : t("no jokers")));
}

function poolChip(colour, count) {
  const label = colour === "black"
    ? tn("{count} black tile left", "{count} black tiles left", count)
    : tn("{count} white tile left", "{count} white tiles left", count);
  return el("span", { class: "dvc-pool-chip", title: label },
    el("span", { class: `dvc-mini dvc-tile--${colour}`, "aria-hidden": "true" }),
    srOnly(label),
    el("span", { "aria-hidden": "true" }, colour === "black" ? t("{count} black", { count }) : t("{count} white", { count })));
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
    badges: [out ? el("span", { class: "badge badge--out" }, t("out")) : null,
      el("span", { class: "dvc-count" }, t("{hidden} of {count} hidden", { hidden, count: row.length })),
      drawn && !mine ? el("span", { class: "dvc-holding" }, t("drew "),
        tileFace({ ...drawn, revealed: false }, seat, names, "dvc-tile--small")) : null],
    body: [el("div", { class: "dvc-tiles" }, rowTiles(view, seat, row, turn)),
      mine ? el("p", { class: "dvc-legend small muted" },
        el("span", { class: "dvc-legend-key is-secret", "aria-hidden": "true" }),
        " ", t("dashed: only you see the number"), " \u00b7 ",
        el("span", { class: "dvc-legend-key is-open", "aria-hidden": "true" }),
        " ", t("solid: face up for everyone")) : null] });
}

function rowTiles(view, seat, row, turn) {
  const { ctx, legal } = turn;
  const names = ctx.names;
  if (!row.length) return el("span", { class: "muted" }, t("No tiles yet"));
  const mine = seat === ctx.you;

  const placing = view.phase === "place_joker" && hasType(legal, "place_joker");
  const hiding = view.phase === "continue" && local.hidingJoker && turn.stops.length > 1;
  if (mine && (placing || hiding)) {
    const type = placing ? "place_joker" : "stop";
    const items = [];
    for (let index = 0; index <= row.length; index += 1) {
      items.push(actionButton({ action: { type, index }, legal, ctx, className: "dvc-slot",
        title: t("Put the joker at position {position}", { position: index + 1 }),
        label: [el("span", { "aria-hidden": "true" }, "+"),
          srOnly(t("Put the joker at position {position}", { position: index + 1 }))] }));
      if (index < row.length) items.push(tileFace(row[index], seat, names));
    }
    return items;
  }

  return row.map((tile) => {
    if (mine && view.phase === "reveal" && !tile.revealed) {
      return tilePiece(cardFace({ look: tileClasses(tile, "dvc-pick"), label: t("Reveal your {tile}", { tile: tilePhrase(tile) }),
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
    label: t("Guess {player}’s {tile}", { player: nameOf(turn.ctx.names, seat), tile: tilePhrase({ colour: tile.colour, number: null }) }),
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
    const player = nameOf(names, actor);
    const doing = {
      draw: () => t("{player} is drawing a tile.", { player }),
      guess: () => t("{player} is guessing.", { player }),
      continue: () => t("{player} guessed right and may guess again or stop.", { player }),
      reveal: () => t("{player} guessed wrong with an empty pool and is revealing a tile.", { player }),
      place_joker: () => t("{player} guessed wrong and is placing their joker face up.", { player }),
    }[view.phase];
    const text = doing ? doing() : typeof actor === "number" ? t("Waiting for {player}.", { player }) : t("Waiting…");
    return el("section", { class: "dvc-turn", "aria-label": t("Turn") }, el("p", { class: "dvc-turn-text" }, text));
  }

  const parts = [];
  if (view.drawn) parts.push(drawnLine(view.drawn, actor, view.phase, names));

  switch (view.phase) {
    case "draw": {
      const pool = view.pool || {};
      parts.push(el("p", { class: "dvc-turn-text" }, rich(N_("**Draw a tile** from the pool."))),
        el("div", { class: "button-row" }, ["black", "white"].map((colour) =>
          actionButton({ action: { type: "draw", colour }, legal, ctx, className: "btn btn--primary",
            label: [el("span", { class: `dvc-mini dvc-tile--${colour}`, "aria-hidden": "true" }),
              colour === "black" ? t("Draw black ({count})", { count: pool.black ?? 0 })
                : t("Draw white ({count})", { count: pool.white ?? 0 })] }))));
      break;
    }
    case "guess":
      if (!view.drawn) {
        parts.push(el("p", { class: "dvc-note" },
          t("The pool is empty: no tile to draw."), " ", t("A wrong guess makes you reveal one of your own tiles.")));
      }
      parts.push(guessArea(view, turn));
      break;
    case "continue": {
      const stop = turn.stops.length > 1
        ? el("button", { type: "button", class: "btn btn--primary dvc-stop", onclick: hideJoker },
          t("Stop and hide my joker"))
        : actionButton({ action: turn.stops[0] || { type: "stop" }, legal, ctx, className: "btn btn--primary dvc-stop",
          label: view.drawn ? t("Stop and keep my tile hidden") : t("Stop") });
      if (local.hidingJoker && turn.stops.length > 1) {
        parts.push(el("p", { class: "dvc-turn-text" },
          rich(N_("**Hide your joker: **it may go anywhere in your row and stays there.")), " ",
          t("Choose a + between your tiles below.")),
        el("div", { class: "button-row" },
          el("button", { type: "button", class: "btn", onclick: guessAgain }, t("Guess again instead"))));
        break;
      }
      parts.push(el("p", { class: "dvc-turn-text dvc-right" }, el("strong", null, t("Correct!")), " ",
        t("Guess again, or stop while you are ahead.")));
      if (local.guessAgain || local.selected !== null) {
        parts.push(guessArea(view, turn), el("div", { class: "button-row" }, stop));
      } else {
        const again = el("button", { type: "button", class: "btn", onclick: guessAgain }, t("Guess again"));
        parts.push(el("div", { class: "button-row dvc-choice" }, again, stop));
      }
      break;
    }
    case "reveal":
      parts.push(el("p", { class: "dvc-turn-text dvc-wrong" },
        rich(N_("**Your guess was wrong and the pool is empty: **reveal one of your hidden tiles.")), " ",
        t("Choose it in your row below.")));
      break;
    case "place_joker":
      parts.push(el("p", { class: "dvc-turn-text" },
        rich(N_("**Place your joker: **it may go anywhere in your row and stays there.")), " ",
        t("Choose a + between your tiles below.")));
      break;
    default:
      parts.push(el("p", { class: "dvc-turn-text" }, t("Your move:")),
        el("div", { class: "button-row" }, (state.legal || []).map((action) =>
          actionButton({ action, legal, ctx, label: describeAction(action, names) }))));
  }
  return el("section", { class: "dvc-turn is-mine", "aria-label": t("Your turn") }, parts);
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
    el("span", { class: "dvc-drawn-label" }, placing ? t("Your joker:") : t("Your new tile:")),
    tileFace({ ...drawn, revealed: false }, seat, names),
    placing ? null : el("span", { class: "small muted" }, drawn.number === JOKER
      ? t("It joins your row when your turn ends: hidden where you choose if you stop after a correct guess, face up if you guess wrong.")
      : t("It joins your row when your turn ends: hidden if you stop after a correct guess, face up if you guess wrong.")));
}

function guessArea(view, turn) {
  if (local.selected === null) {
    return el("p", { class: "dvc-turn-text dvc-pick-hint" },
      rich(N_("**Pick a hidden tile** of an opponent above, then guess its number.")));
  }
  const found = findTile(view, local.selected);
  const tile = found ? found.tile : { id: local.selected, colour: colourById.get(local.selected) };
  const target = found ? found.seat : null;
  const options = turn.guesses.filter((action) => String(action.tile) === local.selected);
  const seat = target ?? (options[0] && options[0].target);
  const numbers = NUMBERS.slice();
  if (view.jokers) numbers.push(JOKER);
  for (const action of options) if (!numbers.includes(action.number)) numbers.push(action.number);

  const seen = seenNumbers(view, tile.colour);
  const keys = numbers.map((number) => {
    const legalOne = options.find((action) => action.number === number);
    const action = legalOne || { type: "guess", target: seat, tile: tile.id, number };
    const classes = ["dvc-key"];
    if (number === JOKER) classes.push("dvc-key--joker");
    if (seen.has(number)) classes.push("is-seen");
    return actionButton({ action, legal: turn.legal, ctx: turn.ctx, className: classes.join(" "),
      title: seen.has(number) ? t("You can already see the {tile}", { tile: tilePhrase({ colour: tile.colour, number }) })
        : number === JOKER ? t("Guess a joker") : t("Guess {number}", { number }),
      label: number === JOKER ? t("Joker") : String(number) });
  });
  return el("div", { class: "dvc-guess" },
    el("p", { class: "dvc-turn-text" },
      rich(found ? N_("Guess **{player}’s {tile}** ({place} from the left):") : N_("Guess **{player}’s {tile}**:"),
        { player: nameOf(turn.ctx.names, seat), tile: tilePhrase({ colour: tile.colour, number: null }),
          // "1st" in English; a bare number elsewhere, the sentence says the place its own way.
          place: found ? (locale === "en" ? ordinal(found.index + 1) : found.index + 1) : "" })),
    el("div", { id: "number-pad", class: "dvc-pad", role: "group", "aria-label": t("Guess a number") }, keys),
    seen.size ? el("p", { class: "small muted" }, crossedOut(tile.colour)) : null);
}

function crossedOut(colour) {
  if (colour === "black") return t("Crossed out: you can already see that black number elsewhere.");
  if (colour === "white") return t("Crossed out: you can already see that white number elsewhere.");
  return t("Crossed out: you can already see that number elsewhere.");
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
      el("span", null, rich(guess.number === JOKER ? N_("{player} guessed {target}’s {tile} is **a joker**")
        : N_("{player} guessed {target}’s {tile} is **{number}**"),
      { player: nameOf(names, guess.seat), target: nameOf(names, guess.target), tile, number: String(guess.number) })),
      " ",
      el("span", { class: `badge ${guess.correct ? "badge--right" : "badge--wrong"}` },
        guess.correct ? t("correct") : t("wrong")));
  };
  const lines = guesses.map(line);
  const split = Math.max(0, lines.length - RECENT_GUESSES);
  let earlier = null;
  if (split > 0) {
    earlier = el("details", { class: "dvc-earlier", open: local.historyOpen,
      ontoggle: (event) => { local.historyOpen = event.currentTarget.open; } },
    el("summary", null, tn("{count} earlier guess", "{count} earlier guesses", split)),
    el("ol", { class: "dvc-guesses" }, lines.slice(0, split)));
  }
  return el("section", { class: "dvc-history" },
    el("h2", null, t("Guesses ({count})", { count: guesses.length })),
    earlier,
    el("ol", { class: "dvc-guesses", "aria-label": t("Latest guesses, newest last") }, lines.slice(split)));
}

export function turnHint(state) {
  const phase = (state.view || {}).phase;
  const hint = {
    draw: () => t("Draw a tile."),
    guess: () => t("Pick an opponent’s hidden tile and guess its number."),
    continue: () => t("Correct! Guess again or stop."),
    reveal: () => t("Wrong guess and the pool is empty: reveal one of your tiles."),
    place_joker: () => t("Choose where your joker goes."),
  }[phase];
  return hint ? hint() : "";
}

// ---- log and record --------------------------------------------------------------------

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "game_started":
      return tn("Game started with {count} player. {player} starts.", "Game started with {count} players. {player} starts.",
        entry.players, { player: nameOf(names, entry.start_seat) });
    case "tile_drawn": {
      const tile = aTile(entry.colour);
      return known(entry.number)
        ? t("{player} drew {tile}: {number}.", { player: who, tile, number: numberWord(entry.number) })
        : t("{player} drew {tile}.", { player: who, tile });
    }
    case "guessed": {
      const params = { player: who, target: nameOf(names, entry.target),
        tile: tilePhrase({ colour: colourById.get(String(entry.tile)), number: null }), number: numberWord(entry.number) };
      return entry.correct ? t("{player} guessed {target}’s {tile} is {number}: correct!", params)
        : t("{player} guessed {target}’s {tile} is {number}: wrong.", params);
    }
    case "tile_placed": {
      const params = { player: who, tile: tilePhrase({ colour: colourById.get(String(entry.tile)), number: entry.number }),
        position: typeof entry.index === "number" ? entry.index + 1 : null };
      if (params.position === null) {
        return entry.revealed ? t("{player} placed the {tile} face up.", params) : t("{player} placed the {tile} hidden.", params);
      }
      return entry.revealed ? t("{player} placed the {tile} face up at position {position}.", params)
        : t("{player} placed the {tile} hidden at position {position}.", params);
    }
    case "tile_revealed": {
      const tile = tilePhrase({ colour: colourById.get(String(entry.tile)), number: entry.number });
      return t("{player}’s {tile} is revealed.", { player: who, tile });
    }
    case "player_out":
      return t("{player} is out: all their tiles are face up.", { player: who });
    case "game_over":
      return typeof entry.winner === "number" ? t("Game over. {player} wins!", { player: nameOf(names, entry.winner) }) : t("Game over.");
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

export function describeAction(action, names) {
  switch (action && action.type) {
    case "draw":
      return t("Draw {tile}", { tile: aTile(action.colour) });
    case "guess":
      return t("Guess {player}’s tile {tile} is {number}", { player: nameOf(names, action.target), tile: action.tile,
        number: numberWord(action.number) });
    case "stop":
      return typeof action.index === "number"
        ? t("Stop and hide the drawn tile at position {position}", { position: action.index + 1 })
        : t("Stop");
    case "reveal":
      return t("Reveal own tile {tile}", { tile: action.tile });
    case "place_joker":
      return t("Place the joker at position {position}", { position: Number(action.index) + 1 });
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
      badges: [winners.has(seat) ? el("span", { class: "badge badge--win" }, t("winner")) : null,
        left === null ? null : el("span", { class: "dvc-count" }, tn("{count} hidden tile left", "{count} hidden tiles left", left))],
      body: row ? el("div", { class: "dvc-tiles" },
        row.length ? row.map((tile) => tileFace(tile, seat, names)) : el("span", { class: "muted" }, t("No tiles"))) : null }));
  }
  fill(root,
    el("p", { class: "outcome-winners" }, winnersText(outcome, names)),
    el("div", { class: "dvc dvc-final" }, players));
}
