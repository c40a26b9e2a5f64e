// Monopoly Deal cards in the browser (rules/monopoly-deal.md, Deck; the wire: the ids of
// app/rules/monopoly_deal/components.py). A card is its id, "{kind}-{detail}-{k}":
// "money-5-2", "action-sly_deal-1", "rent-red+yellow-2", "rent-any-3", "property-green-3",
// "wild-pink+orange-1", "wild-any-2". Colour pairs are written "a+b".

import { el } from "../../lib/dom.js";
import { N_, t } from "../../lib/i18n.js";
import { mark } from "../../lib/pieces.js";

/** The ten colours, in the order sets and choices are listed (the rules' COLOURS). */
export const COLOURS = ["brown", "dark_blue", "green", "light_blue", "orange", "pink", "railroad", "red", "yellow", "utility"];

/** Each colour in words (the rules' COLOUR_NAMES). */
const COLOUR_NAMES = {
  brown: N_("brown"), dark_blue: N_("dark blue"), green: N_("green"), light_blue: N_("light blue"), orange: N_("orange"),
  pink: N_("pink"), railroad: N_("railroad"), red: N_("red"), yellow: N_("yellow"), utility: N_("utility"),
};

/** Property table, Cards (set size). */
export const SET_SIZE = {
  brown: 2, dark_blue: 2, green: 3, light_blue: 3, orange: 3, pink: 3, railroad: 4, red: 3, yellow: 3, utility: 2,
};

/** Property table, Bank value. */
const PROPERTY_VALUE = {
  brown: 1, dark_blue: 4, green: 4, light_blue: 1, orange: 2, pink: 2, railroad: 2, red: 3, yellow: 3, utility: 2,
};

/** Action cards: name and bank value. */
const ACTIONS = {
  deal_breaker: [N_("Deal Breaker"), 5],
  just_say_no: [N_("Just Say No"), 4],
  sly_deal: [N_("Sly Deal"), 3],
  forced_deal: [N_("Forced Deal"), 3],
  debt_collector: [N_("Debt Collector"), 3],
  birthday: [N_("It's My Birthday"), 2],
  pass_go: [N_("Pass Go"), 1],
  house: [N_("House"), 3],
  hotel: [N_("Hotel"), 4],
  double_rent: [N_("Double the Rent"), 1],
};

/** Property wildcards: bank value (a multicolour wild has none: it can't be banked or paid). */
const WILD_VALUE = {
  "dark_blue+green": 4, "green+railroad": 4, "light_blue+railroad": 4, "light_blue+brown": 1,
  "railroad+utility": 2, "pink+orange": 2, "red+yellow": 3, any: 0,
};

/** "dark_blue" -> "dark blue". */
export function colourName(colour) {
  const name = COLOUR_NAMES[colour];
  return name ? t(name) : String(colour || "").replace(/_/g, " ");
}

/** The name of an action card's action ("sly_deal" -> "Sly Deal"), or the raw text. */
export function actionName(name) {
  return ACTIONS[name] ? t(ACTIONS[name][0]) : String(name);
}

/**
 * What an id stands for: {id, kind, detail, value, colours}; colours are a property's one, a
 * two-colour card's two, every colour for "any". An unknown id gives kind "".
 */
export function parseCard(id) {
  const match = /^(money|action|rent|property|wild)-([a-z0-9_+]+)-(\d+)$/.exec(String(id || ""));
  if (!match) return { id, kind: "", detail: "", value: 0, colours: [] };
  const [, kind, detail] = match;
  const colours = kind === "money" || kind === "action" ? [] : detail === "any" ? COLOURS : detail.split("+");
  let value = 0;
  if (kind === "money") value = Number(detail);
  else if (kind === "action") value = (ACTIONS[detail] || [null, 0])[1];
  else if (kind === "rent") value = detail === "any" ? 3 : 1;
  else if (kind === "property") value = PROPERTY_VALUE[detail] || 0;
  else value = WILD_VALUE[detail] || 0;
  return { id, kind, detail, value, colours };
}

/** A card's bank value in M. */
export function cardValue(id) {
  return parseCard(id).value;
}

/** "5M". */
export function money(amount) {
  return `${Number(amount) || 0}M`;
}

function pairName(card) {
  return card.detail === "any" ? t("multicolour") : card.colours.map(colourName).join("/");
}

/**
 * The card in words: "5M", "Sly Deal", "red/yellow rent", "wild rent", "dark blue property",
 * "pink/orange wildcard", "multicolour wildcard".
 */
export function cardName(id) {
  const card = parseCard(id);
  switch (card.kind) {
    case "money":
      return money(card.value);
    case "action":
      return actionName(card.detail);
    case "rent":
      return card.detail === "any" ? t("wild rent") : t("{colours} rent", { colours: pairName(card) });
    case "property":
      return t("{colour} property", { colour: colourName(card.detail) });
    case "wild":
      return t("{colours} wildcard", { colours: pairName(card) });
    default:
      return String(id);
  }
}

/** The card in words with its bank value where it has one: "Sly Deal (3M)". */
export function cardWithValue(id) {
  const value = cardValue(id);
  const kind = parseCard(id).kind;
  return kind === "money" || !value ? cardName(id) : `${cardName(id)} (${money(value)})`;
}

/** Sum of bank values. */
export function totalValue(cards) {
  return (cards || []).reduce((sum, id) => sum + cardValue(id), 0);
}

// ---- faces -------------------------------------------------------------------------------

/**
 * The card's classes: md-card md-kind-{kind}, and its colours as md-c-{first} md-c2-{second}
 * (the CSS paints a two-colour card half and half; "any" is a rainbow).
 */
export function cardLook(id, extra = "") {
  const card = parseCard(id);
  const classes = ["md-card", `md-kind-${card.kind || "x"}`];
  if (card.detail === "any") classes.push("md-any");
  else if (card.colours.length) {
    classes.push(`md-c-${card.colours[0]}`, `md-c2-${card.colours[card.colours.length - 1]}`);
  }
  if (card.kind === "money") classes.push(`md-money-${card.value}`);
  if (extra) classes.push(extra);
  return classes.join(" ");
}

// A picture per kind of card (lib/pieces.js), in the corner: the kind at a glance.
const KIND_ICON = { property: "house", wild: "rainbow", money: "coin", action: "bolt", rent: "key" };

const SHORT_ACTION = {
  deal_breaker: N_("Deal Breaker"), just_say_no: N_("Just Say No!"), sly_deal: N_("Sly Deal"), forced_deal: N_("Forced Deal"),
  debt_collector: N_("Debt Collector"), birthday: N_("Birthday"), pass_go: N_("Pass Go"), house: N_("House"), hotel: N_("Hotel"),
  double_rent: N_("Double Rent"),
};

/** What a card shows (aria-hidden: its label says it in words): its title and its value. */
export function cardPicture(id, { colour = null } = {}) {
  const card = parseCard(id);
  let title;
  if (card.kind === "money") title = money(card.value);
  else if (card.kind === "action") title = SHORT_ACTION[card.detail] ? t(SHORT_ACTION[card.detail]) : card.detail;
  else if (card.kind === "rent") title = card.detail === "any" ? t("Rent: any") : t("Rent");
  else if (card.kind === "wild") {
    const as = colour ? colourName(colour) : card.detail === "any" ? t("any colour") : card.colours.map(colourName).join(" / ");
    title = [t("Wild"), el("span", { class: "md-as" }, as)];
  } else title = colourName(card.detail);
  return el("span", { class: "md-face", "aria-hidden": "true" },
    mark(KIND_ICON[card.kind], "md-icon"),
    el("span", { class: "md-title" }, title),
    card.kind === "money" || !card.value ? null : el("span", { class: "md-value" }, money(card.value)));
}

/** A small card as a picture part (in a set, a bank, the discards). */
export function smallCard(id, { colour = null, extra = "" } = {}) {
  return el("span", { class: cardLook(id, `md-card--small${extra ? ` ${extra}` : ""}`), "data-card": id, "aria-hidden": "true" },
    cardPicture(id, { colour }));
}
