// Manhattan in words: cells, cities, pieces, what a build would do, the log and the record's
// actions (rules/manhattan.md).

import { compactJson, listText, nameOf } from "../../lib/format.js";
import { N_, locale, t, tn } from "../../lib/i18n.js";

const CELL_NAMES = [N_("top left"), N_("top middle"), N_("top right"), N_("middle left"), N_("centre"),
  N_("middle right"), N_("bottom left"), N_("bottom middle"), N_("bottom right")];
// A card by the cell it highlights, with its article in English ("a top-left card").
const A_CARD = [N_("a top-left card"), N_("a top-middle card"), N_("a top-right card"), N_("a middle-left card"),
  N_("a centre card"), N_("a middle-right card"), N_("a bottom-left card"), N_("a bottom-middle card"),
  N_("a bottom-right card")];
// Sentences follow one another with a space, but not in Chinese or Japanese.
export const SENTENCE_GAP = locale.startsWith("zh") || locale === "ja" ? "" : " ";

// ---- words -------------------------------------------------------------------------------

export function storeysText(count) {
  return tn("{count} storey", "{count} storeys", count);
}

export function cellName(cell) {
  return CELL_NAMES[cell] ? t(CELL_NAMES[cell]) : t("cell {number}", { number: cell });
}

/** "a top-left card", "a centre card": a card by the cell it highlights. */
export function aCard(cell) {
  return A_CARD[cell] ? t(A_CARD[cell]) : t("a {cell} card", { cell: cellName(cell) });
}

export function cityName(city) {
  return t("city {number}", { number: Number(city) + 1 });
}

/** Sentences one after the other, as the reader's language writes them. */
export function sentences(...parts) {
  return parts.filter(Boolean).join(SENTENCE_GAP);
}

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "3 × 1-storey, 1 × 4-storey" for counts per height [n1, n2, n3, n4]. */
export function piecesText(pieces) {
  const parts = (pieces || []).map((count, index) =>
    (count ? t("{count} \u00d7 {height}-storey", { count, height: index + 1 }) : null));
  return listText(parts) || t("none");
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
  if (owner === null) {
    return storeys ? tn("empty site: a new building of {count} storey", "empty site: a new building of {count} storeys", storeys)
      : t("empty site");
  }
  if (owner === seat) return tn("your building: {count} storey", "your building: {count} storeys", total + (storeys || 0));
  const who = nameOf(names, owner);
  const theirs = storeysOf(list, owner);
  const mine = storeysOf(list, seat);
  if (!storeys) {
    return tn("{player}'s building: {count} storey ({player} {theirs}, you {mine})",
      "{player}'s building: {count} storeys ({player} {theirs}, you {mine})", total, { player: who, theirs, mine });
  }
  const after = mine + storeys;
  return after >= theirs
    ? tn("you take it from {player}: {count} storey against {theirs}", "you take it from {player}: {count} storeys against {theirs}",
      after, { player: who, theirs })
    : tn("too low: {count} storey against {player}'s {theirs}", "too low: {count} storeys against {player}'s {theirs}",
      after, { player: who, theirs });
}

/**
 * A short mark per seat, never colour alone: the name's initial, with its last character when
 * names begin alike ("Bot 2", "Bot 3": "B2", "B3"), else with the seat number.
 */
export function seatLetters(names, count = (names || []).length) {
  const text = (seat) => String(nameOf(names, seat)).trim() || t("Seat {number}", { number: seat + 1 });
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
  if (!tallest || !tallest.storeys) return t("no buildings");
  if (tallest.seat === null || tallest.seat === undefined) {
    return tn("a tie at {count} storey: nobody", "a tie at {count} storeys: nobody", tallest.storeys);
  }
  return tn("{player}'s {count} storey in city {city}", "{player}'s {count} storeys in city {city}", tallest.storeys,
    { player: nameOf(names, tallest.seat), city: Number(tallest.city) + 1 });
}

/** "Ada in cities 1 and 4, Bo in city 3" (nobody: "no majority"). */
export function majoritiesText(cities, names) {
  const bySeat = new Map();
  (cities || []).forEach((seat, city) => {
    if (seat !== null && seat !== undefined) bySeat.set(seat, [...(bySeat.get(seat) || []), city + 1]);
  });
  if (!bySeat.size) return t("no majority anywhere");
  return [...bySeat].sort(([a], [b]) => a - b).map(([seat, list]) => {
    const words = { player: nameOf(names, seat), cities: listText(list.map(String)) };
    return list.length > 1 ? t("{player} in cities {cities}", words) : t("{player} in city {cities}", words);
  }).join(", ");
}

// ---- log and record ------------------------------------------------------------------------

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "game_started": {
      const rounds = entry.rounds ?? 4;
      const started = entry.rounds
        ? tn("Game started: {players} players, {count} round of {pieces} pieces.",
          "Game started: {players} players, {count} rounds of {pieces} pieces.", rounds,
          { players: entry.players, pieces: 24 / entry.rounds })
        : tn("Game started: {players} players, {count} round.", "Game started: {players} players, {count} rounds.", rounds,
          { players: entry.players });
      return sentences(started, t("{player} starts.", { player: nameOf(names, entry.start_seat) }));
    }
    case "pieces_chosen":
      return t("{player} chose this round's pieces: {pieces}.", { player: who, pieces: piecesText(entry.pieces) });
    case "built": {
      const words = { player: who, card: aCard(entry.cell), city: Number(entry.city) + 1 };
      const before = entry.owner_before;
      if (before === null || before === undefined) {
        return t("{player} played {card}: a new {storeys}-storey building in city {city}.", { ...words, storeys: entry.storeys });
      }
      if (before === entry.seat) {
        return tn("{player} played {card}: {count} storey on their own building in city {city}.",
          "{player} played {card}: {count} storeys on their own building in city {city}.", entry.storeys, words);
      }
      const owner = nameOf(names, before);
      if (entry.owner_after === entry.seat) {
        return tn("{player} played {card}: {count} storey in city {city}, taking {owner}'s building.",
          "{player} played {card}: {count} storeys in city {city}, taking {owner}'s building.", entry.storeys, { ...words, owner });
      }
      return tn("{player} played {card}: {count} storey in city {city} on {owner}'s building.",
        "{player} played {card}: {count} storeys in city {city} on {owner}'s building.", entry.storeys, { ...words, owner });
    }
    case "discarded":
      return t("{player} could not build: played {card} and set a {storeys}-storey piece aside.",
        { player: who, card: aCard(entry.cell), storeys: entry.storeys });
    case "card_drawn":
      return typeof entry.cell === "number" ? t("{player} drew a card ({cell}).", { player: who, cell: cellName(entry.cell) })
        : t("{player} drew a card.", { player: who });
    case "deck_reshuffled":
      return tn("The deck ran out: {count} played card shuffled into a new deck.",
        "The deck ran out: {count} played cards shuffled into a new deck.", entry.cards);
    case "round_scored": {
      const points = (entry.points || []).map((score, seat) => `${nameOf(names, seat)} +${score}`).join(", ");
      const buildings = (entry.buildings || []).map((count, seat) => `${nameOf(names, seat)} ${count}`).join(", ");
      return t("Round {round} scored: {points}. Tallest: {tallest}; majorities: {majorities}; buildings: {buildings}.", {
        round: entry.round, points, tallest: tallestText(entry.tallest, names),
        majorities: majoritiesText(entry.cities, names), buildings });
    }
    case "game_over": {
      const scores = (entry.scores || []).map((score, seat) => `${nameOf(names, seat)} ${score}`).join(", ");
      const winners = listText((entry.winners || []).map((seat) => nameOf(names, seat)));
      return (entry.winners || []).length > 1 ? t("Game over: {scores}. {players} share the win.", { scores, players: winners })
        : t("Game over: {scores}. {players} wins.", { scores, players: winners });
    }
    default:
      return `${entry.type}: ${compactJson(entry)}`;
  }
}

export function describeAction(action) {
  switch (action && action.type) {
    case "choose_pieces":
      return t("Choose the round's pieces: {pieces}", { pieces: piecesText(action.pieces) });
    case "build":
      return tn("Play card {card} ({cell}) and build {count} storey in city {city}",
        "Play card {card} ({cell}) and build {count} storeys in city {city}", action.storeys,
        { card: action.card, cell: cellName(Math.floor(action.card / 5)), city: Number(action.city) + 1 });
    case "discard":
      return t("Play card {card} ({cell}) without building, setting a {storeys}-storey piece aside",
        { card: action.card, cell: cellName(Math.floor(action.card / 5)), storeys: action.storeys });
    default:
      return compactJson(action);
  }
}
