// The Monster Duel turn panel, one per phase: the deck choice (whether the opponent has chosen,
// never what), the face-down setup, the turn (attacks with their cost, the energy missing and
// the damage previewed after weakness and resistance; retreat with its cost; end the turn), the
// deck search, the promote prompt and the end. Every move button is a legal action's
// (lib/actions.js); what is not legal now is shown disabled, with why.

import { actionButton } from "../../lib/actions.js";
import { cardFace } from "../../lib/cards.js";
import { el } from "../../lib/dom.js";
import { nameOf, plural } from "../../lib/format.js";
import {
  cardLabel, cardLook, cardPicture, cardTitle, costBadges, costText, deckTitle, effectText, typeBadge,
} from "./cards.js";
import { ofType } from "./plays.js";
import { winText } from "./words.js";

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
      el("span", { class: "mt-deck-types", role: "img", "aria-label": (deck.types || []).join(" and ") },
        (deck.types || []).map((type) => typeBadge(type)))),
    deck.text ? el("p", { class: "mt-deck-text small" }, deck.text) : null,
    actionButton({ action, legal: turn.legal, ctx: turn.ctx, className: "btn mt-choose-deck",
      label: `Choose ${deck.title || deckTitle(deck.id)}` }));
}

function deckPanel(turn) {
  const { view, ctx } = turn;
  const players = view.players || [];
  const other = otherOf(turn);
  const chooses = ofType(turn.actions, "choose_deck");
  const status = (seat) => {
    const player = players[seat] || {};
    return el("li", { class: "mt-deck-status", "data-seat": seat },
      el("strong", null, nameOf(ctx.names, seat)), player.chosen ? " has chosen a deck." : " is still choosing a deck.");
  };
  const mine = ctx.you === null ? null : players[ctx.you] || {};
  let yours = null;
  if (chooses.length) {
    const options = view.deck_options || [];
    yours = [el("p", null, el("strong", null, "Choose your deck. "),
      `The opponent will not see which until the match starts (${plural(view.prizes_total ?? 6, "prize card")} each).`),
    el("ul", { class: "mt-decks" }, options.map((deck) => deckOption(turn, deck,
      chooses.find((action) => action.deck === deck.id) || { type: "choose_deck", deck: deck.id })))];
  } else if (mine && mine.chosen) {
    yours = el("p", null, "Your deck: ", el("strong", { class: "mt-your-deck" }, mine.deck ? deckTitle(mine.deck, view.deck_options) : "chosen"),
      players[other] && !players[other].chosen ? `. Waiting for ${nameOf(ctx.names, other)} to choose.` : ".");
  }
  // Only whether the opponent has chosen, never what (the view holds null for it anyway).
  const seats = ctx.you === null ? [0, 1] : [other];
  return panel("deck-phase", chooses.length > 0, "Choosing decks", yours, el("ul", { class: "mt-deck-statuses" }, seats.map(status)));
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
  const theirs = them.ready ? `${nameOf(ctx.names, other)} is done`
    : `${nameOf(ctx.names, other)} is placing (${plural(placed(them), "creature")} so far)`;
  if (ctx.you === null) {
    return panel("setup", false, "Setup", el("p", null, "The players place their creatures face down. ",
      [0, 1].map((seat) => `${nameOf(ctx.names, seat)}: ${(players[seat] || {}).ready ? "done" : "placing"}. `)));
  }
  const me = players[ctx.you] || {};
  const rows = [];
  if (extras.length) {
    const max = Math.max(...extras.map((action) => action.count));
    rows.push(el("p", null, el("strong", null, `${nameOf(ctx.names, other)} took ${plural(them.mulligans || max, "mulligan")}: `),
      `you may draw up to ${plural(max, "extra card")} before you place anything.`));
    rows.push(el("div", { class: "mt-moves" }, extras.slice().sort((a, b) => a.count - b.count).map((action) => actionButton({
      action, legal, ctx, className: "btn mt-draw-extra", label: action.count ? `Draw ${action.count}` : "No extra card" }))));
  }
  if (me.ready) {
    rows.push(el("p", null, el("strong", null, "You are done. "), them.ready ? "" : `Waiting for ${nameOf(ctx.names, other)}.`));
  } else {
    const what = me.active ? "Tap a Basic creature in your hand to put it on the bench (up to 5), or press Done."
      : "Tap a Basic creature in your hand to place it as your active creature.";
    rows.push(el("p", null, el("strong", null, "Setup: "), `${what} Your creatures stay face down until both players are done.`));
    if (!places.length && !done.length && !extras.length) rows.push(el("p", { class: "small muted" }, "Nothing to place."));
    rows.push(el("div", { class: "mt-moves" },
      actionButton({ action: { type: "setup_done" }, legal, ctx, className: "btn btn--primary mt-setup-done",
        label: "Done", title: me.active ? null : "Place an active creature first" })));
  }
  if (me.mulligans) rows.push(el("p", { class: "small muted" }, `You took ${plural(me.mulligans, "mulligan")} (no Basic creature in hand).`));
  rows.push(el("p", { class: "small mt-their-setup" }, `${theirs}.`));
  return panel("setup", turn.actions.length > 0, "Setup", rows);
}

// ---- your turn: attacks, retreat, end --------------------------------------------------------

/** How the preview's damage comes about: the base, weakness, resistance, coin flips. */
function damageNote(previewed, attack, attacker, defender, catalogue) {
  const base = attack ? attack.damage : null;
  const notes = [];
  if (defender && attacker && defender.weakness && defender.weakness === attacker.type) notes.push("\u00d72 weakness");
  if (defender && attacker && defender.resistance && defender.resistance === attacker.type) notes.push("\u221230 resistance");
  if (!notes.length && typeof base === "number" && typeof previewed === "number" && base !== previewed) notes.push(`base ${base}`);
  else if (notes.length && typeof base === "number") notes.unshift(`base ${base}`);
  if (attack && attack.effect && attack.effect.kind === "flip_extra") notes.push(`+${attack.effect.amount} on heads`);
  const to = defender ? ` to ${cardTitle(defender.name, catalogue)}` : "";
  const amount = previewed === null || previewed === undefined ? "No damage" : `${previewed} damage${to}`;
  return el("span", { class: "mt-preview-damage" }, el("strong", null, amount), notes.length ? ` (${notes.join(", ")})` : "");
}

function attackRow(turn, previewed, context) {
  const { catalogue, ctx, legal } = turn;
  const { attacker, defender, bench } = context;
  const index = previewed.attack;
  const attack = attacker && (attacker.attacks || [])[index];
  const moves = turn.actions.filter((action) => action.type === "attack" && action.attack === index);
  const missing = previewed.missing || [];
  const text = attack ? attack.text || effectText(attack.effect) : "";
  const title = previewed.title || (attack && attack.title) || `Attack ${index + 1}`;
  const buttons = moves.length
    ? moves.map((action) => {
      const target = typeof action.target === "number" ? bench[action.target - 1] : null;
      const on = target ? ` \u00b7 hit bench ${action.target} (${cardTitle(target.card, catalogue)})` : "";
      return actionButton({ action, legal, ctx, className: "btn btn--primary mt-attack-go", label: `Use ${title}${on}` });
    })
    : [actionButton({ action: { type: "attack", attack: index, target: null }, legal, ctx, className: "btn mt-attack-go",
      label: `Use ${title}`, title: previewed.blocked || (missing.length ? `Missing ${costText(missing)} energy` : null) })];
  return el("li", { class: `mt-attack${moves.length ? " is-ready" : ""}`, "data-attack": index, "data-key": `attack ${index}` },
    el("div", { class: "mt-attack-head" },
      costBadges(previewed.cost || (attack && attack.cost)),
      el("strong", { class: "mt-attack-title" }, ` ${title}`),
      el("span", { class: "mt-attack-base" }, attack && attack.damage ? ` ${attack.damage}` : "")),
    el("div", { class: "mt-attack-preview small" }, damageNote(previewed.damage, attack, attacker, defender, catalogue)),
    text ? el("div", { class: "mt-attack-text small muted" }, text) : null,
    missing.length ? el("div", { class: "mt-missing small" }, "Missing: ", costBadges(missing), ` ${costText(missing)} energy`) : null,
    previewed.blocked ? el("div", { class: "mt-blocked small" }, `Not now: ${previewed.blocked}`) : null,
    el("div", { class: "mt-moves" }, buttons));
}

function retreatRow(turn, retreat) {
  const { local, view, choose } = turn;
  const moves = ofType(turn.actions, "retreat");
  const cost = retreat ? retreat.cost ?? 0 : 0;
  const why = retreat && retreat.blocked ? `Not now: ${retreat.blocked}`
    : retreat && retreat.missing ? `Needs ${plural(retreat.missing, "more energy", "more energy")} on the active creature`
      : view.this_turn && view.this_turn.retreated ? "Already retreated this turn" : null;
  const picking = local.retreat && moves.length > 0;
  return el("div", { class: "mt-retreat-row" },
    el("span", { class: "mt-retreat-cost" }, el("strong", null, "Retreat: "),
      cost ? [costBadges(Array(cost).fill("colorless")), ` ${plural(cost, "energy", "energy")} discarded`] : "free"),
    el("button", {
      type: "button", class: `btn btn--small mt-retreat${picking ? " is-selected" : ""}`, disabled: !moves.length,
      "aria-pressed": picking ? "true" : "false", title: why, onclick: moves.length ? () => choose({ retreat: !picking, card: null }) : null,
    }, picking ? "Cancel retreat" : "Retreat\u2026"),
    why ? el("span", { class: "mt-retreat-why small muted" }, why) : null,
    picking ? el("span", { class: "mt-retreat-hint small" }, "Tap the lit bench creature that comes in.") : null);
}

function playPanel(turn) {
  const { view, ctx, legal, catalogue } = turn;
  const number = view.number ? ` (turn ${view.number})` : "";
  const ends = ofType(turn.actions, "end_turn");
  if (!view.preview && !ends.length) {
    return panel("play", false, "Turn", el("p", null, `${nameOf(ctx.names, view.turn)}'s turn${number}.`));
  }
  const players = view.players || [];
  const me = players[ctx.you] || {};
  const them = players[otherOf(turn)] || {};
  const active = me.active && me.active.card ? catalogue[me.active.card] : null;
  const defending = them.active && them.active.card ? { ...(catalogue[them.active.card] || {}), name: them.active.card } : null;
  const preview = view.preview || { attacks: [], retreat: null };
  const context = { attacker: active, defender: defending, bench: them.bench || [] };
  const attached = view.this_turn && view.this_turn.energy_attached;
  return panel("play", true, "Your turn",
    el("p", null, el("strong", null, `Your turn${number}. `),
      attached ? "Energy attached this turn. " : "You may attach one energy. ",
      "Tap a card in your hand to play it, or a creature to read it."),
    preview.attacks.length
      ? el("ol", { class: "mt-attacks", "aria-label": `Attacks of ${active ? active.title : "your active creature"}` },
        preview.attacks.map((previewed) => attackRow(turn, previewed, context)))
      : el("p", { class: "small muted" }, "Your active creature has no attack."),
    retreatRow(turn, preview.retreat),
    el("div", { class: "mt-moves mt-end-row" },
      actionButton({ action: { type: "end_turn" }, legal, ctx, className: "btn mt-end-turn", label: "End turn without attacking" })));
}

// ---- search, promote, the end ------------------------------------------------------------------

function searchPanel(turn) {
  const { view, ctx, legal, catalogue } = turn;
  const takes = ofType(turn.actions, "take_basic");
  if (!takes.length && !ofType(turn.actions, "take_none").length) {
    return panel("search", false, "Searching", el("p", null, `${nameOf(ctx.names, view.turn)} is searching the deck for a Basic creature.`));
  }
  const found = view.search || [];
  return panel("search", true, "Search your deck",
    el("p", null, el("strong", null, "Search your deck: "), found.length ? "take one Basic creature into your hand." : "no Basic creature in it."),
    el("div", { class: "mt-search-cards" }, found.map((name, index) => {
      const action = takes.find((one) => one.card === name) || { type: "take_basic", card: name };
      return cardFace({ look: cardLook(catalogue[name], "mt-search-card"), label: `Take ${cardLabel(name, catalogue)}`,
        face: cardPicture(name, catalogue), key: `search ${index} ${name}`, play: { action, legal, ctx } });
    })),
    el("div", { class: "mt-moves" },
      actionButton({ action: { type: "take_none" }, legal, ctx, className: "btn mt-take-none", label: "Take none" })));
}

function promotePanel(turn) {
  const { view, ctx } = turn;
  const promotes = ofType(turn.actions, "promote");
  const seat = (view.to_act || [])[0];
  if (!promotes.length) {
    return panel("promote", false, "Promoting",
      el("p", null, `${nameOf(ctx.names, seat)}'s active creature was knocked out: they are choosing a new one from the bench.`));
  }
  return panel("promote", true, "Choose your new active creature",
    el("p", null, el("strong", null, "Your active creature was knocked out. "),
      `Tap a lit creature on your bench to make it active (${plural(promotes.length, "choice")}).`));
}

function overPanel(turn) {
  const { view, ctx } = turn;
  const total = view.prizes_total ?? 6;
  const taken = (view.players || []).map((player, seat) => `${nameOf(ctx.names, seat)} ${total - (player.prizes ?? total)}`);
  return panel("over", false, "Game over",
    el("p", null, el("strong", { class: "mt-winners" }, winText(view.winners, view.reason, ctx.names))),
    el("p", { class: "small" }, `Prize cards taken: ${taken.join(", ")} (of ${total}).`));
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
      return panel("wait", false, "Waiting", el("p", null, "Waiting\u2026"));
  }
}
