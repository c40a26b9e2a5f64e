// Manhattan in words: cells, cities, pieces, what a build would do, the log and the record's
// actions (rules/manhattan.md).

import { compactJson, indefinite, listText, nameOf, plural } from "../../lib/format.js";

const CELL_NAMES = ["top left", "top middle", "top right", "middle left", "centre", "middle right",
  "bottom left", "bottom middle", "bottom right"];

// ---- words -------------------------------------------------------------------------------

export function storeysText(count) {
  return plural(count, "storey");
}

export function cellName(cell) {
  return CELL_NAMES[cell] || `cell ${cell}`;
}

/** "a top-left card", "a centre card": a card by the cell it highlights. */
export function aCard(cell) {
  return indefinite(`${cellName(cell).replace(" ", "-")} card`);
}

export function cityName(city) {
  return `city ${Number(city) + 1}`;
}

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "3 × 1-storey, 1 × 4-storey" for counts per height [n1, n2, n3, n4]. */
export function piecesText(pieces) {
  const parts = (pieces || []).map((count, index) => (count ? `${count} \u00d7 ${index + 1}-storey` : null));
  return listText(parts) || "none";
}

/** Storeys of `seat` in a building (its pieces bottom to top, each {seat, storeys}). */
export function storeysOf(pieces, seat) {
  return pieces.reduce((total, piece) => total + (piece.seat === seat ? piece.storeys : 0), 0);
}

export function ownerOf(pieces) {
  return pieces.length ? pieces[pieces.length - 1].seat : null;
}

/**
 * What placing a piece of `storeys` (null: not chosen yet) on a building would do for `seat`:
 * "empty site", "your building: 5 storeys", "you take it from Bo: 3 storeys against 2",
 * "too low: 2 storeys against Bo's 3" (rules/manhattan.md, Placement rules: at least equal to
 * the owner's storeys there afterwards).
 */
export function sitePreview(pieces, seat, storeys, names) {
  const list = pieces || [];
  const total = list.reduce((sum, piece) => sum + piece.storeys, 0);
  const owner = ownerOf(list);
  if (owner === null) return storeys ? `empty site: a new building of ${storeysText(storeys)}` : "empty site";
  if (owner === seat) return `your building: ${storeysText(total + (storeys || 0))}`;
  const who = nameOf(names, owner);
  const theirs = storeysOf(list, owner);
  const mine = storeysOf(list, seat);
  if (!storeys) return `${who}'s building: ${storeysText(total)} (${who} ${theirs}, you ${mine})`;
  const after = mine + storeys;
  return after >= theirs ? `you take it from ${who}: ${storeysText(after)} against ${theirs}`
    : `too low: ${storeysText(after)} against ${who}'s ${theirs}`;
}

/**
 * A short mark per seat, never colour alone: the name's initial, with its last character when
 * names begin alike ("Bot 2", "Bot 3": "B2", "B3"), else with the seat number.
 */
export function seatLetters(names, count = (names || []).length) {
  const text = (seat) => String(nameOf(names, seat)).trim() || `Seat ${seat + 1}`;
  const seats = Array.from({ length: count }, (_, seat) => seat);
  const firsts = seats.map((seat) => text(seat)[0].toUpperCase());
  const unique = (marks, mark) => marks.filter((other) => other === mark).length === 1;
  const twos = seats.map((seat) => firsts[seat] + text(seat).slice(-1).toUpperCase());
  return seats.map((seat) => {
    if (unique(firsts, firsts[seat])) return firsts[seat];
    if (text(seat).length > 1 && unique(twos, twos[seat])) return twos[seat];
    return `${firsts[seat]}${seat + 1}`;
  });
}

/** "Bo's 7 storeys in city 3" (a tie: "a tie at 5 storeys: nobody"). */
export function tallestText(tallest, names) {
  if (!tallest || !tallest.storeys) return "no buildings";
  if (tallest.seat === null || tallest.seat === undefined) return `a tie at ${storeysText(tallest.storeys)}: nobody`;
  return `${nameOf(names, tallest.seat)}'s ${storeysText(tallest.storeys)} in ${cityName(tallest.city)}`;
}

/** "Ada in cities 1 and 4, Bo in city 3" (nobody: "no majority"). */
export function majoritiesText(cities, names) {
  const bySeat = new Map();
  (cities || []).forEach((seat, city) => {
    if (seat !== null && seat !== undefined) bySeat.set(seat, [...(bySeat.get(seat) || []), city + 1]);
  });
  if (!bySeat.size) return "no majority anywhere";
  return [...bySeat].sort(([a], [b]) => a - b).map(([seat, list]) =>
    `${nameOf(names, seat)} in ${list.length > 1 ? "cities" : "city"} ${listText(list.map(String))}`).join(", ");
}

// ---- log and record ------------------------------------------------------------------------

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "game_started": {
      const each = entry.rounds ? ` of ${24 / entry.rounds} pieces` : "";
      return `Game started: ${entry.players} players, ${plural(entry.rounds ?? 4, "round")}${each}. ${nameOf(names, entry.start_seat)} starts.`;
    }
    case "pieces_chosen":
      return `${who} chose this round's pieces: ${piecesText(entry.pieces)}.`;
    case "built": {
      const card = aCard(entry.cell);
      const city = cityName(entry.city);
      const before = entry.owner_before;
      if (before === null || before === undefined) {
        return `${who} played ${card}: a new ${entry.storeys}-storey building in ${city}.`;
      }
      if (before === entry.seat) return `${who} played ${card}: ${storeysText(entry.storeys)} on their own building in ${city}.`;
      const taken = entry.owner_after === entry.seat ? `, taking ${nameOf(names, before)}'s building` : ` on ${nameOf(names, before)}'s building`;
      return `${who} played ${card}: ${storeysText(entry.storeys)} in ${city}${taken}.`;
    }
    case "discarded":
      return `${who} could not build: played ${aCard(entry.cell)} and set ${indefinite(`${entry.storeys}-storey piece`)} aside.`;
    case "card_drawn":
      return `${who} drew a card${typeof entry.cell === "number" ? ` (${cellName(entry.cell)})` : ""}.`;
    case "deck_reshuffled":
      return `The deck ran out: ${plural(entry.cards, "played card")} shuffled into a new deck.`;
    case "round_scored": {
      const points = (entry.points || []).map((score, seat) => `${nameOf(names, seat)} +${score}`).join(", ");
      return `Round ${entry.round} scored: ${points}. Tallest: ${tallestText(entry.tallest, names)}; majorities: ${
        majoritiesText(entry.cities, names)}; buildings: ${(entry.buildings || []).map((count, seat) => `${nameOf(names, seat)} ${count}`).join(", ")}.`;
    }
    case "game_over": {
      const scores = (entry.scores || []).map((score, seat) => `${nameOf(names, seat)} ${score}`).join(", ");
      const winners = (entry.winners || []).map((seat) => nameOf(names, seat));
      return `Game over: ${scores}. ${winners.length > 1 ? `${listText(winners)} share the win` : `${listText(winners)} wins`}.`;
    }
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

export function describeAction(action) {
  switch (action && action.type) {
    case "choose_pieces":
      return `Choose the round's pieces: ${piecesText(action.pieces)}`;
    case "build":
      return `Play card ${action.card} (${cellName(Math.floor(action.card / 5))}) and build ${storeysText(action.storeys)} in ${cityName(action.city)}`;
    case "discard":
      return `Play card ${action.card} (${cellName(Math.floor(action.card / 5))}) without building, setting ${indefinite(`${action.storeys}-storey piece`)} aside`;
    default:
      return compactJson(action);
  }
}
