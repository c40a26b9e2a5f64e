// The Monster Duel table: each seat's side (the active creature, the bench, prizes, deck, hand
// and discard counts), the opponent's at the top with its bench above its active creature, the
// viewer's below with its active creature first (a spectator sees seat 0 as the viewer). A
// creature shows its HP bar and damage, conditions, attached energy as small type badges and
// the lower stages under it; a face-down one (the setup) is a card back. The viewer's slots
// that a legal move may go to are lit: each is that move's button (lib/actions.js).

import { actionButton } from "../../lib/actions.js";
import { el, srOnly } from "../../lib/dom.js";
import { nameOf } from "../../lib/format.js";
import { N_, t, tn } from "../../lib/i18n.js";
import { seatEntry } from "../../lib/seats.js";
import { cardBack, cardDetail, cardTitle, energyType, stageWord, typeBadge } from "./cards.js";
import { conditionWord } from "./words.js";

// What a lit slot says it does (visible tag, then the words of its button).
const LIT = {
  attach: [N_("Attach"), N_("Attach {card} to {creature}")],
  evolve: [N_("Evolve"), N_("Evolve {creature} into {card}")],
  trainer: [N_("Play here"), N_("Play {card} on {creature}")],
  retreat: [N_("Comes in"), N_("Retreat: {creature} comes in")],
  promote: [N_("Make active"), N_("Make {creature} the active creature")],
};

function where(slot) {
  return slot === 0 ? t("active") : t("bench {slot}", { slot });
}

function conditionsText(conditions) {
  return conditions.map(conditionWord).join(", ");
}

/** The HP left as a bar and in numbers. */
function hpBar(creature) {
  const hp = Number(creature.hp) || 0;
  const damage = Number(creature.damage) || 0;
  const left = Math.max(0, hp - damage);
  const share = hp ? Math.round((100 * left) / hp) : 0;
  const fill = el("span", { class: `mt-hp-fill${share <= 25 ? " is-low" : share <= 50 ? " is-mid" : ""}` });
  fill.style.width = `${share}%`; // through the CSSOM: the content security policy refuses style attributes
  return el("span", { class: "mt-hp" },
    el("span", { class: "mt-hp-bar", "aria-hidden": "true" }, fill),
    el("span", { class: "mt-hp-text" }, t("{left}/{hp} HP", { left, hp })),
    damage ? el("span", { class: "mt-damage" }, ` \u2212${damage}`) : null);
}

/** A creature in words (a lit slot's button, a picture's label). */
export function creatureText(creature, catalogue) {
  if (!creature.card) return t("a face-down creature");
  const card = catalogue[creature.card] || {};
  const parts = [`${cardTitle(creature.card, catalogue)}`];
  if (card.stage) parts.push(stageWord(card.stage));
  parts.push(t("{left} of {hp} HP left", { left: Math.max(0, (creature.hp || 0) - (creature.damage || 0)), hp: creature.hp }));
  if ((creature.energy || []).length) parts.push(t("energy: {cards}", { cards: creature.energy.map((name) => cardTitle(name, catalogue)).join(", ") }));
  else parts.push(t("no energy"));
  if ((creature.conditions || []).length) parts.push(conditionsText(creature.conditions));
  return parts.join(", ");
}

/** The face of a creature in play (aria-hidden: its label says it). */
function creatureFace(creature, catalogue, { fresh = false, tag = null } = {}) {
  if (!creature.card) return [cardBack("mt-back--creature"), el("span", { class: "mt-down-text" }, t("face down"))];
  const card = catalogue[creature.card] || {};
  const under = creature.under || [];
  return el("span", { class: "mt-creature-face", "aria-hidden": "true" },
    el("span", { class: "mt-creature-head" }, typeBadge(card.type),
      el("span", { class: "mt-creature-title" }, cardTitle(creature.card, catalogue))),
    el("span", { class: "mt-creature-sub" }, stageWord(card.stage ?? 0),
      under.length ? ` \u00b7 ${t("on {cards}", { cards: under.map((name) => cardTitle(name, catalogue)).join(" \u203a ") })}` : "",
      fresh ? el("span", { class: "mt-new" }, ` \u00b7 ${t("new")}`) : null),
    hpBar(creature),
    (creature.conditions || []).length ? el("span", { class: "mt-conditions" },
      creature.conditions.map((condition) => el("span", { class: `mt-condition mt-c-${condition}` }, conditionWord(condition)))) : null,
    el("span", { class: "mt-energy" }, (creature.energy || []).length
      ? creature.energy.map((name) => typeBadge(energyType(name, catalogue), { extra: "mt-type--small" }))
      : el("span", { class: "mt-no-energy" }, t("no energy"))),
    tag ? el("span", { class: "mt-lit-tag" }, tag) : null);
}

/**
 * One creature: the lit move's button, a button that shows the card's full text, or (face
 * down) a card back. `info`: {picked, onpick} for the text.
 */
function creatureBlock(side, creature, slot) {
  const { catalogue, seat, lit, legal, ctx, picked, fresh } = side;
  const classes = ["mt-creature", slot === 0 ? "mt-active" : "mt-benched"];
  const key = `creature ${seat} ${slot}`;
  const attrs = { "data-seat": seat, "data-slot": slot, "data-key": key };
  const action = lit ? lit.get(slot) : null;
  const isFresh = fresh.has(slot);
  if (!creature.card) {
    classes.push("is-down");
    return el("span", { class: classes.join(" "), role: "img", "aria-label": t("{slot}: a face-down creature", { slot: where(slot) }), ...attrs },
      creatureFace(creature, catalogue));
  }
  const type = (catalogue[creature.card] || {}).type;
  if (type) classes.push(`mt-t-${type}`);
  const words = t("{slot}: {creature}", { slot: where(slot), creature: creatureText(creature, catalogue) });
  if (action) {
    const [tag, say] = LIT[action.type] || [N_("Here"), N_("{card}: {creature}")];
    const said = t(say, { card: cardTitle(action.card, catalogue), creature: `${where(slot)} ${cardTitle(creature.card, catalogue)}` });
    const button = actionButton({
      action, legal, ctx, className: [...classes, "is-lit"].join(" "),
      label: [creatureFace(creature, catalogue, { fresh: isFresh, tag: t(tag) }), srOnly(t("{move}. {creature}", { move: said, creature: words }))],
    });
    for (const [name, value] of Object.entries(attrs)) button.setAttribute(name, value);
    return button;
  }
  if (lit && lit.size) classes.push("is-dim");
  const open = picked.info && picked.info.seat === seat && picked.info.slot === slot;
  if (open) classes.push("is-selected");
  return el("button", {
    type: "button", class: classes.join(" "), "aria-pressed": open ? "true" : "false", title: t("Show the card"),
    onclick: () => side.onInfo(open ? null : { seat, slot }), ...attrs,
  }, creatureFace(creature, catalogue, { fresh: isFresh }), srOnly(t("{creature}. Show the card", { creature: words })));
}

/** The full text of the creature picked on this side, with how it stands in play. */
function creatureDetail(side, creature, slot) {
  const { catalogue } = side;
  const energy = (creature.energy || []).length ? creature.energy.map((name) => cardTitle(name, catalogue)).join(", ") : t("none");
  const extra = el("p", { class: "mt-detail-line small" },
    `${where(slot)} \u00b7 ${t("damage {damage} of {hp} HP", { damage: creature.damage || 0, hp: creature.hp })}`,
    (creature.under || []).length ? ` \u00b7 ${t("evolved from {cards}", { cards: creature.under.map((name) => cardTitle(name, catalogue)).join(", ") })}` : "",
    ` \u00b7 ${t("energy: {cards}", { cards: energy })}`,
    (creature.conditions || []).length ? ` \u00b7 ${conditionsText(creature.conditions)}` : "");
  return cardDetail(creature.card, catalogue, { extra, key: `detail ${side.seat} ${slot}` });
}

/** Prizes left as card backs, with the count. */
function prizesRow(player, total) {
  const left = player.prizes ?? 0;
  return el("span", { class: "mt-prizes", role: "img", "aria-label": tn("{count} prize card left of {total}", "{count} prize cards left of {total}", left, { total }) },
    el("span", { class: "mt-prize-backs", "aria-hidden": "true" }, Array.from({ length: left }, () => cardBack("mt-back--prize"))),
    el("span", { class: "mt-prize-text", "aria-hidden": "true" }, tn("{count} prize left", "{count} prizes left", left)));
}

/** A side's counts: hand, deck, discard (the pile is public: its cards on opening). */
function factsRow(player, catalogue) {
  const discard = player.discard || [];
  return el("div", { class: "mt-facts small" },
    el("span", { class: "mt-hand-count" }, t("Hand {count}", { count: player.hand_count ?? 0 })),
    el("span", { class: "mt-deck-count" }, t("Deck {count}", { count: player.deck_count ?? 0 })),
    discard.length
      ? el("details", { class: "mt-discard" },
        el("summary", null, t("Discard {count}", { count: discard.length })),
        el("span", { class: "mt-discard-list" }, discard.slice().reverse().map((name) => cardTitle(name, catalogue)).join(", ")))
      : el("span", { class: "mt-discard mt-discard--empty" }, t("Discard {count}", { count: 0 })));
}

/**
 * One seat's side. `side`: {view, seat, ctx, catalogue, lit (slot -> action, the viewer's),
 * legal, picked, onInfo, top (the opponent's: bench above the active)}.
 */
export function sideBlock(side) {
  const { view, seat, ctx, top } = side;
  const player = (view.players || [])[seat] || {};
  const bench = player.bench || [];
  const turnSeat = view.phase === "play" || view.phase === "search" ? view.turn : null;
  const acting = (view.to_act || []).includes(seat) && view.phase !== "over";
  const fresh = new Set(seat === view.turn && view.this_turn ? view.this_turn.played || [] : []);
  const full = { ...side, fresh };
  const activeRow = el("div", { class: "mt-active-row" },
    player.active ? creatureBlock(full, player.active, 0)
      : el("span", { class: "mt-creature mt-active is-empty", "data-slot": 0 }, t("No active creature")));
  const benchRow = el("div", { class: "mt-bench", "aria-label": tn("Bench: {count} creature of 5", "Bench: {count} creatures of 5", bench.length), role: "group" },
    bench.length ? bench.map((creature, index) => creatureBlock(full, creature, index + 1))
      : el("span", { class: "mt-bench-empty small muted" }, t("Bench empty")));
  const info = side.picked.info;
  const openSlot = info && info.seat === seat ? info.slot : null;
  const openCreature = openSlot === 0 ? player.active : openSlot ? bench[openSlot - 1] : null;
  const detail = openCreature && openCreature.card ? creatureDetail(full, openCreature, openSlot) : null;
  const winners = new Set(view.winners || []);
  return seatEntry({
    prefix: "mt-side", seat, name: nameOf(ctx.names, seat), you: seat === ctx.you, turn: acting,
    classes: [top ? "mt-side--top" : "mt-side--bottom"],
    badges: [
      seat === turnSeat ? el("span", { class: "badge badge--live" }, t("turn")) : null,
      view.phase === "promote" && acting ? el("span", { class: "badge badge--away" }, t("promoting")) : null,
      view.phase === "setup" ? el("span", { class: `badge${player.ready ? " badge--done" : " badge--live"}` },
        player.ready ? t("done") : t("placing")) : null,
      seat === view.first && view.phase !== "over" ? el("span", { class: "badge" }, t("went first")) : null,
      winners.has(seat) ? el("span", { class: "badge badge--win" }, t("winner")) : null,
    ],
    body: [
      el("div", { class: "mt-side-facts" }, prizesRow(player, view.prizes_total ?? 6), factsRow(player, side.catalogue)),
      top ? [benchRow, activeRow] : [activeRow, benchRow],
      detail,
    ],
  });
}

/** Both sides, the opponent's first (a spectator: seat 1 at the top, seat 0 below). */
export function boardBlock(options) {
  const { view, ctx } = options;
  const you = typeof ctx.you === "number" ? ctx.you : 0;
  const other = 1 - you;
  return el("section", { class: "mt-board", "aria-label": t("The table") },
    sideBlock({ ...options, seat: other, top: true, lit: null }),
    el("div", { class: "mt-midline", "aria-hidden": "true" }),
    sideBlock({ ...options, seat: you, top: false, lit: ctx.you === null ? null : options.lit }));
}
