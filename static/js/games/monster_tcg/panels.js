// The Monster Duel turn panel, one per phase: the deck choice (whether the opponent has chosen,
// never what), the face-down setup, the turn (attacks with their cost, the energy missing and
// the damage previewed after weakness and resistance; retreat with its cost; end the turn), the
// deck search, the promote prompt and the end. Every move button is a legal action's
// (lib/actions.js); what is not legal now is shown disabled, with why.

import { actionButton } from "../../lib/actions.js";
import { cardFace } from "../../lib/cards.js";
import { el } from "../../lib/dom.js";
import { listText, nameOf } from "../../lib/format.js";
import { N_, t, tn } from "../../lib/i18n.js";
import {
  cardLabel, cardLook, cardPicture, cardText, cardTitle, costBadges, costText, deckTitle, typeBadge, typeWord,
} from "./cards.js";
import { ofType } from "./plays.js";
import { winText } from "./words.js";

// Why an attack or a retreat is not possible now (the view's ``blocked``: app/rules/
// monster_tcg/checks.py attack_blocked and retreat_blocked).
// i18n: not text (the keys are the rules' codes)
const BLOCKED = {
  retreated: N_("retreated this turn already"), "no bench": N_("no benched creature"), // i18n: not text
  asleep: N_("asleep"), paralysed: N_("paralysed"), energy: N_("not enough energy"), // i18n: not text
  "first turn": N_("the first player does not attack on the first turn"), "no active": N_("no active creature"),
};

function blockedText(code) {
  return BLOCKED[code] ? t(BLOCKED[code]) : String(code);
}

/** A sentence with a node (a name in bold) where it says "\u0000". */
function withName(sentence, node) {
  return sentence.split("\u0000").flatMap((part, index) => (index ? [node, part] : [part]));
}

function panel(kind, mine, label, ...children) {
  return el("section", { class: `mt-turn mt-${kind}${mine ? " is-mine" : ""}`, "aria-label": label }, children);
}

/** The other seat (two players). */
function otherOf(turn) {
  return typeof turn.ctx.you === "number" ? 1 - turn.ctx.you : 1;
}

// ---- the deck choice -------------------------------------------------------------------------

function deckOption(turn, deck, action) {
  return el("li", { class: "mt-deck", "data-key": `deck ${deck.id}`, "data-deck": deck.id },
    el("div", { class: "mt-deck-head" },
      el("strong", { class: "mt-deck-title" }, deck.title || deckTitle(deck.id)),
      el("span", { class: "mt-deck-types", role: "img", "aria-label": listText((deck.types || []).map(typeWord)) },
        (deck.types || []).map((type) => typeBadge(type)))),
    deck.text ? el("p", { class: "mt-deck-text small" }, t(deck.text)) : null,
    actionButton({ action, legal: turn.legal, ctx: turn.ctx, className: "btn mt-choose-deck",
      label: t("Choose {deck}", { deck: deck.title || deckTitle(deck.id) }) }));
}

function deckPanel(turn) {
  const { view, ctx } = turn;
  const players = view.players || [];
  const other = otherOf(turn);
  const chooses = ofType(turn.actions, "choose_deck");
  const status = (seat) => {
    const player = players[seat] || {};
    return el("li", { class: "mt-deck-status", "data-seat": seat },
      withName(player.chosen ? t("{player} has chosen a deck.", { player: "\u0000" })
        : t("{player} is still choosing a deck.", { player: "\u0000" }), el("strong", null, nameOf(ctx.names, seat))));
  };
  const mine = ctx.you === null ? null : players[ctx.you] || {};
  let yours = null;
  if (chooses.length) {
    const options = view.deck_options || [];
    yours = [el("p", null, el("strong", null, t("Choose your deck. ")),
      tn("The opponent will not see which until the match starts ({count} prize card each).",
        "The opponent will not see which until the match starts ({count} prize cards each).", view.prizes_total ?? 6)),
    el("ul", { class: "mt-decks" }, options.map((deck) => deckOption(turn, deck,
      chooses.find((action) => action.deck === deck.id) || { type: "choose_deck", deck: deck.id })))];
  } else if (mine && mine.chosen) {
    yours = el("p", null, t("Your deck: "), el("strong", { class: "mt-your-deck" }, mine.deck ? deckTitle(mine.deck, view.deck_options) : t("chosen")),
      players[other] && !players[other].chosen ? t(". Waiting for {player} to choose.", { player: nameOf(ctx.names, other) }) : ".");
  }
  // Only whether the opponent has chosen, never what (the view holds null for it anyway).
  const seats = ctx.you === null ? [0, 1] : [other];
  return panel("deck-phase", chooses.length > 0, t("Choosing decks"), yours, el("ul", { class: "mt-deck-statuses" }, seats.map(status)));
}

// ---- the setup -------------------------------------------------------------------------------

function setupPanel(turn) {
  const { view, ctx, legal } = turn;
  const players = view.players || [];
  const other = otherOf(turn);
  const them = players[other] || {};
  const extras = ofType(turn.actions, "draw_extra");
  const places = turn.actions.filter((action) => action.type === "place_active" || action.type === "place_bench");
  const done = ofType(turn.actions, "setup_done");
  const placed = (player) => (player.active ? 1 : 0) + (player.bench || []).length;
  const theirs = them.ready ? t("{player} is done.", { player: nameOf(ctx.names, other) })
    : tn("{player} is placing ({count} creature so far).", "{player} is placing ({count} creatures so far).", placed(them),
      { player: nameOf(ctx.names, other) });
  if (ctx.you === null) {
    return panel("setup", false, t("Setup"), el("p", null, t("The players place their creatures face down. "),
      [0, 1].map((seat) => {
        const player = nameOf(ctx.names, seat);
        return `${(players[seat] || {}).ready ? t("{player}: done.", { player }) : t("{player}: placing.", { player })} `;
      })));
  }
  const me = players[ctx.you] || {};
  const rows = [];
  if (extras.length) {
    const max = Math.max(...extras.map((action) => action.count));
    rows.push(el("p", null, el("strong", null, tn("{player} took {count} mulligan: ", "{player} took {count} mulligans: ",
      them.mulligans || max, { player: nameOf(ctx.names, other) })),
    tn("you may draw up to {count} extra card before you place anything.",
      "you may draw up to {count} extra cards before you place anything.", max)));
    rows.push(el("div", { class: "mt-moves" }, extras.slice().sort((a, b) => a.count - b.count).map((action) => actionButton({
      action, legal, ctx, className: "btn mt-draw-extra", label: action.count ? t("Draw {count}", { count: action.count }) : t("No extra card") }))));
  }
  if (me.ready) {
    rows.push(el("p", null, el("strong", null, t("You are done. ")), them.ready ? "" : t("Waiting for {player}.", { player: nameOf(ctx.names, other) })));
  } else {
    const what = me.active ? t("Tap a Basic creature in your hand to put it on the bench (up to 5), or press Done. Your creatures stay face down until both players are done.")
      : t("Tap a Basic creature in your hand to place it as your active creature. Your creatures stay face down until both players are done.");
    rows.push(el("p", null, el("strong", null, t("Setup: ")), what));
    if (!places.length && !done.length && !extras.length) rows.push(el("p", { class: "small muted" }, t("Nothing to place.")));
    rows.push(el("div", { class: "mt-moves" },
      actionButton({ action: { type: "setup_done" }, legal, ctx, className: "btn btn--primary mt-setup-done",
        label: t("Done"), title: me.active ? null : t("Place an active creature first") })));
  }
  if (me.mulligans) {
    rows.push(el("p", { class: "small muted" }, tn("You took {count} mulligan (no Basic creature in hand).",
      "You took {count} mulligans (no Basic creature in hand).", me.mulligans)));
  }
  rows.push(el("p", { class: "small mt-their-setup" }, theirs));
  return panel("setup", turn.actions.length > 0, t("Setup"), rows);
}

// ---- your turn: attacks, retreat, end --------------------------------------------------------

/** How the preview's damage comes about: the base, weakness, resistance, coin flips. */
function damageNote(previewed, attack, attacker, defender, catalogue) {
  const base = attack ? attack.damage : null;
  const notes = [];
  if (defender && attacker && defender.weakness && defender.weakness === attacker.type) notes.push(t("\u00d72 weakness"));
  if (defender && attacker && defender.resistance && defender.resistance === attacker.type) notes.push(t("\u221230 resistance"));
  if (!notes.length && typeof base === "number" && typeof previewed === "number" && base !== previewed) notes.push(t("base {damage}", { damage: base }));
  else if (notes.length && typeof base === "number") notes.unshift(t("base {damage}", { damage: base }));
  if (attack && attack.effect && attack.effect.kind === "flip_extra") notes.push(t("+{amount} on heads", { amount: attack.effect.amount }));
  const amount = previewed === null || previewed === undefined ? t("No damage")
    : defender ? t("{damage} damage to {creature}", { damage: previewed, creature: cardTitle(defender.name, catalogue) })
      : t("{damage} damage", { damage: previewed });
  return el("span", { class: "mt-preview-damage" }, el("strong", null, amount), notes.length ? ` (${notes.join(", ")})` : "");
}

function attackRow(turn, previewed, context) {
  const { catalogue, ctx, legal } = turn;
  const { attacker, defender, bench } = context;
  const index = previewed.attack;
  const attack = attacker && (attacker.attacks || [])[index];
  const moves = turn.actions.filter((action) => action.type === "attack" && action.attack === index);
  const missing = previewed.missing || [];
  const text = attack ? cardText(attack) : "";
  const title = previewed.title || (attack && attack.title) || t("Attack {number}", { number: index + 1 });
  const blocked = previewed.blocked ? blockedText(previewed.blocked) : null;
  const buttons = moves.length
    ? moves.map((action) => {
      const target = typeof action.target === "number" ? bench[action.target - 1] : null;
      const label = target ? t("Use {attack} \u00b7 hit bench {slot} ({creature})", { attack: title, slot: action.target, creature: cardTitle(target.card, catalogue) })
        : t("Use {attack}", { attack: title });
      return actionButton({ action, legal, ctx, className: "btn btn--primary mt-attack-go", label });
    })
    : [actionButton({ action: { type: "attack", attack: index, target: null }, legal, ctx, className: "btn mt-attack-go",
      label: t("Use {attack}", { attack: title }), title: blocked || (missing.length ? t("Missing {cost} energy", { cost: costText(missing) }) : null) })];
  return el("li", { class: `mt-attack${moves.length ? " is-ready" : ""}`, "data-attack": index, "data-key": `attack ${index}` },
    el("div", { class: "mt-attack-head" },
      costBadges(previewed.cost || (attack && attack.cost)),
      el("strong", { class: "mt-attack-title" }, ` ${title}`),
      el("span", { class: "mt-attack-base" }, attack && attack.damage ? ` ${attack.damage}` : "")),
    el("div", { class: "mt-attack-preview small" }, damageNote(previewed.damage, attack, attacker, defender, catalogue)),
    text ? el("div", { class: "mt-attack-text small muted" }, text) : null,
    missing.length ? el("div", { class: "mt-missing small" }, t("Missing: "), costBadges(missing), ` ${t("{cost} energy", { cost: costText(missing) })}`) : null,
    blocked ? el("div", { class: "mt-blocked small" }, t("Not now: {reason}", { reason: blocked })) : null,
    el("div", { class: "mt-moves" }, buttons));
}

function retreatRow(turn, retreat) {
  const { local, view, choose } = turn;
  const moves = ofType(turn.actions, "retreat");
  const cost = retreat ? retreat.cost ?? 0 : 0;
  const why = retreat && retreat.blocked ? t("Not now: {reason}", { reason: blockedText(retreat.blocked) })
    : retreat && retreat.missing ? tn("Needs {count} more energy on the active creature", "Needs {count} more energy on the active creature", retreat.missing)
      : view.this_turn && view.this_turn.retreated ? t("Already retreated this turn") : null;
  const picking = local.retreat && moves.length > 0;
  return el("div", { class: "mt-retreat-row" },
    el("span", { class: "mt-retreat-cost" }, el("strong", null, t("Retreat: ")),
      cost ? [costBadges(Array(cost).fill("colorless")), ` ${tn("{count} energy discarded", "{count} energy discarded", cost)}`] : t("free")),
    el("button", {
      type: "button", class: `btn btn--small mt-retreat${picking ? " is-selected" : ""}`, disabled: !moves.length,
      "aria-pressed": picking ? "true" : "false", title: why, onclick: moves.length ? () => choose({ retreat: !picking, card: null }) : null,
    }, picking ? t("Cancel retreat") : t("Retreat\u2026")),
    why ? el("span", { class: "mt-retreat-why small muted" }, why) : null,
    picking ? el("span", { class: "mt-retreat-hint small" }, t("Tap the lit bench creature that comes in.")) : null);
}

function playPanel(turn) {
  const { view, ctx, legal, catalogue } = turn;
  const ends = ofType(turn.actions, "end_turn");
  if (!view.preview && !ends.length) {
    const player = nameOf(ctx.names, view.turn);
    return panel("play", false, t("Turn"), el("p", null, view.number ? t("{player}'s turn (turn {number}).", { player, number: view.number })
      : t("{player}'s turn.", { player })));
  }
  const players = view.players || [];
  const me = players[ctx.you] || {};
  const them = players[otherOf(turn)] || {};
  const active = me.active && me.active.card ? catalogue[me.active.card] : null;
  const defending = them.active && them.active.card ? { ...(catalogue[them.active.card] || {}), name: them.active.card } : null;
  const preview = view.preview || { attacks: [], retreat: null };
  const context = { attacker: active, defender: defending, bench: them.bench || [] };
  const attached = view.this_turn && view.this_turn.energy_attached;
  return panel("play", true, t("Your turn"),
    el("p", null, el("strong", null, view.number ? t("Your turn (turn {number}). ", { number: view.number }) : t("Your turn. ")),
      attached ? t("Energy attached this turn. ") : t("You may attach one energy. "),
      t("Tap a card in your hand to play it, or a creature to read it.")),
    preview.attacks.length
      ? el("ol", { class: "mt-attacks", "aria-label": active ? t("Attacks of {creature}", { creature: active.title }) : t("Attacks of your active creature") },
        preview.attacks.map((previewed) => attackRow(turn, previewed, context)))
      : el("p", { class: "small muted" }, t("Your active creature has no attack.")),
    retreatRow(turn, preview.retreat),
    el("div", { class: "mt-moves mt-end-row" },
      actionButton({ action: { type: "end_turn" }, legal, ctx, className: "btn mt-end-turn", label: t("End turn without attacking") })));
}

// ---- search, promote, the end ------------------------------------------------------------------

function searchPanel(turn) {
  const { view, ctx, legal, catalogue } = turn;
  const takes = ofType(turn.actions, "take_basic");
  if (!takes.length && !ofType(turn.actions, "take_none").length) {
    return panel("search", false, t("Searching"), el("p", null, t("{player} is searching the deck for a Basic creature.", { player: nameOf(ctx.names, view.turn) })));
  }
  const found = view.search || [];
  return panel("search", true, t("Search your deck"),
    el("p", null, el("strong", null, t("Search your deck: ")), found.length ? t("take one Basic creature into your hand.") : t("no Basic creature in it.")),
    el("div", { class: "mt-search-cards" }, found.map((name, index) => {
      const action = takes.find((one) => one.card === name) || { type: "take_basic", card: name };
      return cardFace({ look: cardLook(catalogue[name], "mt-search-card"), label: t("Take {card}", { card: cardLabel(name, catalogue) }),
        face: cardPicture(name, catalogue), key: `search ${index} ${name}`, play: { action, legal, ctx } });
    })),
    el("div", { class: "mt-moves" },
      actionButton({ action: { type: "take_none" }, legal, ctx, className: "btn mt-take-none", label: t("Take none") })));
}

function promotePanel(turn) {
  const { view, ctx } = turn;
  const promotes = ofType(turn.actions, "promote");
  const seat = (view.to_act || [])[0];
  if (!promotes.length) {
    return panel("promote", false, t("Promoting"),
      el("p", null, t("{player}'s active creature was knocked out: they are choosing a new one from the bench.", { player: nameOf(ctx.names, seat) })));
  }
  return panel("promote", true, t("Choose your new active creature"),
    el("p", null, el("strong", null, t("Your active creature was knocked out. ")),
      tn("Tap a lit creature on your bench to make it active ({count} choice).",
        "Tap a lit creature on your bench to make it active ({count} choices).", promotes.length)));
}

function overPanel(turn) {
  const { view, ctx } = turn;
  const total = view.prizes_total ?? 6;
  const taken = (view.players || []).map((player, seat) => `${nameOf(ctx.names, seat)} ${total - (player.prizes ?? total)}`);
  return panel("over", false, t("Game over"),
    el("p", null, el("strong", { class: "mt-winners" }, winText(view.winners, view.reason, ctx.names))),
    el("p", { class: "small" }, t("Prize cards taken: {taken} (of {total}).", { taken: taken.join(", "), total })));
}

/** The panel for the phase of the frame. */
export function turnPanel(turn) {
  switch (turn.view.phase) {
    case "deck":
      return deckPanel(turn);
    case "setup":
      return setupPanel(turn);
    case "play":
      return playPanel(turn);
    case "search":
      return searchPanel(turn);
    case "promote":
      return promotePanel(turn);
    case "over":
      return overPanel(turn);
    default:
      return panel("wait", false, t("Waiting"), el("p", null, t("Waiting\u2026")));
  }
}
