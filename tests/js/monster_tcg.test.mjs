// The Monster Duel renderer (static/js/games/monster_tcg.js): the log and record lines, and the
// table drawn in the fake DOM from frames written by hand after the wire contract of issue 22
// (tests/js/fixtures/monster_tcg/*.json: each file's "about" says the table; a frame is
// {seat, view, legal, log, outcome}). The card set of the fixtures is made up for the tests.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import { canonical } from "../../static/js/lib/actions.js";
import {
  OPTIONS, costText, describeAction, describeLog, effectText, humanize, render, renderOutcome, turnHint,
} from "../../static/js/games/monster_tcg.js";

beforeEach(resetPage);

const names = ["Ada", "Bo"];
const fixture = (file) => JSON.parse(readFileSync(new URL(`./fixtures/monster_tcg/${file}.json`, import.meta.url), "utf8")).frames;
const FRAMES = Object.fromEntries(["deck", "setup", "play", "promote", "end"].map((file) => [file, fixture(file)]));
const ALL = Object.entries(FRAMES).flatMap(([file, frames]) => Object.entries(frames).map(([name, frame]) => [`${file}/${name}`, frame]));

/** Draw a frame on a fresh board, with no pick left over from an earlier test; returns {root, sent}. */
function draw(frame) {
  const root = document.createElement("div");
  document.body.append(root);
  const sent = [];
  const state = { view: frame.view, legal: frame.legal, log: frame.log, outcome: frame.outcome };
  const ctx = { act: (action) => sent.push(action), names, you: frame.seat };
  render(root, state, ctx);
  // The picks are the module's, as on the page: drop an earlier test's.
  for (const selector of ["button.mt-cancel", "button.mt-creature.is-selected", "button.mt-retreat.is-selected"]) {
    const open = root.querySelector(selector);
    if (open) open.click();
  }
  return { root, sent, state, ctx };
}

const text = (node) => node.textContent.replace(/\s+/g, " ").trim();
const tap = (root, card) => root.querySelector(`.mt-hand button[data-card='${card}']`).click();
const lit = (root) => root.querySelectorAll("button.mt-creature.is-lit");
const enabled = (root) => root.querySelectorAll("button[data-action]").filter((button) => !button.disabled);
const actionOf = (button) => JSON.parse(button.getAttribute("data-action"));

// ---- options, words ------------------------------------------------------------------------

test("the create form offers the contract's options, defaults first", () => {
  assert.deepEqual(OPTIONS.deck_size.choices.map(([value]) => value), [60, 30]);
  assert.deepEqual(OPTIONS.deck_size.choices.map(([, label]) => label), ["Full decks, 6 prizes", "Half decks, 3 prizes"]);
  for (const key of ["deck_1", "deck_2"]) {
    assert.deepEqual(OPTIONS[key].choices.map(([value]) => value), ["choose", "ember", "tide", "surge", "grove"]);
    assert.equal(OPTIONS[key].choices[0][1], "Each player chooses");
  }
});

test("names, costs and effects read in words", () => {
  assert.equal(humanize("cinder-pup"), "Cinder Pup");
  assert.equal(costText(["fire", "fire", "colorless"]), "2 fire and 1 any type");
  assert.equal(costText([]), "no energy");
  // The contract's effect kinds, every one.
  assert.deepEqual([
    { kind: "flip_extra", amount: 20 }, { kind: "flip_paralyse" }, { kind: "poison" }, { kind: "burn" }, { kind: "sleep" },
    { kind: "confuse" }, { kind: "heal_self", amount: 10 }, { kind: "draw", count: 2 }, { kind: "bench_damage", amount: 10 },
  ].map(effectText), [
    "Flip a coin: heads, 20 more damage.", "Flip a coin: heads, the defending creature is paralysed.",
    "The defending creature is poisoned.", "The defending creature is burned.", "The defending creature falls asleep.",
    "The defending creature is confused.", "Heal 10 damage from this creature.", "Draw 2 cards.",
    "10 damage to one of the opponent's benched creatures.",
  ]);
});

// Every entry type of the contract's log, with its public fields (and a secret one as its
// owner reads it).
const LOG_LINES = [
  [{ type: "deck_chosen", seat: 1, deck: null }, "Bo chose a deck."],
  [{ type: "deck_chosen", seat: 0, deck: "ember" }, "Ada chose the Ember deck."],
  [{ type: "decks", decks: ["ember", "tide"] }, "The decks: Ada plays Ember and Bo plays Tide."],
  [{ type: "mulligan", seat: 1, hand: ["water-energy", "potion-pack"] },
    "Bo had no Basic creature: a mulligan (showed Water Energy and Potion Pack), then shuffled and drew a new hand."],
  [{ type: "draw_extra", seat: 0, count: 2 }, "Ada drew 2 extra cards for the opponent's mulligans."],
  [{ type: "draw_extra", seat: 0, count: 0 }, "Ada drew no extra card."],
  [{ type: "setup", seat: 0, active: "cinder-pup", bench: ["volt-kit", "cinder-pup"] },
    "Ada's creatures are turned face up: Cinder Pup active, on the bench Volt Kit and Cinder Pup."],
  [{ type: "setup", seat: 1, active: "tide-turtle", bench: [] }, "Bo's creatures are turned face up: Tide Turtle active, nothing on the bench."],
  [{ type: "coin", seat: 0, purpose: "first", result: "heads" }, "Ada flipped a coin for who goes first: Heads."],
  [{ type: "coin", seat: 0, purpose: "attack", result: "tails" }, "Ada flipped a coin for the attack's extra damage: Tails (no extra damage)."],
  [{ type: "coin", seat: 1, purpose: "paralyse", result: "heads" }, "Bo flipped a coin to paralyse the defending creature: Heads (paralysed)."],
  [{ type: "coin", seat: 0, purpose: "asleep", result: "heads" }, "Ada flipped a coin to wake its sleeping creature: Heads (it wakes up)."],
  [{ type: "coin", seat: 0, purpose: "burned", result: "tails" }, "Ada flipped a coin for its burned creature: Tails (still burned)."],
  [{ type: "coin", seat: 1, purpose: "confused", result: "tails" }, "Bo flipped a coin for its confused creature: Tails (it hurts itself)."],
  [{ type: "turn", seat: 1, number: 4 }, "Turn 4: Bo plays."],
  [{ type: "draw", seat: 0, card: "fire-energy" }, "Ada drew Fire Energy."],
  [{ type: "draw", seat: 1, card: null }, "Bo drew a card."],
  [{ type: "bench", seat: 0, card: "volt-kit" }, "Ada put Volt Kit on the bench."],
  [{ type: "evolve", seat: 0, slot: 1, card: "blaze-hound", from: "cinder-pup" }, "Ada evolved Cinder Pup into Blaze Hound (bench 1)."],
  [{ type: "attach", seat: 0, slot: 0, card: "fire-energy" }, "Ada attached Fire Energy to the active creature."],
  [{ type: "trainer", seat: 1, card: "potion-pack", slot: 2 }, "Bo played Potion Pack on bench 2."],
  [{ type: "trainer", seat: 1, card: "scout-notes", slot: null }, "Bo played Scout Notes."],
  [{ type: "take_basic", seat: 0, card: "volt-kit" }, "Ada took Volt Kit from the deck into the hand, then shuffled."],
  [{ type: "retreat", seat: 1, slot: 2, discarded: ["water-energy", "water-energy"] },
    "Bo retreated the active creature, discarding Water Energy and Water Energy; the one on bench 2 came in."],
  [{ type: "retreat", seat: 1, slot: 1, discarded: [] }, "Bo retreated the active creature; the one on bench 1 came in."],
  [{ type: "attack", seat: 0, attack: 0, title: "Scorch", damage: 40, target: null, weakness: true, resistance: false },
    "Ada attacked with Scorch: 40 damage (doubled by weakness)."],
  [{ type: "attack", seat: 1, attack: 1, title: "Seed Spray", damage: 0, target: 2, weakness: false, resistance: true },
    "Bo attacked with Seed Spray (also hitting Ada's bench 2): 0 damage (30 less for resistance)."],
  [{ type: "damage", seat: 0, slot: 2, amount: 10, cause: "bench" }, "Ada's creature on bench 2 took 10 damage from the attack's splash."],
  [{ type: "damage", seat: 0, slot: 0, amount: 10, cause: "poison" }, "Ada's active creature took 10 damage from poison."],
  [{ type: "damage", seat: 1, slot: 0, amount: 20, cause: "burn" }, "Bo's active creature took 20 damage from the burn."],
  [{ type: "damage", seat: 1, slot: 0, amount: 30, cause: "confused" }, "Bo's active creature took 30 damage hurting itself in confusion."],
  [{ type: "condition", seat: 1, slot: 0, condition: "paralysed" }, "Bo's active creature is now paralysed."],
  [{ type: "recovered", seat: 1, slot: 0, condition: "asleep" }, "Bo's active creature is no longer asleep."],
  [{ type: "knocked_out", seat: 0, card: "blaze-hound" }, "Ada's Blaze Hound was knocked out."],
  [{ type: "prize", seat: 1, card: null }, "Bo took a prize card."],
  [{ type: "prize", seat: 1, card: "water-energy" }, "Bo took a prize card: Water Energy."],
  [{ type: "promote", seat: 0, slot: 2 }, "Ada moved the creature on bench 2 up to active."],
  [{ type: "sudden_death", number: 1 }, "Sudden death: both sides won at once, so game 1 of sudden death begins."],
  [{ type: "win", seats: [1], reason: "prizes" }, "Bo wins: took all their prize cards."],
  [{ type: "win", seats: [0], reason: "no_creatures" }, "Ada wins: the opponent has no creature left in play."],
  [{ type: "win", seats: [0], reason: "deck_out" }, "Ada wins: the opponent could not draw at the start of their turn."],
  [{ type: "win", seats: [], reason: "draw" }, "The game ends in a draw."],
];

test("every log entry type of the contract reads in words", () => {
  for (const [entry, line] of LOG_LINES) assert.equal(describeLog(entry, names), line, entry.type);
  const types = new Set(LOG_LINES.map(([entry]) => entry.type));
  // The contract's list (issue 22, "The log").
  for (const type of ["deck_chosen", "decks", "mulligan", "draw_extra", "setup", "coin", "turn", "draw", "bench", "evolve",
    "attach", "trainer", "take_basic", "retreat", "attack", "damage", "condition", "recovered", "knocked_out", "prize",
    "promote", "sudden_death", "win"]) assert.ok(types.has(type), type);
});

test("every log entry of the fixtures reads in words, with no raw field left", () => {
  for (const [name, frame] of ALL) {
    for (const entry of frame.log) {
      const line = describeLog(entry, names);
      assert.doesNotMatch(line, /[{}]|undefined|null|NaN|\[object/, `${name}: ${line}`);
      assert.ok(!line.startsWith(`${entry.type}:`), `${name}: ${line}`);
    }
  }
});

test("every action type of the contract reads in words for the match record", () => {
  const lines = [
    [{ type: "choose_deck", deck: "tide" }, "Choose the Tide deck"],
    [{ type: "draw_extra", count: 1 }, "Draw 1 extra card"],
    [{ type: "draw_extra", count: 0 }, "Draw no extra card"],
    [{ type: "place_active", card: "cinder-pup" }, "Place Cinder Pup as the active creature, face down"],
    [{ type: "place_bench", card: "volt-kit" }, "Place Volt Kit on the bench, face down"],
    [{ type: "setup_done" }, "Done placing creatures"],
    [{ type: "bench", card: "moss-sprout" }, "Put Moss Sprout on the bench"],
    [{ type: "evolve", card: "blaze-hound", slot: 0 }, "Evolve the active creature into Blaze Hound"],
    [{ type: "attach", card: "fire-energy", slot: 3 }, "Attach Fire Energy to bench 3"],
    [{ type: "trainer", card: "potion-pack", slot: 0 }, "Play Potion Pack on the active creature"],
    [{ type: "trainer", card: "scout-notes", slot: null }, "Play Scout Notes"],
    [{ type: "retreat", slot: 2 }, "Retreat the active creature for the one on bench 2"],
    [{ type: "attack", attack: 0, target: null }, "Use attack 1"],
    [{ type: "attack", attack: 1, target: 2 }, "Use attack 2 (hitting the opponent's bench 2)"],
    [{ type: "end_turn" }, "End the turn"],
    [{ type: "take_basic", card: "volt-kit" }, "Take Volt Kit from the deck"],
    [{ type: "take_none" }, "Take no card from the deck"],
    [{ type: "promote", slot: 1 }, "Move the creature on bench 1 up to active"],
  ];
  for (const [action, line] of lines) assert.equal(describeAction(action, names), line, action.type);
  // And every legal action of every fixture.
  for (const [name, frame] of ALL) {
    for (const action of frame.legal) assert.doesNotMatch(describeAction(action, names), /[{}]|undefined/, `${name}: ${canonical(action)}`);
  }
});

// ---- only legal moves ------------------------------------------------------------------------

test("every enabled move button is a legal action, and every legal action has its button", () => {
  for (const [name, frame] of ALL) {
    const { root } = draw(frame);
    const legal = new Set(frame.legal.map(canonical));
    const shown = new Set();
    const collect = () => {
      for (const button of enabled(root)) {
        const action = canonical(actionOf(button));
        assert.ok(legal.has(action), `${name}: "${text(button)}" sends ${action}, which is not legal`);
        shown.add(action);
      }
    };
    collect();
    // The plays of each hand card appear once it is tapped (its lit slots, its buttons).
    for (const button of root.querySelectorAll(".mt-hand button[data-card]")) {
      button.click();
      collect();
    }
    const retreat = root.querySelector("button.mt-retreat");
    if (retreat && !retreat.disabled) {
      retreat.click();
      collect();
      root.querySelector("button.mt-retreat").click();
    }
    for (const action of legal) assert.ok(shown.has(action), `${name}: no button for ${action}`);
    const cancel = root.querySelector("button.mt-cancel");
    if (cancel) cancel.click();
  }
});

test("a frame without legal actions has no enabled move and no lit slot", () => {
  for (const [name, frame] of ALL.filter(([, one]) => !one.legal.length)) {
    const { root } = draw(frame);
    for (const button of root.querySelectorAll(".mt-hand button[data-card]")) button.click();
    assert.equal(enabled(root).length, 0, name);
    assert.equal(lit(root).length, 0, name);
  }
});

// ---- hidden information ----------------------------------------------------------------------

test("the opponent's hand and face-down creatures never render as faces", () => {
  for (const [name, frame] of ALL) {
    const { root } = draw(frame);
    const you = frame.seat;
    const hands = root.querySelectorAll(".mt-hand");
    if (you === null || frame.view.phase === "over" || frame.view.phase === "deck") {
      assert.equal(hands.length, 0, `${name}: a hand is shown`);
    } else {
      assert.equal(hands.length, 1, name);
      const cards = hands[0].querySelectorAll("[data-card]").map((node) => node.dataset.card);
      assert.deepEqual(cards, frame.view.players[you].hand, `${name}: the hand shown is not the viewer's own`);
    }
    // No card of a hand anywhere but in the viewer's own hand section.
    const outside = root.querySelectorAll("[data-card]").filter((node) => !hands.some((section) => section.contains(node)));
    assert.equal(outside.length, 0, `${name}: a card face outside the viewer's hand`);
    // A face-down creature is a back, without a title.
    for (const down of root.querySelectorAll(".mt-creature.is-down")) {
      assert.ok(down.querySelector(".mt-back"), name);
      assert.equal(down.querySelector(".mt-creature-title"), null, name);
    }
  }
  // The setup: Bo's two creatures are backs for Ada; Ada's own active is face up for her.
  const { root } = draw(FRAMES.setup.placing);
  const theirs = root.querySelector(".mt-side--top");
  assert.equal(theirs.querySelectorAll(".mt-creature.is-down").length, 2);
  assert.equal(theirs.querySelectorAll(".mt-creature-title").length, 0);
  assert.equal(text(root.querySelector(".mt-side--bottom .mt-active .mt-creature-title")), "Cinder Pup");
  // And Bo, done, sees Ada's one placed creature as a back.
  const bo = draw(FRAMES.setup.bo_done).root;
  assert.equal(bo.querySelectorAll(".mt-side--top .mt-creature.is-down").length, 1);
  assert.match(text(bo.querySelector(".mt-setup")), /You are done\. Waiting for Ada\..*Ada is placing \(1 creature so far\)/);
});

// ---- the deck choice ---------------------------------------------------------------------------

test("the deck choice offers the decks and says whether the opponent has chosen, never what", () => {
  const { root, sent } = draw(FRAMES.deck.choosing);
  const decks = root.querySelectorAll(".mt-deck");
  assert.deepEqual(decks.map((deck) => text(deck.querySelector(".mt-deck-title"))), ["Ember Rush", "Tide Call", "Deep Grove"]);
  assert.equal(decks[0].querySelector(".mt-deck-types").getAttribute("aria-label"), "fire and lightning");
  assert.equal(text(root.querySelector(".mt-deck-statuses")), "Bo has chosen a deck.");
  assert.equal(turnHint({ legal: FRAMES.deck.choosing.legal }), "Choose your deck.");
  root.querySelectorAll("button.mt-choose-deck")[1].click();
  assert.deepEqual(sent, [{ type: "choose_deck", deck: "tide" }]);
  assert.equal(root.querySelector(".mt-board"), null);

  const waiting = draw(FRAMES.deck.waiting).root;
  assert.equal(waiting.querySelectorAll("button.mt-choose-deck").length, 0);
  assert.match(text(waiting.querySelector(".mt-deck-phase")), /^Your deck: Ember Rush\. Waiting for Bo to choose\.Bo is still choosing a deck\.$/);

  const spectator = draw(FRAMES.deck.spectator).root;
  assert.equal(text(spectator.querySelector(".mt-deck-statuses")), "Ada has chosen a deck.Bo is still choosing a deck.");
  assert.doesNotMatch(text(spectator), /Ember Rush|Tide Call|Deep Grove/);
});

// ---- the setup ---------------------------------------------------------------------------------

test("the setup: extra cards for the mulligan, the active placed face down, then the bench and Done", () => {
  const extra = draw(FRAMES.setup.extra);
  assert.match(text(extra.root.querySelector(".mt-setup")), /^Bo took 1 mulligan: you may draw up to 1 extra card before you place anything\./);
  assert.deepEqual(extra.root.querySelectorAll("button.mt-draw-extra").map(text), ["No extra card", "Draw 1"]);
  assert.equal(extra.root.querySelector("button.mt-setup-done").disabled, true); // no active yet
  assert.equal(turnHint({ legal: FRAMES.setup.extra.legal }), "Draw extra cards for the opponent's mulligans, if you like.");
  extra.root.querySelectorAll("button.mt-draw-extra")[1].click();
  tap(extra.root, "volt-kit");
  const place = extra.root.querySelector(".mt-picker button.mt-play");
  assert.equal(text(place), "Place it as your active creature");
  place.click();
  assert.deepEqual(extra.sent, [{ type: "draw_extra", count: 1 }, { type: "place_active", card: "volt-kit" }]);
  // A card with no play says so and still shows its text.
  tap(extra.root, "potion-pack");
  assert.equal(text(extra.root.querySelector(".mt-no-play")), "Only Basic creatures are placed in the setup.");
  assert.match(text(extra.root.querySelector(".mt-picker .mt-detail")), /Potion Pack.*Heal 20 damage from one of your creatures\./);

  const placing = draw(FRAMES.setup.placing);
  tap(placing.root, "cinder-pup");
  assert.equal(text(placing.root.querySelector(".mt-picker button.mt-play")), "Place it on the bench");
  placing.root.querySelector(".mt-picker button.mt-play").click();
  placing.root.querySelector("button.mt-setup-done").click();
  assert.deepEqual(placing.sent, [{ type: "place_bench", card: "cinder-pup" }, { type: "setup_done" }]);
});

// ---- a turn ------------------------------------------------------------------------------------

test("the attacks show their cost, the damage previewed with weakness, and the energy missing", () => {
  const { root, sent, state } = draw(FRAMES.play.your_turn);
  const [scorch, fang] = root.querySelectorAll(".mt-attack");
  // Blaze Hound (fire) against Thorn Boar (weak to fire): Scorch 20 -> 40, Flame Fang 60 -> 120.
  assert.equal(text(scorch.querySelector(".mt-preview-damage")), "40 damage to Thorn Boar (base 20, \u00d72 weakness)");
  assert.equal(text(scorch.querySelector(".mt-cost .sr-only")), "1 fire");
  assert.equal(text(fang.querySelector(".mt-preview-damage")), "120 damage to Thorn Boar (base 60, \u00d72 weakness, +20 on heads)");
  assert.equal(text(fang.querySelector(".mt-missing")), "Missing: C1 any type 1 any type energy");
  assert.equal(fang.querySelector("button.mt-attack-go").disabled, true);
  assert.equal(turnHint(state), "Play your cards, then attack or end your turn.");
  scorch.querySelector("button.mt-attack-go").click();
  assert.deepEqual(sent, [{ type: "attack", attack: 0, target: null }]);
  assert.match(text(root.querySelector(".mt-retreat-row")), /^Retreat: CC2 any type 2 energy discardedRetreat…$/);
  assert.match(text(root.querySelector(".mt-info")), /Turn 5: Ada.*Prizes taken: Ada 2\/6 · Bo 1\/6/);
});

test("a tapped hand card lights the slots it may go to; the lit slot is the move", () => {
  const { root, sent, state, ctx } = draw(FRAMES.play.your_turn);
  tap(root, "fire-energy");
  assert.deepEqual(lit(root).map((button) => button.dataset.slot), ["0", "1", "2"]);
  assert.equal(text(lit(root)[0].querySelector(".mt-lit-tag")), "Attach");
  assert.match(text(root.querySelector(".mt-slot-hint")), /^Tap a lit creature to attach it: active, bench 1, bench 2\.$/);
  lit(root)[2].click();
  assert.deepEqual(sent.pop(), { type: "attach", card: "fire-energy", slot: 2 });
  // Sent: the pick is closed, and the next frame lights nothing.
  render(root, state, ctx);
  assert.equal(lit(root).length, 0);
  // Blaze Hound evolves only the Cinder Pup on the bench; the others are dimmed.
  tap(root, "blaze-hound");
  assert.deepEqual(lit(root).map((button) => [button.dataset.slot, text(button.querySelector(".mt-lit-tag"))]), [["1", "Evolve"]]);
  assert.equal(root.querySelectorAll(".mt-side--bottom .mt-creature.is-dim").length, 2);
  assert.equal(root.querySelectorAll(".mt-side--top .mt-creature.is-lit").length, 0);
  assert.match(text(root.querySelector(".mt-picker .mt-detail")), /Stage 1 \(evolves from Cinder Pup\) · 90 HP/);
  // Potion Pack: the damaged creatures; Field Guide: no target, a button; Cinder Pup: the bench.
  tap(root, "potion-pack");
  assert.deepEqual(lit(root).map((button) => button.dataset.slot), ["0", "2"]);
  tap(root, "field-guide");
  assert.equal(lit(root).length, 0);
  root.querySelector(".mt-picker button.mt-play").click();
  tap(root, "cinder-pup");
  assert.equal(text(root.querySelector(".mt-picker button.mt-play")), "Put it on the bench");
  root.querySelector(".mt-picker button.mt-play").click();
  assert.deepEqual(sent, [{ type: "trainer", card: "field-guide", slot: null }, { type: "bench", card: "cinder-pup" }]);
});

test("retreat shows its cost and lights the bench creatures that may come in", () => {
  const { root, sent } = draw(FRAMES.play.your_turn);
  root.querySelector("button.mt-retreat").click();
  assert.deepEqual(lit(root).map((button) => [button.dataset.slot, text(button.querySelector(".mt-lit-tag"))]),
    [["1", "Comes in"], ["2", "Comes in"]]);
  assert.equal(text(root.querySelector("button.mt-retreat")), "Cancel retreat");
  lit(root)[1].click();
  assert.deepEqual(sent, [{ type: "retreat", slot: 2 }]);
  // On Bo's turn the retreat is used up: the button is off and says why.
  const bo = draw(FRAMES.play.bo_turn).root;
  assert.equal(bo.querySelector("button.mt-retreat").disabled, true);
  assert.equal(text(bo.querySelector(".mt-retreat-why")), "Not now: already retreated this turn");
});

test("resistance lowers the preview, and a bench-hitting attack has a button per target", () => {
  const { root, sent } = draw(FRAMES.play.bo_turn);
  const [lash, spray] = root.querySelectorAll(".mt-attack");
  // Thorn Boar (grass) against Blaze Hound (resists grass): 20 - 30 -> 0.
  assert.equal(text(lash.querySelector(".mt-preview-damage")), "0 damage to Blaze Hound (base 20, \u221230 resistance)");
  assert.deepEqual(spray.querySelectorAll("button.mt-attack-go").map(text),
    ["Use Seed Spray · hit bench 1 (Blaze Hound)", "Use Seed Spray · hit bench 2 (Volt Kit)"]);
  spray.querySelectorAll("button.mt-attack-go")[1].click();
  assert.deepEqual(sent, [{ type: "attack", attack: 1, target: 2 }]);
  // Bo's view: his own side below, Ada's at the top.
  assert.equal(root.querySelector(".mt-side--bottom").dataset.seat, "1");
});

test("a creature shows its HP, damage, conditions, energy and lower stages; a tap opens its card", () => {
  const { root } = draw(FRAMES.play.your_turn);
  const active = root.querySelector(".mt-side--bottom .mt-active");
  assert.equal(text(active.querySelector(".mt-hp")), "60/90 HP −30");
  assert.equal(active.querySelector(".mt-hp-fill").style.width, "67%");
  assert.deepEqual(active.querySelectorAll(".mt-condition").map(text), ["poisoned"]);
  assert.deepEqual(active.querySelectorAll(".mt-energy .mt-type").map(text), ["F", "F"]);
  assert.match(text(active.querySelector(".mt-creature-sub")), /Stage 1 · on Cinder Pup/);
  // The opponent's active: its full text from the catalogue.
  root.querySelector(".mt-side--top .mt-active").click();
  const detail = root.querySelector(".mt-side--top .mt-detail");
  assert.equal(text(detail.querySelector(".mt-detail-title")), "Thorn Boar");
  assert.match(text(detail), /grass · Basic · 70 HP/);
  assert.match(text(detail), /Vine Lash 20/);
  // The attack's text comes from its effect (a message, translated), in the rules' wording.
  assert.match(text(detail), /Seed Spray 10 — Does 10 damage to one of the opponent's benched creatures\./);
  assert.match(text(detail), /Weakness: F fire \(×2\) · Resistance: W water \(−30\) · Retreat: CC2 any type/);
  assert.match(text(detail), /active · damage 20 of 70 HP · energy: Grass Energy, Grass Energy/);
  root.querySelector(".mt-side--top .mt-active").click();
  assert.equal(root.querySelector(".mt-detail"), null);
});

test("a creature benched or evolved this turn is marked new", () => {
  const frame = FRAMES.play.your_turn;
  const view = { ...frame.view, this_turn: { energy_attached: true, retreated: false, played: [2] } };
  const { root } = draw({ ...frame, view });
  assert.equal(root.querySelectorAll(".mt-new").length, 1);
  assert.match(text(root.querySelector(".mt-side--bottom [data-slot='2'] .mt-creature-sub")), /new/);
  assert.match(text(root.querySelector(".mt-play")), /Energy attached this turn\./);
  // An energy without a play once one is attached says why (the rules left it out of legal).
  const attached = draw({ ...frame, view, legal: frame.legal.filter((action) => action.type !== "attach") }).root;
  tap(attached, "fire-energy");
  assert.equal(text(attached.querySelector(".mt-no-play")), "One energy a turn: you attached one already.");
  assert.equal(lit(attached).length, 0);
});

test("the other player's turn and a search show who does what, and the search lists its Basics", () => {
  const watching = draw(FRAMES.play.watching).root;
  assert.equal(text(watching.querySelector(".mt-turn")), "Ada's turn (turn 5).");
  assert.equal(watching.querySelectorAll(".mt-attack").length, 0);
  const { root, sent } = draw(FRAMES.play.search);
  const cards = root.querySelectorAll(".mt-search-cards button.mt-card");
  assert.deepEqual(cards.map((card) => text(card.querySelector(".sr-only"))),
    ["Take Cinder Pup, fire Basic creature, 50 HP", "Take Volt Kit, lightning Basic creature, 40 HP", "Take Cinder Pup, fire Basic creature, 50 HP"]);
  cards[1].click();
  root.querySelector("button.mt-take-none").click();
  assert.deepEqual(sent, [{ type: "take_basic", card: "volt-kit" }, { type: "take_none" }]);
  assert.equal(turnHint({ legal: FRAMES.play.search.legal }), "Take a Basic creature from your deck.");
  assert.equal(text(draw(FRAMES.play.search_watch).root.querySelector(".mt-turn")), "Ada is searching the deck for a Basic creature.");
});

// ---- knock-out, promote, the end --------------------------------------------------------------

test("the promote prompt lights the bench; the other player waits for it", () => {
  const { root, sent } = draw(FRAMES.promote.promoting);
  assert.match(text(root.querySelector(".mt-promote")), /^Your active creature was knocked out\. Tap a lit creature on your bench/);
  assert.deepEqual(lit(root).map((button) => text(button.querySelector(".mt-lit-tag"))), ["Make active", "Make active"]);
  assert.equal(turnHint({ legal: FRAMES.promote.promoting.legal }), "Choose a new active creature from your bench.");
  lit(root)[0].click();
  assert.deepEqual(sent, [{ type: "promote", slot: 1 }]);
  const waiting = draw(FRAMES.promote.waiting).root;
  assert.equal(text(waiting.querySelector(".mt-promote")),
    "Ada's active creature was knocked out: they are choosing a new one from the bench.");
  assert.equal(text(waiting.querySelector(".mt-side--top .mt-active")), "No active creature");
  assert.match(text(waiting.querySelector(".mt-news")), /Bo took a prize card: Water Energy\./);
});

test("coin flips show as Heads or Tails in the news", () => {
  const { root } = draw(FRAMES.end.over);
  const coin = root.querySelector(".mt-news li.mt-news-coin");
  assert.equal(text(coin.querySelector(".mt-coin")), "Tails");
  assert.ok(coin.querySelector(".mt-coin").classList.contains("is-tails"));
  assert.match(text(coin), /Ada flipped a coin to wake its sleeping creature: Tails \(it sleeps on\)\./);
  assert.ok(root.querySelectorAll(".mt-news li").length <= 6);
});

test("the end: the winner, why, and the prizes taken, on the table and in the result", () => {
  const { root } = draw(FRAMES.end.over);
  assert.equal(text(root.querySelector(".mt-winners")), "Bo wins: took all their prize cards.");
  assert.match(text(root.querySelector(".mt-over")), /Prize cards taken: Ada 1, Bo 3 \(of 3\)\./);
  assert.ok(root.querySelector(".mt-side--top .badge--win"));
  const box = document.createElement("div");
  document.body.append(box);
  renderOutcome(box, FRAMES.end.over.outcome, FRAMES.end.over.view, names);
  assert.equal(text(box.querySelector(".outcome-winners")), "Bo wins: took all their prize cards.");
  assert.deepEqual(box.querySelectorAll("tbody tr").map((row) => text(row)), ["1stBowinner3", "2ndAda1"]);
  // The record page has no view: the reason comes from the outcome's detail.
  renderOutcome(box, FRAMES.end.deck_out.outcome, null, names);
  assert.equal(text(box.querySelector(".outcome-winners")), "Ada wins: the opponent could not draw at the start of their turn.");
  // A spectator: seat 0 below, no hand.
  const spectator = draw(FRAMES.end.deck_out).root;
  assert.equal(spectator.querySelector(".mt-side--bottom").dataset.seat, "0");
  assert.equal(spectator.querySelector(".mt-hand"), null);
});

test("a new frame of the same table keeps the nodes that did not change", () => {
  const frame = FRAMES.play.your_turn;
  const root = document.createElement("div");
  document.body.append(root);
  const ctx = { act: () => {}, names, you: 0 };
  render(root, { view: frame.view, legal: frame.legal, log: frame.log }, ctx);
  const end = root.querySelector("button.mt-end-turn");
  const active = root.querySelector(".mt-side--top .mt-active");
  render(root, { view: frame.view, legal: frame.legal, log: [...frame.log, { type: "attach", seat: 0, slot: 0, card: "fire-energy" }] }, ctx);
  assert.equal(root.querySelector("button.mt-end-turn"), end);
  assert.equal(root.querySelector(".mt-side--top .mt-active"), active);
  assert.match(text(root.querySelectorAll(".mt-news li").pop()), /Ada attached Fire Energy to the active creature\./);
});
