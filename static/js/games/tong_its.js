// Tong-its renderer (rules: shared/rules/tong-its.md; the wire and every decision the rule file
// leaves open: app/rules/tong_its/__init__.py). Three players, 13 cards to the dealer and 12 to
// the others; cards are wire strings ("7H", "10D", "QS": tong_its/cards.js).
//
// A turn: tap cards in your hand (button[data-card], a local choice) and the buttons for what
// the selection may do appear under the hand: a meld of 3+ cards to expose (a set of four also
// face down, a second button), 2+ cards to take the top discard with (the draw), or one card to
// discard; with one card picked, the exposed melds it may be laid off on are lit and are
// themselves the lay-off buttons (button.ti-meld[data-meld]). The melds in your hand are
// suggested (button[data-suggest] picks their cards). The draw, the discard taken into a meld,
// calling a draw and the fight or fold answer are buttons in the turn panel. Only the server's
// legal actions are ever enabled.

import { actionButton, legalIndex } from "../lib/actions.js";
import { cardFace } from "../lib/cards.js";
import { localChoice } from "../lib/choice.js";
import { el, fill, srOnly } from "../lib/dom.js";
import { nameOf, plural } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { fact, infoBar } from "../lib/info.js";
import { patch } from "../lib/patch.js";
import { scoreTable } from "../lib/results.js";
import { seatEntry, seatOrder } from "../lib/seats.js";
import {
  cardBack, cardName, cardPicture, cardText, cardsText, meldKind, sameCards, smallCard, sortCards, suitLook,
} from "./tong_its/cards.js";
import {
  chipsText, describeLog, endText, meldName, netChips, paymentText, paymentsGrouped, reasonText,
} from "./tong_its/words.js";

export { cardName, cardText, parseCard, points, sortCards } from "./tong_its/cards.js";
export {
  describeAction, describeLog, endText, netChips, paymentText, paymentsGrouped, reasonText,
} from "./tong_its/words.js";

export const OPTIONS = {
  hand_count: {
    label: "Hand count",
    choices: [
      ["deadwood", "Cards outside melds (deadwood)"],
      ["all", "Every card in hand"],
    ],
  },
  discard_pile: {
    label: "Discard pile",
    choices: [
      ["all", "Whole pile face up"],
      ["top", "Top card only"],
    ],
  },
  tong_its_bonus: {
    label: "Tong-its bonus (chips from each loser)",
    choices: [[1, "1 chip"], [2, "2 chips"], [3, "3 chips"], [5, "5 chips"]],
  },
};

const PLAYERS = 3;
const NEWS_LINES = 6;

// Choices made on this page that are not moves yet: the cards picked (wire strings), and how
// the hand is sorted (kept for the whole visit, whatever the frames bring).
const choice = localChoice({ selected: [], sort: "suit" }, draw);
const local = choice.picked;
export const render = choice.render;

// ---- frame ---------------------------------------------------------------------------------

function draw(root, state, ctx) {
  const view = state.view || {};
  const actions = state.legal || [];
  const of = (type) => actions.filter((action) => action.type === type);
  const turn = {
    view, ctx, legal: legalIndex(actions), log: state.log || [],
    draws: of("draw"), takes: of("take_discard"), calls: of("call_draw"), exposes: of("expose"),
    layoffs: of("lay_off"), discards: of("discard"), answers: [...of("fight"), ...of("fold")],
    acting: view.to_act || [],
  };
  turn.drawing = turn.draws.length + turn.takes.length + turn.calls.length > 0;
  turn.melding = turn.discards.length > 0;
  settle(view, turn);

  patch(root, el("div", { class: "ti" },
    infoLine(view, ctx.names),
    newsBlock(turn),
    // Top to bottom on a phone: what to do, the table (players and their melds), the piles,
    // then the hand with the buttons for the cards picked in it.
    turnPanel(view, turn),
    seatsBlock(view, turn),
    pilesBlock(view, ctx.names),
    handBlock(view, turn)));
}

/** Drop the picked cards that this frame makes moot (played, or no longer your move). */
function settle(view, turn) {
  const pickable = pickableCards(view, turn);
  local.selected = local.selected.filter((card) => pickable.has(card));
}

/** Cards of the hand that may be picked: any while melding, those that take the discard while drawing. */
function pickableCards(view, turn) {
  if (turn.melding) return new Set(view.hand || []);
  if (turn.drawing) return new Set(turn.takes.flatMap((action) => action.cards));
  return new Set();
}

/** The lay-off actions of the one picked card (none unless exactly one is picked). */
function layoffsOfPick(turn) {
  if (local.selected.length !== 1) return [];
  return turn.layoffs.filter((action) => action.card === local.selected[0]);
}

// A pick redraws at once and scrolls nowhere: the buttons it opens are right under the hand,
// and the lit melds stay where the player last saw the table.
function toggleCard(card) {
  const picked = local.selected.includes(card);
  choice.choose({ selected: picked ? local.selected.filter((one) => one !== card) : [...local.selected, card] });
}

// ---- info and news -------------------------------------------------------------------------

const PHASES = { draw: "drawing", meld: "melding and discarding", answer: "a draw was called", over: "hand over" };

function infoLine(view, names) {
  const options = view.options || {};
  return infoBar("ti-info",
    fact("Dealer: ", nameOf(names, view.dealer), el("span", { class: "muted" }, ` \u00b7 ${PHASES[view.phase] || view.phase || "–"}`)),
    fact("Stock: ", plural(view.stock ?? 0, "card")),
    fact("Hand count: ", options.hand_count === "all" ? "every card in hand" : "cards outside melds"),
    fact("Tong-its bonus: ", plural(options.tong_its_bonus ?? 1, "chip")));
}

/**
 * What happened since the viewer's last turn ended (their last discard): at most the
 * NEWS_LINES newest log lines; a spectator sees the newest few.
 */
function newsBlock(turn) {
  const { log, ctx } = turn;
  let start = Math.max(0, log.length - 4);
  if (ctx.you !== null) {
    start = 0;
    for (let index = log.length - 1; index >= 0; index -= 1) {
      if (log[index].type === "discarded" && log[index].seat === ctx.you) {
        start = index + 1;
        break;
      }
    }
  }
  // Right after the viewer's own discard nothing is new yet: the discard itself is the news.
  const from = Math.max(Math.min(start, log.length - 1), log.length - NEWS_LINES, 0);
  if (!log.length) return null;
  return el("section", { class: "ti-news", "aria-label": "What just happened" },
    el("ol", { class: "ti-news-lines", role: "status" }, log.slice(from).map((entry, index) => el("li", {
      class: `ti-news-${entry.type}`, "data-key": from + index, // its place in the log
    }, describeLog(entry, ctx.names)))));
}

// ---- your turn ---------------------------------------------------------------------------

function turnPanel(view, turn) {
  const { ctx } = turn;
  if (view.phase === "over") {
    const result = view.result || {};
    return el("section", { class: "ti-turn ti-over", "aria-label": "Hand over" },
      el("p", null, el("strong", null, `${endText(result, ctx.names)}. `),
        result.end === "void" ? null : `Chips: ${netChips(result.payments, PLAYERS).map((chips, seat) =>
          `${nameOf(ctx.names, seat)} ${chipsText(chips)}`).join(", ")}.`));
  }
  if (view.phase === "answer") return answerPanel(view, turn);
  if (turn.drawing) return drawPanel(view, turn);
  if (turn.melding) {
    const start = view.first_turn ? "Your first turn as dealer, without a draw: " : "Your turn: ";
    return el("section", { class: "ti-turn is-mine", "aria-label": "Your turn" },
      el("p", null, el("strong", null, start),
        "expose melds and lay off cards if you like, then discard one card. Tap cards in your hand to choose."));
  }
  const who = nameOf(ctx.names, turn.acting[0] ?? view.turn);
  const doing = view.phase === "draw" ? "is about to draw" : "is melding and will discard";
  return el("section", { class: "ti-turn", "aria-label": "Turn" }, el("p", null, `${who} ${doing}.`));
}

/** The start of your turn: draw, take the top discard into a meld, or call a draw. */
function drawPanel(view, turn) {
  const { ctx, legal } = turn;
  const you = ctx.you;
  const top = view.discard_top;
  const callWhy = turn.calls.length ? "Compare hand counts now: the lowest wins."
    : (view.blocked || [])[you] ? "You may not call a draw this turn: someone laid off on your melds."
      : "To call a draw you need an exposed meld of your own.";
  return el("section", { class: "ti-turn is-mine", "aria-label": "Your turn" },
    el("p", null, el("strong", null, "Your turn: "), "draw from the stock",
      turn.takes.length ? ", take the top discard into a meld" : "", ", or call a draw."),
    el("div", { class: "ti-moves" },
      actionButton({ action: { type: "draw" }, legal, ctx, className: "btn btn--primary ti-draw",
        label: `Draw from the stock (${view.stock ?? 0} left)` }),
      turn.takes.map((action) => actionButton({ action, legal, ctx, className: "btn ti-take",
        title: `Take ${cardName(top)} and expose it with ${cardsText(action.cards)}`,
        label: ["Take ", el("strong", null, cardText(top)), ` with ${cardsText(action.cards)}`] })),
      actionButton({ action: { type: "call_draw" }, legal, ctx, className: "btn ti-call", label: "Call a draw", title: callWhy })),
    turn.calls.length ? null : el("p", { class: "small muted ti-why" }, callWhy));
}

/** A called draw: your fight-or-fold answer with the counts you know of, or who is still deciding. */
function answerPanel(view, turn) {
  const { ctx, legal } = turn;
  const caller = view.caller;
  const callerName = nameOf(ctx.names, caller);
  const held = plural((view.hand_sizes || [])[caller] ?? 0, "card");
  const answers = view.answers || [];
  const waiting = answers.map((answer, seat) => (answer === "waiting" ? nameOf(ctx.names, seat) : null)).filter(Boolean);
  if (turn.answers.length) {
    return el("section", { class: "ti-turn ti-answer is-mine", "aria-label": "Fight or fold" },
      el("p", null, el("strong", null, `${callerName} called a draw. `), "Fight or fold?"),
      el("ul", { class: "ti-counts" },
        el("li", null, "Your count: ", el("strong", { class: "ti-my-count" }, String(view.count ?? "–"))),
        el("li", null, `${callerName} holds `, el("strong", { class: "ti-caller-cards" }, held), " (their count stays hidden)")),
      el("p", { class: "small muted" }, `The lowest count wins; on a tie with ${callerName} the fighter wins. A fighter who loses pays 1 chip more.`),
      el("div", { class: "ti-moves" },
        actionButton({ action: { type: "fight" }, legal, ctx, className: "btn btn--primary ti-fight", label: "Fight" }),
        actionButton({ action: { type: "fold" }, legal, ctx, className: "btn ti-fold", label: "Fold" })));
  }
  const mine = ctx.you === null ? null : answers[ctx.you];
  const yours = mine === "fight" || mine === "fold" ? ` You chose to ${mine}.` : "";
  const called = caller === ctx.you ? `You called a draw (your count: ${view.count ?? "–"}). `
    : `${callerName} called a draw (${held} in hand). `;
  return el("section", { class: "ti-turn ti-answer", "aria-label": "A draw was called" },
    el("p", null, el("strong", null, called),
      waiting.length ? `Waiting for ${waiting.join(" and ")} to fight or fold.` : "", yours));
}

// ---- the table: players and their melds ------------------------------------------------------

function seatsBlock(view, turn) {
  const { ctx } = turn;
  const order = seatOrder(PLAYERS, typeof view.dealer === "number" ? view.dealer : 0);
  const result = view.phase === "over" ? view.result || {} : null;
  const melds = view.melds || [];
  const entries = order.map((seat) => {
    const mine = melds.map((meld, index) => ({ meld, index })).filter(({ meld }) => meld.owner === seat);
    const acting = turn.acting.includes(seat);
    const answer = (view.answers || [])[seat];
    const size = (view.hand_sizes || [])[seat] ?? 0;
    const facts = [el("span", { class: "ti-held" }, plural(size, "card"))];
    if (result) {
      facts.push(el("span", { class: "ti-final-count" }, `count ${(result.counts || [])[seat] ?? "–"}`));
      const net = netChips(result.payments, PLAYERS)[seat];
      facts.push(el("strong", { class: "ti-net" }, `${chipsText(net)} ${Math.abs(net) === 1 ? "chip" : "chips"}`));
    }
    if (!mine.length) facts.push(el("span", { class: "muted" }, result ? "burned (no exposed meld)" : "no exposed meld"));
    const revealed = result ? ((result.hands || [])[seat] || []) : null;
    return seatEntry({
      prefix: "ti-seat", seat, name: nameOf(ctx.names, seat), you: seat === ctx.you, turn: acting,
      badges: [
        seat === view.dealer ? el("span", { class: "badge" }, "dealer") : null,
        acting && view.phase !== "answer" ? el("span", { class: "badge badge--live" }, "to play") : null, // else: its answer
        (view.blocked || [])[seat] && !result ? el("span", { class: "badge badge--away ti-blocked",
          title: "Someone laid off on their melds: no call of a draw on their next turn" }, "may not call") : null,
        answerBadge(answer),
        result && result.winner === seat ? el("span", { class: "badge badge--win" }, "winner") : null,
      ],
      body: [
        el("div", { class: "ti-seat-facts small" }, facts),
        mine.length ? el("div", { class: "ti-melds" }, mine.map(({ meld, index }) => meldBlock(meld, index, turn))) : null,
        revealed ? el("div", { class: "ti-revealed", role: "img",
          "aria-label": `${nameOf(ctx.names, seat)}'s hand at the end: ${revealed.length ? revealed.map(cardName).join(", ") : "empty"}` },
        revealed.length ? revealed.map((card) => smallCard(card)) : el("span", { class: "muted small" }, "empty hand")) : null,
      ],
    });
  });
  return el("section", { class: "ti-table", "aria-label": "Players and their melds" },
    el("h2", null, "The table, in turn order"), entries);
}

function answerBadge(answer) {
  const words = { caller: "called", waiting: "deciding", answered: "answered", fight: "fights", fold: "folds" };
  if (!answer || !words[answer]) return null;
  const live = answer === "waiting" ? " badge--live" : "";
  return el("span", { class: `badge${live} ti-answer-badge ti-answer--${answer}` }, words[answer]);
}

/** The meld of the newest log line that made or changed one (shown with a mark). */
function lastMeld(log) {
  for (let index = log.length - 1; index >= 0; index -= 1) {
    const entry = log[index];
    if (entry.type === "took" || entry.type === "exposed" || entry.type === "laid_off") return entry.meld;
    if (entry.type === "discarded") return null;
  }
  return null;
}

/** One exposed meld: a picture, or the lay-off button when the one picked card fits it. */
function meldBlock(meld, index, turn) {
  const { ctx } = turn;
  const cards = Array.isArray(meld.cards) ? meld.cards : null;
  const face = [el("span", { class: "ti-meld-no", "aria-hidden": "true" }, String(index + 1)),
    el("span", { class: "ti-meld-cards", "aria-hidden": "true" },
      cards ? cards.map((card) => smallCard(card)) : Array.from({ length: meld.size || 4 }, () => cardBack()))];
  const words = cards ? `${meldKind(cards)}, ${cardsText(cards)}` : "a secret four, face down";
  const label = `Meld ${index + 1}${meld.secret && cards ? " (face down)" : ""}: ${words}`;
  const classes = ["ti-meld"];
  if (meld.secret) classes.push("is-secret");
  if (lastMeld(turn.log) === index) classes.push("is-last");
  const fits = layoffsOfPick(turn).find((action) => action.meld === index);
  const attrs = { "data-meld": index, "data-key": `meld ${index}` };
  if (fits) {
    const button = actionButton({ action: fits, legal: turn.legal, ctx, className: [...classes, "is-lit"].join(" "),
      title: `Lay off ${cardName(fits.card)} on meld ${index + 1}`,
      label: [face, srOnly(`Lay off ${cardName(fits.card)} on ${label}`)] });
    for (const [key, value] of Object.entries(attrs)) button.setAttribute(key, value);
    return button;
  }
  if (local.selected.length === 1 && turn.melding) classes.push("is-dim");
  return el("div", { class: classes.join(" "), role: "img", "aria-label": label, title: label, ...attrs }, face);
}

// ---- piles -----------------------------------------------------------------------------------

function pilesBlock(view, names) {
  const top = view.discard_top;
  const count = view.discard_count ?? 0;
  const all = Array.isArray(view.discards);
  const pile = all
    ? view.discards.map((card, index) => smallCard(card, index === view.discards.length - 1 ? "is-top" : ""))
    : top ? [smallCard(top, "is-top")] : [];
  const stockNote = view.last_draw !== null && view.last_draw !== undefined
    ? `${nameOf(names, view.last_draw)} drew the last card` : null;
  return el("section", { class: "ti-piles", "aria-label": "Stock and discards" },
    el("div", { class: "ti-stock", role: "img", "aria-label": `Stock: ${plural(view.stock ?? 0, "card")}` },
      view.stock ? cardBack("ti-stock-card") : el("span", { class: "ti-card ti-card--small ti-empty", "aria-hidden": "true" }),
      el("span", { class: "ti-pile-text", "aria-hidden": "true" }, el("strong", null, String(view.stock ?? 0)), " in the stock",
        stockNote ? el("span", { class: "small muted" }, ` (${stockNote})`) : null)),
    el("div", { class: "ti-discards" },
      el("p", { class: "ti-pile-text" }, el("strong", null, "Discards "), `(${count})`,
        top ? [": top ", el("strong", { class: "ti-top" }, cardText(top)), srOnly(` (${cardName(top)})`)] : ": none yet",
        !all && count > 1 ? el("span", { class: "small muted" }, " \u00b7 only the top card is shown") : null),
      pile.length ? el("div", { class: "ti-pile", "aria-hidden": "true" }, pile) : null));
}

// ---- your hand -------------------------------------------------------------------------------

function handBlock(view, turn) {
  const { ctx } = turn;
  if (ctx.you === null || !Array.isArray(view.hand) || view.phase === "over") return null;
  const pickable = pickableCards(view, turn);
  const fitting = new Set(turn.layoffs.map((action) => action.card));
  const cards = sortCards(view.hand, local.sort).map((card) => {
    const fits = fitting.has(card);
    const look = `ti-card ${suitLook(card)}${fits ? " can-lay-off" : ""}`;
    const label = `${cardName(card)}${fits ? ", fits an exposed meld" : ""}`;
    const data = { "data-card": card };
    const face = cardFace({ look, label, face: cardPicture(card), key: card,
      pick: pickable.has(card) ? { picked: local.selected.includes(card), onpick: () => toggleCard(card), data } : null });
    if (!pickable.has(card)) face.setAttribute("data-card", card);
    return face;
  });
  const options = view.options || {};
  const counted = options.hand_count === "all" ? "every card in your hand" : "your cards outside melds";
  const sorter = el("span", { class: "ti-sort", role: "group", "aria-label": "Sort the hand" },
    ["suit", "rank"].map((by) => el("button", {
      type: "button", class: "btn btn--small btn--ghost", "data-sort": by, "aria-pressed": local.sort === by ? "true" : "false",
      onclick: () => choice.choose({ sort: by }),
    }, `by ${by}`)));
  return hand({
    className: "ti-hand", heading: handTitle(cards.length, { className: "ti-hand-title" }), top: sorter,
    cards, row: "ti-cards", empty: "No cards", footer: selectionBar(view, turn), footerClass: "ti-bar",
    note: [
      el("p", { class: "small ti-count" }, "Your count: ", el("strong", null, String(view.count ?? "–")),
        el("span", { class: "muted" }, ` (points of ${counted})`)),
      suggestions(turn),
    ],
  });
}

/** The melds you could expose now (the legal face-up exposes): each picks its cards. */
function suggestions(turn) {
  const open = turn.exposes.filter((action) => !action.secret);
  if (!open.length) return null;
  return el("div", { class: "ti-suggest-row" },
    el("span", { class: "small" }, "Melds in your hand:"),
    open.map((action) => {
      const picked = sameCards(local.selected, action.cards);
      return el("button", {
        type: "button", class: `btn btn--small ti-suggest${picked ? " is-selected" : ""}`, "aria-pressed": picked ? "true" : "false",
        "data-suggest": action.cards.join("-"), "data-key": `suggest ${action.cards.join("-")}`,
        title: `Pick ${action.cards.map(cardName).join(", ")}`,
        onclick: () => choice.choose({ selected: picked ? [] : [...action.cards] }),
      }, cardsText(action.cards));
    }));
}

/** Under the hand: what the picked cards may do now, as the legal actions' buttons. */
function selectionBar(view, turn) {
  if (!turn.drawing && !turn.melding) return [];
  const { ctx, legal } = turn;
  const picked = local.selected;
  const items = [];
  if (turn.drawing) {
    const take = turn.takes.find((action) => sameCards(action.cards, picked));
    if (take) {
      items.push(actionButton({ action: take, legal, ctx, className: "btn btn--primary ti-take-picked",
        label: `Take ${cardText(view.discard_top)} and expose it with ${cardsText(take.cards)}` }));
    } else if (turn.takes.length) {
      items.push(el("span", { class: "small muted" }, picked.length
        ? `These cards make no meld with ${cardText(view.discard_top)}.`
        : `Tap the cards that make a meld with ${cardText(view.discard_top)} to take it, or draw.`));
    }
  } else {
    const exposes = turn.exposes.filter((action) => sameCards(action.cards, picked));
    const open = exposes.find((action) => !action.secret);
    const secret = exposes.find((action) => action.secret);
    if (open) {
      items.push(actionButton({ action: open, legal, ctx, className: "btn btn--primary ti-expose",
        label: `Expose ${cardsText(open.cards)}` }));
    }
    if (secret) {
      items.push(actionButton({ action: secret, legal, ctx, className: "btn ti-secret",
        label: "Lay them face down (secret four)", title: "A secret four counts as an exposed meld and earns 1 chip from each opponent" }));
    }
    if (picked.length === 1) {
      const discard = turn.discards.find((action) => action.card === picked[0]);
      if (discard) {
        items.push(actionButton({ action: discard, legal, ctx, className: "btn ti-discard",
          label: `Discard ${cardText(picked[0])}`, title: `Discard the ${cardName(picked[0])} and end your turn` }));
      }
      const fits = layoffsOfPick(turn).length;
      items.push(el("span", { class: "small muted ti-fits" }, fits
        ? `or tap a lit meld to lay it off (it fits ${plural(fits, "meld")})`
        : "It fits no exposed meld."));
    } else if (!picked.length) {
      items.push(el("span", { class: "small muted" }, "Tap 3 or more cards to expose a meld, or one to discard or lay off."));
    } else if (!exposes.length) {
      items.push(el("span", { class: "small muted" }, picked.length === 2
        ? "A meld needs 3 or more cards." : "These cards are not a meld you may expose."));
    }
  }
  if (picked.length) {
    items.push(el("button", { type: "button", class: "btn btn--small btn--ghost ti-clear", onclick: () => choice.choose({ selected: [] }) },
      "Clear"));
  }
  return items;
}

export function turnHint(state) {
  const types = new Set((state.legal || []).map((action) => action.type));
  if (types.has("fight")) return "A draw was called: fight or fold.";
  if (types.has("draw")) return "Draw, take the top discard into a meld, or call a draw.";
  if (types.has("discard")) return "Expose or lay off if you like, then discard.";
  return "";
}

// ---- final result ----------------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const detail = outcome.detail || (view && view.result) || {};
  const groups = paymentsGrouped(detail.payments);
  const burned = new Set((detail.payments || []).filter((payment) => payment.reason === "burned").map((payment) => payment.from));
  const answers = { caller: "called the draw", fight: "fought", fold: "folded" };
  fill(root,
    el("p", { class: "outcome-winners" }, `${endText(detail, names)}.`),
    scoreTable(outcome, names),
    el("div", { class: "ti-settlement" },
      el("h3", null, "Settlement in chips"),
      groups.length ? el("ul", { class: "ti-payments" }, groups.map((group) => el("li", null, paymentText(group, names))))
        : el("p", { class: "muted" }, "No payment."),
      el("p", { class: "small muted" }, "Each loser pays the winner: the ante (the pot) and the loss, plus a Tong-its bonus, ",
        "1 if burned, 1 for a lost fight; a secret four earns 1 from each opponent."),
      el("h3", null, "Hands at the end"),
      el("ul", { class: "ti-hands-end" }, (detail.hands || []).map((cards, seat) => {
        const notes = [answers[(detail.answers || [])[seat]], burned.has(seat) || detail.end === "void" ? "burned" : null]
          .filter(Boolean);
        return el("li", { "data-seat": seat },
          el("strong", null, nameOf(names, seat)), `: count ${(detail.counts || [])[seat] ?? "–"}`,
          notes.length ? ` (${notes.join(", ")})` : "",
          el("span", { class: "ti-revealed", role: "img", "aria-label": cards.length ? cards.map(cardName).join(", ") : "empty hand" },
            cards.length ? cards.map((card) => smallCard(card)) : el("span", { class: "muted small" }, "empty hand")));
      }))));
}
