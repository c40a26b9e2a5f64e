// What the viewer may do now, in words (the actions in state.legal, grouped by what they are),
// and what the running step shows everyone: the pack's pointing, the votes cast, who is ready.
// At night a viewer with nothing to do gets the same calm panel whatever their role.

import { actionButton } from "../../lib/actions.js";
import { el } from "../../lib/dom.js";
import { listText, nameOf } from "../../lib/format.js";
import { N_, t, tn } from "../../lib/i18n.js";
import { describeAction, roleName, seatsText, theRole, withNodes } from "./words.js";

/** How each targeted move reads, for the buttons and the confirm step. */
export const TARGET_VERBS = {
  point: (player) => t("Point at {player}", { player }),
  see: (player) => t("Look at {player}'s role", { player }),
  choose_lover: (player) => t("Make {player} a lover", { player }),
  enchant: (player) => t("Enchant {player}", { player }),
  poison: (player) => t("Poison {player}", { player }),
  vote: (player) => t("Vote for {player}", { player }),
  break_tie: (player) => t("Execute {player}", { player }),
  name_successor: (player) => t("Name {player} Sheriff", { player }),
  toggle_voter: (player) => t("Bar or allow {player}", { player }),
};

/** The buttons for the targets of one kind of move (the accessible way to pick). */
function targetButtons(frame, type, { label = null, pressed = null } = {}) {
  const actions = frame.actions.filter((action) => action.type === type && typeof action.target === "number");
  if (!actions.length) return null;
  return el("div", { class: "ww-targets", role: "group", "aria-label": `${TARGET_VERBS[type]("\u2026")}` },
    actions.map((action) => {
      const name = nameOf(frame.names, action.target);
      const button = actionButton({ action, legal: frame.legal, ctx: frame.ctx, className: "btn btn--small ww-target",
        label: label ? label(name, action.target) : name, title: TARGET_VERBS[type](name) });
      if (pressed) button.setAttribute("aria-pressed", pressed(action.target) ? "true" : "false");
      return button;
    }));
}

function button(frame, action, label, className = "btn", title = null) {
  return actionButton({ action, legal: frame.legal, ctx: frame.ctx, className, label, title });
}

function has(frame, type) {
  return frame.actions.some((action) => action.type === type);
}

function section(kind, label, ...children) {
  return el("section", { class: `ww-panel ww-panel--${kind}`, "aria-label": label }, children);
}

/** Every action type the panels below offer (rules: game.MOVES). */
const OFFERED = new Set(["keep_card", "take_card", "choose_lover", "see", "point", "enchant", "save", "poison", "pass",
  "ready", "stand", "not_stand", "vote", "break_tie", "toggle_voter", "confirm_voters", "name_successor"]);

/** The panel for this frame; a legal move no panel knows still gets a button (in words). */
export function actionPanel(frame) {
  const panel = stepPanel(frame);
  const others = frame.actions.filter((action) => !OFFERED.has(action.type));
  if (others.length) {
    panel.append(el("div", { class: "button-row ww-other-moves" },
      others.map((action) => button(frame, action, describeAction(action, frame.names)))));
  }
  return panel;
}

function stepPanel(frame) {
  const { view } = frame;
  if (view.step === "over") return overPanel(frame);
  if (view.step === "night" || view.step === "witch") {
    if (!frame.actions.length) return sleepPanel();
    return view.step === "witch" ? witchPanel(frame) : nightPanel(frame);
  }
  switch (view.step) {
    case "discussion": return discussionPanel(frame);
    case "candidacy": return candidacyPanel(frame);
    case "election": return votePanel(frame, { election: true });
    case "vote": return votePanel(frame, { election: false });
    case "tiebreak": return tiebreakPanel(frame);
    case "scapegoat": return scapegoatPanel(frame);
    case "successor": return successorPanel(frame);
    default: return section("wait", t("The table"), el("p", null, t("Waiting\u2026")));
  }
}

// ---- the night -----------------------------------------------------------------------------

/** The same for every role, the dead and the spectators: a glance at it tells nothing. */
export function sleepPanel() {
  return section("sleep", t("The night"),
    el("p", { class: "ww-moon", "aria-hidden": "true" }, "\u263e"),
    el("h3", null, t("The village sleeps")),
    el("p", null, t("Close your eyes and wait for the dawn. The night ends when everyone who wakes has acted, or when its time runs out.")));
}

function nightPanel(frame) {
  const parts = [el("h3", null, t("Your night"))];
  if (has(frame, "keep_card") || has(frame, "take_card")) parts.push(thiefPart(frame));
  if (has(frame, "choose_lover")) parts.push(cupidPart(frame));
  if (has(frame, "see")) parts.push(seerPart(frame));
  if (has(frame, "point")) parts.push(packPart(frame));
  if (has(frame, "enchant")) parts.push(piperPart(frame));
  parts.push(el("p", { class: "small muted" }, t("Nobody else sees what you do tonight.")));
  return section("night is-mine", t("Your night"), parts);
}

function thiefPart(frame) {
  const spares = frame.view.spares || [];
  const takes = frame.actions.filter((action) => action.type === "take_card");
  const must = !has(frame, "keep_card");
  return el("div", { class: "ww-part ww-part--thief" },
    el("p", null, el("strong", null, t("The Thief:"), " "), t("the spare cards are {roles}.", { roles: listText(spares.map(theRole)) }), " ",
      must ? t("Both are werewolves: you must take one.") : t("Keep your card, or take one of them for good.")),
    el("div", { class: "button-row" },
      must ? null : button(frame, { type: "keep_card" }, t("Keep the Thief card"), "btn ww-keep"),
      takes.map((action) => button(frame, action, t("Take the {role} card", { role: roleName(spares[action.card]) }), "btn ww-take"))));
}

function cupidPart(frame) {
  const picks = ((frame.view.tonight || {}).lovers) || [];
  return el("div", { class: "ww-part ww-part--cupid" },
    el("p", null, el("strong", null, t("Cupid:"), " "), t("name two lovers (you may name yourself)."), " ",
      picks.length ? t("First lover: {player}. Now the second.", { player: seatsText(picks, frame.names) }) : t("Tap a player, or choose here:")),
    targetButtons(frame, "choose_lover"));
}

function seerPart(frame) {
  return el("div", { class: "ww-part ww-part--seer" },
    el("p", null, el("strong", null, t("The Seer:"), " "), t("look at one player's true role. You learn it when the night ends.")),
    targetButtons(frame, "see"));
}

/** The werewolves: the pack's live pointing and the majority that fixes the victim. */
function packPart(frame) {
  const { view, names } = frame;
  const wolves = (view.pack || []).filter((wolf) => (view.alive || [])[wolf] !== false);
  const majority = Math.floor(wolves.length / 2) + 1;
  const mine = (view.pointing || [])[view.you];
  const lines = wolves.map((wolf) => {
    const target = (view.pointing || [])[wolf];
    const you = wolf === view.you;
    const player = nameOf(names, wolf);
    let line;
    if (target === null || target === undefined) line = you ? t("You: not pointing yet") : t("{player}: not pointing yet", { player });
    else if (you) line = t("You \u2192 {target}", { target: nameOf(names, target) });
    else line = t("{player} \u2192 {target}", { player, target: nameOf(names, target) });
    return el("li", { "data-key": `wolf ${wolf}` }, line);
  });
  return el("div", { class: "ww-part ww-part--pack" },
    el("p", null, el("strong", null, t("The pack:"), " "), t("choose tonight's victim together."), " ",
      wolves.length > 1 ? t("{majority} of {count} werewolves pointing at one player fix the victim; otherwise the most pointed-at dies when time runs out.",
        { majority, count: wolves.length })
        : t("Point at the victim.")),
    wolves.length > 1 ? el("ul", { class: "ww-pointing" }, lines) : null,
    mine !== null && mine !== undefined
      ? el("p", { class: "small" }, t("You point at {player}: point again to keep it or change your mind.", { player: nameOf(names, mine) })) : null,
    targetButtons(frame, "point"));
}

function piperPart(frame) {
  const picks = ((frame.view.tonight || {}).enchant) || [];
  return el("div", { class: "ww-part ww-part--piper" },
    el("p", null, el("strong", null, t("The Piper:"), " "), t("enchant two players tonight."), " ",
      picks.length ? t("Enchanted tonight: {players}.", { players: seatsText(picks, frame.names) }) : ""),
    targetButtons(frame, "enchant"));
}

/** The Witch's step: the victim named, the potions she has, one choice a night. */
function witchPanel(frame) {
  const { view, names } = frame;
  const victim = view.victim ? view.victim.seat : null;
  const potions = view.potions || {};
  const poisons = has(frame, "poison");
  let left = t("You have no potion you may use tonight.");
  if (has(frame, "save") || poisons) {
    if (potions.life && potions.death) left = t("You have the life potion and the death potion. One potion a night at most.");
    else if (potions.life) left = t("You have the life potion. One potion a night at most.");
    else if (potions.death) left = t("You have the death potion. One potion a night at most.");
  }
  return section("witch is-mine", t("The Witch's choice"),
    el("h3", null, t("The Witch's choice")),
    el("p", { class: "ww-victim" }, victim === null ? t("Nobody was attacked tonight.")
      : withNodes(t("The werewolves attack {player}."), { player: el("strong", null, nameOf(names, victim)) })),
    el("p", { class: "small" }, left),
    el("div", { class: "button-row" },
      has(frame, "save") ? button(frame, { type: "save" }, t("Save {player}", { player: nameOf(names, victim) }), "btn ww-save") : null,
      poisons ? el("button", {
        type: "button", class: `btn ww-poison-mode${frame.local.mode === "poison" ? " is-selected" : ""}`,
        "aria-pressed": frame.local.mode === "poison" ? "true" : "false", onclick: () => frame.setMode(frame.local.mode === "poison" ? null : "poison"),
      }, t("Use the death potion\u2026")) : null,
      button(frame, { type: "pass" }, t("Use no potion"), "btn ww-pass")),
    poisons && frame.local.mode === "poison" ? el("div", { class: "ww-part" },
      el("p", { class: "small" }, t("Poison whom? Tap a player, or choose here:")), targetButtons(frame, "poison")) : null);
}

// ---- the day -------------------------------------------------------------------------------

/** Those of `seats` still to act, in words (by day to_act is public). */
function waitingFor(frame, message) {
  const waiting = frame.view.to_act || [];
  if (!waiting.length) return null;
  return el("p", { class: "small muted ww-waiting" }, t(message, { players: seatsText(waiting, frame.names) }));
}

function deadLine(frame) {
  const { view } = frame;
  if (typeof view.you !== "number" || (view.alive || [])[view.you] !== false) return null;
  return el("p", { class: "small ww-dead-note" }, t("You are dead: you watch, and talk only in The dead channel."));
}

function discussionPanel(frame) {
  const { view, names } = frame;
  const ready = (view.day || {}).ready || [];
  const living = (view.alive || []).filter(Boolean).length;
  const mine = has(frame, "ready");
  return section(`discussion${mine ? " is-mine" : ""}`, t("The discussion"),
    el("h3", null, t("Talk it over")),
    el("p", null, t("Talk in the Village chat. The vote begins when every living player is ready, or when the time runs out.")),
    mine ? el("div", { class: "button-row" }, button(frame, { type: "ready" }, t("I am ready to vote"), "btn ww-ready")) : null,
    !mine && ready.includes(view.you) ? el("p", { class: "small" }, t("You are ready to vote.")) : null,
    el("p", { class: "small ww-ready-list" }, ready.length
      ? t("Ready ({count} of {living}): {players}.", { count: ready.length, living, players: seatsText(ready, names) })
      : t("Ready: nobody yet (0 of {living}).", { living })),
    deadLine(frame));
}

function candidacyPanel(frame) {
  const { view, names } = frame;
  const day = view.day || {};
  const mine = has(frame, "stand");
  const declined = (day.answered || []).filter((seat) => !(day.candidates || []).includes(seat));
  return section(`candidacy${mine ? " is-mine" : ""}`, t("The Sheriff election"),
    el("h3", null, t("Who stands for Sheriff?")),
    el("p", null, t("The Sheriff's vote counts twice, and the Sheriff breaks tied votes.")),
    mine ? el("div", { class: "button-row" },
      button(frame, { type: "stand" }, t("Stand for Sheriff"), "btn ww-stand"),
      button(frame, { type: "not_stand" }, t("Do not stand"), "btn ww-not-stand")) : null,
    el("p", { class: "small" }, t("Standing: {players}.", { players: seatsText(day.candidates, names) }),
      declined.length ? [" ", t("Not standing: {players}.", { players: seatsText(declined, names) })] : ""),
    waitingFor(frame, N_("Still deciding: {players}.")),
    deadLine(frame));
}

/** The Sheriff election or the day's vote: the ballot, and the live public counts. */
function votePanel(frame, { election }) {
  const { view, names } = frame;
  const mine = has(frame, "vote");
  const cast = frame.tally.cast.get(view.you);
  const title = election ? t("Vote for the Sheriff") : t("The vote: who is executed?");
  const intro = election ? t("Candidates: {players}.", { players: seatsText((view.day || {}).candidates, names) })
    : t("The player with the most votes is executed. The Sheriff's vote counts twice. Votes are public and final.");
  let yours = null;
  if (!mine && frame.tally.cast.has(view.you)) {
    yours = el("p", { class: "small ww-your-vote" }, cast === null ? t("You abstained.") : t("You voted for {player}.", { player: nameOf(names, cast) }));
  } else if (!mine && typeof view.you === "number" && (view.no_vote || []).includes(view.you) && (view.alive || [])[view.you]) {
    yours = el("p", { class: "small ww-your-vote" }, t("You may not vote today."));
  }
  return section(`vote${mine ? " is-mine" : ""}`, title,
    el("h3", null, title),
    el("p", null, intro),
    mine ? el("p", { class: "small" }, t("Tap a player, or choose here:")) : null,
    mine ? targetButtons(frame, "vote") : null,
    mine && frame.actions.some((action) => action.type === "vote" && action.target === null)
      ? el("div", { class: "button-row" }, button(frame, { type: "vote", target: null }, t("Abstain"), "btn ww-abstain")) : null,
    yours,
    tallyBlock(frame, { election }),
    waitingFor(frame, N_("Still to vote: {players}.")),
    deadLine(frame));
}

/** The live counts, most votes first. */
export function tallyBlock(frame, { election = false } = {}) {
  const { view, names, tally } = frame;
  const rows = [...tally.counts.entries()].sort((a, b) => b[1].count - a[1].count || a[0] - b[0]);
  const voterText = (voter) => (!election && voter === view.sheriff ? t("{player} \u00d72", { player: nameOf(names, voter) }) : nameOf(names, voter));
  return el("div", { class: "ww-tally", "aria-live": "polite" },
    el("h4", null, t("Votes so far")),
    rows.length ? el("ol", { class: "ww-tally-list" }, rows.map(([target, { count, voters }]) =>
      el("li", { "data-key": `target ${target}`, "data-target": target },
        el("strong", { class: "ww-tally-name" }, nameOf(names, target)), " ",
        el("span", { class: "ww-tally-count" }, tn("{count} vote", "{count} votes", count)),
        el("span", { class: "small muted" }, ` (${listText(voters.map(voterText))})`))))
      : el("p", { class: "small muted" }, t("No vote for anyone yet.")),
    tally.abstained.length ? el("p", { class: "small ww-abstained" }, t("Abstained: {players}.", { players: seatsText(tally.abstained, names) })) : null);
}

function tiebreakPanel(frame) {
  const { view, names } = frame;
  const tied = (view.day || {}).tied || [];
  if (!has(frame, "break_tie")) {
    return section("tiebreak", t("Tie break"),
      el("h3", null, t("The vote is tied")),
      el("p", null, t("Between {players}: {sheriff}, the Sheriff, chooses who is executed, or spares them all.",
        { players: seatsText(tied, names), sheriff: nameOf(names, view.sheriff) })),
      deadLine(frame));
  }
  return section("tiebreak is-mine", t("Tie break"),
    el("h3", null, t("Break the tie")),
    el("p", null, t("The vote is tied between {players}. As the Sheriff, choose who is executed, or spare them all.", { players: seatsText(tied, names) })),
    targetButtons(frame, "break_tie", { label: (player) => t("Execute {player}", { player }) }),
    el("div", { class: "button-row" }, button(frame, { type: "break_tie", target: null }, t("No execution"), "btn ww-spare")));
}

function scapegoatPanel(frame) {
  const { view, names } = frame;
  const ballot = (view.day || {}).ballot || [];
  const actor = (view.to_act || [])[0];
  if (!has(frame, "confirm_voters")) {
    return section("scapegoat", t("The Scapegoat's choice"),
      el("h3", null, t("The Scapegoat's last word")),
      el("p", null, t("{player}, the Scapegoat, chooses who may vote tomorrow.", { player: nameOf(names, actor) })),
      el("p", { class: "small" }, ballot.length ? t("Barred so far: {players}.", { players: seatsText(ballot, names) }) : t("Nobody barred so far.")),
      deadLine(frame));
  }
  return section("scapegoat is-mine", t("The Scapegoat's choice"),
    el("h3", null, t("Your last word")),
    el("p", null, t("You die on the tie. Before you go, choose who may not vote tomorrow: tap players to bar them (tap again to allow them), then confirm.")),
    targetButtons(frame, "toggle_voter", {
      label: (player, seat) => (ballot.includes(seat) ? t("{player}: barred", { player }) : player),
      pressed: (seat) => ballot.includes(seat),
    }),
    el("p", { class: "small" }, ballot.length ? t("Barred tomorrow: {players}.", { players: seatsText(ballot, names) }) : t("Nobody barred: everyone may vote.")),
    el("div", { class: "button-row" }, button(frame, { type: "confirm_voters" }, t("Confirm"), "btn ww-confirm-voters")));
}

function successorPanel(frame) {
  const { view, names } = frame;
  const actor = (view.to_act || [])[0];
  if (!has(frame, "name_successor")) {
    return section("successor", t("The Sheriff's successor"),
      el("h3", null, t("The Sheriff is dead")),
      el("p", null, t("{player} names the next Sheriff; if they do not in time, one is drawn by lot.", { player: nameOf(names, actor ?? view.sheriff) })),
      deadLine(frame));
  }
  return section("successor is-mine", t("The Sheriff's successor"),
    el("h3", null, t("Name your successor")),
    el("p", null, t("You are dead. Name the living player who becomes Sheriff after you (otherwise one is drawn by lot).")),
    targetButtons(frame, "name_successor"));
}

function overPanel(frame) {
  const result = frame.view.result || {};
  return section("over", t("Game over"),
    el("h3", null, t("Game over")),
    el("p", null, t("Every role is revealed at the table. The final result is below.")),
    result.winners ? el("p", { class: "small" }, t("Winners: {players}.", { players: seatsText(result.winners, frame.names) })) : null);
}
