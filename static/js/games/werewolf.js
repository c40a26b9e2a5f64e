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
import { nameOf } from "../lib/format.js";
import { patch } from "../lib/patch.js";
import { TARGET_VERBS, actionPanel } from "./werewolf/panel.js";
import { rolesControl } from "./werewolf/roles.js";
import { packPointing, roleIcon, seatRing, voteTally } from "./werewolf/table.js";
import {
  ROLE_HELP, noteText, noteWhen, phaseTitle, roleName, seatsText, sideText, theRole,
} from "./werewolf/words.js";

export { preset, rolesControl, rolesProblem, villagersLeft } from "./werewolf/roles.js";
export { packPointing, ringOrder, voteTally } from "./werewolf/table.js";
export {
  describeAction, describeLog, noteText, phaseName, phaseTitle, roleName, roleSetText, sideText,
} from "./werewolf/words.js";

/** The chat channels (views.py channels()). */
export const CHANNELS = { day: "Village", werewolves: "Werewolves", dead: "The dead" };

/** "30 seconds", "1 minute", "1\u00bd minutes", "20 minutes". */
function secondsText(seconds) {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = seconds / 60;
  if (minutes === 1) return "1 minute";
  if (Number.isInteger(minutes)) return `${minutes} minutes`;
  if (Number.isInteger(minutes * 2)) return `${Math.floor(minutes)}\u00bd minutes`;
  return `${seconds} seconds`;
}

function timer(label, values) {
  return { label, choices: values.map((seconds) => [seconds, secondsText(seconds)]) };
}

/** The create form (components.TABLE, the ranges of TIMERS; the defaults are among the choices). */
export const OPTIONS = {
  roles: { label: "Roles", control: rolesControl },
  night_seconds: timer("Night", [30, 45, 60, 90, 120, 180, 300]),
  witch_seconds: timer("The witch's hour", [15, 20, 30, 45, 60, 90, 120]),
  discussion_seconds: timer("Discussion by day", [60, 120, 180, 300, 600, 900, 1200]),
  vote_seconds: timer("Each vote", [30, 45, 60, 90, 120, 180, 300]),
  reveal: {
    label: "A dead player's role is shown",
    choices: [["on_death", "When they die"], ["end", "At the end"]],
  },
  dead_see: {
    label: "The dead see",
    choices: [["all", "Everything"], ["public", "The public view"]],
  },
  potions: {
    label: "The Witch's potions",
    choices: [["each_once", "Each once a game"], ["single", "One use in all"]],
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
  const t = {
    state, view, ctx, actions, names: ctx.names, legal: legalIndex(actions), local,
    tally: voteTally(view),
    pointing: view.pointing && (view.step === "night" || view.step === "witch") ? packPointing(view) : null,
    setMode: (mode) => choice.choose({ mode, target: null }),
  };
  settle(root, view, actions);
  const pick = pickFor(t);
  patch(root, el("div", { class: `ww ww--${view.step || "wait"}` },
    phaseHead(t),
    actionPanel(t),
    seatRing(t, pick, hub(t, pick)),
    notesBlock(t)));
}

/** Drop what the frame makes moot: another board, a new phase, a target no longer legal, a mode gone. */
function settle(root, view, actions) {
  if (local.board !== root || local.phase !== view.phase) {
    Object.assign(local, { board: root, phase: view.phase, target: null, mode: null });
  }
  if (local.mode === "poison" && !actions.some((action) => action.type === "poison")) local.mode = null;
}

/** The targets the viewer may tap on the ring now: the first kind of targeted move in legal. */
function pickFor(t) {
  for (const type of PICK_ORDER) {
    if (type === "poison" && local.mode !== "poison") continue;
    const actions = t.actions.filter((action) => action.type === type && typeof action.target === "number");
    if (!actions.length) continue;
    const bySeat = new Map(actions.map((action) => [action.target, action]));
    if (local.target !== null && !bySeat.has(local.target)) local.target = null;
    const label = (seat) => TARGET_VERBS[type](nameOf(t.names, seat));
    return {
      type, bySeat, label, picked: local.target,
      // Bar or allow a voter undoes itself: no confirm step. Anything else: pick, then confirm.
      onpick: type === "toggle_voter" ? (seat) => t.ctx.act(bySeat.get(seat))
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
function hub(t, pick) {
  const parts = [el("p", { class: "ww-hub-phase", "aria-hidden": "true" }, phaseTitle(t.view))];
  if (pick && pick.type !== "toggle_voter") {
    if (pick.picked === null) {
      parts.push(el("p", { class: "ww-hub-hint small" }, "Tap a lit player to choose."));
    } else {
      const action = pick.bySeat.get(pick.picked);
      parts.push(el("div", { class: "ww-confirm", role: "group", "aria-label": "Confirm your choice" },
        el("p", null, `${pick.label(pick.picked)}?`),
        el("div", { class: "button-row" },
          el("button", {
            type: "button", class: "btn btn--primary ww-confirm-go", "data-action": JSON.stringify(action),
            onclick: () => t.ctx.act(action),
          }, "Confirm"),
          el("button", { type: "button", class: "btn btn--ghost ww-cancel", onclick: () => choice.choose({ target: null }) }, "Cancel"))));
    }
  }
  return el("div", { class: `ww-hub${pick && pick.picked !== null && pick.type !== "toggle_voter" ? " is-confirming" : ""}` }, parts);
}

// ---- the phase and your role ------------------------------------------------------------------

function phaseHead(t) {
  const { view, ctx, state } = t;
  const clock = state.clock;
  const night = view.step === "night" || view.step === "witch";
  const sub = view.step === "witch" ? `Night ${view.number}`
    : ["candidacy", "election", "tiebreak", "scapegoat", "successor"].includes(view.step) ? `Day ${view.number}` : "";
  const running = clock && view.step !== "over";
  const host = ctx.host && clock && clock.host_may_end && view.step !== "over";
  return el("header", { class: `ww-head${night ? " is-night" : ""}` },
    el("div", { class: "ww-phase" },
      el("h2", { class: "ww-phase-title" }, phaseTitle(view)),
      sub ? el("span", { class: "ww-phase-sub" }, sub) : null,
      running ? el("span", { class: "ww-clock", title: "Time left in this phase" },
        el("span", { class: "sr-only" }, "Time left: "), el("span", { "data-clock": "" }, clockText(clock.remaining_ms))) : null,
      host ? el("button", {
        type: "button", class: "btn btn--small ww-end", title: "As the host you may end this phase now",
        onclick: () => ctx.endPhase(clock.phase),
      }, view.step === "discussion" ? "End the discussion" : "End this phase") : null),
    roleLine(t));
}

function roleLine(t) {
  const { view } = t;
  if (typeof view.you !== "number") return el("p", { class: "ww-you small" }, "You are watching: you see what everyone sees.");
  const role = view.role;
  const dead = (view.alive || [])[view.you] === false;
  return el("p", { class: "ww-you" },
    roleCard(role),
    el("span", null, dead ? "You were " : "You are ", el("strong", { class: `ww-role ww-role--${role}` }, theRole(role))),
    dead ? el("span", { class: "badge ww-mark ww-mark--dead" }, "dead") : null,
    el("span", { class: "ww-you-help small muted" }, ` ${ROLE_HELP[role] || ""}`));
}

/** Your role card as a picture (your own view only: the server sent it to you alone). */
function roleCard(role) {
  const icon = roleIcon(role, "ww-role-card-emblem");
  return icon ? el("span", { class: `ww-role-card ww-role--${role}`, "aria-hidden": "true" }, icon) : null;
}

// ---- your notes -------------------------------------------------------------------------------

function notesBlock(t) {
  const notes = t.view.notes || [];
  if (typeof t.view.you !== "number" || !notes.length) return null;
  const lines = notes.map((note, index) => el("li", { "data-key": index, class: `ww-note ww-note--${note.kind}` },
    el("span", { class: "ww-note-when" }, noteWhen(note)), " ", noteText(note, t.names)));
  for (const [index, text] of tonightLines(t).entries()) {
    lines.push(el("li", { "data-key": `tonight ${index}`, class: "ww-note ww-note--tonight" },
      el("span", { class: "ww-note-when" }, "Tonight"), " ", text));
  }
  return el("section", { class: "ww-notes", "aria-label": "Your notes" },
    el("h3", null, "What you know"),
    el("ol", { class: "ww-notes-list" }, lines));
}

/** Your choices tonight that the rules answer at dawn (the view's "tonight"): in the notes, not
 * in the night's panel, which stays the same for everyone who has nothing left to do. */
function tonightLines(t) {
  const tonight = t.view.tonight || {};
  const lines = [];
  if (typeof tonight.see === "number") {
    lines.push(`You look at ${nameOf(t.names, tonight.see)}: you learn the role when the night ends.`);
  }
  if ((tonight.lovers || []).length === 1) lines.push(`You named ${nameOf(t.names, tonight.lovers[0])} the first lover.`);
  if ((tonight.enchant || []).length) lines.push(`You enchant ${seatsText(tonight.enchant, t.names)}: it works at dawn.`);
  return lines;
}

// ---- the banner's hint ----------------------------------------------------------------------------

export function turnHint(state) {
  const view = state.view || {};
  const types = new Set((state.legal || []).map((action) => action.type));
  // At night the hint is the same for every role that wakes (it shows on the page's banner).
  if (view.step === "night" || view.step === "witch") return types.size ? "Make your choice in secret before the night ends." : "";
  if (types.has("ready")) return "Talk it over, then say when you are ready to vote.";
  if (types.has("stand")) return "Stand for Sheriff, or not.";
  if (types.has("vote")) return view.step === "election" ? "Vote for the Sheriff." : "Vote for who is executed, or abstain.";
  if (types.has("break_tie")) return "The vote is tied: as the Sheriff, choose who is executed, or nobody.";
  if (types.has("confirm_voters")) return "Choose who may vote tomorrow, then confirm.";
  if (types.has("name_successor")) return "Name the next Sheriff.";
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
    el("th", { scope: "row" }, nameOf(names, seat), winners.has(seat) ? el("span", { class: "badge badge--win" }, "won") : null),
    el("td", null, roleName(role), dealt[seat] && dealt[seat] !== role ? el("span", { class: "small muted" }, ` (dealt the ${roleName(dealt[seat])})`) : null),
    el("td", null, alive ? (alive[seat] ? "alive" : "dead") : "")));
  const extras = [];
  if ((detail.spares || []).length) extras.push(`Spare cards: the ${detail.spares.map(roleName).join(" and the ")}.`);
  if (detail.lovers) extras.push(`Lovers: ${seatsText(detail.lovers, names)}.`);
  if ((detail.enchanted || []).length) extras.push(`Enchanted: ${seatsText(detail.enchanted, names)}.`);
  fill(root,
    el("p", { class: "outcome-winners" }, `${sideText(detail.side)}!`),
    el("p", null, `Winners: ${seatsText([...winners].sort((a, b) => a - b), names)}.`),
    el("table", { class: "scores ww-final" },
      el("thead", null, el("tr", null, el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, "Role"),
        el("th", { scope: "col" }, alive ? "At the end" : ""))),
      el("tbody", null, rows)),
    extras.map((line) => el("p", { class: "small" }, line)));
}
