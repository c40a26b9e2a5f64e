// /match/{id}: the live table. Generic over games: the renderer module draws the board, the
// log lines and the final result (see lib/games.js for the interface).

import { get, post } from "../lib/api.js";
import { clockText, followClock } from "../lib/clock.js";
import { copyButton } from "../lib/clipboard.js";
import { createChat, noticeText } from "../lib/chat.js";
import { busy, byId, el, fill, show } from "../lib/dom.js";
import { nameOf, seatNames, shortHash } from "../lib/format.js";
import { loadGame } from "../lib/games.js";
import { N_, t, tn } from "../lib/i18n.js";
import { renderLogList } from "../lib/log.js";
import { actingSeat, createMotion, prefersReducedMotion } from "../lib/motion.js";
import { createNotifier } from "../lib/notifications.js";
import { createSound, cueFor, frameSummary } from "../lib/sound.js";
import { notify } from "../lib/notice.js";
import { keepWatch, pageData, withWatch } from "../lib/page.js";
import { patch } from "../lib/patch.js";
import { shareLink } from "../lib/share.js";
import { startPolling } from "../lib/poll.js";
import { connectMatch } from "../lib/socket.js";
import { renderUndo } from "../lib/undo.js";
import { winnersText } from "../lib/results.js";

const page = pageData();
const root = byId("table");
const ui = {
  title: byId("table-title"),
  conn: byId("conn"),
  players: byId("players"),
  seatMenu: byId("seat-menu"),
  awayOffers: byId("away-offers"),
  banner: byId("banner"),
  undo: byId("undo"),
  board: byId("board"),
  outcomeSlot: byId("outcome-slot"),
  log: byId("log"),
  commitment: byId("commitment"),
  watchPanel: byId("watch-panel"),
  watchLink: byId("watch-link"),
  copyWatch: byId("copy-watch"),
};
const STATUS_TEXT = {
  connecting: N_("Connecting…"),
  connected: N_("Connected"),
  reconnecting: N_("Reconnecting…"),
  offline: N_("Disconnected"),
};
// After the server's sentence, what a refused page can do (close codes: app/errors.py
// close_code); for the others (4404 no such match, 4409 older rules) a way home.
const REFUSAL_HELP = {
  4401: () => {
    const [before, ...after] = t("{link}, then open this table again.").split("{link}");
    return [before, el("a", { href: "/" }, t("Sign in on the home page")), after.join("")];
  },
  4403: () => t("Ask the table's host for the link to a seat."),
  4429: () => t("Close a Parlor tab you do not need, then reload this page."),
};
const baseTitle = document.title;
const leaveButton = byId("leave-match");
leaveButton.addEventListener("click", async () => {
  const seat = current && current.state.match ? current.state.match.seat : null;
  if (typeof seat !== "number") return;
  if (await handToBot(seat, t("Leave this match? A bot will play your seat from now on."))) {
    remember(HELD_KEY, { ...(recall(HELD_KEY) || {}), left: true });
  }
});

let game = null;
let socket = null;
let current = null; // {state, v}
let outcomeShown = false;
let pending = false; // a move is on its way: the table waits for its answer before the next
let lastAction = null; // the move last sent: a refusal answers it (the renderer's refused())
let refusal = null; // {code, reason} once the server refused or ended the socket (no retries)
const motion = createMotion(ui.board); // moves animate (lib/motion.js)
let drawnLog = null; // the log of the frame last drawn: its new entries say who just moved
let drawnSummary = null; // what the frame last drawn showed, for the sound cues and notifications
const sound = createSound();
const notifier = createNotifier();
let menuSeat = null; // the seat whose host menu is open (under the player strip)
let menuLink = null; // the seat link last made from that menu, shown in it until it closes
let turnShown = ""; // the turn the player strip last scrolled to
// When each offline person went away, on this browser's clock: from the server's offline_ms
// (which spares the skew between clocks) when a table part arrives, and from presence after.
const awayFrom = new Map();
let awayMatch = null; // the table part awayFrom was last taken from
let awayTimer = null; // wakes the host's page when the next offer is due

// The seat this browser held in this match (remembered, so that a player whose seat was handed
// on and who comes back later is told so on the page, not only by a passing notice).
const HELD_KEY = `parlor.held.${page.match_id}`;

function remember(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage is off in this browser: the page then only knows what it saw itself.
  }
}

function recall(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

// ---- state -> page ---------------------------------------------------------------------

/** Seats whose turn it is, in to_act order (a number, a list, or nothing). */
function turnSeats(view) {
  const toAct = view && view.to_act;
  if (typeof toAct === "number") return [toAct];
  if (Array.isArray(toAct)) return toAct.filter((seat) => typeof seat === "number");
  return [];
}

function contextFor(state) {
  const match = state.match || {};
  const view = state.view || {};
  const names = seatNames(match.players, view.players || 0);
  const you = typeof match.seat === "number" ? match.seat
    : typeof view.you === "number" ? view.you : null;
  // The host may end a timed phase early where the game allows it (Werewolf's discussion).
  const endPhase = (phase) => Boolean(socket && socket.endPhase(phase));
  const host = typeof match.seat === "number" && match.seat === match.host_seat;
  return { act, names, you, endPhase, host };
}

function isOver(state) {
  return state.outcome !== null && state.outcome !== undefined;
}

function render() {
  if (!current || !game) return;
  const { state, v } = current;
  const ctx = contextFor(state);
  const turn = turnSeats(state.view);
  const myTurn = (state.legal || []).length > 0;
  const over = isOver(state);

  // The frame is the same bytes for every viewer: the game's name is translated here (its catalog).
  if (state.match && state.match.title) ui.title.textContent = t(state.match.title);
  document.title = `${myTurn ? `▶ ${t("Your turn")} · ` : ""}${baseTitle}`;
  renderPlayers(state);
  renderAwayOffers(state, ctx);
  leaveButton.hidden = over || ctx.you === null;
  renderBanner(state, ctx, turn, myTurn, over);
  renderUndo(ui.undo, over ? null : state.undo, ctx.names, ctx.you, undoSender);
  setPending(false);
  const focused = ui.board.contains(document.activeElement) ? document.activeElement : null;
  try {
    // Keeps the nodes a frame does not change (lib/patch.js), animating the pieces that moved;
    // a piece with no place before comes from the place of whoever just moved.
    const actor = actingSeat(drawnLog, state.log);
    drawnLog = state.log || [];
    motion.update(() => game.render(ui.board, state, ctx), { origin: () => placeOf(actor) });
    if (focused && !focused.isConnected) focusFirstAction();
  } catch (error) {
    console.error(error);
    fill(ui.board, el("p", { class: "message message--error" }, t("This table could not be drawn. Try reloading the page.")));
  }
  renderLogList(ui.log, state.log || [], game, ctx.names,
    { standIns: state.stand_ins || [], times: state.log_times || [], holders: state.holders || [] });
  followClock(over ? null : state.clock);
  renderCommitment(state.match);
  if (over) renderOutcome(state, ctx);

  const summary = frameSummary(state);
  sound.play(cueFor(drawnSummary, summary));
  notifier.frame(drawnSummary, summary, baseTitle);
  drawnSummary = summary;

  // Hooks for the browser tests (and CSS), set once the page shows this state.
  root.dataset.v = v === null || v === undefined ? "" : String(v);
  root.dataset.turn = over ? "" : turn.join(",");
  root.dataset.you = ctx.you === null ? "" : String(ctx.you);
  root.dataset.myturn = myTurn ? "1" : "0";
  root.dataset.over = over ? "1" : "0";
}

/** A seat's place: its entry on the board (lib/seats.js seatEntry), else in the player strip. */
function placeOf(seat) {
  if (seat === null) return null;
  return ui.board.querySelector(`[data-key="seat ${seat}"]`) || ui.players.querySelector(`li[data-key="${seat}"]`);
}

/** The focused control went with the frame (a card played): focus the first enabled action. */
function focusFirstAction() {
  const target = ui.board.querySelector("button[data-action]:not(:disabled)");
  if (target) target.focus({ preventScroll: true });
}

/** The player strip above the board: who plays, whose turn it is, who is away; one entry per seat. */
function renderPlayers(state) {
  const ctx = contextFor(state);
  const turn = isOver(state) ? [] : turnSeats(state.view);
  const players = (state.match && state.match.players) || ctx.names.map((name, seat) => ({ seat, name, bot: null }));
  const onClock = new Set((state.clock && state.clock.seats) || []);
  const host = isHost(state, ctx);
  const items = players.slice().sort((a, b) => a.seat - b.seat).map((player) => {
    const isTurn = turn.includes(player.seat);
    const classes = ["player"];
    if (isTurn) classes.push("is-turn");
    if (player.seat === ctx.you) classes.push("is-you");
    return el("li", { class: classes.join(" "), "aria-current": isTurn ? "step" : null, "data-key": player.seat },
      isTurn ? el("span", { class: "turn-dot", title: t("Their turn") }, el("span", { class: "sr-only" }, `${t("Turn:")} `)) : null,
      el("span", { class: "player-name" }, nameOf(ctx.names, player.seat)),
      player.seat === ctx.you ? el("span", { class: "badge badge--you" }, t("you")) : null,
      player.bot ? el("span", { class: "badge badge--bot" }, t("bot")) : null,
      player.away ? el("span", { class: "badge badge--bot", title: t("Missed too many turns: a stand-in plays until they take the seat back") }, t("stand-in")) : null,
      !player.away && player.missed ? el("span", { class: "badge badge--away", title: t("Turns in a row a stand-in played") }, t("missed {count}", { count: player.missed })) : null,
      player.online === false ? el("span", { class: "badge badge--away", title: t("Not connected right now") }, t("offline")) : null,
      onClock.has(player.seat) ? el("span", { class: "turn-clock", "data-clock": "", title: t("Time left for this turn") },
        clockText(state.clock.remaining_ms)) : null,
      // The host's per-seat controls wait behind one menu button (the panel below the strip),
      // so that the strip stays one short row on a phone.
      host && player.seat !== ctx.you
        ? el("button", { type: "button", class: "btn btn--small btn--ghost seat-menu-button", "data-key": "menu",
          "aria-expanded": String(menuSeat === player.seat), "aria-controls": "seat-menu",
          "aria-label": t("Seat options for {player}", { player: nameOf(ctx.names, player.seat) }), title: t("Hand this seat to a bot or to someone new"),
          onclick: () => toggleSeatMenu(player.seat) }, "\u22ef")
        : null);
  });
  const watching = (state.match && state.match.watching) || [];
  if (watching.length) {
    items.push(el("li", { class: "player player--watching", title: t("Watching this match"), "data-key": "watching" },
      t("Watching: {names}", { names: watching.join(", ") })));
  }
  patch(ui.players, items);
  renderSeatMenu(state, ctx, players);
  keepTurnInView(turn);
}

ui.seatMenu.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || menuSeat === null) return;
  const seat = menuSeat;
  toggleSeatMenu(seat);
  const opener = ui.players.querySelector(`li[data-key="${seat}"] .seat-menu-button`);
  if (opener) opener.focus();
});

function toggleSeatMenu(seat) {
  menuSeat = menuSeat === seat ? null : seat;
  menuLink = null;
  if (current) renderPlayers(current.state);
  const first = menuSeat === null ? null : ui.seatMenu.querySelector("button");
  if (first) first.focus();
}

/** The host's controls for one seat: hand it to a bot, make a link for someone new. */
function renderSeatMenu(state, ctx, players) {
  const player = players.find((entry) => entry.seat === menuSeat);
  if (!player || !isHost(state, ctx) || player.seat === ctx.you) {
    menuSeat = null;
    menuLink = null;
    ui.seatMenu.hidden = true;
    patch(ui.seatMenu);
    return;
  }
  const name = nameOf(ctx.names, player.seat);
  const link = menuLink;
  ui.seatMenu.hidden = false;
  patch(ui.seatMenu,
    el("p", { class: "seat-menu-title" }, el("strong", null, t("{player}\u2019s seat", { player: name }))),
    el("div", { class: "button-row" },
      player.bot ? null : el("button", { type: "button", class: "btn btn--small", title: t("A bot plays this seat from now on"),
        "data-key": "bot", onclick: () => handToBot(player.seat, t("Hand {player}'s seat to a bot?", { player: name })) }, t("Hand to a bot")),
      el("button", { type: "button", class: "btn btn--small", title: t("Make a link that gives this seat to someone new"),
        "data-key": "invite", onclick: (event) => inviteToSeat(player.seat, name, event.currentTarget) }, t("Invite someone")),
      el("button", { type: "button", class: "btn btn--small btn--ghost", "data-key": "close",
        onclick: () => toggleSeatMenu(player.seat) }, t("Close"))),
    link ? el("p", { class: "seat-menu-link small" }, `${t("The link for {player}\u2019s seat (it works once):", { player: name })} `,
      el("code", { id: "seat-invite-link", class: "invite-link" }, link)) : null);
}

/** On a phone the strip is one scrolling row: bring the player whose turn it is into view. */
function keepTurnInView(turn) {
  const key = turn.join(",");
  if (key === turnShown) return; // the player's own scrolling stays until the turn moves
  turnShown = key;
  const entry = turn.length ? ui.players.querySelector(`li[data-key="${turn[0]}"]`) : null;
  if (!entry || ui.players.scrollWidth <= ui.players.clientWidth) return;
  const strip = ui.players.getBoundingClientRect();
  const place = entry.getBoundingClientRect();
  if (place.left < strip.left || place.right > strip.right) {
    ui.players.scrollLeft += place.left - strip.left - 8;
  }
}

/** The host may hand another seat to a bot or to someone new while the match runs. */
function isHost(state, ctx) {
  const match = state.match || {};
  return !state.outcome && ctx.you !== null && match.host_seat === ctx.you;
}

/** Take each offline person's time away from a newly arrived table part. */
function noteAway(match) {
  if (!match || match === awayMatch) return;
  awayMatch = match;
  awayFrom.clear();
  const now = Date.now();
  for (const player of match.players || []) {
    if (typeof player.offline_ms === "number") awayFrom.set(player.seat, now - player.offline_ms);
  }
}

/** "Ada has been away for a minute." / "… for 5 minutes." */
function minutesAway(name, minutes) {
  return minutes === 1 ? t("{player} has been away for a minute.", { player: name })
    : tn("{player} has been away for {count} minute.", "{player} has been away for {count} minutes.", minutes, { player: name });
}

function minutesText(ms) {
  const minutes = Math.max(1, Math.floor(ms / 60000));
  return minutes;
}

/**
 * At a table without a turn timer nothing plays for someone who went away: after a while
 * (match.away_offer_ms) the host is offered to hand their seat to a bot.
 */
function renderAwayOffers(state, ctx) {
  clearTimeout(awayTimer);
  const match = state.match || {};
  const untimed = !(match.table && match.table.turn_seconds);
  const after = typeof match.away_offer_ms === "number" ? match.away_offer_ms : 180000;
  const now = Date.now();
  let nextDue = null;
  const offers = [];
  if (untimed && isHost(state, ctx)) {
    for (const player of match.players || []) {
      if (player.bot || player.seat === ctx.you || !awayFrom.has(player.seat)) continue;
      const away = now - awayFrom.get(player.seat);
      if (away < after) {
        nextDue = Math.min(nextDue === null ? Infinity : nextDue, after - away);
        continue;
      }
      const name = nameOf(ctx.names, player.seat);
      offers.push(el("p", { class: "away-offer", "data-key": player.seat, "data-seat": player.seat },
        `${minutesAway(name, minutesText(away))} `,
        el("button", { type: "button", class: "btn btn--small",
          onclick: () => handToBot(player.seat, t("Hand {player}'s seat to a bot?", { player: name })) },
        t("Hand {player}’s seat to a bot", { player: name }))));
      // The minutes shown move on.
      nextDue = Math.min(nextDue === null ? Infinity : nextDue, 60000 - ((away - after) % 60000));
    }
  }
  ui.awayOffers.hidden = offers.length === 0;
  patch(ui.awayOffers, offers);
  if (nextDue !== null) {
    awayTimer = setTimeout(() => current && renderAwayOffers(current.state, contextFor(current.state)), nextDue + 50);
  }
}

/** Make a seat link, show it in the seat's menu, then share it (or copy it) and say so. */
async function inviteToSeat(seat, name, button) {
  try {
    const invite = await busy(button, () => post(`/api/matches/${encodeURIComponent(page.match_id)}/seats/${seat}/invite`)); // i18n: not text
    const link = new URL(invite.url, location.href).href;
    if (menuSeat === seat) menuLink = link;
    if (current) renderPlayers(current.state);
    const how = await shareLink({ title: t("A seat at {table}", { table: baseTitle }), url: link, node: document.getElementById("seat-invite-link"),
      text: t("Take {player}'s seat at my Parlor table (the link works once):", { player: name }) });
    if (how === "copied") notify(t("Link copied: send it to the person who will take {player}'s seat.", { player: name }), "ok");
    else if (how === "selected") notify(t("Copy the link shown under the players and send it."), "info");
  } catch (error) {
    notify(error.message);
  }
}

async function takeSeatBack(seat, button) {
  try {
    await busy(button, () => post(`/api/matches/${encodeURIComponent(page.match_id)}/seats/${seat}/back`)); // i18n: not text
  } catch (error) {
    notify(error.message);
  }
}

/** Whether the seat went to a bot. */
async function handToBot(seat, question) {
  if (!window.confirm(question)) return false;
  try {
    await post(`/api/matches/${encodeURIComponent(page.match_id)}/seats/${seat}/bot`); // i18n: not text
    return true;
  } catch (error) {
    notify(error.message);
    return false;
  }
}

/**
 * What a person who held a seat here and holds none now should read on the page: that they
 * left, or that the host handed their seat on (to a bot, or to whom). Null: nothing to say.
 */
function seatLostText(state, ctx) {
  const held = recall(HELD_KEY);
  if (ctx.you !== null || !held || typeof held.seat !== "number") return null;
  const holder = ((state.match && state.match.players) || []).find((player) => player.seat === held.seat);
  if (!holder) return null;
  if (held.left) return t("You left this match: a bot plays your seat now, and you are watching.");
  if (holder.bot) return t("The host handed your seat to a bot: you are watching now.");
  return t("The host handed your seat to {player}: you are watching now.", { player: holder.name });
}

/** The viewer's own player entry. */
function mine(state, ctx) {
  return ((state.match && state.match.players) || []).find((player) => player.seat === ctx.you) || {};
}

/** "0:42 left": the clock (rewritten each tick: lib/clock.js) where the language puts it. */
function clockLeft(time) {
  const [before, ...after] = t("{time} left").split("{time}");
  return [before, el("span", { "data-clock": "" }, time), after.join("")].filter(Boolean);
}

function renderBanner(state, ctx, turn, myTurn, over) {
  if (refusal) {
    renderRefusal();
    return;
  }
  let kind = "wait";
  let parts;
  if (over) {
    kind = "over";
    parts = [el("strong", null, `${t("Game over.")} `), winnersText(state.outcome, ctx.names)];
  } else if (ctx.you !== null && mine(state, ctx).away) {
    kind = "mine";
    parts = [el("strong", null, `${t("A stand-in is playing for you.")} `),
      `${t("You missed too many turns in a row.")} `,
      el("button", { type: "button", id: "take-back", class: "btn btn--primary btn--small",
        onclick: (event) => takeSeatBack(ctx.you, event.currentTarget) }, t("Take my seat back"))];
  } else if (myTurn) {
    kind = "mine";
    const hint = game.turnHint ? game.turnHint(state) : "";
    const timed = state.clock && (state.clock.seats || []).includes(ctx.you);
    parts = [el("strong", null, t("Your turn")),
      timed ? el("span", { class: "banner-clock" }, " · ", ...clockLeft(clockText(state.clock.remaining_ms))) : null,
      hint ? el("span", { class: "banner-hint" }, hint) : null];
  } else if (seatLostText(state, ctx)) {
    kind = "lost";
    parts = [el("strong", { id: "seat-lost" }, seatLostText(state, ctx)), " "];
    if (turn.length) parts.push(t("Waiting for {players}…", { players: turn.map((seat) => nameOf(ctx.names, seat)).join(", ") }));
  } else if (turn.length) {
    const names = turn.map((seat) => nameOf(ctx.names, seat));
    parts = [t("Waiting for {players}…", { players: names.join(", ") })];
  } else {
    parts = [t("Waiting…")];
  }
  if (ctx.you === null && !over && kind !== "lost") parts.push(el("span", { class: "banner-hint" }, t("You are watching.")));
  ui.banner.className = `banner banner--${kind}`;
  patch(ui.banner, parts);
}

/** Why the server refused this page's socket, and the way forward, in place of the banner. */
function renderRefusal() {
  const help = REFUSAL_HELP[refusal.code];
  ui.banner.className = "banner banner--refused";
  patch(ui.banner,
    el("strong", null, refusal.reason || t("The server closed this table's connection.")),
    el("span", { class: "banner-hint" }, help ? help() : el("a", { href: "/" }, t("Back to the home page"))));
  for (const button of root.querySelectorAll("button[data-action]")) button.disabled = true;
  root.dataset.refused = String(refusal.code);
}

function renderCommitment(match) {
  const hash = match && match.commitment;
  show(ui.commitment, Boolean(hash));
  if (!hash || ui.commitment.dataset.hash === hash) return;
  ui.commitment.dataset.hash = hash;
  const toggle = el("button", { type: "button", class: "hash", title: hash, "aria-expanded": "false",
    "aria-label": t("Shuffle commitment sha256 {hash}", { hash }) }, shortHash(hash));
  toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    toggle.textContent = open ? hash : shortHash(hash);
  });
  fill(ui.commitment, `${t("Shuffle commitment: sha256")} `, toggle);
}

function renderOutcome(state, ctx) {
  let section = document.getElementById("outcome");
  const first = !section;
  if (first) {
    section = el("section", { id: "outcome", class: "panel outcome", "aria-labelledby": "outcome-title" });
    ui.outcomeSlot.append(section);
  }
  const body = el("div");
  try {
    game.renderOutcome(body, state.outcome, state.view, ctx.names);
  } catch (error) {
    console.error(error);
    body.append(el("p", null, winnersText(state.outcome, ctx.names)));
  }
  patch(section,
    el("h2", { id: "outcome-title" }, t("Final result")),
    body,
    el("p", { class: "button-row" },
      ctx.you !== null ? el("button", { type: "button", class: "btn btn--primary", id: "rematch",
        onclick: (event) => rematch(event.currentTarget, state.match) }, t("Play again")) : null,
      el("a", { class: "btn", href: withWatch(`/match/${encodeURIComponent(page.match_id)}/record`) }, t("Match record")), // i18n: not text
      state.match && state.match.lobby_id
        ? el("a", { class: "btn btn--ghost", href: `/lobby/${state.match.lobby_id}` }, t("Table and standings")) : null,
      el("a", { class: "btn btn--ghost", href: "/" }, t("Home"))),
    // Kept as it is: it may already say that the next match has started.
    document.getElementById("next-match") || el("p", { id: "next-match", class: "message message--info", hidden: true }));
  if (first && ctx.you !== null && state.match && state.match.lobby_id) watchForNextMatch(state.match.lobby_id);
  if (first && !outcomeShown) {
    outcomeShown = true;
    section.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  }
}

/** Start the table's next match (or join it if someone else already did). */
async function rematch(button, match) {
  try {
    const result = await busy(button, () => post(`/api/lobbies/${match.lobby_id}/rematch`)); // i18n: not text
    location.assign(`/match/${result.match_id}`);
  } catch (error) {
    notify(error.message);
  }
}

/** After the end, tell the players when someone has started the next match at this table. */
function watchForNextMatch(lobbyId) {
  const poller = startPolling(async () => {
    const lobby = await get(`/api/lobbies/${lobbyId}`);
    if (lobby.status !== "playing" || lobby.match_id === Number(page.match_id)) return;
    poller.stop();
    const note = document.getElementById("next-match");
    if (!note) return;
    fill(note, `${t("The next match has started.")} `,
      el("a", { href: `/match/${lobby.match_id}` }, t("Join it")));
    note.hidden = false;
  }, 3000);
}

// ---- socket events ---------------------------------------------------------------------

function act(action) {
  if (pending) return;
  if (!socket || !socket.act(action)) {
    notify(refusal ? refusal.reason : t(NOT_SENT));
    return;
  }
  lastAction = action;
  // One move at a time: the controls wait for the next state (or an error). They are not
  // disabled, which would take the focus away from a keyboard user's button.
  setPending(true);
}

const NOT_SENT = N_("Not connected right now: reconnecting, please try again in a moment.");
const undoSender = {
  ask: () => (socket && socket.askUndo()) || notify(t(NOT_SENT)),
  answer: (accept) => (socket && socket.answerUndo(accept)) || notify(t(NOT_SENT)),
};

function setPending(value) {
  pending = value;
  if (value) ui.board.setAttribute("aria-busy", "true");
  else ui.board.removeAttribute("aria-busy");
}

/**
 * Show a player the table's watch link (from the lobby, which only its members may read), and
 * keep its code: a player who leaves the match still sees it, its record and its replay through
 * it (the links and the socket carry it along: withWatch).
 */
async function showWatchLink(lobbyId) {
  try {
    const lobby = await get(`/api/lobbies/${encodeURIComponent(lobbyId)}`);
    if (!lobby.watch_url) return;
    const link = new URL(lobby.watch_url, location.origin);
    ui.watchLink.textContent = link.href;
    show(ui.watchPanel);
    keepWatch(link.pathname.split("/").pop());
  } catch {
    // No watch link to show (the player left the table): the panel stays hidden.
  }
}

copyButton(ui.copyWatch, ui.watchLink);

// ---- sound and notifications (off until the player turns them on; remembered) ---------------

const soundToggle = byId("sound-toggle");
const notifyToggle = byId("notify-toggle");

function showToggles() {
  // Their names stay ("Sound", "Notify me"); pressed or not says whether they are on.
  soundToggle.setAttribute("aria-pressed", String(sound.on));
  notifyToggle.hidden = !notifier.supported;
  notifyToggle.setAttribute("aria-pressed", String(notifier.wanted));
  notifyToggle.disabled = notifier.permission === "denied";
  if (notifier.permission === "denied") notifyToggle.title = t("Notifications are blocked for this site in the browser's settings");
}

soundToggle.addEventListener("click", () => {
  sound.setOn(!sound.on);
  showToggles();
});
notifyToggle.addEventListener("click", async () => {
  if (notifier.wanted) notifier.disable();
  else if (!(await notifier.enable())) notify(t("Notifications are not allowed for this site: the browser said no."), "info");
  showToggles();
});
showToggles();

let watchLinkAsked = false;
let lastSeat = null; // the seat this viewer played last: a line about it is a notice for them

function onState(state, v) {
  current = { state, v };
  noteAway(state.match);
  if (state.match && typeof state.match.seat === "number") {
    lastSeat = state.match.seat;
    remember(HELD_KEY, { seat: lastSeat });
  }
  const seated = state.match && typeof state.match.seat === "number" && state.match.lobby_id;
  if (seated && !watchLinkAsked) {
    watchLinkAsked = true;
    showWatchLink(state.match.lobby_id);
  }
  // The first state of each connection carries the table's recent chat (and a state after
  // the viewer's chat channels changed, the lines it may now read).
  const match = state.match || {};
  const canTalk = typeof match.seat === "number" || Boolean(match.table && match.table.spectator_chat);
  chat.setChannels(state.channels || null, (game && game.CHANNELS) || {}, canTalk);
  for (const line of state.chat || []) chat.line(line);
  render();
}

function onError(error) {
  if (game && game.refused && game.refused(error, lastAction)) {
    // The renderer shows it where the move came from (a chat line the rules refused).
  } else if (error.code === "stale") {
    notify(t("The table changed before your move arrived. Here is the latest position."), "info");
  } else {
    notify(error.detail || t("That move was refused."), "error");
  }
  render(); // re-enable the controls act() disabled
}

function onStatus(status, refused) {
  ui.conn.className = `conn conn--${status}`;
  ui.conn.textContent = STATUS_TEXT[status] ? t(STATUS_TEXT[status]) : status;
  if (status === "offline") {
    refusal = refused;
    renderRefusal();
  }
}

// ---- chat --------------------------------------------------------------------------------

const chat = createChat(
  { list: byId("chat"), form: byId("chat-form"), text: byId("chat-text"), tabs: byId("chat-tabs"), muted: byId("chat-muted"),
    none: byId("chat-none") },
  {
    muteKey: `parlor.muted.${page.match_id}`,
    send: (text, channel) => Boolean(socket && socket.chat(text, channel)),
    onUnsent: () => notify(t("Not connected right now: your message was not sent.")),
  },
);

function onChat(line) {
  chat.line(line);
  // Whoever takes a seat sees its hand: its player hears of it at once (docs/security.md).
  if (line.notice && line.seat === lastSeat) notify(t("Your seat: {notice}", { notice: noticeText(line) }), "info");
}

/** Someone connected or left: mark the seats online or away; only the player strip changes. */
function onPresence(presence) {
  if (!current || !current.state.match) return;
  const online = new Set(presence.online || []);
  current.state.match.players = (current.state.match.players || []).map((player) =>
    ({ ...player, online: Boolean(player.bot) || online.has(player.seat) }));
  for (const player of current.state.match.players) {
    if (player.online) awayFrom.delete(player.seat);
    else if (!awayFrom.has(player.seat)) awayFrom.set(player.seat, Date.now());
  }
  awayMatch = current.state.match;
  renderAwayOffers(current.state, contextFor(current.state));
  current.state.match.spectators = presence.spectators || 0;
  current.state.match.watching = presence.watching || [];
  renderPlayers(current.state);
}

async function start() {
  game = await loadGame(page.game);
  socket = connectMatch(page.match_id, { onState, onError, onStatus, onPresence, onChat });
}

start();
