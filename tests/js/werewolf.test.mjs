// The Werewolf renderer (static/js/games/werewolf.js) on views of real rules states: the
// fixtures under tests/js/fixtures/werewolf/ hold frames (view, legal, log, channels, outcome)
// made with app.rules.werewolf new_game/apply/view (each file's "about" says the table), and
// tests/js/werewolf_presets.json is components.preset for 5-18 players (pinned to the rules by
// tests/rules/test_werewolf_presets_js.py).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import { canonical } from "../../static/js/lib/actions.js";
import {
  CHANNELS, OPTIONS, describeAction, describeLog, noteMessages, noteText, phaseName, preset, render, renderOutcome, rolesControl,
  rolesProblem, turnHint, voteTally,
} from "../../static/js/games/werewolf.js";

beforeEach(resetPage);

const names = ["Ada", "Bo", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou", "Max", "Nia", "Oli",
  "Pam", "Quin", "Rae"];
const fixture = (file) => JSON.parse(readFileSync(new URL(`./fixtures/werewolf/${file}.json`, import.meta.url), "utf8")).frames;
const FRAMES = { night: fixture("night"), day: fixture("day"), end: fixture("end"), big: fixture("big") };
const ALL = Object.entries(FRAMES).flatMap(([file, frames]) => Object.entries(frames).map(([name, frame]) => [`${file}/${name}`, frame]));

/** Draw a fixture frame on a fresh board; returns {root, acts, ends}. */
function draw(frame, { host = false, hostMayEnd = false, clock = true } = {}) {
  const root = document.createElement("div");
  document.body.append(root);
  const acts = [];
  const ends = [];
  const timed = clock && frame.phase_clock;
  const state = {
    view: frame.view, legal: frame.legal, log: frame.log, outcome: frame.outcome, channels: frame.channels,
    clock: timed ? { remaining_ms: 42000, deadline: null, phase: frame.phase_clock.phase, host_may_end: hostMayEnd, seats: [] } : null,
  };
  render(root, state, { act: (action) => acts.push(action), names, you: frame.seat, endPhase: (phase) => ends.push(phase), host });
  return { root, acts, ends, state };
}

const panelText = (root) => root.querySelector(".ww-panel").textContent;
const legalSet = (frame) => new Set(frame.legal.map(canonical));

// ---- only legal actions are clickable ------------------------------------------------------------

test("every enabled move button is a legal action, and every legal action has its button", () => {
  for (const [name, frame] of ALL) {
    const { root } = draw(frame);
    const legal = legalSet(frame);
    const shown = new Set();
    for (const button of root.querySelectorAll("button[data-action]")) {
      const action = JSON.parse(button.getAttribute("data-action"));
      if (button.disabled) continue;
      assert.ok(legal.has(canonical(action)), `${name}: ${button.textContent} is not legal`);
      shown.add(canonical(action));
    }
    // The Witch's poison targets wait for "Use the death potion…" (tested below).
    const expected = frame.legal.filter((action) => action.type !== "poison").map(canonical);
    for (const action of expected) assert.ok(shown.has(action), `${name}: no button for ${action}`);
    // A place on the ring is a button only when it is the target of a legal move.
    const targets = new Set(frame.legal.filter((action) => typeof action.target === "number").map((action) => action.target));
    for (const place of root.querySelectorAll("button[data-pick]")) {
      assert.ok(targets.has(Number(place.getAttribute("data-pick"))), `${name}: seat ${place.getAttribute("data-pick")} is lit`);
    }
    if (!frame.legal.length) assert.equal(root.querySelectorAll("button[data-pick]").length, 0, name);
  }
});

test("tapping a lit place asks to confirm, then sends that legal move; cancel forgets it", () => {
  const frame = FRAMES.night.seer_to_look; // the Seer (seat 3) may look at any other living player
  const { root, acts } = draw(frame);
  const places = root.querySelectorAll("button[data-pick]").map((place) => Number(place.getAttribute("data-pick")));
  assert.deepEqual(places.sort((a, b) => a - b), [0, 1, 2, 4, 5, 6, 7, 8, 9]);
  assert.equal(root.querySelector(".ww-confirm"), null);
  root.querySelector('button[data-pick="6"]').click();
  assert.match(root.querySelector(".ww-confirm").textContent, /Look at Gus's role\?/);
  assert.equal(root.querySelector('button[data-pick="6"]').getAttribute("aria-pressed"), "true");
  assert.deepEqual(acts, []);
  root.querySelector(".ww-confirm-go").click();
  assert.deepEqual(acts, [{ target: 6, type: "see" }]);
  root.querySelector(".ww-cancel").click();
  assert.equal(root.querySelector(".ww-confirm"), null);
  // The panel's buttons are the one-step fallback.
  const button = root.querySelector(".ww-targets").querySelectorAll("button[data-action]").find((one) => one.textContent === "Bo");
  button.click();
  assert.deepEqual(acts.at(-1), { target: 1, type: "see" });
});

test("the Witch names the victim, saves or passes, and poisons only after choosing to", () => {
  const frame = FRAMES.night.witch;
  const { root, acts } = draw(frame);
  assert.match(panelText(root), /The werewolves attack Gus\./);
  assert.match(panelText(root), /You have the life potion and the death potion\./);
  assert.equal(root.querySelector(".ww-save").textContent, "Save Gus");
  assert.equal(root.querySelectorAll("button[data-pick]").length, 0);
  root.querySelector(".ww-poison-mode").click();
  const poisons = frame.legal.filter((action) => action.type === "poison").map((action) => action.target);
  const lit = root.querySelectorAll("button[data-pick]").map((place) => Number(place.getAttribute("data-pick")));
  assert.deepEqual(lit.sort((a, b) => a - b), poisons);
  assert.ok(!lit.includes(4)); // not herself
  root.querySelector(".ww-pass").click();
  assert.deepEqual(acts, [{ type: "pass" }]);
});

test("the Scapegoat's toggles act at once and show who is barred; confirm ends it", () => {
  const frame = FRAMES.end.scapegoat; // the Scapegoat (seat 2) barred seat 3 so far
  const { root, acts } = draw(frame);
  assert.match(panelText(root), /Barred tomorrow: Dan\./);
  const dan = root.querySelector(".ww-targets").querySelectorAll("button[data-action]").find((one) => one.textContent.startsWith("Dan"));
  assert.equal(dan.getAttribute("aria-pressed"), "true");
  root.querySelector('button[data-pick="4"]').click(); // no confirm step for a toggle
  assert.deepEqual(acts, [{ target: 4, type: "toggle_voter" }]);
  root.querySelector(".ww-confirm-voters").click();
  assert.deepEqual(acts.at(-1), { type: "confirm_voters" });
});

// ---- the night looks the same for everyone with nothing to do --------------------------------------

test("a villager's night panel is word for word the panel of a Seer who already looked", () => {
  const villager = panelText(draw(FRAMES.night.villager).root);
  assert.match(villager, /The village sleeps/);
  for (const name of ["seer_looked", "villager_after_look", "wolf_fixed", "witch_villager", "witch_lover", "spectator"]) {
    resetPage();
    assert.equal(panelText(draw(FRAMES.night[name]).root), villager, name);
  }
  resetPage();
  assert.notEqual(panelText(draw(FRAMES.night.seer_to_look).root), villager);
  // The banner's hint does not tell the role either.
  assert.equal(turnHint(FRAMES.night.seer_to_look), turnHint(FRAMES.night.wolf_pointing));
  assert.equal(turnHint(FRAMES.night.villager), "");
});

test("the pack sees its live pointing and the majority; nobody else does", () => {
  const frame = FRAMES.night.wolf_pointing; // wolves 0-2; wolf 1 points at seat 6
  const { root } = draw(frame);
  const text = panelText(root);
  assert.match(text, /2 of 3 werewolves pointing at one player fix the victim/);
  assert.match(text, /You: not pointing yet/);
  assert.match(text, /Bo \u2192 Gus/);
  const gus = root.querySelector('li[data-seat="6"]');
  assert.match(gus.textContent, /1 wolf/);
  assert.match(root.querySelector('li[data-seat="1"]').textContent, /\u2192 Gus/);
  resetPage();
  const villager = draw(FRAMES.night.villager).root;
  assert.doesNotMatch(villager.textContent, /wolf|\u2192/);
});

test("the Thief, Cupid and the Piper get their moves in words", () => {
  let root = draw(FRAMES.night.thief).root;
  assert.match(panelText(root), /the spare cards are the Elder and the Villager/);
  assert.deepEqual(root.querySelectorAll(".ww-panel button[data-action]").map((button) => button.textContent),
    ["Keep the Thief card", "Take the Elder card", "Take the Villager card"]);
  resetPage();
  root = draw(FRAMES.night.cupid_first_pick).root; // Cupid (5) named himself first
  assert.match(panelText(root), /First lover: Fay\. Now the second\./);
  assert.equal(root.querySelector('button[data-pick="5"]'), null);
  resetPage();
  root = draw(FRAMES.night.piper).root;
  assert.match(panelText(root), /enchant two players tonight/);
});

// ---- the day: votes, ready, the host -------------------------------------------------------------

test("the vote shows the live public counts, the Sheriff's counting twice", () => {
  const frame = FRAMES.day.vote; // Sheriff Cy (2) voted Ada (0), Dan (3) voted Bo (1), Gus (6) abstained
  const tally = voteTally(frame.view);
  assert.deepEqual([...tally.counts.entries()], [[0, { count: 2, voters: [2] }], [1, { count: 1, voters: [3] }]]);
  assert.deepEqual(tally.abstained, [6]);
  const { root } = draw(frame);
  const rows = root.querySelectorAll(".ww-tally-list li").map((row) => row.textContent);
  assert.deepEqual(rows, ["Ada 2 votes (Cy \u00d72)", "Bo 1 vote (Dan)"]);
  assert.match(root.querySelector(".ww-abstained").textContent, /Abstained: Gus\./);
  assert.match(root.querySelector('li[data-seat="0"]').textContent, /2 votes/);
  assert.match(root.querySelector('li[data-seat="2"]').textContent, /\u2605 Sheriff/);
  assert.match(root.querySelector(".ww-waiting").textContent, /Still to vote: Ada, Bo, Fay and Hal\./);
  assert.ok(root.querySelector(".ww-abstain"));
  // The big table: 18 players, the same counts on the tiles as in the tally.
  resetPage();
  const big = draw(FRAMES.big.vote).root;
  const counted = voteTally(FRAMES.big.vote.view);
  for (const [target, { count }] of counted.counts) {
    assert.match(big.querySelector(`li[data-seat="${target}"]`).textContent, new RegExp(`${count} votes?`));
  }
  assert.equal(big.querySelectorAll("li.ww-spot").length, 18);
});

test("the election, the candidacy and the tie break read in words", () => {
  let root = draw(FRAMES.day.candidacy).root;
  assert.match(panelText(root), /Standing: Cy and Ada\. Not standing: Fay\./);
  assert.deepEqual(root.querySelectorAll(".ww-panel button[data-action]").map((button) => button.textContent),
    ["Stand for Sheriff", "Do not stand"]);
  resetPage();
  root = draw(FRAMES.day.election).root;
  assert.deepEqual(root.querySelectorAll(".ww-tally-list li").map((row) => row.textContent), ["Cy 2 votes (Dan and Fay)", "Ada 1 vote (Bo)"]);
  resetPage();
  root = draw(FRAMES.day.tiebreak_sheriff).root;
  assert.deepEqual(root.querySelectorAll(".ww-panel button[data-action]").map((button) => button.textContent),
    ["Execute Ada", "Execute Bo", "Execute Dan", "No execution"]);
  resetPage();
  root = draw(FRAMES.day.tiebreak_other).root;
  assert.match(panelText(root), /Between Ada, Bo and Dan: Cy, the Sheriff, chooses/);
  assert.equal(root.querySelectorAll("button[data-action]").length, 0);
});

test("the host, and only the host where the phase allows it, may end the discussion", () => {
  const frame = FRAMES.day.discussion;
  const { root, ends } = draw(frame, { host: true, hostMayEnd: true });
  const end = root.querySelector(".ww-end");
  assert.equal(end.textContent, "End the discussion");
  end.click();
  assert.deepEqual(ends, ["discussion-1"]);
  for (const options of [{ host: false, hostMayEnd: true }, { host: true, hostMayEnd: false }, { host: true, clock: false }]) {
    resetPage();
    assert.equal(draw(frame, options).root.querySelector(".ww-end"), null, JSON.stringify(options));
  }
  resetPage();
  assert.equal(draw(FRAMES.night.villager, { host: true, hostMayEnd: false }).root.querySelector(".ww-end"), null);
});

test("the phase is in words with its countdown", () => {
  const cases = [
    [FRAMES.night.villager, "Night 1"], [FRAMES.night.witch, "The witch's hour"], [FRAMES.day.discussion, "Day 1: discussion"],
    [FRAMES.day.candidacy, "Sheriff election: who stands?"], [FRAMES.day.election, "Sheriff election"],
    [FRAMES.day.vote, "Day 1: vote"], [FRAMES.day.tiebreak_other, "Tie break"], [FRAMES.end.scapegoat, "The Scapegoat's choice"],
    [FRAMES.end.successor, "The Sheriff's successor"], [FRAMES.end.over, "Game over"],
  ];
  for (const [frame, title] of cases) {
    resetPage();
    const { root } = draw(frame);
    assert.equal(root.querySelector(".ww-phase-title").textContent, title);
    const clock = root.querySelector(".ww-head [data-clock]");
    if (frame.view.step === "over") assert.equal(clock, null);
    else assert.equal(clock.textContent, "0:42");
  }
});

test("the table shows the roles the viewer knows, the dead, the lovers and who cannot vote", () => {
  let root = draw(FRAMES.night.wolf_pointing).root; // a werewolf knows the pack
  assert.deepEqual([0, 1, 2, 3].map((seat) => root.querySelector(`li[data-seat="${seat}"] .ww-role`).textContent),
    ["Werewolf", "Werewolf", "Werewolf", "role unknown?"]);
  resetPage();
  root = draw(FRAMES.day.dead).root; // dead Eve (4) sees every role
  assert.match(root.querySelector('li[data-seat="4"]').textContent, /dead/);
  assert.equal(root.querySelector('li[data-seat="0"] .ww-role').textContent, "Werewolf");
  assert.match(root.querySelector(".ww-you").textContent, /You were the Villager/);
  resetPage();
  root = draw(FRAMES.end.lover_day).root; // Dan (3) and Ada (0) are lovers
  assert.match(root.querySelector('li[data-seat="0"]').textContent, /\u2665 lover/);
  assert.match(root.querySelector('li[data-seat="3"]').textContent, /\u2665 lover/);
  assert.doesNotMatch(root.querySelector('li[data-seat="1"]').textContent, /lover/);
  resetPage();
  const barred = draw(FRAMES.end.scapegoat_other).root;
  assert.match(barred.querySelector('li[data-seat="3"]').textContent, /barred tomorrow/);
  resetPage();
  const view = { ...FRAMES.day.discussion.view, no_vote: [6] };
  root = draw({ ...FRAMES.day.discussion, view }).root;
  assert.match(root.querySelector('li[data-seat="6"]').textContent, /cannot vote/);
});

test("the notes are narrated with the players' names", () => {
  const note = (text) => ({ night: 1, kind: "x", text, seats: [], role: null });
  assert.equal(noteText(note("The werewolves attack seat 6. Potions left: life and death."), names),
    "The werewolves attack Gus. Potions left: life and death.");
  assert.equal(noteText(note("You are enchanted. The enchanted are seats 1, 4 and 6."), names),
    "You are enchanted. The enchanted are Bo, Eve and Gus.");
  assert.equal(noteText(note("Seat 0, the Thief, took a Werewolf card and joins the pack."), names),
    "Ada, the Thief, took a Werewolf card and joins the pack.");
  const { root } = draw(FRAMES.night.witch);
  assert.deepEqual(root.querySelectorAll(".ww-notes-list li").map((line) => line.textContent),
    ["Night 1 You are the Witch.", "Night 1 The werewolves attack Gus. Potions left: life and death."]);
  // The Seer's look waits for the dawn: it shows in the notes, not in the night's panel.
  resetPage();
  const seer = draw(FRAMES.night.seer_looked).root;
  assert.equal(seer.querySelectorAll(".ww-notes-list li").at(-1).textContent,
    "Tonight You look at Ada: you learn the role when the night ends.");
});

// ---- words -----------------------------------------------------------------------------------

/** Every log entry type the rules write (app/rules/werewolf/__init__.py, Log entries). */
const LOG_LINES = [
  [{ type: "dealt", players: 8, cards: [["villager", 4], ["werewolf", 2], ["seer", 1], ["thief", 1]] },
    "The roles were dealt to 8 players from 8 cards (with the Thief's 2 spare cards): 4 Villagers, 2 Werewolves, Seer and Thief."],
  [{ type: "night", night: 2 }, "Night 2 falls: the village sleeps."],
  [{ type: "witch", night: 2 }, "The witch's hour (night 2)."],
  [{ type: "dawn", day: 2, deaths: [], roles: [] }, "Day 2 dawns: nobody died in the night."],
  [{ type: "dawn", day: 2, deaths: [1, 4], roles: ["seer", null] }, "Day 2 dawns: Bo (the Seer) and Eve (role hidden) were found dead."],
  [{ type: "dawn", day: 3, deaths: [5], roles: ["cupid"] }, "Day 3 dawns: Fay (Cupid) was found dead."],
  [{ type: "successor", day: 2, seat: 1 }, "Bo, the Sheriff, is dead and names a successor."],
  [{ type: "sheriff", seat: 2, how: "elected" }, "Cy is elected Sheriff."],
  [{ type: "sheriff", seat: 2, how: "drawn" }, "The election is tied: Cy is Sheriff, drawn by lot."],
  [{ type: "sheriff", seat: 2, how: "named" }, "Cy is named Sheriff by the dying Sheriff."],
  [{ type: "sheriff", seat: 2, how: "picked" }, "No successor was named in time: Cy is Sheriff, picked by lot."],
  [{ type: "discussion", day: 1 }, "Day 1: the discussion begins."],
  [{ type: "candidacy", day: 1 }, "Day 1: the Sheriff election. Who stands?"],
  [{ type: "stood", seat: 0 }, "Ada stands for Sheriff."],
  [{ type: "declined", seat: 0 }, "Ada does not stand."],
  [{ type: "election", day: 1, candidates: [0, 3] }, "The Sheriff election: the candidates are Ada and Dan."],
  [{ type: "vote", day: 1, voters: [0, 1, 3] }, "Day 1: the vote. 3 voters: Ada, Bo and Dan."],
  [{ type: "voted", seat: 0, target: 3 }, "Ada votes for Dan."],
  [{ type: "voted", seat: 0, target: null }, "Ada abstains."],
  [{ type: "tie", day: 1, seats: [1, 3] }, "The vote is tied between Bo and Dan."],
  [{ type: "tiebreak", day: 1, sheriff: 2, tied: [1, 3] }, "Cy, the Sheriff, breaks the tie between Bo and Dan."],
  [{ type: "tie_broken", seat: 2, target: 3 }, "Cy, the Sheriff, chooses Dan."],
  [{ type: "tie_broken", seat: 2, target: null }, "Cy, the Sheriff, spares them all."],
  [{ type: "executed", seat: 3, role: "werewolf", by: "vote" }, "Dan is executed by the village (the Werewolf)."],
  [{ type: "executed", seat: 3, role: null, by: "vote" }, "Dan is executed by the village (role hidden)."],
  [{ type: "executed", seat: 3, role: "villager", by: "sheriff" }, "Dan is executed on the Sheriff's choice (the Villager)."],
  [{ type: "executed", seat: 5, role: "scapegoat", by: "tie" }, "The vote was tied: Fay, the Scapegoat, is executed instead."],
  [{ type: "idiot_revealed", seat: 6 }, "Gus is the Village Idiot: voted out, they survive but may no longer vote."],
  [{ type: "grief", seat: 4, role: "witch", lover: 3 }, "Eve dies of grief for Dan (the Witch)."],
  [{ type: "no_execution", day: 1, reason: "no_votes" }, "Nobody received a vote: nobody is executed."],
  [{ type: "no_execution", day: 1, reason: "no_voters" }, "Nobody may vote today: there is no vote and nobody is executed."],
  [{ type: "no_execution", day: 1, reason: "tie" }, "The vote is tied and nobody may break the tie: nobody is executed."],
  [{ type: "no_execution", day: 1, reason: "sheriff" }, "The Sheriff spares the tied players: nobody is executed."],
  [{ type: "scapegoat", day: 1, seat: 5 }, "Fay, the Scapegoat, chooses who may vote tomorrow."],
  [{ type: "voters", seat: 5, barred: [0, 2] }, "Fay, the Scapegoat, bars Ada and Cy from tomorrow's vote."],
  [{ type: "voters", seat: 5, barred: [] }, "Fay, the Scapegoat, lets everyone vote tomorrow."],
  [{ type: "game_over", side: "village", winners: [1, 2], roles: [], spares: [], lovers: null, enchanted: [] },
    "Game over: the village wins (Bo and Cy)."],
  [{ type: "game_over", side: "piper", winners: [7], roles: [], spares: [], lovers: null, enchanted: [] },
    "Game over: the piper wins (Hal)."],
];

test("every log entry type of the rules has its line", () => {
  for (const [entry, line] of LOG_LINES) assert.equal(describeLog(entry, names), line, entry.type);
  const types = new Set(LOG_LINES.map(([entry]) => entry.type));
  assert.equal(types.size, 23);
  // Every entry the real states wrote reads in words (none falls back to "type: {...}").
  for (const [name, frame] of ALL) {
    for (const entry of frame.log) {
      assert.ok(types.has(entry.type), `${name}: a log entry type the test does not know: ${entry.type}`);
      assert.doesNotMatch(describeLog(entry, names), /[{}]/, `${name}: ${entry.type}`);
    }
  }
});

test("the record names every action, and a timer running out", () => {
  const lines = [
    [{ type: "keep_card" }, "Keep the Thief card"], [{ type: "take_card", card: 1 }, "Take spare card 2"],
    [{ type: "choose_lover", target: 3 }, "Make Dan a lover"], [{ type: "see", target: 0 }, "Look at Ada's role"],
    [{ type: "point", target: 6 }, "Point at Gus"], [{ type: "enchant", target: 2 }, "Enchant Cy"],
    [{ type: "save" }, "Save the victim (life potion)"], [{ type: "poison", target: 1 }, "Poison Bo (death potion)"],
    [{ type: "pass" }, "Use no potion"], [{ type: "ready" }, "Ready to vote"], [{ type: "stand" }, "Stand for Sheriff"],
    [{ type: "not_stand" }, "Do not stand"], [{ type: "vote", target: 4 }, "Vote for Eve"], [{ type: "vote", target: null }, "Abstain"],
    [{ type: "break_tie", target: 4 }, "Break the tie: execute Eve"], [{ type: "break_tie", target: null }, "No execution"],
    [{ type: "toggle_voter", target: 5 }, "Bar or allow Fay for tomorrow's vote"],
    [{ type: "confirm_voters" }, "Confirm who may vote tomorrow"], [{ type: "name_successor", target: 7 }, "Name Hal Sheriff"],
    [{ type: "expire", phase: "night-2" }, "Time ran out: night 2"],
    [{ type: "expire", phase: "witch-1" }, "Time ran out: the witch's hour, night 1"],
    [{ type: "expire", phase: "vote-3" }, "Time ran out: the vote, day 3"],
    [{ type: "expire", phase: "successor-2-2" }, "Time ran out: the Sheriff's succession, day 2 (the second)"],
    [{ type: "expire", phase: "discussion-1" }, "Time ran out or the host ended it: the discussion, day 1"],
  ];
  for (const [action, line] of lines) assert.equal(describeAction(action, names), line);
  assert.equal(phaseName("candidacy-1"), "the Sheriff candidacy, day 1");
  // Every legal action of the fixtures reads in words.
  for (const [name, frame] of ALL) {
    for (const action of frame.legal) assert.doesNotMatch(describeAction(action, names), /[{}]/, name);
  }
});

test("the chat channels are named as the rules name them", () => {
  assert.deepEqual(CHANNELS, { day: "Village", werewolves: "Werewolves", dead: "The dead" });
  for (const [name, frame] of ALL) {
    for (const channel of Object.keys(frame.channels)) assert.ok(channel in CHANNELS, `${name}: ${channel}`);
  }
});

test("the final result names the winning side, who won and every role", () => {
  const frame = FRAMES.end.lovers_won;
  const root = document.createElement("div");
  renderOutcome(root, frame.outcome, frame.view, names);
  assert.equal(root.querySelector(".outcome-winners").textContent, "The lovers win!");
  assert.match(root.textContent, /Winners: Ada and Dan\./);
  const rows = root.querySelectorAll("tbody tr").map((row) => row.textContent);
  assert.deepEqual(rows, ["AdawonWerewolfalive", "BoCupiddead", "CySeerdead", "DanwonVillageralive", "EveVillagerdead", "FayVillagerdead"]);
  assert.match(root.textContent, /Lovers: Ada and Dan\./);
  // The record page has no view: the roles come from the outcome alone.
  const record = document.createElement("div");
  renderOutcome(record, FRAMES.end.over.outcome, null, names);
  assert.equal(record.querySelector(".outcome-winners").textContent, "The village wins!");
  assert.equal(record.querySelectorAll("tbody tr").length, 6);
});

// ---- the create form ------------------------------------------------------------------------------

test("the JS preset is the rules' preset for every player count", () => {
  const expected = JSON.parse(readFileSync(new URL("./werewolf_presets.json", import.meta.url), "utf8"));
  for (let players = 5; players <= 18; players += 1) {
    assert.deepEqual(preset(players), expected[String(players)], `${players} players`);
    assert.deepEqual(Object.keys(preset(players)), Object.keys(expected[String(players)]));
    assert.equal(rolesProblem(players, preset(players)), "");
  }
});

test("the create form's options: the timers within the rules' ranges, their defaults offered", () => {
  const ranges = { night_seconds: [60, 20, 300], witch_seconds: [30, 10, 120], discussion_seconds: [180, 30, 1200], vote_seconds: [60, 15, 300] };
  for (const [key, [fallback, low, high]] of Object.entries(ranges)) {
    const values = OPTIONS[key].choices.map(([value]) => value);
    assert.ok(values.includes(fallback), key);
    assert.ok(values.every((value) => Number.isInteger(value) && value >= low && value <= high), key);
  }
  assert.deepEqual(OPTIONS.reveal.choices.map(([value]) => value), ["on_death", "end"]);
  assert.deepEqual(OPTIONS.dead_see.choices.map(([value]) => value), ["all", "public"]);
  assert.deepEqual(OPTIONS.potions.choices.map(([value]) => value), ["each_once", "single"]);
  assert.equal(OPTIONS.night_seconds.choices.find(([value]) => value === 90)[1], "1\u00bd minutes");
  assert.equal(typeof OPTIONS.roles.control, "function");
});

function choose(control, mode) {
  const preset_ = control.node.querySelector("#option-roles-preset");
  const custom = control.node.querySelector("#option-roles-custom");
  preset_.checked = mode === "preset";
  custom.checked = mode === "custom";
  (mode === "preset" ? preset_ : custom).dispatchEvent(new Event("change"));
}

function setCount(control, role, value) {
  const input = control.node.querySelector(`#option-roles-${role}`);
  input.value = String(value);
  input.dispatchEvent(new Event("input"));
}

test("the roles control reads the preset, shown for the player count chosen", () => {
  const control = rolesControl("option-roles", "preset", { players: 8 });
  assert.equal(control.read(), "preset");
  assert.equal(control.node.querySelector("label[for=\"option-roles-preset\"]").textContent, "Suggested for 8 players");
  assert.equal(control.node.querySelector(".ww-roles-preset").textContent, "2 Villagers, 2 Werewolves, Seer, Witch, Cupid and Village Idiot.");
  control.update(11);
  assert.equal(control.node.querySelector("label[for=\"option-roles-preset\"]").textContent, "Suggested for 11 players");
  assert.match(control.node.querySelector(".ww-roles-preset").textContent, /Cupid, Thief, Scapegoat, Village Idiot and Elder\. The Thief brings 2 more villager cards\./);
  assert.equal(control.read(), "preset");
  assert.ok(control.node.querySelector(".ww-roles-custom").hidden);
});

test("the roles control reads a custom set, villagers making up the rest, and says what is wrong", () => {
  const control = rolesControl("option-roles", "preset", { players: 8 });
  choose(control, "custom");
  assert.deepEqual(control.read(), preset(8)); // it starts from the suggestion
  setCount(control, "werewolf", 3);
  setCount(control, "thief", 1);
  assert.deepEqual(control.read(), { werewolf: 3, seer: 1, witch: 1, cupid: 1, thief: 1, idiot: 1 });
  assert.equal(control.node.querySelector(".ww-roles-villagers").textContent, "0");
  assert.ok(!control.node.querySelector(".ww-roles-thief").hidden);
  assert.equal(control.problem(), "");
  setCount(control, "elder", 1);
  assert.equal(control.problem(), "These roles need 9 players, and the table has 8: take some out.");
  setCount(control, "elder", 0);
  setCount(control, "werewolf", 0);
  assert.equal(control.problem(), "A role set has 1 to 4 werewolves.");
  setCount(control, "werewolf", 4);
  setCount(control, "thief", 0);
  assert.equal(control.problem(), "There must be fewer werewolves than other players.");
  setCount(control, "werewolf", 2);
  control.update(10); // more players: more villagers
  assert.deepEqual(control.read(), { villager: 4, werewolf: 2, seer: 1, witch: 1, cupid: 1, idiot: 1 });
  setCount(control, "seer", 2);
  assert.equal(control.problem(), "A role set holds at most one Seer.");
  choose(control, "preset");
  assert.equal(control.read(), "preset");
  assert.equal(control.problem(), "");
  // An explicit set given as the value opens on it.
  const given = rolesControl("option-roles", { villager: 3, werewolf: 1, seer: 1 }, { players: 5 });
  assert.deepEqual(given.read(), { villager: 3, werewolf: 1, seer: 1 });
});

test("every note the rules write is read back into its message (translated, names for seats)", () => {
  // One of each sentence of app/rules/werewolf (game.first_notes, night.py, day.py, deaths.py).
  const notes = [
    "You are the Village Idiot.", "The spare cards are the Werewolf and the Villager.", "The werewolves are seats 0 and 3.",
    "You kept the Thief card.", "You took the Seer card: you are now the Seer.",
    "Seat 4, the Thief, took a Werewolf card and joins the pack.", "You made seats 2 and 5 lovers.",
    "Cupid made you and seat 4 lovers.", "Time ran out: you keep the Thief card.", "Time ran out: you made no lovers.",
    "Seat 0 is the Werewolf.", "The pack chose nobody.", "The pack chose seat 5.",
    "The werewolves attack seat 6. Potions left: life and death.", "The werewolves attack seat 6. Potions left: life.",
    "Nobody was attacked tonight. Potions left: death.", "Nobody was attacked tonight. You have no potion left.",
    "The werewolves attack seat 2. You have lost your powers.", "You saved seat 3.", "You poisoned seat 1.",
    "The werewolves attacked you: your extra life is spent.",
    "The Elder was killed by the village or by the Witch: you lose your powers.",
    "You are enchanted. The enchanted are seats 1, 4 and 6.", "The enchanted are seat 2.",
  ];
  for (const text of notes) assert.ok(noteMessages(text), text);
  assert.deepEqual(noteMessages("The werewolves attack seat 6. Potions left: life."), ["The werewolves attack {player}.", "Potions left: life."]);
  assert.equal(noteMessages("Something the rules never wrote about seat 1."), null);
  const names = ["Ada", "Bo", "Cy", "Dan", "Eve", "Fay", "Gus"];
  assert.equal(noteText({ text: "You took the Seer card: you are now the Seer." }, names), "You took the Seer card: you are now the Seer.");
  assert.equal(noteText({ text: "The werewolves attack seat 6. You have lost your powers." }, names), "The werewolves attack Gus. You have lost your powers.");
  assert.equal(noteText({ text: "Something the rules never wrote about seat 1." }, names), "Something the rules never wrote about Bo.");
});
