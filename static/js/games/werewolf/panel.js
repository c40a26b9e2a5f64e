// What the viewer may do now, in words (the actions in state.legal, grouped by what they are),
// and what the running step shows everyone: the pack's pointing, the votes cast, who is ready.
// At night a viewer with nothing to do gets the same calm panel whatever their role.

import { actionButton } from "../../lib/actions.js";
import { el } from "../../lib/dom.js";
import { listText, nameOf, plural } from "../../lib/format.js";
import { describeAction, roleName, seatsText, theRole } from "./words.js";

/** How each targeted move reads, for the buttons and the confirm step. */
export const TARGET_VERBS = {
  point: (name) => `Point at ${name}`,
  see: (name) => `Look at ${name}'s role`,
  choose_lover: (name) => `Make ${name} a lover`,
  enchant: (name) => `Enchant ${name}`,
  poison: (name) => `Poison ${name}`,
  vote: (name) => `Vote for ${name}`,
  break_tie: (name) => `Execute ${name}`,
  name_successor: (name) => `Name ${name} Sheriff`,
  toggle_voter: (name) => `Bar or allow ${name}`,
};

/** The buttons for the targets of one kind of move (the accessible way to pick). */
function targetButtons(t, type, { label = null, pressed = null } = {}) {
  const actions = t.actions.filter((action) => action.type === type && typeof action.target === "number");
  if (!actions.length) return null;
  return el("div", { class: "ww-targets", role: "group", "aria-label": `${TARGET_VERBS[type]("\u2026")}` },
    actions.map((action) => {
      const name = nameOf(t.names, action.target);
      const button = actionButton({ action, legal: t.legal, ctx: t.ctx, className: "btn btn--small ww-target",
        label: label ? label(name, action.target) : name, title: TARGET_VERBS[type](name) });
      if (pressed) button.setAttribute("aria-pressed", pressed(action.target) ? "true" : "false");
      return button;
    }));
}

function button(t, action, label, className = "btn", title = null) {
  return actionButton({ action, legal: t.legal, ctx: t.ctx, className, label, title });
}

function has(t, type) {
  return t.actions.some((action) => action.type === type);
}

function section(kind, label, ...children) {
  return el("section", { class: `ww-panel ww-panel--${kind}`, "aria-label": label }, children);
}

/** Every action type the panels below offer (rules: game.MOVES). */
const OFFERED = new Set(["keep_card", "take_card", "choose_lover", "see", "point", "enchant", "save", "poison", "pass",
  "ready", "stand", "not_stand", "vote", "break_tie", "toggle_voter", "confirm_voters", "name_successor"]);

/** The panel for this frame; a legal move no panel knows still gets a button (in words). */
export function actionPanel(t) {
  const panel = stepPanel(t);
  const others = t.actions.filter((action) => !OFFERED.has(action.type));
  if (others.length) {
    panel.append(el("div", { class: "button-row ww-other-moves" },
      others.map((action) => button(t, action, describeAction(action, t.names)))));
  }
  return panel;
}

function stepPanel(t) {
  const { view } = t;
  if (view.step === "over") return overPanel(t);
  if (view.step === "night" || view.step === "witch") {
    if (!t.actions.length) return sleepPanel();
    return view.step === "witch" ? witchPanel(t) : nightPanel(t);
  }
  switch (view.step) {
    case "discussion": return discussionPanel(t);
    case "candidacy": return candidacyPanel(t);
    case "election": return votePanel(t, { election: true });
    case "vote": return votePanel(t, { election: false });
    case "tiebreak": return tiebreakPanel(t);
    case "scapegoat": return scapegoatPanel(t);
    case "successor": return successorPanel(t);
    default: return section("wait", "The table", el("p", null, "Waiting\u2026"));
  }
}

// ---- the night -----------------------------------------------------------------------------

/** The same for every role, the dead and the spectators: a glance at it tells nothing. */
export function sleepPanel() {
  return section("sleep", "The night",
    el("p", { class: "ww-moon", "aria-hidden": "true" }, "\u263e"),
    el("h3", null, "The village sleeps"),
    el("p", null, "Close your eyes and wait for the dawn. The night ends when everyone who wakes has acted, or when its time runs out."));
}

function nightPanel(t) {
  const parts = [el("h3", null, "Your night")];
  if (has(t, "keep_card") || has(t, "take_card")) parts.push(thiefPart(t));
  if (has(t, "choose_lover")) parts.push(cupidPart(t));
  if (has(t, "see")) parts.push(seerPart(t));
  if (has(t, "point")) parts.push(packPart(t));
  if (has(t, "enchant")) parts.push(piperPart(t));
  parts.push(el("p", { class: "small muted" }, "Nobody else sees what you do tonight."));
  return section("night is-mine", "Your night", parts);
}

function thiefPart(t) {
  const spares = t.view.spares || [];
  const takes = t.actions.filter((action) => action.type === "take_card");
  const must = !has(t, "keep_card");
  return el("div", { class: "ww-part ww-part--thief" },
    el("p", null, el("strong", null, "The Thief: "), `the spare cards are ${listText(spares.map(theRole))}. `,
      must ? "Both are werewolves: you must take one." : "Keep your card, or take one of them for good."),
    el("div", { class: "button-row" },
      must ? null : button(t, { type: "keep_card" }, "Keep the Thief card", "btn ww-keep"),
      takes.map((action) => button(t, action, `Take the ${roleName(spares[action.card])} card`, "btn ww-take"))));
}

function cupidPart(t) {
  const picks = ((t.view.tonight || {}).lovers) || [];
  return el("div", { class: "ww-part ww-part--cupid" },
    el("p", null, el("strong", null, "Cupid: "), "name two lovers (you may name yourself). ",
      picks.length ? `First lover: ${seatsText(picks, t.names)}. Now the second.` : "Tap a player, or choose here:"),
    targetButtons(t, "choose_lover"));
}

function seerPart(t) {
  return el("div", { class: "ww-part ww-part--seer" },
    el("p", null, el("strong", null, "The Seer: "), "look at one player's true role. You learn it when the night ends."),
    targetButtons(t, "see"));
}

/** The werewolves: the pack's live pointing and the majority that fixes the victim. */
function packPart(t) {
  const { view, names } = t;
  const wolves = (view.pack || []).filter((wolf) => (view.alive || [])[wolf] !== false);
  const majority = Math.floor(wolves.length / 2) + 1;
  const mine = (view.pointing || [])[view.you];
  const lines = wolves.map((wolf) => {
    const target = (view.pointing || [])[wolf];
    const who = wolf === view.you ? "You" : nameOf(names, wolf);
    return el("li", { "data-key": `wolf ${wolf}` }, target === null || target === undefined
      ? `${who}: not pointing yet` : `${who} \u2192 ${nameOf(names, target)}`);
  });
  return el("div", { class: "ww-part ww-part--pack" },
    el("p", null, el("strong", null, "The pack: "), "choose tonight's victim together. ",
      wolves.length > 1 ? `${majority} of ${wolves.length} werewolves pointing at one player fix the victim; otherwise the most pointed-at dies when time runs out.`
        : "Point at the victim."),
    wolves.length > 1 ? el("ul", { class: "ww-pointing" }, lines) : null,
    mine !== null && mine !== undefined ? el("p", { class: "small" }, `You point at ${nameOf(names, mine)}: point again to keep it or change your mind.`) : null,
    targetButtons(t, "point"));
}

function piperPart(t) {
  const picks = ((t.view.tonight || {}).enchant) || [];
  return el("div", { class: "ww-part ww-part--piper" },
    el("p", null, el("strong", null, "The Piper: "), "enchant two players tonight. ",
      picks.length ? `Enchanted tonight: ${seatsText(picks, t.names)}.` : ""),
    targetButtons(t, "enchant"));
}

/** The Witch's step: the victim named, the potions she has, one choice a night. */
function witchPanel(t) {
  const { view, names } = t;
  const victim = view.victim ? view.victim.seat : null;
  const potions = view.potions || {};
  const left = [potions.life ? "the life potion" : null, potions.death ? "the death potion" : null].filter(Boolean);
  const poisons = has(t, "poison");
  return section("witch is-mine", "The Witch's choice",
    el("h3", null, "The Witch's choice"),
    el("p", { class: "ww-victim" }, victim === null ? "Nobody was attacked tonight."
      : ["The werewolves attack ", el("strong", null, nameOf(names, victim)), "."]),
    el("p", { class: "small" }, left.length && (has(t, "save") || poisons)
      ? `You have ${listText(left)}. One potion a night at most.` : "You have no potion you may use tonight."),
    el("div", { class: "button-row" },
      has(t, "save") ? button(t, { type: "save" }, `Save ${nameOf(names, victim)}`, "btn ww-save") : null,
      poisons ? el("button", {
        type: "button", class: `btn ww-poison-mode${t.local.mode === "poison" ? " is-selected" : ""}`,
        "aria-pressed": t.local.mode === "poison" ? "true" : "false", onclick: () => t.setMode(t.local.mode === "poison" ? null : "poison"),
      }, "Use the death potion\u2026") : null,
      button(t, { type: "pass" }, "Use no potion", "btn ww-pass")),
    poisons && t.local.mode === "poison" ? el("div", { class: "ww-part" },
      el("p", { class: "small" }, "Poison whom? Tap a player, or choose here:"), targetButtons(t, "poison")) : null);
}

// ---- the day -------------------------------------------------------------------------------

/** Those of `seats` still to act, in words (by day to_act is public). */
function waitingFor(t, verb) {
  const waiting = t.view.to_act || [];
  if (!waiting.length) return null;
  return el("p", { class: "small muted ww-waiting" }, `${verb}: ${seatsText(waiting, t.names)}.`);
}

function deadLine(t) {
  const { view } = t;
  if (typeof view.you !== "number" || (view.alive || [])[view.you] !== false) return null;
  return el("p", { class: "small ww-dead-note" }, "You are dead: you watch, and talk only in The dead channel.");
}

function discussionPanel(t) {
  const { view, names } = t;
  const ready = (view.day || {}).ready || [];
  const living = (view.alive || []).filter(Boolean).length;
  const mine = has(t, "ready");
  return section(`discussion${mine ? " is-mine" : ""}`, "The discussion",
    el("h3", null, "Talk it over"),
    el("p", null, "Talk in the Village chat. The vote begins when every living player is ready, or when the time runs out."),
    mine ? el("div", { class: "button-row" }, button(t, { type: "ready" }, "I am ready to vote", "btn ww-ready")) : null,
    !mine && ready.includes(view.you) ? el("p", { class: "small" }, "You are ready to vote.") : null,
    el("p", { class: "small ww-ready-list" }, ready.length
      ? `Ready (${ready.length} of ${living}): ${seatsText(ready, names)}.` : `Ready: nobody yet (0 of ${living}).`),
    deadLine(t));
}

function candidacyPanel(t) {
  const { view, names } = t;
  const day = view.day || {};
  const mine = has(t, "stand");
  const declined = (day.answered || []).filter((seat) => !(day.candidates || []).includes(seat));
  return section(`candidacy${mine ? " is-mine" : ""}`, "The Sheriff election",
    el("h3", null, "Who stands for Sheriff?"),
    el("p", null, "The Sheriff's vote counts twice, and the Sheriff breaks tied votes."),
    mine ? el("div", { class: "button-row" },
      button(t, { type: "stand" }, "Stand for Sheriff", "btn ww-stand"),
      button(t, { type: "not_stand" }, "Do not stand", "btn ww-not-stand")) : null,
    el("p", { class: "small" }, `Standing: ${seatsText(day.candidates, names)}.`,
      declined.length ? ` Not standing: ${seatsText(declined, names)}.` : ""),
    waitingFor(t, "Still deciding"),
    deadLine(t));
}

/** The Sheriff election or the day's vote: the ballot, and the live public counts. */
function votePanel(t, { election }) {
  const { view, names } = t;
  const mine = has(t, "vote");
  const cast = t.tally.cast.get(view.you);
  const title = election ? "Vote for the Sheriff" : "The vote: who is executed?";
  const intro = election ? `Candidates: ${seatsText((view.day || {}).candidates, names)}.`
    : "The player with the most votes is executed. The Sheriff's vote counts twice. Votes are public and final.";
  let yours = null;
  if (!mine && t.tally.cast.has(view.you)) {
    yours = el("p", { class: "small ww-your-vote" }, cast === null ? "You abstained." : `You voted for ${nameOf(names, cast)}.`);
  } else if (!mine && typeof view.you === "number" && (view.no_vote || []).includes(view.you) && (view.alive || [])[view.you]) {
    yours = el("p", { class: "small ww-your-vote" }, "You may not vote today.");
  }
  return section(`vote${mine ? " is-mine" : ""}`, title,
    el("h3", null, title),
    el("p", null, intro),
    mine ? el("p", { class: "small" }, "Tap a player, or choose here:") : null,
    mine ? targetButtons(t, "vote") : null,
    mine && t.actions.some((action) => action.type === "vote" && action.target === null)
      ? el("div", { class: "button-row" }, button(t, { type: "vote", target: null }, "Abstain", "btn ww-abstain")) : null,
    yours,
    tallyBlock(t, { election }),
    waitingFor(t, "Still to vote"),
    deadLine(t));
}

/** The live counts, most votes first. */
export function tallyBlock(t, { election = false } = {}) {
  const { view, names, tally } = t;
  const rows = [...tally.counts.entries()].sort((a, b) => b[1].count - a[1].count || a[0] - b[0]);
  const voterText = (voter) => (!election && voter === view.sheriff ? `${nameOf(names, voter)} \u00d72` : nameOf(names, voter));
  return el("div", { class: "ww-tally", "aria-live": "polite" },
    el("h4", null, "Votes so far"),
    rows.length ? el("ol", { class: "ww-tally-list" }, rows.map(([target, { count, voters }]) =>
      el("li", { "data-key": `target ${target}`, "data-target": target },
        el("strong", { class: "ww-tally-name" }, nameOf(names, target)), " ",
        el("span", { class: "ww-tally-count" }, plural(count, "vote")),
        el("span", { class: "small muted" }, ` (${listText(voters.map(voterText))})`))))
      : el("p", { class: "small muted" }, "No vote for anyone yet."),
    tally.abstained.length ? el("p", { class: "small ww-abstained" }, `Abstained: ${seatsText(tally.abstained, names)}.`) : null);
}

function tiebreakPanel(t) {
  const { view, names } = t;
  const tied = (view.day || {}).tied || [];
  if (!has(t, "break_tie")) {
    return section("tiebreak", "Tie break",
      el("h3", null, "The vote is tied"),
      el("p", null, `Between ${seatsText(tied, names)}: ${nameOf(names, view.sheriff)}, the Sheriff, chooses who is executed, or spares them all.`),
      deadLine(t));
  }
  return section("tiebreak is-mine", "Tie break",
    el("h3", null, "Break the tie"),
    el("p", null, `The vote is tied between ${seatsText(tied, names)}. As the Sheriff, choose who is executed, or spare them all.`),
    targetButtons(t, "break_tie", { label: (name) => `Execute ${name}` }),
    el("div", { class: "button-row" }, button(t, { type: "break_tie", target: null }, "No execution", "btn ww-spare")));
}

function scapegoatPanel(t) {
  const { view, names } = t;
  const ballot = (view.day || {}).ballot || [];
  const actor = (view.to_act || [])[0];
  if (!has(t, "confirm_voters")) {
    return section("scapegoat", "The Scapegoat's choice",
      el("h3", null, "The Scapegoat's last word"),
      el("p", null, `${nameOf(names, actor)}, the Scapegoat, chooses who may vote tomorrow.`),
      el("p", { class: "small" }, ballot.length ? `Barred so far: ${seatsText(ballot, names)}.` : "Nobody barred so far."),
      deadLine(t));
  }
  return section("scapegoat is-mine", "The Scapegoat's choice",
    el("h3", null, "Your last word"),
    el("p", null, "You die on the tie. Before you go, choose who may not vote tomorrow: tap players to bar them (tap again to allow them), then confirm."),
    targetButtons(t, "toggle_voter", {
      label: (name, seat) => (ballot.includes(seat) ? `${name}: barred` : name),
      pressed: (seat) => ballot.includes(seat),
    }),
    el("p", { class: "small" }, ballot.length ? `Barred tomorrow: ${seatsText(ballot, names)}.` : "Nobody barred: everyone may vote."),
    el("div", { class: "button-row" }, button(t, { type: "confirm_voters" }, "Confirm", "btn ww-confirm-voters")));
}

function successorPanel(t) {
  const { view, names } = t;
  const actor = (view.to_act || [])[0];
  if (!has(t, "name_successor")) {
    return section("successor", "The Sheriff's successor",
      el("h3", null, "The Sheriff is dead"),
      el("p", null, `${nameOf(names, actor ?? view.sheriff)} names the next Sheriff; if they do not in time, one is drawn by lot.`),
      deadLine(t));
  }
  return section("successor is-mine", "The Sheriff's successor",
    el("h3", null, "Name your successor"),
    el("p", null, "You are dead. Name the living player who becomes Sheriff after you (otherwise one is drawn by lot)."),
    targetButtons(t, "name_successor"));
}

function overPanel(t) {
  const result = t.view.result || {};
  return section("over", "Game over",
    el("h3", null, "Game over"),
    el("p", null, "Every role is revealed at the table. The final result is below."),
    result.winners ? el("p", { class: "small" }, `Winners: ${seatsText(result.winners, t.names)}.`) : null);
}
