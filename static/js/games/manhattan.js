// Manhattan renderer (rules: shared/rules/manhattan.md; the wire: app/rules/manhattan). Six
// cities of 3x3 building sites, drawn from the viewer's own side of the table: the board is
// turned so that side is at the bottom, and a card's highlighted cell (read by its holder) is
// the site at that place in every city. Cities are 0-5 and sites 0-8 on the wire (site
// 3 * row + col from seat 0's side), 1-6 and "top left" ... "bottom right" on screen.
//
// A turn: pick a card in your hand (button[data-card], a local choice): its site lights up in
// every city where a build is legal. Pick a site (button[data-site]), then a piece height
// (button[data-action], the legal build); with a height picked first (button[data-storeys], or
// preselected when only one is legal for the card) the lit site is itself the build button.
// The choose phase has a control for the round's pieces (button[data-more] / [data-less] per
// height, then the legal choose_pieces action).

import { actionButton, canonical, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { el, fill, srOnly } from "../lib/dom.js";
import { nameOf } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { N_, t, tn } from "../lib/i18n.js";
import { fact, infoBar, pileFact, startedBy } from "../lib/info.js";
import { patch } from "../lib/patch.js";
import { building } from "../lib/pieces.js";
import { seatEntry, seatOrder } from "../lib/seats.js";
import { scoreTable, winnersText } from "../lib/results.js";
import { SIDE_NAMES, boardSite, cellSeen, citiesSeen, seatedText } from "./manhattan/orientation.js";
import {
  SENTENCE_GAP, capital, cellName, describeLog, majoritiesText, ownerOf, piecesText, seatLetters, sentences, sitePreview,
  storeysText, tallestText,
} from "./manhattan/words.js";

export { boardSite, cellSeen, citiesSeen, turned } from "./manhattan/orientation.js";
export { describeAction, describeLog, piecesText, seatLetters, sitePreview } from "./manhattan/words.js";

export const OPTIONS = {
  rounds: {
    label: t("Rounds"),
    players: [2, 3], // the variant is for 2-3 players: a table of 4 plays 4 rounds
    choices: [
      [4, t("4 rounds of 6 pieces")],
      [6, t("6 rounds of 4 pieces (2-3 players)")],
    ],
  },
};

const HEIGHTS = [1, 2, 3, 4];
// Points per round (rules/manhattan.md, Scoring): tallest building, each city majority.
const TALLEST_POINTS = 3;
const CITY_POINTS = 2;
const PHASES = { choose: N_("choosing pieces"), build: N_("building"), over: N_("over") };

// Choices made on this page that are not moves yet: the card picked (its id), the city whose
// lit site was picked, the piece height picked, and the round's pieces being counted out
// (`draft`, for the round and phase in `draftFor`). Dropped when a new frame makes them moot.
const choice = localChoice({ card: null, city: null, storeys: null, draft: [0, 0, 0, 0], draftFor: null }, draw);
const local = choice.picked;
export const render = choice.render;

// ---- frame ---------------------------------------------------------------------------------

function draw(root, state, ctx) {
  const view = state.view || {};
  const actions = state.legal || [];
  const side = typeof view.side === "number" ? view.side : 0;
  const players = view.players || (view.scores || []).length;
  const turn = {
    view, ctx, side, actions, legal: legalIndex(actions), letters: seatLetters(ctx.names, players),
    builds: actions.filter((action) => action.type === "build"),
    discards: actions.filter((action) => action.type === "discard"),
    chooses: actions.filter((action) => action.type === "choose_pieces"),
    last: lastTurn(state.log || []),
  };
  settle(view, turn);

  patch(root, el("div", { class: "mh" },
    infoLine(view, ctx.names),
    newsLine(view, turn),
    // Top to bottom as a turn goes on a phone: what to do, the hand, the lit board, the piece.
    turnPanel(view, turn),
    handBlock(view, turn),
    boardBlock(view, turn),
    buildPanel(view, turn),
    seatsBlock(view, turn),
    scoringBlock(view, ctx.names)));
}

/** Drop the parts of the local choice that this frame makes impossible. */
function settle(view, turn) {
  const cards = Array.isArray(view.hand) ? view.hand : [];
  if (!cards.some((card) => card.id === local.card)) Object.assign(local, { card: null, city: null, storeys: null });
  const mine = turn.builds.length + turn.discards.length > 0;
  const chosen = (view.chosen || [])[turn.ctx.you] || [0, 0, 0, 0];
  if (local.storeys !== null && !(chosen[local.storeys - 1] > 0)) local.storeys = null;
  if (local.city !== null && !(mine && heightsAt(turn, local.card, local.city).length)) local.city = null;
  const draftFor = `${view.round}:${view.phase}`;
  if (local.draftFor !== draftFor) Object.assign(local, { draft: [0, 0, 0, 0], draftFor });
}

/** The heights with a legal build of `card` in `city` (every city when city is null). */
function heightsAt(turn, card, city = null) {
  const heights = new Set(turn.builds.filter((action) => action.card === card && (city === null || action.city === city))
    .map((action) => action.storeys));
  return HEIGHTS.filter((height) => heights.has(height));
}

/** The height in use: picked, or the only one the picked card may be built with. */
function heightInUse(turn) {
  if (local.card === null) return null;
  const heights = heightsAt(turn, local.card);
  if (local.storeys !== null && (heights.includes(local.storeys) || !heights.length)) return local.storeys;
  return heights.length === 1 ? heights[0] : null;
}

/** This round's last turn in the log: a build {seat, city, site, cell, ...} or a discard. */
function lastTurn(log) {
  for (let index = log.length - 1; index >= 0; index -= 1) {
    if (log[index].type === "built" || log[index].type === "discarded") return log[index];
    if (log[index].type === "round_scored") return null; // a new round starts unmarked
  }
  return null;
}

// ---- info and news -------------------------------------------------------------------------

function infoLine(view, names) {
  const phase = PHASES[view.phase] ? t(PHASES[view.phase]) : view.phase;
  return infoBar("mh-info",
    fact(t("Round {round} of {rounds}", { round: view.round ?? "–", rounds: view.rounds ?? "–" }),
      el("span", { class: "muted" }, ` · ${phase}`)),
    pileFact("manhattan", `${t("Deck:")} `, tn("{count} card", "{count} cards", view.deck ?? 0)),
    fact(`${t("Pieces per round:")} `, String(view.pieces_per_round ?? "–")),
    startedBy(view, names, `${t("Round started by")} `));
}

/** What just happened: the last build (or set-aside piece) with its card. */
function newsLine(view, turn) {
  const { ctx } = turn;
  if (turn.last) {
    const entry = turn.last;
    const site = cellName(cellSeen(turn.side, entry.site));
    return el("p", { class: "mh-news", role: "status" },
      miniCard(entry.cell, t("{cell} card", { cell: cellName(entry.cell) })), " ", describeLog(entry, ctx.names),
      entry.type === "built" ? [SENTENCE_GAP, el("span", { class: "muted" }, ctx.you === null
        ? t("On the board: {site} from the south side.", { site })
        : t("On the board: {site} from your side.", { site }))] : null);
  }
  const rounds = view.rounds_scored || [];
  if (rounds.length && view.phase !== "over") {
    return el("p", { class: "mh-news", role: "status" },
      el("strong", null, t("Round {round} scored.", { round: rounds[rounds.length - 1].round })), SENTENCE_GAP,
      sentences(t("See the scoring under the players."), t("The buildings stay for the next round.")));
  }
  return null;
}

// ---- board -------------------------------------------------------------------------------

/** The single tallest building now ({city, site}), or null on a tie or an empty board. */
function tallestNow(view) {
  let best = null;
  let tie = false;
  (view.heights || []).forEach((sites, city) => sites.forEach((height, site) => {
    if (!height) return;
    if (!best || height > best.height) [best, tie] = [{ city, site, height }, false];
    else if (height === best.height) tie = true;
  }));
  return tie ? null : best;
}

function boardBlock(view, turn) {
  const { side, ctx } = turn;
  const tall = side % 2 === 1;
  const around = (view.sides || []).map((other, seat) => (seat === ctx.you ? null
    : seatedText(side, other, nameOf(ctx.names, seat)))).filter(Boolean).join(", ");
  const tallest = tallestNow(view);
  const seen = ctx.you === null ? { key: "south", around } : { key: "yours", side: t(SIDE_NAMES[side] || "?"), around };
  return el("section", { class: "mh-board-wrap", "aria-label": t("The six cities") },
    el("p", { class: "mh-around small muted" }, seenText(seen)),
    skyline(view, side),
    el("div", { class: `mh-board ${tall ? "mh-board--tall" : "mh-board--wide"}${local.card !== null ? " is-picking" : ""}`,
      id: "mh-board" },
    citiesSeen(side).map((city) => cityBlock(view, turn, city, tallest))));
}

/** "Seen from your side (south): Bo across." */
function seenText({ key, side, around }) {
  if (key === "south") {
    return around ? t("Seen from the south side: {players}.", { players: around }) : t("Seen from the south side.");
  }
  return around ? t("Seen from your side ({side}): {players}.", { side, players: around })
    : t("Seen from your side ({side}).", { side });
}

/**
 * The skyline: every city's buildings side by side as towers (lib/pieces.js building), each
 * storey in its owner's colour and windows. A picture of what the board below says in words.
 */
function skyline(view, side) {
  return el("div", { class: "mh-skyline", "aria-hidden": "true" }, citiesSeen(side).map((city) => {
    const sites = Array.from({ length: 9 }, (_, cell) => boardSite(side, cell));
    const towers = sites.map((site) => ((view.cities || [])[city] || [])[site] || [])
      .filter((pieces) => pieces.length)
      .map((pieces) => building(pieces.flatMap((piece) => Array.from({ length: piece.storeys }, () => piece.seat)), "mh-tower"));
    return el("span", { class: "mh-skyline-city" }, towers, el("span", { class: "mh-skyline-name" }, String(city + 1)));
  }));
}

function cityBlock(view, turn, city, tallest) {
  const { side } = turn;
  const owners = (view.owners || [])[city] || [];
  const counts = new Map();
  for (const seat of owners) if (seat !== null && seat !== undefined) counts.set(seat, (counts.get(seat) || 0) + 1);
  const most = Math.max(0, ...counts.values());
  const leaders = [...counts].filter(([, count]) => count === most).map(([seat]) => seat);
  const lead = leaders.length === 1
    ? el("span", { class: `mh-lead mh-seat-${leaders[0]}`, title: t("Majority: {player}", { player: nameOf(turn.ctx.names, leaders[0]) }) },
      turn.letters[leaders[0]])
    : el("span", { class: "mh-lead mh-lead--none", title: most ? t("Tied: no majority") : t("No buildings") }, most ? t("tie") : "–");
  const sites = Array.from({ length: 9 }, (_, cell) => boardSite(side, cell));
  return el("article", { class: "mh-city", "data-city": city, "data-key": `city ${city}` },
    el("header", { class: "mh-city-head" }, el("span", { class: "mh-city-name" }, t("City {number}", { number: city + 1 })), lead),
    el("div", { class: "mh-sites" }, sites.map((site) => siteBlock(view, turn, city, site, tallest))));
}

function siteBlock(view, turn, city, site, tallest) {
  const { ctx, side } = turn;
  const pieces = ((view.cities || [])[city] || [])[site] || [];
  const owner = ownerOf(pieces);
  const height = pieces.reduce((sum, piece) => sum + piece.storeys, 0);
  const cell = cellSeen(side, site);
  const classes = ["mh-site"];
  if (owner !== null) classes.push(`mh-seat-${owner}`, "is-built");
  if (turn.last && turn.last.type === "built" && turn.last.city === city && turn.last.site === site) classes.push("is-last");
  if (tallest && tallest.city === city && tallest.site === site) classes.push("is-tallest");
  const where = t("City {number}, {cell}", { number: city + 1, cell: cellName(cell) });
  const label = siteLabel(where, owner === null ? null : nameOf(ctx.names, owner), height,
    pieces.map((piece) => `${turn.letters[piece.seat]} ${piece.storeys}`).join(", "), pieces.length);
  const stack = el("span", { class: "mh-stack", "aria-hidden": "true" }, pieces.map((piece) => {
    const storey = el("span", { class: `mh-storey mh-seat-${piece.seat}` });
    storey.style.flexGrow = String(piece.storeys); // the CSSOM: the content security policy refuses style attributes
    return storey;
  }));
  const face = owner === null ? [] : [
    stack,
    el("span", { class: "mh-height", "aria-hidden": "true" }, String(height)),
    el("span", { class: "mh-owner", "aria-hidden": "true" }, turn.letters[owner])];
  const attrs = { "data-city": city, "data-site": site, "data-cell": cell, "data-key": `site ${site}` };

  const picked = local.card === null ? null : (view.hand || []).find((card) => card.id === local.card);
  if (!picked || boardSite(side, picked.cell) !== site) {
    if (picked) classes.push("is-dim");
    return el("div", { class: classes.join(" "), role: "img", "aria-label": label, title: label, ...attrs }, face);
  }
  const heights = heightsAt(turn, local.card, city);
  if (!heights.length) {
    // Not your turn (a preview), or no piece of yours may go here.
    classes.push(turn.builds.length ? "is-closed" : "is-preview");
    const why = turn.builds.length ? t("no piece of yours may go here") : sitePreview(pieces, ctx.you, null, ctx.names);
    return el("div", { class: classes.join(" "), role: "img", "aria-label": `${label}; ${why}`, title: why, ...attrs }, face);
  }
  const storeys = heightInUse(turn);
  if (storeys !== null && heights.includes(storeys)) {
    const preview = sitePreview(pieces, ctx.you, storeys, ctx.names);
    const button = actionButton({ action: { type: "build", card: local.card, city, storeys }, legal: turn.legal, ctx,
      className: [...classes, "is-lit", "is-target"].join(" "), title: `${where}: ${preview}`,
      label: [face, el("span", { class: "mh-after", "aria-hidden": "true" }, `\u2192${height + storeys}`),
        srOnly(tn("Build {count} storey on {site}: {preview}", "Build {count} storeys on {site}: {preview}", storeys,
          { site: where, preview }))] });
    for (const [key, value] of Object.entries(attrs)) button.setAttribute(key, value);
    return button;
  }
  const open = local.city === city;
  const preview = sitePreview(pieces, ctx.you, null, ctx.names);
  return el("button", {
    type: "button", class: [...classes, "is-lit", open ? "is-open" : ""].join(" ").trim(),
    "aria-pressed": open ? "true" : "false", title: `${where}: ${preview}`, ...attrs,
    onclick: () => pickCity(open ? null : city),
  }, face, srOnly(t("{site}: {preview}. Choose a piece for it", { site: where, preview })));
}

/** A site as a screen reader says it: "City 2, centre: Bo's building, 5 storeys (A 2, B 3,
 *  bottom to top)". */
function siteLabel(where, owner, height, stack, count) {
  if (owner === null) return t("{site}: empty site", { site: where });
  if (count > 1) {
    return tn("{site}: {player}'s building, {count} storey ({pieces}, bottom to top)",
      "{site}: {player}'s building, {count} storeys ({pieces}, bottom to top)", height, { site: where, player: owner, pieces: stack });
  }
  return tn("{site}: {player}'s building, {count} storey", "{site}: {player}'s building, {count} storeys", height,
    { site: where, player: owner });
}

/** Under the board, for the picked site: what each of your pieces would do there. */
function buildPanel(view, turn) {
  if (local.card === null || local.city === null) return null;
  const { ctx, side } = turn;
  const card = (view.hand || []).find((one) => one.id === local.card);
  const site = boardSite(side, card.cell);
  const pieces = view.cities[local.city][site] || [];
  const chosen = (view.chosen || [])[ctx.you] || [0, 0, 0, 0];
  const legalHere = heightsAt(turn, local.card, local.city);
  const buttons = HEIGHTS.filter((height) => chosen[height - 1] > 0).map((height) => actionButton({
    action: { type: "build", card: local.card, city: local.city, storeys: height }, legal: turn.legal, ctx,
    className: "btn mh-height-choice",
    title: tn("Build {count} storey in city {city}", "Build {count} storeys in city {city}", height, { city: local.city + 1 }),
    label: [pieceIcon(height, ctx.you), el("span", { class: "mh-choice-text" },
      el("strong", null, storeysText(height)), ": ", sitePreview(pieces, ctx.you, height, ctx.names))] }));
  return el("section", { class: "mh-build", "aria-label": t("Build here") },
    el("p", null, el("strong", null, `${t("City {number}, {cell}:", { number: local.city + 1, cell: cellName(card.cell) })} `),
      sentences(t("{preview}.", { preview: sitePreview(pieces, ctx.you, null, ctx.names) }),
        legalHere.length === 1 ? t("One piece of yours may go here:") : t("Choose the piece:"))),
    el("div", { class: "mh-choices" }, buttons),
    el("button", { type: "button", class: "btn btn--ghost btn--small mh-back", onclick: () => pickCity(null) }, t("Back")));
}

// ---- your turn ---------------------------------------------------------------------------

function turnPanel(view, turn) {
  if (view.phase === "over") return null;
  const { ctx } = turn;
  if (turn.chooses.length) return chooser(view, turn);
  const acting = (view.to_act || [])[0] ?? view.turn;
  if (!turn.builds.length && !turn.discards.length) {
    const who = nameOf(ctx.names, acting);
    return el("section", { class: "mh-turn", "aria-label": t("Turn") },
      el("p", null, view.phase === "choose" ? t("{player} is choosing this round's pieces.", { player: who })
        : t("{player} is building.", { player: who }),
        ctx.you !== null ? el("span", { class: "muted" }, SENTENCE_GAP + t("Pick a card to see its sites.")) : null));
  }
  const lines = [];
  if (!turn.builds.length) {
    lines.push(el("p", null, el("strong", null, t("No build is possible.")), SENTENCE_GAP,
      t("None of your cards allows one with your pieces: pick a card to play without building, then the piece to set aside (out of the game).")));
  } else if (local.card === null) {
    lines.push(el("p", null, el("strong", null, t("Your turn:")), SENTENCE_GAP, t("pick a card, then a lit site, then a piece.")));
  } else if (local.city === null) {
    const using = heightInUse(turn);
    lines.push(el("p", null, using !== null
      ? tn("Pick a lit site on the board below, in any city (building {count} storey).",
        "Pick a lit site on the board below, in any city (building {count} storeys).", using)
      : t("Pick a lit site on the board below, in any city, or a piece first.")));
  } else {
    lines.push(el("p", null, t("Choose the piece under the board (or another site).")));
  }
  return el("section", { class: "mh-turn is-mine", "aria-label": t("Your turn") }, lines, piecesRow(view, turn));
}

/** Your chosen pieces: pick a height first (a local choice), or set one aside (discard). */
function piecesRow(view, turn) {
  const { ctx } = turn;
  const chosen = (view.chosen || [])[ctx.you] || [0, 0, 0, 0];
  const using = heightInUse(turn);
  const buttons = HEIGHTS.filter((height) => chosen[height - 1] > 0).map((height) => {
    const face = [pieceIcon(height, ctx.you), el("span", null, `${height} \u00d7${chosen[height - 1]}`)];
    if (!turn.builds.length) {
      return local.card === null ? el("span", { class: "mh-piece-count" }, face)
        : actionButton({ action: { type: "discard", card: local.card, storeys: height }, legal: turn.legal, ctx,
          className: "btn btn--small mh-discard", title: t("Play the card without building; set a {storeys}-storey piece aside", { storeys: height }),
          label: [face, srOnly(SENTENCE_GAP + t("Set a {storeys}-storey piece aside", { storeys: height }))] });
    }
    const usable = local.card === null || heightsAt(turn, local.card).includes(height);
    return el("button", {
      type: "button", class: `btn btn--small mh-piece-pick${using === height ? " is-selected" : ""}`,
      "aria-pressed": using === height ? "true" : "false", disabled: !usable, "data-storeys": height,
      title: tn("Build {count} storey ({left} left this round)", "Build {count} storeys ({left} left this round)", height,
        { left: chosen[height - 1] }),
      onclick: () => choice.choose({ storeys: local.storeys === height ? null : height }),
    }, face, srOnly(SENTENCE_GAP + tn("pieces of {count} storey", "pieces of {count} storeys", height)));
  });
  return el("div", { class: "mh-pieces-row" },
    el("span", { class: "small" }, turn.builds.length ? t("Your pieces:") : t("Set aside:")), buttons);
}

/** The choose phase: count out the round's pieces per height, then send the legal choice. */
function chooser(view, turn) {
  const { ctx } = turn;
  const supply = (view.supply || [])[ctx.you] || [0, 0, 0, 0];
  const need = view.pieces_per_round ?? 0;
  const draft = local.draft;
  const total = draft.reduce((sum, count) => sum + count, 0);
  const change = (index, step) => {
    const next = draft.slice();
    next[index] += step;
    choice.choose({ draft: next });
  };
  const rows = HEIGHTS.map((height, index) => el("div", { class: "mh-choose-row", "data-key": height },
    pieceIcon(height, ctx.you),
    el("span", { class: "mh-choose-label" }, storeysText(height),
      el("span", { class: "muted small" }, SENTENCE_GAP + t("({count} left)", { count: supply[index] }))),
    el("button", { type: "button", class: "btn btn--small mh-step", "data-less": height, disabled: draft[index] <= 0,
      "aria-label": t("One {storeys}-storey piece fewer", { storeys: height }), onclick: () => change(index, -1) }, "\u2212"),
    el("span", { class: "mh-choose-count", "aria-live": "polite" }, String(draft[index])),
    el("button", { type: "button", class: "btn btn--small mh-step", "data-more": height,
      disabled: draft[index] >= supply[index] || total >= need,
      "aria-label": t("One {storeys}-storey piece more", { storeys: height }), onclick: () => change(index, 1) }, "+")));
  const action = turn.chooses.find((one) => canonical(one.pieces) === canonical(draft)) || { type: "choose_pieces", pieces: draft };
  return el("section", { class: "mh-turn mh-choose is-mine", "aria-label": t("Choose your pieces") },
    el("p", null, el("strong", null, t("Your turn:")), SENTENCE_GAP,
      t("choose this round's {count} pieces from your supply (everyone sees them).", { count: need })),
    el("div", { class: "mh-choose-rows" }, rows),
    el("div", { class: "mh-choose-foot" },
      el("span", { class: total === need ? "mh-choose-total is-done" : "mh-choose-total" },
        t("{count} of {total} chosen", { count: total, total: need })),
      actionButton({ action, legal: turn.legal, ctx, className: "btn btn--primary mh-choose-send",
        label: t("Take these pieces"), title: t("Take {pieces}", { pieces: piecesText(draft) }) })));
}

// ---- your hand ---------------------------------------------------------------------------

/** A card's 3x3 grid with its highlighted cell, as its holder reads it. */
function miniCard(cell, label) {
  return el("span", { class: "mh-mini", role: "img", "aria-label": label, title: label },
    Array.from({ length: 9 }, (_, index) => el("span", { class: index === cell ? "mh-dot is-hit" : "mh-dot" })));
}

function cardGrid(cell) {
  return el("span", { class: "mh-card-grid", "aria-hidden": "true" },
    Array.from({ length: 9 }, (_, index) => el("span", { class: index === cell ? "mh-card-cell is-hit" : "mh-card-cell" })));
}

function handBlock(view, turn) {
  const { ctx } = turn;
  if (ctx.you === null || !Array.isArray(view.hand) || view.phase === "over") return null;
  const playable = new Set([...turn.builds, ...turn.discards].map((action) => action.card));
  const building = playable.size > 0;
  const cards = view.hand.map((card) => cardFace({
    look: `mh-card${playable.has(card.id) ? " is-playable" : ""}`, key: card.id,
    label: playable.has(card.id) || !building ? t("{cell} card", { cell: capital(cellName(card.cell)) })
      : t("{cell} card: no build with your pieces", { cell: capital(cellName(card.cell)) }),
    face: cardGrid(card.cell),
    pick: { picked: local.card === card.id, onpick: () => pickCard(card.id),
      data: { "data-card": card.id, "data-cell": card.cell, "data-playable": playable.has(card.id) ? "1" : "0" } } }));
  return hand({ className: "mh-hand", heading: handTitle(cards.length), cards, row: "mh-cards", empty: t("No cards"),
    note: el("p", { class: "small muted mh-hint" }, t("Each card is read from your side: its dark cell is the site it builds on, in any city.")) });
}

function pickCard(id) {
  const again = local.card === id;
  choice.choose({ card: again ? null : id, city: null }, (root) => {
    if (again) return;
    const aside = [...root.querySelectorAll(".mh-discard")].find((button) => !button.disabled);
    const board = root.querySelector("#mh-board");
    if (aside) aside.focus({ preventScroll: true });
    else if (board && typeof board.scrollIntoView === "function") board.scrollIntoView({ block: "nearest" });
  });
}

function pickCity(city) {
  choice.choose({ city }, (root) => {
    // i18n: not text (selectors)
    const targets = root.querySelectorAll(city === null ? "button.mh-site" : ".mh-build button[data-action]");
    const target = [...targets].find((button) => !button.disabled);
    if (!target) return;
    target.focus({ preventScroll: true });
    if (typeof target.scrollIntoView === "function") target.scrollIntoView({ block: "nearest" });
  });
}

// ---- players -------------------------------------------------------------------------------

/** A piece of `height` storeys in a seat's colour and pattern (a taller block for more storeys). */
function pieceIcon(height, seat) {
  const look = typeof seat === "number" ? ` mh-seat-${seat}` : "";
  return el("span", { class: `mh-piece mh-piece--${height}${look}`, "aria-hidden": "true" }, String(height));
}

function piecesIcons(pieces, seat) {
  const shown = HEIGHTS.filter((height) => (pieces || [])[height - 1] > 0);
  if (!shown.length) return el("span", { class: "muted" }, t("none"));
  return shown.map((height) => el("span", { class: "mh-count" }, pieceIcon(height, seat), `\u00d7${pieces[height - 1]}`));
}

function seatsBlock(view, turn) {
  const { ctx } = turn;
  const scores = view.scores || [];
  const order = seatOrder(scores.length, view.start_seat ?? 0);
  const top = Math.max(1, ...scores);
  const acting = view.phase === "over" ? [] : view.to_act || [];
  const built = scores.map((_, seat) => (view.owners || []).flat().filter((owner) => owner === seat).length);
  const entries = order.map((seat) => {
    const chosen = (view.chosen || [])[seat];
    const bar = el("span", { class: `mh-score-fill mh-seat-${seat}` });
    bar.style.width = `${Math.round((100 * (scores[seat] || 0)) / top)}%`; // the CSSOM, as above
    const round = chosen ? piecesIcons(chosen, seat)
      : el("span", { class: "muted" }, acting.includes(seat) ? t("choosing now") : t("to choose"));
    return seatEntry({ prefix: "mh-player", seat, name: nameOf(ctx.names, seat), you: seat === ctx.you,
      turn: acting.includes(seat),
      badges: [el("span", { class: `mh-mark mh-seat-${seat}`, title: t("Their buildings' mark") }, turn.letters[seat]),
        seat === view.start_seat && view.phase !== "over" ? el("span", { class: "badge" }, t("starts")) : null,
        acting.includes(seat) ? el("span", { class: "badge badge--live" }, t("to play")) : null],
      body: [
        el("div", { class: "mh-score" }, el("strong", { class: "mh-score-value" }, String(scores[seat] ?? 0)),
          el("span", { class: "small muted" }, SENTENCE_GAP + t("points")),
          el("span", { class: "mh-score-bar", "aria-hidden": "true" }, bar)),
        el("div", { class: "mh-player-facts small" },
          el("span", null, t("{side} side", { side: t(SIDE_NAMES[(view.sides || [])[seat]] || "?") })),
          el("span", null, tn("{count} building", "{count} buildings", built[seat])),
          el("span", null, tn("{count} card", "{count} cards", (view.hand_counts || [])[seat] ?? 0))),
        view.phase === "over" ? null : el("div", { class: "mh-player-pieces small" }, el("span", null, `${t("This round:")} `), round),
        el("div", { class: "mh-player-pieces small muted" }, el("span", null, `${t("Supply:")} `), piecesIcons((view.supply || [])[seat], seat)),
      ] });
  });
  return el("section", { class: "mh-players", "aria-label": t("Players and scores") },
    el("h2", null, t("Players, in turn order")), el("div", { class: "mh-player-grid" }, entries));
}

// ---- scoring -------------------------------------------------------------------------------

/** One round's scoring: a line per rule, then points per player from each. */
function roundBlock(round, names) {
  const points = round.points || [];
  const cities = round.cities || [];
  return el("div", { class: "mh-round", "data-key": `round ${round.round}` },
    el("h3", null, t("Round {round}", { round: round.round })),
    el("ul", { class: "mh-round-rules small" },
      el("li", null, el("strong", null, `${t("Tallest building (+{points}):", { points: TALLEST_POINTS })} `), tallestText(round.tallest, names)),
      el("li", null, el("strong", null, `${t("City majorities (+{points} each):", { points: CITY_POINTS })} `), majoritiesText(cities, names)),
      el("li", null, el("strong", null, `${t("Buildings owned (+{points} each):", { points: 1 })} `),
        (round.buildings || []).map((count, seat) => `${nameOf(names, seat)} ${count}`).join(", "))),
    el("div", { class: "table-scroll" }, el("table", { class: "scores mh-round-table" },
      el("thead", null, el("tr", null, el("th", { scope: "col" }, t("Player")),
        el("th", { scope: "col", class: "num" }, t("Tallest")), el("th", { scope: "col", class: "num" }, t("Cities")),
        el("th", { scope: "col", class: "num" }, t("Buildings")), el("th", { scope: "col", class: "num" }, t("Points")))),
      el("tbody", null, points.map((total, seat) => el("tr", null,
        el("th", { scope: "row" }, nameOf(names, seat)),
        el("td", { class: "num" }, String(round.tallest && round.tallest.seat === seat ? TALLEST_POINTS : 0)),
        el("td", { class: "num" }, String(CITY_POINTS * cities.filter((owner) => owner === seat).length)),
        el("td", { class: "num" }, String((round.buildings || [])[seat] ?? 0)),
        el("td", { class: "num" }, el("strong", null, `+${total}`))))))));
}

function scoringBlock(view, names) {
  const rounds = view.rounds_scored || [];
  const note = el("p", { class: "small muted mh-rules" }, sentences(
    t("After each round: {tallest} points for the single tallest building, {city} for the most buildings in a city (ties score nothing), 1 per building owned.",
      { tallest: TALLEST_POINTS, city: CITY_POINTS }),
    t("Buildings stay; scores add up.")));
  if (!rounds.length) return el("section", { class: "mh-scoring", "aria-label": t("Scoring") }, note);
  const latest = rounds[rounds.length - 1];
  return el("section", { class: "mh-scoring", "aria-label": t("Scoring") },
    el("h2", null, t("Scoring")),
    roundBlock(latest, names),
    rounds.length > 1 ? el("details", { class: "mh-earlier" }, el("summary", null, t("Earlier rounds ({count})", { count: rounds.length - 1 })),
      rounds.slice(0, -1).reverse().map((round) => roundBlock(round, names))) : null,
    note);
}

export function turnHint(state) {
  const actions = state.legal || [];
  if (actions.some((action) => action.type === "choose_pieces")) return t("Choose this round's pieces.");
  if (actions.some((action) => action.type === "build")) return t("Pick a card, then a lit site, then a piece.");
  if (actions.some((action) => action.type === "discard")) return t("No build is possible: play a card and set a piece aside.");
  return "";
}

// ---- final result --------------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const rounds = (outcome.detail && outcome.detail.rounds_scored) || (view && view.rounds_scored) || [];
  const scores = outcome.scores || [];
  fill(root,
    el("p", { class: "outcome-winners" }, winnersText(outcome, names)),
    scoreTable(outcome, names),
    rounds.length ? el("div", { class: "table-scroll mh-final" }, el("table", { class: "scores mh-final-table" },
      el("caption", null, t("Points round by round")),
      el("thead", null, el("tr", null, el("th", { scope: "col" }, t("Player")),
        rounds.map((round) => el("th", { scope: "col", class: "num" }, t("R{round}", { round: round.round }))),
        el("th", { scope: "col", class: "num" }, t("Total")))),
      el("tbody", null, scores.map((score, seat) => el("tr", null,
        el("th", { scope: "row" }, nameOf(names, seat)),
        rounds.map((round) => el("td", { class: "num" }, String((round.points || [])[seat] ?? 0))),
        el("td", { class: "num" }, el("strong", null, String(score)))))))) : null);
}
