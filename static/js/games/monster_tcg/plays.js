// Monster Duel moves, read only from the server's legal actions (the wire contract of issue 22):
// what a hand card may do now, and which of the viewer's slots light up for it. Nothing here
// decides legality; it only sorts the legal list.

const HAND_TYPES = new Set(["place_active", "place_bench", "bench", "evolve", "attach", "trainer"]);

/** The legal actions that play the hand card `card` (by name: copies are interchangeable). */
export function playsOf(actions, card) {
  return (actions || []).filter((action) => HAND_TYPES.has(action.type) && action.card === card);
}

/** The names of the hand cards that have a legal play now. */
export function playableCards(actions) {
  return new Set((actions || []).filter((action) => HAND_TYPES.has(action.type)).map((action) => action.card));
}

/** The plays that go on one of the viewer's creatures (a slot lights up for each). */
export function slotPlays(plays) {
  return plays.filter((action) => typeof action.slot === "number");
}

/** The plays that need no creature: bench it, place it in the setup, a trainer without a target. */
export function loosePlays(plays) {
  return plays.filter((action) => typeof action.slot !== "number");
}

/** The legal actions of one type. */
export function ofType(actions, type) {
  return (actions || []).filter((action) => action.type === type);
}

/**
 * The viewer's slots lit now: slot -> the action a tap on it sends. A promote prompt lights
 * the bench; else the card picked in the hand lights where it may go; else a retreat being
 * chosen lights the creatures that may come in.
 */
export function armedSlots(actions, picked) {
  const lit = new Map();
  const add = (list) => { for (const action of list) if (!lit.has(action.slot)) lit.set(action.slot, action); };
  const promotes = ofType(actions, "promote");
  if (promotes.length) add(promotes);
  else if (picked.card) add(slotPlays(playsOf(actions, picked.card)));
  else if (picked.retreat) add(ofType(actions, "retreat"));
  return lit;
}
