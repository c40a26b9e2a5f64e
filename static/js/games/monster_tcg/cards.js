// Monster Duel cards in the browser (rules: shared/rules/monster-tcg.md, "Settled for Parlor";
// the wire: the view's `catalogue`, {name: Card}). A card is its lowercase name ("cinder-pup",
// "fire-energy"); its title, type, HP and attacks come from the catalogue of the frame. The log
// and the record have no catalogue: they use the titles learned from the last frame drawn, else
// the name in words ("cinder-pup" -> "Cinder Pup").

import { el, srOnly } from "../../lib/dom.js";
import { listText } from "../../lib/format.js";
import { N_, t } from "../../lib/i18n.js";
import { back, mark } from "../../lib/pieces.js";

export const TYPES = ["fire", "water", "grass", "lightning", "colorless"];
const TYPE_LETTER = { fire: "F", water: "W", grass: "G", lightning: "L", colorless: "C" }; // i18n: not text
const TYPE_WORD = {
  fire: N_("fire"), water: N_("water"), grass: N_("grass"), lightning: N_("lightning"), colorless: N_("any type"),
};
const STAGE_WORD = [N_("Basic"), N_("Stage 1"), N_("Stage 2")];

// Titles of cards and decks from the frames drawn on this page (the log has no catalogue).
const learned = { cards: new Map(), decks: new Map() };

/** Remember the titles of a view's catalogue and deck options, for the log and the record. */
export function learn(view) {
  for (const [name, card] of Object.entries(view.catalogue || {})) if (card && card.title) learned.cards.set(name, card.title);
  for (const deck of view.deck_options || []) if (deck && deck.id) learned.decks.set(deck.id, deck.title || deck.id);
}

/** "cinder-pup" -> "Cinder Pup". */
export function humanize(name) {
  return String(name ?? "").split(/[-_\s]+/).filter(Boolean).map((word) => word[0].toUpperCase() + word.slice(1)).join(" ");
}

/** A card's title: the catalogue's, else the one learned, else the name in words. */
export function cardTitle(name, catalogue = null) {
  if (name === null || name === undefined) return t("a face-down card");
  const card = catalogue && catalogue[name];
  return (card && card.title) || learned.cards.get(name) || humanize(name);
}

/** A deck's title ("Ember Rush"), from the deck options seen, else its id in words. */
export function deckTitle(id, options = null) {
  const deck = (options || []).find((one) => one.id === id);
  return (deck && deck.title) || learned.decks.get(id) || humanize(id);
}

/** "fire", "any type" (colorless). */
export function typeWord(type) {
  return TYPE_WORD[type] ? t(TYPE_WORD[type]) : String(type || "");
}

/** A type as a card prints it ("fire"; colorless "colorless"). */
export function typeName(type) {
  return type === "colorless" ? t("colorless") : typeWord(type);
}

export function stageWord(stage) {
  return STAGE_WORD[stage] ? t(STAGE_WORD[stage]) : t("Stage {number}", { number: stage });
}

/** The energy type of an energy card: the catalogue's, else the name's first word. */
export function energyType(name, catalogue = null) {
  const card = catalogue && catalogue[name];
  if (card && card.type) return card.type;
  const first = String(name || "").split("-")[0];
  return TYPES.includes(first) ? first : "colorless";
}

/** A small round type badge ("F" on red): aria-hidden unless `label` is given. */
export function typeBadge(type, { label = null, extra = "" } = {}) {
  const known = TYPES.includes(type) ? type : "colorless";
  return el("span", {
    class: `mt-type mt-t-${known}${extra ? ` ${extra}` : ""}`, title: typeWord(known),
    role: label ? "img" : null, "aria-label": label, "aria-hidden": label ? null : "true",
  }, TYPE_LETTER[known]);
}

/** Cost badges for a list of types, with the cost in words for screen readers. */
export function costBadges(cost, extra = "") {
  const list = cost || [];
  return el("span", { class: `mt-cost${extra ? ` ${extra}` : ""}` },
    list.length ? list.map((type) => typeBadge(type)) : el("span", { class: "mt-free", "aria-hidden": "true" }, t("free")),
    srOnly(costText(list)));
}

/** "2 fire and 1 any type", "no energy". */
export function costText(cost) {
  const list = cost || [];
  if (!list.length) return t("no energy");
  const counts = new Map();
  for (const type of list) counts.set(type, (counts.get(type) || 0) + 1);
  return listText([...counts].map(([type, count]) => t("{count} {type}", { count, type: typeWord(type) })));
}

/** The look of a card face: its kind and type as classes. */
export function cardLook(card, extra = "") {
  const kind = card ? card.kind : "unknown";
  const type = card && card.type ? ` mt-t-${card.type}` : "";
  return `mt-card mt-k-${kind}${type}${extra ? ` ${extra}` : ""}`;
}

/** A hand card's face: title, then HP and stage (creature), type (energy) or "Trainer". */
export function cardPicture(name, catalogue) {
  const card = (catalogue || {})[name];
  const title = el("span", { class: "mt-card-title" }, cardTitle(name, catalogue));
  let parts = [title];
  if (card && card.kind === "creature") {
    parts = [el("span", { class: "mt-card-top" }, typeBadge(card.type), el("span", { class: "mt-card-hp" }, t("{hp} HP", { hp: card.hp }))),
      title, typeArt(card.type), el("span", { class: "mt-card-sub" }, stageWord(card.stage))];
  } else if (card && card.kind === "energy") {
    parts = [typeBadge(card.type, { extra: "mt-type--big" }), title];
  } else if (card) {
    parts = [el("span", { class: "mt-card-top mt-card-trainer" }, t("Trainer")), title];
  }
  return el("span", { class: "mt-card-face", "aria-hidden": "true" }, parts);
}

/** A card in words, for screen readers and tooltips ("Cinder Pup, fire Basic creature, 50 HP"). */
export function cardLabel(name, catalogue) {
  const card = (catalogue || {})[name];
  const title = cardTitle(name, catalogue);
  if (!card) return title;
  if (card.kind === "creature") {
    return t("{card}, {type} {stage} creature, {hp} HP", { card: title, type: typeName(card.type), stage: stageWord(card.stage), hp: card.hp });
  }
  if (card.kind === "energy") return t("{card}, {type} energy", { card: title, type: typeWord(card.type) });
  return t("{card}, trainer", { card: title });
}

// The art window of a creature card: its type's emblem (lib/pieces.js) on the type's colours.
const TYPE_EMBLEM = { fire: "flame", water: "drop", grass: "leaf", lightning: "bolt", colorless: "star" };

function typeArt(type) {
  const known = TYPES.includes(type) ? type : "colorless";
  return el("span", { class: "mt-art" }, mark(TYPE_EMBLEM[known], "mt-art-emblem"));
}

/** The back of a card (a face-down creature, a card in a hidden hand or pile): Monster Duel's own. */
export function cardBack(extra = "") {
  return back("monster_tcg", { className: `mt-back${extra ? ` ${extra}` : ""}` });
}

/** What an attack's effect does, in words (the effect kinds of the contract). */
export function effectText(effect) {
  if (!effect) return "";
  switch (effect.kind) {
    case "flip_extra":
      return t("Flip a coin: heads, {amount} more damage.", { amount: effect.amount });
    case "flip_paralyse":
      return t("Flip a coin: heads, the defending creature is paralysed.");
    case "poison":
      return t("The defending creature is poisoned.");
    case "burn":
      return t("The defending creature is burned.");
    case "sleep":
      return t("The defending creature falls asleep.");
    case "confuse":
      return t("The defending creature is confused.");
    case "heal_self":
      return t("Heal {amount} damage from this creature.", { amount: effect.amount });
    case "draw":
      return effect.count === 1 ? t("Draw a card.") : t("Draw {count} cards.", { count: effect.count });
    case "bench_damage":
      return t("{amount} damage to one of the opponent's benched creatures.", { amount: effect.amount });
    default:
      return humanize(effect.kind);
  }
}

/** An attack's effect as the card prints it (the rules' wording, app/rules/monster_tcg/
 * components.py _EFFECT_TEXT), in the reader's language. */
function attackEffectText(effect) {
  switch (effect.kind) {
    case "flip_extra":
      return t("Flip a coin: heads, this attack does {amount} more damage.", { amount: effect.amount });
    case "flip_paralyse":
      return t("Flip a coin: heads, the defending creature is now paralysed.");
    case "poison":
      return t("The defending creature is now poisoned.");
    case "burn":
      return t("The defending creature is now burned.");
    case "sleep":
      return t("The defending creature is now asleep.");
    case "confuse":
      return t("The defending creature is now confused.");
    case "heal_self":
      return t("Heal {amount} damage from this creature.", { amount: effect.amount });
    case "draw":
      return t("Draw {count} card(s).", { count: effect.count });
    case "bench_damage":
      return t("Does {amount} damage to one of the opponent's benched creatures.", { amount: effect.amount });
    default:
      return effectText(effect);
  }
}

/** A card's (or an attack's) text in the reader's language: an attack's from its effect, an
 * energy's from its type, a trainer's own (the rules' English, a message: components.py). */
export function cardText(card) {
  if (!card) return "";
  if (card.effect && typeof card.effect === "object") return attackEffectText(card.effect);
  if (card.kind === "energy") return t("Basic energy: provides one {type} energy.", { type: typeWord(card.type) });
  return card.text ? t(card.text) : "";
}

/** One attack of a card: cost, title, damage and its text (the effect's, else the card's own). */
function attackBlock(attack) {
  const text = cardText(attack);
  return el("li", { class: "mt-detail-attack" },
    costBadges(attack.cost),
    el("strong", null, ` ${attack.title}`),
    attack.damage ? el("span", { class: "mt-detail-damage" }, ` ${attack.damage}`) : null,
    text ? el("span", { class: "mt-detail-text" }, ` \u2014 ${text}`) : null);
}

/**
 * A card's full text from the catalogue: HP, type, stage and what it evolves from, the attacks
 * with cost, damage and effect, weakness, resistance and retreat (a creature), or its text.
 * `extra`: lines about the card in play (damage, lower stages).
 */
export function cardDetail(name, catalogue, { extra = null, key = "detail" } = {}) {
  const card = (catalogue || {})[name];
  const title = cardTitle(name, catalogue);
  const parts = [];
  if (!card) {
    parts.push(el("p", { class: "muted" }, t("No details for this card.")));
  } else if (card.kind === "creature") {
    parts.push(el("p", { class: "mt-detail-line" }, typeBadge(card.type),
      ` ${typeName(card.type)} \u00b7 ${stageWord(card.stage)}`,
      card.evolves_from ? t(" (evolves from {card})", { card: cardTitle(card.evolves_from, catalogue) }) : "",
      ` \u00b7 ${t("{hp} HP", { hp: card.hp })}`));
    parts.push(el("ul", { class: "mt-detail-attacks" }, (card.attacks || []).map(attackBlock)));
    parts.push(el("p", { class: "mt-detail-line small" },
      t("Weakness: "), card.weakness ? [typeBadge(card.weakness), ` ${typeName(card.weakness)} (\u00d72)`] : t("none"),
      ` \u00b7 ${t("Resistance: ")}`, card.resistance ? [typeBadge(card.resistance), ` ${typeName(card.resistance)} (\u221230)`] : t("none"),
      ` \u00b7 ${t("Retreat: ")}`, card.retreat ? costBadges(Array(card.retreat).fill("colorless")) : t("free")));
  } else if (card.kind === "energy") {
    parts.push(el("p", { class: "mt-detail-line" }, typeBadge(card.type), ` ${t("{type} energy", { type: typeWord(card.type) })}`));
  } else {
    parts.push(el("p", { class: "mt-detail-line" }, t("Trainer")));
  }
  if (card && card.text) parts.push(el("p", { class: "mt-detail-text small" }, cardText(card)));
  return el("section", { class: "mt-detail", "aria-label": t("{card}: the card", { card: title }), "data-key": key },
    el("h3", { class: "mt-detail-title" }, title), extra, parts);
}
