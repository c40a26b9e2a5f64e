// Werewolf renderer (rules: shared/rules/werewolf.md, "Settled for online play"; the wire, the
// view, the log and every decision the rule file leaves open: app/rules/werewolf/__init__.py).
// 5-18 players; the view is the viewer's own (views.py): roles as they know them, their notes,
// the pack's pointing for a werewolf, the day's public choices.
//
// The board, top to bottom: the phase in words with its countdown (data-clock) and the host's
// "End the discussion"; what you may do now (werewolf/panel.js: the actions in state.legal in
// words, and the live counts); the round table (werewolf/table.js: a ring on a wide screen, a
// grid on a phone) whose lit places are the targets you may tap, then confirm (the panel's
// buttons do the same in one step); your private notes, narrated with names. At night a
// viewer with nothing to do sees the same calm panel whatever the role.

import { legalIndex } from "../lib/actions.js";
import { clockText } from "../lib/clock.js";
import { localChoice } from "../lib/choice.js";
import { el, fill } from "../lib/dom.js";
import { listText, nameOf } from "../lib/format.js";
import { N_, t, tn } from "../lib/i18n.js";
import { patch } from "../lib/patch.js";
import { TARGET_VERBS, actionPanel } from "./werewolf/panel.js";
import { rolesControl } from "./werewolf/roles.js";
import { packPointing, roleIcon, seatRing, voteTally } from "./werewolf/table.js";
import {
  noteText, noteWhen, phaseTitle, roleHelp, roleName, seatsText, sideText, theRole, withNodes,
} from "./werewolf/words.js";

export { preset, rolesControl, rolesProblem, villagersLeft } from "./werewolf/roles.js";
export { packPointing, ringOrder, voteTally } from "./werewolf/table.js";
export {
  describeAction, describeLog, noteMessages, noteText, phaseName, phaseTitle, roleName, roleSetText, sideText,
} from "./werewolf/words.js";

/** The chat channels (views.py channels()). */
export const CHANNELS = { day: t("Village"), werewolves: t("Werewolves"), dead: t("The dead") };

/** "30 seconds", "1 minute", "1\u00bd minutes", "20 minutes". */
function secondsText(seconds) {
  if (seconds < 60) return tn("{count} second", "{count} seconds", seconds);
  const minutes = seconds / 60;
  if (Number.isInteger(minutes)) return tn("{count} minute", "{count} minutes", minutes);
  if (Number.isInteger(minutes * 2)) return t("{count}\u00bd minutes", { count: Math.floor(minutes) });
  return tn("{count} second", "{count} seconds", seconds);
}

function timer(label, values) {
  return { label: t(label), choices: values.map((seconds) => [seconds, secondsText(seconds)]) };
}

/** The create form (components.TABLE, the ranges of TIMERS; the defaults are among the choices). */
export const OPTIONS = {
  roles: { label: t("Roles"), control: rolesControl },
  night_seconds: timer(N_("Night"), [30, 45, 60, 90, 120, 180, 300]),
  witch_seconds: timer(N_("The witch's hour"), [15, 20, 30, 45, 60, 90, 120]),
  discussion_seconds: timer(N_("Discussion by day"), [60, 120, 180, 300, 600, 900, 1200]),
  vote_seconds: timer(N_("Each vote"), [30, 45, 60, 90, 120, 180, 300]),
  reveal: {
    label: t("A dead player's role is shown"),
    choices: [["on_death", t("When they die")], ["end", t("At the end")]],
  },
  dead_see: {
    label: t("The dead see"),
    choices: [["all", t("Everything")], ["public", t("The public view")]],
  },
  potions: {
    label: t("The Witch's potions"),
    choices: [["each_once", t("Each once a game")], ["single", t("One use in all")]],
  },
};

// What the viewer picked on the ring and has not confirmed yet, and the Witch's poison mode;
// both hold for one phase only.
const choice = localChoice({ board: null, phase: null, target: null, mode: null }, draw);
const local = choice.picked;
export const render = choice.render;

const PICK_ORDER = ["point", "see", "choose_lover", "enchant", "poison", "vote", "break_tie", "name_successor", "toggle_voter"];

// ---- frame ---------------------------------------------------------------------------------

function draw(root, state, ctx) {
  const view = state.view || {};
  const actions = state.legal || [];
  const frame = {
    state, view, ctx, actions, names: ctx.names, legal: legalIndex(actions), local,
    tally: voteTally(view),
    pointing: view.pointing && (view.step === "night" || view.step === "witch") ? packPointing(view) : null,
    setMode: (mode) => choice.choose({ mode, target: null }),
  };
  settle(root, view, actions);
  const pick = pickFor(frame);
  patch(root, el("div", { class: `ww ww--${view.step || "wait"}` },
    phaseHead(frame),
    actionPanel(frame),
    seatRing(frame, pick, hub(frame, pick)),
    notesBlock(frame)));
}

/** Drop what the frame makes moot: another board, a new phase, a target no longer legal, a mode gone. */
function settle(root, view, actions) {
  if (local.board !== root || local.phase !== view.phase) {
    Object.assign(local, { board: root, phase: view.phase, target: null, mode: null });
  }
  if (local.mode === "poison" && !actions.some((action) => action.type === "poison")) local.mode = null;
}

/** The targets the viewer may tap on the ring now: the first kind of targeted move in legal. */
function pickFor(frame) {
  for (const type of PICK_ORDER) {
    if (type === "poison" && local.mode !== "poison") continue;
    const actions = frame.actions.filter((action) => action.type === type && typeof action.target === "number");
    if (!actions.length) continue;
    const bySeat = new Map(actions.map((action) => [action.target, action]));
    if (local.target !== null && !bySeat.has(local.target)) local.target = null;
    const label = (seat) => TARGET_VERBS[type](nameOf(frame.names, seat));
    return {
      type, bySeat, label, picked: local.target,
      // Bar or allow a voter undoes itself: no confirm step. Anything else: pick, then confirm.
      onpick: type === "toggle_voter" ? (seat) => frame.ctx.act(bySeat.get(seat))
        : (seat) => choice.choose({ target: local.target === seat ? null : seat }, focusConfirm),
    };
  }
  local.target = null;
  return null;
}

function focusConfirm(root) {
  const confirm = root.querySelector(".ww-confirm button[data-action]");
  if (confirm && typeof confirm.scrollIntoView === "function") confirm.scrollIntoView({ block: "nearest" });
}

/** The middle of the ring: the phase, and the confirm step of a place picked. */
function hub(frame, pick) {
  const parts = [el("p", { class: "ww-hub-phase", "aria-hidden": "true" }, phaseTitle(frame.view))];
  if (pick && pick.type !== "toggle_voter") {
    if (pick.picked === null) {
      parts.push(el("p", { class: "ww-hub-hint small" }, t("Tap a lit player to choose.")));
    } else {
      const action = pick.bySeat.get(pick.picked);
      parts.push(el("div", { class: "ww-confirm", role: "group", "aria-label": t("Confirm your choice") },
        el("p", null, t("{choice}?", { choice: pick.label(pick.picked) })),
        el("div", { class: "button-row" },
          el("button", {
            type: "button", class: "btn btn--primary ww-confirm-go", "data-action": JSON.stringify(action),
            onclick: () => frame.ctx.act(action),
          }, t("Confirm")),
          el("button", { type: "button", class: "btn btn--ghost ww-cancel", onclick: () => choice.choose({ target: null }) }, t("Cancel")))));
    }
  }
  return el("div", { class: `ww-hub${pick && pick.picked !== null && pick.type !== "toggle_voter" ? " is-confirming" : ""}` }, parts);
}

// ---- the phase and your role ------------------------------------------------------------------

function phaseHead(frame) {
  const { view, ctx, state } = frame;
  const clock = state.clock;
  const night = view.step === "night" || view.step === "witch";
  const sub = view.step === "witch" ? t("Night {number}", { number: view.number })
    : ["candidacy", "election", "tiebreak", "scapegoat", "successor"].includes(view.step) ? t("Day {number}", { number: view.number }) : "";
  const running = clock && view.step !== "over";
  const host = ctx.host && clock && clock.host_may_end && view.step !== "over";
  return el("header", { class: `ww-head${night ? " is-night" : ""}` },
    el("div", { class: "ww-phase" },
      el("h2", { class: "ww-phase-title" }, phaseTitle(view)),
      sub ? el("span", { class: "ww-phase-sub" }, sub) : null,
      running ? el("span", { class: "ww-clock", title: t("Time left in this phase") },
        el("span", { class: "sr-only" }, t("Time left:"), " "), el("span", { "data-clock": "" }, clockText(clock.remaining_ms))) : null,
      host ? el("button", {
        type: "button", class: "btn btn--small ww-end", title: t("As the host you may end this phase now"),
        onclick: () => ctx.endPhase(clock.phase),
      }, view.step === "discussion" ? t("End the discussion") : t("End this phase")) : null),
    roleLine(frame));
}

function roleLine(frame) {
  const { view } = frame;
  if (typeof view.you !== "number") return el("p", { class: "ww-you small" }, t("You are watching: you see what everyone sees."));
  const role = view.role;
  const dead = (view.alive || [])[view.you] === false;
  return el("p", { class: "ww-you" },
    roleCard(role),
    el("span", null, withNodes(dead ? t("You were {role}") : t("You are {role}"),
      { role: el("strong", { class: `ww-role ww-role--${role}` }, theRole(role)) })),
    dead ? el("span", { class: "badge ww-mark ww-mark--dead" }, t("dead")) : null,
    el("span", { class: "ww-you-help small muted" }, ` ${roleHelp(role)}`));
}

/** Your role card as a picture (your own view only: the server sent it to you alone). */
function roleCard(role) {
  const icon = roleIcon(role, "ww-role-card-emblem");
  return icon ? el("span", { class: `ww-role-card ww-role--${role}`, "aria-hidden": "true" }, icon) : null;
}

// ---- your notes -------------------------------------------------------------------------------

function notesBlock(frame) {
  const notes = frame.view.notes || [];
  if (typeof frame.view.you !== "number" || !notes.length) return null;
  const lines = notes.map((note, index) => el("li", { "data-key": index, class: `ww-note ww-note--${note.kind}` },
    el("span", { class: "ww-note-when" }, noteWhen(note)), " ", noteText(note, frame.names)));
  for (const [index, text] of tonightLines(frame).entries()) {
    lines.push(el("li", { "data-key": `tonight ${index}`, class: "ww-note ww-note--tonight" },
      el("span", { class: "ww-note-when" }, t("Tonight")), " ", text));
  }
  return el("section", { class: "ww-notes", "aria-label": t("Your notes") },
    el("h3", null, t("What you know")),
    el("ol", { class: "ww-notes-list" }, lines));
}

/** Your choices tonight that the rules answer at dawn (the view's "tonight"): in the notes, not
 * in the night's panel, which stays the same for everyone who has nothing left to do. */
function tonightLines(frame) {
  const tonight = frame.view.tonight || {};
  const lines = [];
  if (typeof tonight.see === "number") {
    lines.push(t("You look at {player}: you learn the role when the night ends.", { player: nameOf(frame.names, tonight.see) }));
  }
  if ((tonight.lovers || []).length === 1) {
    lines.push(t("You named {player} the first lover.", { player: nameOf(frame.names, tonight.lovers[0]) }));
  }
  if ((tonight.enchant || []).length) {
    lines.push(t("You enchant {players}: it works at dawn.", { players: seatsText(tonight.enchant, frame.names) }));
  }
  return lines;
}

// ---- the banner's hint ----------------------------------------------------------------------------

export function turnHint(state) {
  const view = state.view || {};
  const types = new Set((state.legal || []).map((action) => action.type));
  // At night the hint is the same for every role that wakes (it shows on the page's banner).
  if (view.step === "night" || view.step === "witch") return types.size ? t("Make your choice in secret before the night ends.") : "";
  if (types.has("ready")) return t("Talk it over, then say when you are ready to vote.");
  if (types.has("stand")) return t("Stand for Sheriff, or not.");
  if (types.has("vote")) return view.step === "election" ? t("Vote for the Sheriff.") : t("Vote for who is executed, or abstain.");
  if (types.has("break_tie")) return t("The vote is tied: as the Sheriff, choose who is executed, or nobody.");
  if (types.has("confirm_voters")) return t("Choose who may vote tomorrow, then confirm.");
  if (types.has("name_successor")) return t("Name the next Sheriff.");
  return "";
}

// ---- the final result ---------------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const detail = (outcome && outcome.detail) || (view && view.result) || {};
  const winners = new Set(detail.winners || (outcome && outcome.winners) || []);
  const roles = detail.roles || [];
  const dealt = detail.dealt || roles;
  const alive = view && view.alive;
  const rows = roles.map((role, seat) => el("tr", { class: winners.has(seat) ? "is-winner" : null, "data-seat": seat },
    el("th", { scope: "row" }, nameOf(names, seat), winners.has(seat) ? el("span", { class: "badge badge--win" }, t("won")) : null),
    el("td", null, roleName(role), dealt[seat] && dealt[seat] !== role
      ? el("span", { class: "small muted" }, " ", t("(dealt the {role})", { role: roleName(dealt[seat]) })) : null),
    el("td", null, alive ? (alive[seat] ? t("alive") : t("dead")) : "")));
  const extras = [];
  const spares = (detail.spares || []).map(roleName);
  if (spares.length === 2) extras.push(t("Spare cards: the {first} and the {second}.", { first: spares[0], second: spares[1] }));
  else if (spares.length) extras.push(t("Spare cards: {roles}.", { roles: listText(spares) }));
  if (detail.lovers) extras.push(t("Lovers: {players}.", { players: seatsText(detail.lovers, names) }));
  if ((detail.enchanted || []).length) extras.push(t("Enchanted: {players}.", { players: seatsText(detail.enchanted, names) }));
  fill(root,
    el("p", { class: "outcome-winners" }, t("{side}!", { side: sideText(detail.side) })),
    el("p", null, t("Winners: {players}.", { players: seatsText([...winners].sort((a, b) => a - b), names) })),
    el("table", { class: "scores ww-final" },
      el("thead", null, el("tr", null, el("th", { scope: "col" }, t("Player")), el("th", { scope: "col" }, t("Role")),
        el("th", { scope: "col" }, alive ? t("At the end") : ""))),
      el("tbody", null, rows)),
    extras.map((line) => el("p", { class: "small" }, line)));
}
