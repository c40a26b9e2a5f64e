// /match/{id}/replay: step through a match, drawn by the same game renderer as the live table,
// through one seat's eyes (what that seat saw at each step) or the public view.

import { get } from "../lib/api.js";
import { byId, el, fill } from "../lib/dom.js";
import { nameOf, seatNames } from "../lib/format.js";
import { loadGame } from "../lib/games.js";
import { createMotion } from "../lib/motion.js";
import { renderLogList } from "../lib/log.js";
import { say } from "../lib/notice.js";
import { pageData, withWatch } from "../lib/page.js";
import { t } from "../lib/i18n.js";

const page = pageData();
const root = byId("replay");
const ui = {
  title: byId("replay-title"),
  viewpoint: byId("viewpoint"),
  slider: byId("slider"),
  stepText: byId("step-text"),
  message: byId("replay-message"),
  board: byId("board"),
  hands: byId("hands"),
  outcomeSlot: byId("outcome-slot"),
  log: byId("log"),
  recordLink: byId("record-link"),
  buttons: { first: byId("first"), prev: byId("prev"), next: byId("next"), last: byId("last") },
};

let game = null;
let replay = null;
let step = 0;
const motion = createMotion(ui.board); // a step forward or back animates its move (lib/motion.js)

function names() {
  return seatNames(replay.players, replay.players.length);
}

function logAt(index) {
  const current = replay.steps[index];
  return current.log || replay.log.slice(0, current.log_size || 0);
}

function describeMove(move) {
  if (!move) return t("The deal, before the first move.");
  // A move of no seat: a timed phase ran out (Werewolf's night, day or vote).
  const who = move.seat === null ? t("The clock") : nameOf(names(), move.seat);
  if (!move.action) return t("{player} moved.", { player: who });
  // An undo the table agreed to (docs/protocol.md, Undo): the step shows the move before.
  if (move.action.type === "undo") return t("{player} took back their last move, with the table's consent.", { player: who });
  try {
    if (game.describeAction) return `${who}: ${game.describeAction(move.action, names())}`;
  } catch {
    // fall through to the raw action
  }
  return `${who}: ${JSON.stringify(move.action)}`;
}

function show(index) {
  const from = step;
  step = Math.max(0, Math.min(index, replay.steps.length - 1));
  const current = replay.steps[step];
  const state = {
    view: current.view,
    legal: [],
    log: logAt(step),
    outcome: current.outcome,
    match: { id: replay.match_id, game: replay.game, title: replay.title, seat: replay.seat,
      players: replay.players, status: replay.status },
  };
  const ctx = { act() {}, names: names(), you: replay.seat };
  try {
    // One step is one move: its pieces travel (from the mover's seat when they had no place);
    // a jump along the slider just draws.
    const mover = step === from + 1 && current.move ? current.move.seat : null;
    motion.update(() => game.render(ui.board, state, ctx),
      { origin: () => seatPlace(mover), still: Math.abs(step - from) !== 1 });
  } catch (error) {
    console.error(error);
    fill(ui.board, el("p", { class: "message message--error" }, t("This step could not be drawn.")));
  }
  renderHands(current, state);
  // Nothing is playable in a replay, whatever the renderer drew.
  for (const button of root.querySelectorAll("#board button, #hands button")) button.disabled = true;
  fill(ui.outcomeSlot);
  if (current.outcome) {
    const box = el("section", { class: "panel outcome", id: "outcome" });
    game.renderOutcome(box, current.outcome, current.view, names());
    ui.outcomeSlot.append(box);
  }
  renderLogList(ui.log, state.log, game, names(), { follow: true });
  const last = replay.steps.length - 1;
  ui.slider.value = String(step);
  ui.stepText.textContent = `${t("Step {step} of {last}.", { step, last })} ${describeMove(current.move)}`;
  ui.buttons.first.disabled = ui.buttons.prev.disabled = step === 0;
  ui.buttons.next.disabled = ui.buttons.last.disabled = step === last;
  root.dataset.step = String(step);
  root.dataset.steps = String(last);
  rememberInUrl();
}

function seatPlace(seat) {
  return typeof seat === "number" ? ui.board.querySelector(`[data-key="seat ${seat}"]`) : null;
}

/** "Everyone": under the public table, each seat's own view (their hand) at this step. */
function renderHands(current, state) {
  const views = current.views || [];
  ui.hands.hidden = views.length === 0;
  fill(ui.hands, views.map((view, seat) => {
    const board = el("div", { class: "board" });
    try {
      game.render(board, { ...state, view, log: [] }, { act() {}, names: names(), you: seat });
    } catch (error) {
      console.error(error);
    }
    return el("section", { class: "panel replay-hand", "data-hand": String(seat) },
      el("h2", null, t("Through {player}'s eyes", { player: nameOf(names(), seat) })), board);
  }));
}

function viewpointOptions() {
  const options = replay.players.map((player) => el("option", { value: String(player.seat) },
    player.seat === replay.your_seat ? t("{name} (you)", { name: player.name }) : player.name));
  options.push(el("option", { value: "public" }, t("Public view (what a spectator saw)")));
  options.push(el("option", { value: "everyone" }, t("Everyone (all hands)")));
  fill(ui.viewpoint, options);
  ui.viewpoint.value = replay.everyone ? "everyone" : replay.seat === null ? "public" : String(replay.seat);
  // While the match is live only your own eyes are available.
  const live = replay.status !== "finished";
  for (const option of ui.viewpoint.options) {
    option.disabled = live && option.value !== String(replay.your_seat);
  }
}

async function load(viewpoint, startAt = null) {
  const query = viewpoint === "public" ? "?public=true"
    : viewpoint === "everyone" ? "?everyone=true"
      : viewpoint === null ? "" : `?seat=${encodeURIComponent(viewpoint)}`;
  try {
    const data = await get(withWatch(`/api/matches/${page.match_id}/replay${query}`)); // i18n: not text
    const keep = replay ? step : startAt;
    replay = data;
    if (!game) game = await loadGame(replay.game);
    ui.title.textContent = t("{game}: replay", { game: replay.title });
    root.dataset.seat = replay.everyone ? "everyone" : replay.seat === null ? "public" : String(replay.seat);
    ui.slider.max = String(replay.steps.length - 1);
    viewpointOptions();
    say(ui.message, replay.status === "finished" ? ""
      : t("This match is still being played: you see it through your own eyes, up to now."), "info");
    show(keep === null ? 0 : keep);
  } catch (error) {
    if (replay) say(ui.message, error.message);
    else refuse(error.message);
  }
}

/** A replay refused from the start (not a player, left while it runs, sealed): the refusal
 * alone, under a heading that says so, not "Loading…" and step buttons that can do nothing. */
function refuse(sentence) {
  ui.title.textContent = t("Replay not available");
  document.title = `${t("Replay not available")} · ${t("Parlor")}`;
  for (const part of root.querySelectorAll(".replay-bar, .table-grid")) part.hidden = true;
  say(ui.message, sentence);
}

/** The viewpoint and step in the address, so the page can be shared with the other players. */
function rememberInUrl() {
  const url = new URL(location.href);
  url.searchParams.set("eyes", root.dataset.seat);
  url.searchParams.set("step", String(step));
  history.replaceState(null, "", url);
}

ui.viewpoint.addEventListener("change", () => load(ui.viewpoint.value));
ui.slider.addEventListener("input", () => show(Number(ui.slider.value)));
ui.buttons.first.addEventListener("click", () => show(0));
ui.buttons.prev.addEventListener("click", () => show(step - 1));
ui.buttons.next.addEventListener("click", () => show(step + 1));
ui.buttons.last.addEventListener("click", () => show(replay.steps.length - 1));
document.addEventListener("keydown", (event) => {
  if (!replay || event.target.closest("select, input[type=text], textarea")) return;
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: replay.steps.length - 1 };
  if (event.key in moves) {
    event.preventDefault();
    show(moves[event.key]);
  }
});

ui.recordLink.href = withWatch(ui.recordLink.getAttribute("href"));
const params = new URLSearchParams(location.search);
const eyes = params.get("eyes");
const startStep = Number.parseInt(params.get("step") || "", 10);
load(eyes === "public" || eyes === "everyone" || /^\d+$/.test(eyes || "") ? eyes : null,
  Number.isNaN(startStep) ? null : startStep);
