// A play chosen a step at a time from the legal actions the frame carries (app/rules/
// monopoly_deal: the wire). A card is tapped, then what to do with it (bank it, place it as a
// colour, play it for its effect), then the targets the action still needs, in the order
// FIELDS gives: a step is only asked when the legal actions left differ in it, so a debt
// collector at a table of two goes straight to its button. Nothing here invents an action:
// every option is a set of legal actions, and the last step's options are those actions.

import { canonical } from "../../lib/actions.js";

/** The fields each action type is chosen by after its card, in the order they are asked. */
export const FIELDS = {
  bank: [],
  place: ["colour"],
  move_wild: ["colour"],
  pass_go: [],
  birthday: [],
  debt_collector: ["target"],
  sly_deal: ["target", "take"],
  forced_deal: ["target", "take", "give"],
  deal_breaker: ["target", "set"],
  build: ["set"],
  rent: ["colour", "doubles", "target"],
  discard: [],
};

/**
 * What makes two values of a field the same choice: for Double the Rent, how many (which of
 * two held Double the Rents goes with the rent makes no difference; the first one is sent).
 */
const CHOICE_KEY = { doubles: (value) => (value || []).length };

/** The order a card's kinds of play are offered in. */
const KIND_ORDER = ["place", "move_wild", "rent", "pass_go", "birthday", "debt_collector", "sly_deal", "forced_deal",
  "deal_breaker", "build", "bank", "discard"];

/** The legal actions played with `card` (a hand card, or a wildcard on the table to move). */
export function playsOf(legal, card) {
  return (legal || []).filter((action) => action.card === card && action.type in FIELDS);
}

/** The cards that have a play, in the order the legal list names them. */
export function playableCards(legal) {
  return [...new Set((legal || []).filter((action) => action.type in FIELDS && action.card).map((action) => action.card))];
}

/** The kinds of play among `actions`, in KIND_ORDER. */
export function kindsOf(actions) {
  const kinds = new Set(actions.map((action) => action.type));
  return KIND_ORDER.filter((kind) => kinds.has(kind));
}

function same(one, other) {
  return canonical(one ?? null) === canonical(other ?? null);
}

/** The actions of `kind` that agree with every field picked so far. */
export function matching(actions, kind, picks) {
  return actions.filter((action) => action.type === kind
    && Object.entries(picks).every(([field, value]) => same(action[field], value)));
}

/**
 * The next step of a play of `kind` with `picks` made: {field, options: [{value, actions}]}
 * for the first field the actions left differ in (options in the legal list's order, one per
 * choice: CHOICE_KEY), or {field: null, action} once one action is left.
 */
export function nextStep(actions, kind, picks) {
  const left = matching(actions, kind, picks);
  for (const field of FIELDS[kind] || []) {
    if (field in picks) continue;
    const key = CHOICE_KEY[field] || canonical;
    const options = [];
    for (const action of left) {
      const option = options.find((one) => key(one.value) === key(action[field]));
      if (!option) options.push({ value: action[field], actions: [action] });
      else if (same(option.value, action[field])) option.actions.push(action);
    }
    if (options.length > 1) return { field, options };
  }
  return { field: null, action: left[0] || null };
}
