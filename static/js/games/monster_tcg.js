// Monster Duel renderer (rules: shared/rules/monster-tcg.md, "Settled for Parlor"; the wire,
// the view and the log: the contract of issue 22, app/rules/monster_tcg). Two players; cards
// are lowercase names whose text is in the view's catalogue (monster_tcg/cards.js).
//
// Top to bottom: the facts (turn, prizes taken), what just happened (the newest log lines, a
// coin flip as "Heads"/"Tails"), the turn panel of the phase (monster_tcg/panels.js: the deck
// choice, the face-down setup, the attacks with their cost, missing energy and damage preview,
// retreat, the search, the promote prompt, the end), the table (monster_tcg/board.js: the
// opponent's side, then yours), then your hand. Tap a hand card (button[data-card], a local
// choice) and its full text opens under the hand with its plays: those that need no creature
// as buttons there, those that go on a creature as your lit slots on the table. Tap a creature
// to read its card. Only the server's legal actions are ever enabled.

import { actionButton, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { el, fill } from "../lib/dom.js";
import { nameOf } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { N_, t } from "../lib/i18n.js";
import { fact, infoBar } from "../lib/info.js";
import { patch } from "../lib/patch.js";
import { scoreTable } from "../lib/results.js";
import { boardBlock } from "./monster_tcg/board.js";
import { cardDetail, cardLabel, cardLook, cardPicture, cardTitle, learn } from "./monster_tcg/cards.js";
import { armedSlots, loosePlays, playableCards, playsOf, slotPlays } from "./monster_tcg/plays.js";
import { turnPanel } from "./monster_tcg/panels.js";
import { coinWord, describeLog, winText } from "./monster_tcg/words.js";

export { cardTitle, costText, effectText, humanize } from "./monster_tcg/cards.js";
export { armedSlots, playsOf } from "./monster_tcg/plays.js";
export { describeAction, describeLog, reasonText, winText } from "./monster_tcg/words.js";

// The rules' decks (app/rules/monster_tcg/decks.py, DECKS), for the create form; the table
// shows the view's deck_options. tests/e2e/test_monster_tcg_browser.py checks they agree.
const DECKS = [
  ["choose", t("Each player chooses")], ["ember", "Ember Storm"], ["tide", "Tide and Thorn"], // i18n: not text
  ["surge", "Storm Surge"], ["grove", "Wildfire Grove"], // i18n: not text
];

export const OPTIONS = {
  deck_size: {
    label: t("Deck size"),
    choices: [[60, t("Full decks, 6 prizes")], [30, t("Half decks, 3 prizes")]],
  },
  deck_1: { label: t("First seat's deck"), choices: DECKS },
  deck_2: { label: t("Second seat's deck"), choices: DECKS },
};

const NEWS_LINES = 6;
const PHASES = {
  deck: N_("choosing decks"), setup: N_("placing creatures"), play: N_("playing"), search: N_("searching the deck"),
  promote: N_("choosing a new active creature"), over: N_("game over"),
};

// Choices on this page that are not moves yet: the hand card tapped (its plays and text), the
// retreat being aimed (the bench lights up), and the creature whose card is open ({seat, slot}).
const choice = localChoice({ card: null, retreat: false, info: null }, draw);
const local = choice.picked;
export const render = choice.render;

// ---- frame ---------------------------------------------------------------------------------

function draw(root, state, ctx) {
  const view = state.view || {};
  const actions = state.legal || [];
  learn(view);
  // A move sent closes what was picked for it: the next frame starts afresh.
  const act = (action) => {
    Object.assign(local, { card: null, retreat: false });
    ctx.act(action);
  };
  const turn = {
    view, actions, legal: legalIndex(actions), log: state.log || [], ctx: { ...ctx, act }, catalogue: view.catalogue || {},
    local, choose: (changes) => choice.choose(changes),
  };
  settle(turn);
  turn.lit = armedSlots(actions, local);
  patch(root, el("div", { class: "mt" },
    infoLine(view, ctx.names),
    newsBlock(turn),
    turnPanel(turn),
    view.phase === "deck" ? null : boardBlock({ view, ctx: turn.ctx, catalogue: turn.catalogue, lit: turn.lit, legal: turn.legal, picked: local,
      onInfo: (info) => choice.choose({ info }) }),
    handBlock(turn)));
}

function ownHand(view, you) {
  const player = typeof you === "number" ? (view.players || [])[you] : null;
  return player && Array.isArray(player.hand) ? player.hand : null;
}

/** Drop the parts of the choice this frame makes moot (the card gone, the retreat done). */
function settle(turn) {
  const { view, actions, ctx } = turn;
  const cards = ownHand(view, ctx.you) || [];
  if (!cards.includes(local.card)) local.card = null;
  if (!actions.some((action) => action.type === "retreat")) local.retreat = false;
  if (local.info) {
    const player = (view.players || [])[local.info.seat] || {};
    const creature = local.info.slot === 0 ? player.active : (player.bench || [])[local.info.slot - 1];
    if (!creature || !creature.card) local.info = null;
  }
}

// ---- info and news -------------------------------------------------------------------------

function infoLine(view, names) {
  const total = view.prizes_total ?? 6;
  const taken = (view.players || []).map((player, seat) => `${nameOf(names, seat)} ${total - (player.prizes ?? total)}/${total}`);
  const playing = view.phase === "play" || view.phase === "search";
  return infoBar("mt-info",
    playing ? fact(t("Turn "), String(view.number ?? 0), `: ${nameOf(names, view.turn)}`)
      : fact(t("Phase: "), PHASES[view.phase] ? t(PHASES[view.phase]) : String(view.phase || "\u2013")),
    view.phase === "deck" ? null : fact(t("Prizes taken: "), taken.join(" \u00b7 ")),
    typeof view.first === "number" && view.phase !== "over" ? fact(t("First: "), nameOf(names, view.first)) : null,
    view.sudden_death ? fact(t("Sudden death "), t("game {number}", { number: view.sudden_death })) : null);
}

/** The newest log lines; a coin flip also shows its side as a coin. */
function newsBlock(turn) {
  const { log, ctx } = turn;
  if (!log.length) return null;
  const from = Math.max(0, log.length - NEWS_LINES);
  return el("section", { class: "mt-news", "aria-label": t("What just happened") },
    el("ol", { class: "mt-news-lines", role: "status" }, log.slice(from).map((entry, index) => el("li", {
      class: `mt-news-${entry.type}`, "data-key": from + index,
    },
    entry.type === "coin" ? el("span", { class: `mt-coin is-${entry.result}`, "aria-hidden": "true" }, coinWord(entry.result)) : null,
    describeLog(entry, ctx.names)))));
}

// ---- the hand and the picker ---------------------------------------------------------------

const LOOSE_LABEL = {
  bench: N_("Put it on the bench"),
  place_active: N_("Place it as your active creature"),
  place_bench: N_("Place it on the bench"),
  trainer: N_("Play it"),
};

const SLOT_HINT = {
  evolve: N_("evolve"), attach: N_("attach it"), trainer: N_("play it"),
};

/** Why a hand card has no play now, as far as the frame tells (the rules decide). */
function whyNot(turn, card) {
  const { view, actions } = turn;
  if (!actions.length) return t("Not your move now.");
  const kind = card ? card.kind : null;
  if (view.phase === "setup") return kind === "creature" && card.stage === 0 ? t("No play for this card now.") : t("Only Basic creatures are placed in the setup.");
  if (view.phase !== "play") return t("No play for this card now.");
  if (kind === "energy" && view.this_turn && view.this_turn.energy_attached) return t("One energy a turn: you attached one already.");
  if (kind === "creature" && card.stage > 0) return t("No creature it can evolve now.");
  if (kind === "creature") return t("Your bench is full.");
  return t("No play for this card now.");
}

function pickCard(card) {
  choice.choose({ card: local.card === card ? null : card, retreat: false });
}

/** Under the hand: the picked card's text and its plays (or why it has none now). */
function pickerBar(turn) {
  const { actions, catalogue, ctx, legal } = turn;
  if (!local.card) return null;
  const plays = playsOf(actions, local.card);
  const loose = loosePlays(plays);
  const onSlots = slotPlays(plays);
  const rows = [];
  if (loose.length) {
    rows.push(el("div", { class: "mt-moves" }, loose.map((action) => actionButton({
      action, legal, ctx, className: "btn btn--primary mt-play", label: LOOSE_LABEL[action.type] ? t(LOOSE_LABEL[action.type]) : action.type }))));
  }
  if (onSlots.length) {
    const verbs = [...new Set(onSlots.map((action) => t(SLOT_HINT[action.type] || SLOT_HINT.trainer)))];
    const spots = onSlots.map((action) => (action.slot === 0 ? t("active") : t("bench {slot}", { slot: action.slot })));
    rows.push(el("p", { class: "mt-slot-hint small" }, el("strong", null, t("Tap a lit creature to {verbs}: ", { verbs: verbs.join(t(" or ")) })),
      spots.join(", "), "."));
  }
  if (!plays.length) rows.push(el("p", { class: "small muted mt-no-play" }, whyNot(turn, catalogue[local.card])));
  return el("div", { class: "mt-picker", role: "group", "aria-label": t("{card}: its plays", { card: cardTitle(local.card, catalogue) }) },
    cardDetail(local.card, catalogue, { key: "picked" }),
    rows,
    el("button", { type: "button", class: "btn btn--small btn--ghost mt-cancel", onclick: () => choice.choose({ card: null }) }, t("Close")));
}

function handBlock(turn) {
  const { view, ctx, actions, catalogue } = turn;
  const cards = ownHand(view, ctx.you);
  if (!cards || view.phase === "over" || view.phase === "deck") return null;
  const playable = playableCards(actions);
  const faces = cards.map((card, index) => cardFace({
    look: cardLook(catalogue[card], playable.has(card) ? "is-playable" : ""),
    label: playable.has(card) ? t("{card}, playable now", { card: cardLabel(card, catalogue) }) : cardLabel(card, catalogue),
    face: cardPicture(card, catalogue), key: `hand ${index} ${card}`,
    pick: { picked: local.card === card, onpick: () => pickCard(card), data: { "data-card": card } },
  }));
  return hand({
    className: "mt-hand", heading: handTitle(cards.length, { className: "mt-hand-title" }), cards: faces, row: "mt-cards",
    footer: pickerBar(turn), footerClass: "mt-picker-slot",
  });
}

// ---- the banner and the end ----------------------------------------------------------------

export function turnHint(state) {
  const types = new Set((state.legal || []).map((action) => action.type));
  if (types.has("choose_deck")) return t("Choose your deck.");
  if (types.has("draw_extra")) return t("Draw extra cards for the opponent's mulligans, if you like.");
  if (types.has("place_active")) return t("Place your active creature, face down.");
  if (types.has("setup_done")) return t("Place creatures on your bench, then press Done.");
  if (types.has("promote")) return t("Choose a new active creature from your bench.");
  if (types.has("take_basic") || types.has("take_none")) return t("Take a Basic creature from your deck.");
  if (types.has("attack")) return t("Play your cards, then attack or end your turn.");
  if (types.has("end_turn")) return t("Play your cards, then end your turn.");
  return "";
}

export function renderOutcome(root, outcome, view, names) {
  const detail = outcome.detail || {};
  const reason = (view && view.reason) || detail.reason || null;
  fill(root,
    el("p", { class: "outcome-winners" }, winText(outcome.winners, reason, names)),
    scoreTable(outcome, names),
    el("p", { class: "small muted mt-score-note" }, t("Score: prize cards taken.")));
}
