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
import { listText, nameOf } from "../lib/format.js";
import { hand, handTitle } from "../lib/hand.js";
import { N_, t, tn } from "../lib/i18n.js";
import { fact, infoBar } from "../lib/info.js";
import { patch } from "../lib/patch.js";
import { scoreTable } from "../lib/results.js";
import { seatEntry, seatOrder } from "../lib/seats.js";
import {
  cardBack, cardName, cardPicture, cardText, cardsText, meldKind, sameCards, smallCard, sortCards, suitLook,
} from "./tong_its/cards.js";
import {
  chipsText, describeLog, endText, netChips, paymentText, paymentsGrouped, reasonText,
} from "./tong_its/words.js";

export { cardName, cardText, parseCard, points, sortCards } from "./tong_its/cards.js";
export {
  describeAction, describeLog, endText, netChips, paymentText, paymentsGrouped, reasonText,
} from "./tong_its/words.js";

const chips = (count) => tn("{count} chip", "{count} chips", count);

export const OPTIONS = {
  hand_count: {
    label: t("Hand count"),
    choices: [
      ["deadwood", t("Cards outside melds (deadwood)")],
      ["all", t("Every card in hand")],
    ],
  },
  discard_pile: {
    label: t("Discard pile"),
    choices: [
      ["all", t("Whole pile face up")],
      ["top", t("Top card only")],
    ],
  },
  tong_its_bonus: {
    label: t("Tong-its bonus (chips from each loser)"),
    choices: [[1, chips(1)], [2, chips(2)], [3, chips(3)], [5, chips(5)]],
  },
};

/** A sentence with one part of it in an element (a card in bold): the translated sentence is
 * cut where that parameter stands, so each language keeps its own word order. */
function rich(message, params, name, node) {
  const parts = t(message, { ...params, [name]: "\u0001" }).split("\u0001");
  return parts.length === 2 ? [parts[0], node, parts[1]] : parts;
}

const cardsCount = (count) => tn("{count} card", "{count} cards", count);

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

const PHASES = {
  draw: N_("drawing"), meld: N_("melding and discarding"), answer: N_("a draw was called"), over: N_("hand over"),
};

function infoLine(view, names) {
  const options = view.options || {};
  return infoBar("ti-info",
    fact(t("Dealer: "), nameOf(names, view.dealer),
      el("span", { class: "muted" }, ` \u00b7 ${PHASES[view.phase] ? t(PHASES[view.phase]) : view.phase || "–"}`)),
    fact(t("Stock: "), cardsCount(view.stock ?? 0)),
    fact(t("Hand count: "), options.hand_count === "all" ? t("every card in hand") : t("cards outside melds")),
    fact(t("Tong-its bonus: "), chips(options.tong_its_bonus ?? 1)));
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
  return el("section", { class: "ti-news", "aria-label": t("What just happened") },
    el("ol", { class: "ti-news-lines", role: "status" }, log.slice(from).map((entry, index) => el("li", {
      class: `ti-news-${entry.type}`, "data-key": from + index, // its place in the log
    }, describeLog(entry, ctx.names)))));
}

// ---- your turn ---------------------------------------------------------------------------

function turnPanel(view, turn) {
  const { ctx } = turn;
  if (view.phase === "over") {
    const result = view.result || {};
    const net = netChips(result.payments, PLAYERS).map((chips, seat) => `${nameOf(ctx.names, seat)} ${chipsText(chips)}`);
    return el("section", { class: "ti-turn ti-over", "aria-label": t("Hand over") },
      el("p", null, el("strong", null, `${t("{end}.", { end: endText(result, ctx.names) })} `),
        result.end === "void" ? null : t("Chips: {chips}.", { chips: net.join(", ") })));
  }
  if (view.phase === "answer") return answerPanel(view, turn);
  if (turn.drawing) return drawPanel(view, turn);
  if (turn.melding) {
    const start = view.first_turn ? t("Your first turn as dealer, without a draw: ") : t("Your turn: ");
    return el("section", { class: "ti-turn is-mine", "aria-label": t("Your turn") },
      el("p", null, el("strong", null, start),
        t("expose melds and lay off cards if you like, then discard one card. Tap cards in your hand to choose.")));
  }
  const player = nameOf(ctx.names, turn.acting[0] ?? view.turn);
  const doing = view.phase === "draw" ? t("{player} is about to draw.", { player })
    : t("{player} is melding and will discard.", { player });
  return el("section", { class: "ti-turn", "aria-label": t("Turn") }, el("p", null, doing));
}

/** The start of your turn: draw, take the top discard into a meld, or call a draw. */
function drawPanel(view, turn) {
  const { ctx, legal } = turn;
  const you = ctx.you;
  const top = view.discard_top;
  const callWhy = turn.calls.length ? t("Compare hand counts now: the lowest wins.")
    : (view.blocked || [])[you] ? t("You may not call a draw this turn: someone laid off on your melds.")
      : t("To call a draw you need an exposed meld of your own.");
  return el("section", { class: "ti-turn is-mine", "aria-label": t("Your turn") },
    el("p", null, el("strong", null, t("Your turn: ")), turn.takes.length
      ? t("draw from the stock, take the top discard into a meld, or call a draw.")
      : t("draw from the stock, or call a draw.")),
    el("div", { class: "ti-moves" },
      actionButton({ action: { type: "draw" }, legal, ctx, className: "btn btn--primary ti-draw",
        label: t("Draw from the stock ({count} left)", { count: view.stock ?? 0 }) }),
      turn.takes.map((action) => actionButton({ action, legal, ctx, className: "btn ti-take",
        title: t("Take {card} and expose it with {cards}", { card: cardName(top), cards: cardsText(action.cards) }),
        label: rich(N_("Take {card} with {cards}"), { cards: cardsText(action.cards) }, "card", el("strong", null, cardText(top))) })),
      actionButton({ action: { type: "call_draw" }, legal, ctx, className: "btn ti-call", label: t("Call a draw"), title: callWhy })),
    turn.calls.length ? null : el("p", { class: "small muted ti-why" }, callWhy));
}

/** A called draw: your fight-or-fold answer with the counts you know of, or who is still deciding. */
function answerPanel(view, turn) {
  const { ctx, legal } = turn;
  const caller = view.caller;
  const callerName = nameOf(ctx.names, caller);
  const held = cardsCount((view.hand_sizes || [])[caller] ?? 0);
  const answers = view.answers || [];
  const waiting = answers.map((answer, seat) => (answer === "waiting" ? nameOf(ctx.names, seat) : null)).filter(Boolean);
  if (turn.answers.length) {
    return el("section", { class: "ti-turn ti-answer is-mine", "aria-label": t("Fight or fold") },
      el("p", null, el("strong", null, `${t("{player} called a draw.", { player: callerName })} `), t("Fight or fold?")),
      el("ul", { class: "ti-counts" },
        el("li", null, t("Your count: "), el("strong", { class: "ti-my-count" }, String(view.count ?? "–"))),
        el("li", null, rich(N_("{player} holds {cards} (their count stays hidden)"), { player: callerName }, "cards",
          el("strong", { class: "ti-caller-cards" }, held)))),
      el("p", { class: "small muted" },
        t("The lowest count wins; on a tie with {player} the fighter wins. A fighter who loses pays 1 chip more.", { player: callerName })),
      el("div", { class: "ti-moves" },
        actionButton({ action: { type: "fight" }, legal, ctx, className: "btn btn--primary ti-fight", label: t("Fight") }),
        actionButton({ action: { type: "fold" }, legal, ctx, className: "btn ti-fold", label: t("Fold") })));
  }
  const mine = ctx.you === null ? null : answers[ctx.you];
  const chosen = { fight: N_("You chose to fight."), fold: N_("You chose to fold.") }[mine];
  const yours = chosen ? ` ${t(chosen)}` : "";
  const called = caller === ctx.you ? t("You called a draw (your count: {count}).", { count: view.count ?? "–" })
    : t("{player} called a draw ({cards} in hand).", { player: callerName, cards: held });
  return el("section", { class: "ti-turn ti-answer", "aria-label": t("A draw was called") },
    el("p", null, el("strong", null, `${called} `),
      waiting.length ? t("Waiting for {players} to fight or fold.", { players: listText(waiting) }) : "", yours));
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
    const facts = [el("span", { class: "ti-held" }, cardsCount(size))];
    if (result) {
      facts.push(el("span", { class: "ti-final-count" }, t("count {count}", { count: (result.counts || [])[seat] ?? "–" })));
      const net = netChips(result.payments, PLAYERS)[seat];
      facts.push(el("strong", { class: "ti-net" }, tn("{chips} chip", "{chips} chips", Math.abs(net), { chips: chipsText(net) })));
    }
    if (!mine.length) facts.push(el("span", { class: "muted" }, result ? t("burned (no exposed meld)") : t("no exposed meld")));
    const revealed = result ? ((result.hands || [])[seat] || []) : null;
    const shown = revealed && revealed.length ? revealed.map(cardName).join(", ") : t("empty");
    return seatEntry({
      prefix: "ti-seat", seat, name: nameOf(ctx.names, seat), you: seat === ctx.you, turn: acting,
      badges: [
        seat === view.dealer ? el("span", { class: "badge" }, t("dealer")) : null,
        acting && view.phase !== "answer" ? el("span", { class: "badge badge--live" }, t("to play")) : null, // else: its answer
        (view.blocked || [])[seat] && !result ? el("span", { class: "badge badge--away ti-blocked",
          title: t("Someone laid off on their melds: no call of a draw on their next turn") }, t("may not call")) : null,
        answerBadge(answer),
        result && result.winner === seat ? el("span", { class: "badge badge--win" }, t("winner")) : null,
      ],
      body: [
        el("div", { class: "ti-seat-facts small" }, facts),
        mine.length ? el("div", { class: "ti-melds" }, mine.map(({ meld, index }) => meldBlock(meld, index, turn))) : null,
        revealed ? el("div", { class: "ti-revealed", role: "img",
          "aria-label": t("{player}'s hand at the end: {cards}",
            { player: nameOf(ctx.names, seat), cards: shown }) },
        revealed.length ? revealed.map((card) => smallCard(card)) : el("span", { class: "muted small" }, t("empty hand"))) : null,
      ],
    });
  });
  return el("section", { class: "ti-table", "aria-label": t("Players and their melds") },
    el("h2", null, t("The table, in turn order")), entries);
}

function answerBadge(answer) {
  const words = { caller: N_("called"), waiting: N_("deciding"), answered: N_("answered"), fight: N_("fights"), fold: N_("folds") };
  if (!answer || !words[answer]) return null;
  const live = answer === "waiting" ? " badge--live" : "";
  return el("span", { class: `badge${live} ti-answer-badge ti-answer--${answer}` }, t(words[answer]));
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
  const number = index + 1;
  let label = t("Meld {number}: a secret four, face down", { number });
  if (cards) {
    const params = { number, kind: meldKind(cards), cards: cardsText(cards) };
    label = meld.secret ? t("Meld {number} (face down): {kind}, {cards}", params) : t("Meld {number}: {kind}, {cards}", params);
  }
  const classes = ["ti-meld"];
  if (meld.secret) classes.push("is-secret");
  if (lastMeld(turn.log) === index) classes.push("is-last");
  const fits = layoffsOfPick(turn).find((action) => action.meld === index);
  const attrs = { "data-meld": index, "data-key": `meld ${index}` };
  if (fits) {
    const button = actionButton({ action: fits, legal: turn.legal, ctx, className: [...classes, "is-lit"].join(" "),
      title: t("Lay off {card} on meld {number}", { card: cardName(fits.card), number }),
      label: [face, srOnly(t("Lay off {card} on {meld}", { card: cardName(fits.card), meld: label }))] });
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
    ? t("{player} drew the last card", { player: nameOf(names, view.last_draw) }) : null;
  return el("section", { class: "ti-piles", "aria-label": t("Stock and discards") },
    el("div", { class: "ti-stock", role: "img", "aria-label": t("Stock: {cards}", { cards: cardsCount(view.stock ?? 0) }) },
      view.stock ? cardBack("ti-stock-card") : el("span", { class: "ti-card ti-card--small ti-empty", "aria-hidden": "true" }),
      el("span", { class: "ti-pile-text", "aria-hidden": "true" },
        rich(N_("{count} in the stock"), {}, "count", el("strong", null, String(view.stock ?? 0))),
        stockNote ? el("span", { class: "small muted" }, ` (${stockNote})`) : null)),
    el("div", { class: "ti-discards" },
      el("p", { class: "ti-pile-text" }, el("strong", null, `${t("Discards")} `), `(${count})`,
        top ? [rich(N_(": top {card}"), {}, "card", el("strong", { class: "ti-top" }, cardText(top))), srOnly(` (${cardName(top)})`)]
          : t(": none yet"),
        !all && count > 1 ? el("span", { class: "small muted" }, ` \u00b7 ${t("only the top card is shown")}`) : null),
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
    const label = fits ? t("{card}, fits an exposed meld", { card: cardName(card) }) : cardName(card);
    const data = { "data-card": card };
    const face = cardFace({ look, label, face: cardPicture(card), key: card,
      pick: pickable.has(card) ? { picked: local.selected.includes(card), onpick: () => toggleCard(card), data } : null });
    if (!pickable.has(card)) face.setAttribute("data-card", card);
    return face;
  });
  const options = view.options || {};
  const counted = options.hand_count === "all" ? t("(points of every card in your hand)")
    : t("(points of your cards outside melds)");
  const sorts = { suit: N_("by suit"), rank: N_("by rank") };
  const sorter = el("span", { class: "ti-sort", role: "group", "aria-label": t("Sort the hand") },
    ["suit", "rank"].map((by) => el("button", {
      type: "button", class: "btn btn--small btn--ghost", "data-sort": by, "aria-pressed": local.sort === by ? "true" : "false",
      onclick: () => choice.choose({ sort: by }),
    }, t(sorts[by]))));
  return hand({
    className: "ti-hand", heading: handTitle(cards.length, { className: "ti-hand-title" }), top: sorter,
    cards, row: "ti-cards", empty: t("No cards"), footer: selectionBar(view, turn), footerClass: "ti-bar",
    note: [
      el("p", { class: "small ti-count" }, t("Your count: "), el("strong", null, String(view.count ?? "–")),
        el("span", { class: "muted" }, ` ${counted}`)),
      suggestions(turn),
    ],
  });
}

/** The melds you could expose now (the legal face-up exposes): each picks its cards. */
function suggestions(turn) {
  const open = turn.exposes.filter((action) => !action.secret);
  if (!open.length) return null;
  return el("div", { class: "ti-suggest-row" },
    el("span", { class: "small" }, t("Melds in your hand:")),
    open.map((action) => {
      const picked = sameCards(local.selected, action.cards);
      return el("button", {
        type: "button", class: `btn btn--small ti-suggest${picked ? " is-selected" : ""}`, "aria-pressed": picked ? "true" : "false",
        "data-suggest": action.cards.join("-"), "data-key": `suggest ${action.cards.join("-")}`,
        title: t("Pick {cards}", { cards: action.cards.map(cardName).join(", ") }),
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
        label: t("Take {card} and expose it with {cards}", { card: cardText(view.discard_top), cards: cardsText(take.cards) }) }));
    } else if (turn.takes.length) {
      items.push(el("span", { class: "small muted" }, picked.length
        ? t("These cards make no meld with {card}.", { card: cardText(view.discard_top) })
        : t("Tap the cards that make a meld with {card} to take it, or draw.", { card: cardText(view.discard_top) })));
    }
  } else {
    const exposes = turn.exposes.filter((action) => sameCards(action.cards, picked));
    const open = exposes.find((action) => !action.secret);
    const secret = exposes.find((action) => action.secret);
    if (open) {
      items.push(actionButton({ action: open, legal, ctx, className: "btn btn--primary ti-expose",
        label: t("Expose {cards}", { cards: cardsText(open.cards) }) }));
    }
    if (secret) {
      items.push(actionButton({ action: secret, legal, ctx, className: "btn ti-secret",
        label: t("Lay them face down (secret four)"),
        title: t("A secret four counts as an exposed meld and earns 1 chip from each opponent") }));
    }
    if (picked.length === 1) {
      const discard = turn.discards.find((action) => action.card === picked[0]);
      if (discard) {
        items.push(actionButton({ action: discard, legal, ctx, className: "btn ti-discard",
          label: t("Discard {card}", { card: cardText(picked[0]) }),
          title: t("Discard the {card} and end your turn", { card: cardName(picked[0]) }) }));
      }
      const fits = layoffsOfPick(turn).length;
      items.push(el("span", { class: "small muted ti-fits" }, fits
        ? tn("or tap a lit meld to lay it off (it fits {count} meld)", "or tap a lit meld to lay it off (it fits {count} melds)", fits)
        : t("It fits no exposed meld.")));
    } else if (!picked.length) {
      items.push(el("span", { class: "small muted" }, t("Tap 3 or more cards to expose a meld, or one to discard or lay off.")));
    } else if (!exposes.length) {
      items.push(el("span", { class: "small muted" }, picked.length === 2
        ? t("A meld needs 3 or more cards.") : t("These cards are not a meld you may expose.")));
    }
  }
  if (picked.length) {
    items.push(el("button", { type: "button", class: "btn btn--small btn--ghost ti-clear", onclick: () => choice.choose({ selected: [] }) },
      t("Clear")));
  }
  return items;
}

export function turnHint(state) {
  const types = new Set((state.legal || []).map((action) => action.type));
  if (types.has("fight")) return t("A draw was called: fight or fold.");
  if (types.has("draw")) return t("Draw, take the top discard into a meld, or call a draw.");
  if (types.has("discard")) return t("Expose or lay off if you like, then discard.");
  return "";
}

// ---- final result ----------------------------------------------------------------------------

export function renderOutcome(root, outcome, view, names) {
  const detail = outcome.detail || (view && view.result) || {};
  const groups = paymentsGrouped(detail.payments);
  const burned = new Set((detail.payments || []).filter((payment) => payment.reason === "burned").map((payment) => payment.from));
  const answers = { caller: N_("called the draw"), fight: N_("fought"), fold: N_("folded") };
  fill(root,
    el("p", { class: "outcome-winners" }, t("{end}.", { end: endText(detail, names) })),
    scoreTable(outcome, names),
    el("div", { class: "ti-settlement" },
      el("h3", null, t("Settlement in chips")),
      groups.length ? el("ul", { class: "ti-payments" }, groups.map((group) => el("li", null, paymentText(group, names))))
        : el("p", { class: "muted" }, t("No payment.")),
      el("p", { class: "small muted" }, t("Each loser pays the winner: the ante (the pot) and the loss, plus a Tong-its bonus, "
        + "1 if burned, 1 for a lost fight; a secret four earns 1 from each opponent.")),
      el("h3", null, t("Hands at the end")),
      el("ul", { class: "ti-hands-end" }, (detail.hands || []).map((cards, seat) => {
        const answer = answers[(detail.answers || [])[seat]];
        const notes = [answer ? t(answer) : null, burned.has(seat) || detail.end === "void" ? t("burned") : null]
          .filter(Boolean);
        return el("li", { "data-seat": seat },
          el("strong", null, nameOf(names, seat)), t(": count {count}", { count: (detail.counts || [])[seat] ?? "–" }),
          notes.length ? ` (${notes.join(", ")})` : "",
          el("span", { class: "ti-revealed", role: "img", "aria-label": cards.length ? cards.map(cardName).join(", ") : t("empty hand") },
            cards.length ? cards.map((card) => smallCard(card)) : el("span", { class: "muted small" }, t("empty hand"))));
      }))));
}
