// The piece library (static/js/lib/pieces.js) and the renderers that use it: a colour always
// comes with its shape, a face-down piece is drawn from nothing but its game, and every piece
// keeps its words.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import { MARK_OF, SVG_NS, back, building, cauldron, chip, mark, markShape, suit } from "../../static/js/lib/pieces.js";
import { el } from "../../static/js/lib/dom.js";
import { pileFact } from "../../static/js/lib/info.js";
import { patch } from "../../static/js/lib/patch.js";
import { render as renderUno } from "../../static/js/games/uno.js";
import { roleIcon } from "../../static/js/games/werewolf/table.js";
import { cardBack as tongItsBack, cardPicture as tongItsPicture } from "../../static/js/games/tong_its/cards.js";

beforeEach(resetPage);

const classes = (node) => (node.getAttribute("class") || "").split(/\s+/).filter(Boolean);
const svgs = (root) => root.querySelectorAll("svg");

test("every colour has a shape of its own, so no two colours are told apart by colour alone", () => {
  const shapes = Object.values(MARK_OF);
  assert.equal(new Set(shapes).size, shapes.length);
  for (const colour of ["red", "yellow", "green", "blue", "orange", "purple", "brown", "black", "white"]) {
    const node = mark(colour);
    assert.equal(node.namespaceURI, SVG_NS);
    assert.equal(node.getAttribute("aria-hidden"), "true"); // the words are on the piece
    assert.ok(classes(node).includes(`pc-mark--${MARK_OF[colour]}`), colour);
    assert.ok(node.querySelector("path").getAttribute("d").length > 5);
  }
  assert.equal(markShape("red"), "triangle");
  assert.equal(markShape("blue"), "diamond");
  assert.equal(mark("no such colour"), null);
});

test("suits are the four pips, and nothing else is one", () => {
  const ds = ["S", "H", "D", "C"].map((letter) => suit(letter).querySelector("path").getAttribute("d"));
  assert.equal(new Set(ds).size, 4);
  assert.ok(classes(suit("H")).includes("pc-suit--H"));
  assert.equal(suit("X"), null);
  assert.equal(suit("SH"), null);
});

test("a face-down piece is its game's back and carries nothing of a face", () => {
  const uno = back("uno", { label: "face-down card" });
  assert.equal(uno.getAttribute("role"), "img");
  assert.equal(uno.getAttribute("aria-label"), "face-down card");
  assert.equal(uno.textContent, ""); // no value, no colour name
  assert.ok(classes(uno).includes("pc-back--uno"));
  const art = uno.querySelector("svg");
  assert.ok(classes(art).includes("pc-back-art--uno"));
  // Each game its own back: no two games share an emblem (and pieces.css gives each its colours).
  const emblem = (game) => back(game).querySelector(".pc-back-emblem").getAttribute("d");
  const games = ["coloretto", "da_vinci_code", "elements", "manhattan", "master_of_rules", "monopoly_deal",
    "monster_tcg", "poison", "sequence_numbers", "tong_its", "uno", "werewolf"];
  assert.equal(new Set(games.map(emblem)).size, games.length);
  // Without a label it is decoration (what it stands for is said next to it).
  assert.equal(back("tong_its").getAttribute("aria-hidden"), "true");
  assert.equal(back("tong_its").getAttribute("role"), null);
});

test("Sequence Numbers chips carry their side's shape as well as its colour", () => {
  const marks = ["blue", "green", "red"].map((colour) => {
    const node = chip(colour);
    assert.ok(classes(node).includes(`pc-chip--${colour}`));
    return node.querySelector(".pc-chip-mark").getAttribute("d");
  });
  assert.equal(new Set(marks).size, 3);
});

test("a cauldron shows its colour's shape once it has a colour, and none before", () => {
  assert.ok(cauldron("red").querySelector(".pc-cauldron-mark"));
  assert.equal(cauldron(null).querySelector(".pc-cauldron-mark"), null);
  assert.ok(classes(cauldron(null)).includes("pc-cauldron--none"));
});

test("a building has one floor per storey, in its owner's colour, bottom first", () => {
  const node = building([0, 0, 2]);
  const floors = node.querySelectorAll(".pc-floor");
  assert.deepEqual(floors.map((floor) => classes(floor)[1]), ["pc-floor--0", "pc-floor--0", "pc-floor--2"]);
  const ys = floors.map((floor) => Number(floor.getAttribute("y")));
  assert.ok(ys[0] > ys[1] && ys[1] > ys[2]); // the first storey is drawn lowest
});

// ---- UNO -----------------------------------------------------------------------------------

function unoState(hand, top = "blue:skip") {
  return {
    v: 3, over: false,
    view: {
      phase: "play", to_act: 0, dealer: 1, direction: 1, hand, hand_counts: [hand.length, 4],
      top, colour: parseTop(top), pile_count: 50, discard: [{ card: top, colour: parseTop(top) }],
      said_uno: [], uno_window: null, pending: null, options: {},
    },
    legal: hand.map((card) => ({ type: "play", card })),
    log: [],
  };
}

function parseTop(card) {
  return card.includes(":") ? card.split(":")[0] : null;
}

test("an UNO card carries its colour's shape in its corners and its name in words", () => {
  const board = document.createElement("div");
  document.body.appendChild(board);
  renderUno(board, unoState(["red:7", "yellow:draw2", "wild"]), { act() {}, names: ["Ada", "Bo"], you: 0 });
  const red = board.querySelector("[data-key='red:7']");
  assert.ok(red, "the red 7 is in the hand");
  assert.match(red.textContent, /Red 7/); // its words (sr-only) stay for screen readers
  const corners = red.querySelectorAll(".uno-corner");
  assert.equal(corners.length, 2);
  for (const corner of corners) assert.ok(classes(corner).includes("pc-mark--triangle"));
  const yellow = board.querySelector("[data-key='yellow:draw2']");
  assert.ok(yellow.querySelectorAll(".uno-corner").every((corner) => classes(corner).includes("pc-mark--circle")));
  // A wild card has no colour of its own: no corner shape, but its words.
  const wild = board.querySelector("[data-key='wild']");
  assert.equal(wild.querySelectorAll(".uno-corner").length, 0);
  assert.match(wild.textContent, /Wild/);
  // The draw pile is drawn as UNO's back, with nothing of any card on it.
  const pile = board.querySelector(".pc-back--uno");
  assert.ok(pile);
  assert.equal(pile.textContent, "");
  // The current colour is named in words and shown by its shape.
  assert.ok(board.querySelector(".uno-dot.pc-mark--diamond"));
  assert.match(board.textContent, /Colour: blue/);
});

// ---- piles and playing cards -----------------------------------------------------------------

test("a pile's fact shows its game's back as a picture and keeps its words", () => {
  const node = pileFact("coloretto", "Deck: ", "30 cards");
  assert.equal(node.textContent, "Deck: 30 cards");
  const pile = node.querySelector(".pc-back");
  assert.ok(classes(pile).includes("pc-back--coloretto"));
  assert.equal(pile.getAttribute("aria-hidden"), "true");
});

test("a Tong-its card shows its index in text and its suit as a drawn pip", () => {
  const face = tongItsPicture("10H");
  assert.equal(face.textContent, "10\u2665"); // the words stay, for every reader
  const pip = face.querySelector("svg");
  assert.ok(classes(pip).includes("pc-suit--H"));
  assert.equal(tongItsPicture("KS").querySelector("svg").querySelector("path").getAttribute("d"),
    suit("S").querySelector("path").getAttribute("d"));
  // A face-down card is the game's back, and nothing of a face.
  const down = tongItsBack();
  assert.ok(classes(down).includes("pc-back--tong_its"));
  assert.equal(down.textContent, "");
});

test("each Werewolf role has an emblem of its own, drawn beside its name", () => {
  const roles = ["villager", "werewolf", "seer", "witch", "cupid", "piper", "thief", "scapegoat", "idiot", "elder"];
  const drawn = roles.map((role) => roleIcon(role).querySelector("path").getAttribute("d"));
  assert.equal(new Set(drawn).size, roles.length);
  assert.equal(roleIcon("no such role"), null);
});

test("a keyed update turns one drawn piece into another in place (lib/patch.js over SVG)", () => {
  const root = document.createElement("div");
  patch(root, el("span", { class: "sn-chip sn-chip--blue" }, chip("blue")));
  const before = root.querySelector("svg");
  patch(root, el("span", { class: "sn-chip sn-chip--green" }, chip("green")));
  const after = root.querySelector("svg");
  assert.equal(after, before); // the same node, morphed
  assert.ok(classes(after).includes("pc-chip--green"));
  assert.equal(after.querySelector(".pc-chip-mark").getAttribute("d"), chip("green").querySelector(".pc-chip-mark").getAttribute("d"));
});
