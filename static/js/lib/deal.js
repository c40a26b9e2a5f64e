// Deal a match's opening again from its revealed seed, in the browser (issue 29).
//
// Written, like tools/verify_deal.py, from the specifications alone: the generator from the
// docstring of app/rules/rng.py (HMAC-SHA256 in counter mode through crypto.subtle, rejection
// sampling, Fisher-Yates) and each game's deal from the "Setup randomness" (or "The deal")
// paragraph of app/rules/<game>/__init__.py. A deal is the same JSON as the script's
// `--json` output, so the two can be compared line by line.

import { FOREHEAD_EMOTES, FOREHEAD_THEMES, FOREHEAD_WORDS } from "./deal_words.js";
import { t } from "./i18n.js";

export const RECORD_FORMAT = "parlor-record/1";
const SEED_BYTES = 32;
const SPACE = 1n << 256n;
const encoder = new TextEncoder();

/** A record this page cannot trust or read; the message says why. */
export class Refused extends Error {}

function hex(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function fromHex(text) {
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function subtle() {
  if (!globalThis.crypto || !crypto.subtle) {
    throw new Refused(t("This browser cannot compute SHA-256 here (Web Crypto needs https)."));
  }
  return crypto.subtle;
}

/**
 * One stream of a seed: block i is HMAC-SHA256(seed, purpose || 0x00 || i as 8 bytes big-endian),
 * a 256-bit big-endian integer. Every draw is asynchronous (crypto.subtle signs asynchronously).
 */
export class Rng {
  static async open(seed, purpose) {
    const key = await subtle().importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return new Rng(key, purpose);
  }

  constructor(key, purpose) {
    this.key = key;
    this.purpose = encoder.encode(purpose);
    this.counter = 0n;
  }

  async block() {
    const message = new Uint8Array(this.purpose.length + 9);
    message.set(this.purpose);
    new DataView(message.buffer).setBigUint64(this.purpose.length + 1, this.counter); // big-endian
    this.counter += 1n;
    return BigInt(`0x${hex(new Uint8Array(await subtle().sign("HMAC", this.key, message)))}`);
  }

  /** Uniform in [0, n): blocks at or above the largest multiple of n below 2^256 are rejected. */
  async randbelow(n) {
    const size = BigInt(n);
    const limit = SPACE - (SPACE % size);
    for (;;) {
      const x = await this.block();
      if (x < limit) return Number(x % size);
    }
  }

  /** Fisher-Yates from the end: for i = len-1 down to 1, swap i with randbelow(i + 1). */
  async shuffle(items) {
    const cards = [...items];
    for (let i = cards.length - 1; i > 0; i -= 1) {
      const j = await this.randbelow(i + 1);
      [cards[i], cards[j]] = [cards[j], cards[i]];
    }
    return cards;
  }

  async choice(items) {
    return items[await this.randbelow(items.length)];
  }
}

/** The record's seed bytes, once its SHA-256 equals the commitment published before the deal. */
export async function checkRecord(record) {
  if (!record || typeof record !== "object" || record.format !== RECORD_FORMAT) {
    throw new Refused(t("This is not a Parlor match record (format {format}).", { format: RECORD_FORMAT }));
  }
  if (!Object.hasOwn(DEALERS, String(record.game))) {
    throw new Refused(t("This page does not know the game {game}.", { game: JSON.stringify(record.game) }));
  }
  const seedHex = String(record.seed ?? "");
  if (!/^([0-9a-f]{2})*$/i.test(seedHex)) throw new Refused(t("The seed is not hexadecimal."));
  if (seedHex.length !== 2 * SEED_BYTES) throw new Refused(t("The seed is not {count} bytes.", { count: SEED_BYTES }));
  const seed = fromHex(seedHex);
  const digest = hex(new Uint8Array(await subtle().digest("SHA-256", seed)));
  if (digest !== String(record.commitment ?? "").toLowerCase()) {
    throw new Refused(t("Refused: the SHA-256 of the seed is {digest}, not the commitment {commitment} published before the deal.",
      { digest, commitment: JSON.stringify(record.commitment) }));
  }
  return seed;
}

/** The opening of the record's match, dealt again from its (checked) seed. */
export async function deal(record, seed) {
  const players = record.players;
  if (!Number.isInteger(players) || !PLAYER_COUNTS[record.game].includes(players)) {
    throw new Refused(t("The record's player count {count} is not one its game is dealt for.", { count: JSON.stringify(players) }));
  }
  const startSeat = record.start_seat ?? null;
  if (startSeat !== null && !(Number.isInteger(startSeat) && startSeat >= 0 && startSeat < players)) {
    throw new Refused(t("The record's start seat is not a seat number."));
  }
  const options = record.options || {};
  if (typeof options !== "object" || Array.isArray(options)) throw new Refused(t("The record's options are not an object."));
  return DEALERS[record.game]({ seed, players, options, startSeat, record });
}

// Each docstring's first line: the player counts the game is dealt for.
const PLAYER_COUNTS = {
  coloretto: [3, 4, 5],
  da_vinci_code: [2, 3, 4],
  elements: [3, 4, 5],
  forehead_words: [4, 6, 8, 10],
  manhattan: [2, 3, 4],
  master_of_rules: [3, 4, 5],
  monopoly_deal: [2, 3, 4, 5],
  monster_tcg: [2],
  poison: [3, 4, 5, 6],
  sequence_numbers: [2, 3, 4, 6],
  tong_its: [3],
  uno: [2, 3, 4, 5, 6, 7, 8, 9, 10],
  werewolf: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18],
};

// --- shared by the games ------------------------------------------------------------------------

const range = (start, stop) => Array.from({ length: stop - start }, (_, k) => start + k);
const repeat = (item, count) => Array.from({ length: count }, () => item);

/** Seat 0 takes the first `size` cards, seat 1 the next `size`, and so on. */
const blocks = (cards, size, players) => range(0, players).map((seat) => cards.slice(size * seat, size * (seat + 1)));

/** The start seat every game draws, and the table's own choice (a rematch) that replaces it. */
const starts = (drawn, chosen) => ({ start_seat_drawn: drawn, start_seat: chosen ?? drawn });

const option = (options, key, fallback) => options[key] ?? fallback;

// --- the games, each from its docstring -----------------------------------------------------------

const COLORETTO_COLOURS = ["red", "orange", "yellow", "green", "blue", "purple", "brown"];

async function coloretto({ seed, players, startSeat }) {
  const rng = await Rng.open(seed, "deal");
  const removed = players === 3 ? await rng.choice(COLORETTO_COLOURS) : null;
  const colours = COLORETTO_COLOURS.filter((colour) => colour !== removed);
  const starting = (await rng.shuffle(colours)).slice(0, players);
  const rest = colours.flatMap((colour) => repeat(colour, starting.includes(colour) ? 8 : 9));
  const shuffled = await rng.shuffle([...rest, ...repeat("joker", 3), ...repeat("plus2", 10)]);
  const cut = shuffled.length - 15;
  return {
    removed_colour: removed,
    starting_cards: starting,
    pile: [...shuffled.slice(0, cut), "last_round", ...shuffled.slice(cut)],
    ...starts(await rng.randbelow(players), startSeat),
  };
}

async function daVinciCode({ seed, players, options, startSeat }) {
  const rng = await Rng.open(seed, "deal");
  const tiles = (colour) => range(0, 12).map((number) => `${colour}-${number}`);
  let hands;
  let pools;
  if (option(options, "opening", "seed") === "seed" && (players === 2 || players === 3)) {
    const black = await rng.shuffle(tiles("black"));
    const white = await rng.shuffle(tiles("white"));
    hands = range(0, players).map((seat) => [...black.slice(2 * seat, 2 * seat + 2), ...white.slice(2 * seat, 2 * seat + 2)]);
    pools = { black: black.slice(2 * players), white: white.slice(2 * players) };
  } else {
    const shuffled = await rng.shuffle([...tiles("black"), ...tiles("white")]);
    const k = players === 4 ? 3 : 4;
    hands = blocks(shuffled, k, players);
    const rest = shuffled.slice(k * players);
    pools = { black: rest.filter((t) => t.startsWith("black")), white: rest.filter((t) => t.startsWith("white")) };
  }
  if (option(options, "jokers", false)) {
    for (const colour of ["black", "white"]) {
      const above = await rng.randbelow(pools[colour].length + 1);
      pools[colour].splice(above, 0, `${colour}-joker`);
    }
  }
  return { hands, pools, ...starts(await rng.randbelow(players), startSeat) };
}

const ELEMENTS_COLOURS = ["red", "yellow", "green", "blue", "purple"];

async function elements({ seed, players, startSeat }) {
  const rng = await Rng.open(seed, "deal");
  const row = await rng.shuffle(ELEMENTS_COLOURS);
  const cards = await rng.shuffle(ELEMENTS_COLOURS.flatMap((colour) => range(0, 11).map((value) => `${colour}-${value}`)));
  return {
    row,
    hands: blocks(cards, 11, players),
    pile: cards.slice(11 * players),
    ...starts(await rng.randbelow(players), startSeat),
  };
}


/**
 * Each seat's word (seat k wears the k-th of the words in play, shuffled) and the action bar; nobody starts.
 * The words in play: the language's table in its order, only the themes chosen, judged words only if ticked.
 * The bar: the catalogue's emotes no action word in play uses, shuffled by the "bar" stream, the first as many
 * as the action words are decoys; the action words' emotes (table order) then the decoys, shuffled again.
 */
async function foreheadWords({ seed, players, options }) {
  const language = option(options, "language", "en");
  // A record the server wrote names a language of the table; a hand-edited one deals no words.
  const table = Object.hasOwn(FOREHEAD_WORDS, language) ? FOREHEAD_WORDS[language] : [];
  const themes = new Set(option(options, "themes", FOREHEAD_THEMES));
  const judged = option(options, "judged", false);
  const words = table.filter(([theme, kind]) => themes.has(theme) && (judged || kind !== "judged"));
  const dealt = await (await Rng.open(seed, "deal")).shuffle(words);
  const actions = words.filter(([, kind]) => kind === "action").map(([, , , emote]) => emote);
  const rng = await Rng.open(seed, "bar");
  const decoys = await rng.shuffle(FOREHEAD_EMOTES.filter((key) => !actions.includes(key)));
  const bar = await rng.shuffle([...actions, ...decoys.slice(0, actions.length)]);
  return { words: dealt.slice(0, players).map(([theme, kind, text]) => ({ theme, kind, text })), bar };
}

async function manhattan({ seed, players, startSeat }) {
  const rng = await Rng.open(seed, "deal");
  const cards = await rng.shuffle(range(0, 45));
  return { hands: blocks(cards, 4, players), deck: cards.slice(4 * players), ...starts(await rng.randbelow(players), startSeat) };
}

const MASTER_COLOURS = ["red", "yellow", "green", "blue", "purple"];
const MASTER_RULES = ["limit23", "king", "unique", "trio", "support_right"];

async function masterOfRules({ seed, players, startSeat }) {
  const rng = await Rng.open(seed, "deal");
  const numbers = await rng.shuffle(MASTER_COLOURS.flatMap((colour) => range(1, 10).map((value) => `${colour}-${value}`)));
  const rules = await rng.shuffle(MASTER_RULES.flatMap((rule) => repeat(rule, 12)));
  return {
    hand_numbers: blocks(numbers, 4, players),
    hand_rules: blocks(rules, 3, players),
    display_numbers: numbers.slice(4 * players, 5 * players),
    display_rules: rules.slice(3 * players, 4 * players),
    number_deck: numbers.slice(5 * players),
    rule_deck: rules.slice(4 * players),
    ...starts(await rng.randbelow(players), startSeat),
  };
}

const MONOPOLY_SET_SIZES = [["brown", 2], ["dark_blue", 2], ["green", 3], ["light_blue", 3], ["orange", 3],
  ["pink", 3], ["railroad", 4], ["red", 3], ["yellow", 3], ["utility", 2]];
const MONOPOLY_TABLE = [
  ...[["1", 6], ["2", 5], ["3", 3], ["4", 3], ["5", 2], ["10", 1]].map(([detail, count]) => ["money", detail, count]),
  ...[["deal_breaker", 2], ["just_say_no", 3], ["sly_deal", 3], ["forced_deal", 3], ["debt_collector", 3],
    ["birthday", 3], ["pass_go", 10], ["house", 3], ["hotel", 2], ["double_rent", 2]].map(([detail, count]) => ["action", detail, count]),
  ...[["dark_blue+green", 2], ["red+yellow", 2], ["pink+orange", 2], ["light_blue+brown", 2],
    ["railroad+utility", 2], ["any", 3]].map(([detail, count]) => ["rent", detail, count]),
  ...MONOPOLY_SET_SIZES.map(([colour, size]) => ["property", colour, size]),
  ...[["dark_blue+green", 1], ["green+railroad", 1], ["light_blue+railroad", 1], ["light_blue+brown", 1],
    ["railroad+utility", 1], ["pink+orange", 2], ["red+yellow", 2], ["any", 2]].map(([detail, count]) => ["wild", detail, count]),
];

async function monopolyDeal({ seed, players, options, startSeat }) {
  const deck = MONOPOLY_TABLE.flatMap(([kind, detail, count]) => range(1, count + 1).map((k) => `${kind}-${detail}-${k}`));
  if (option(options, "deck", "standard") === "extended") deck.push("action-forced_deal-4", "action-hotel-3");
  const rng = await Rng.open(seed, "deal");
  const cards = await rng.shuffle(deck);
  const first = starts(await rng.randbelow(players), startSeat);
  const rest = cards.slice(5 * players);
  return { hands: blocks(cards, 5, players), ...first, first_draw: rest.slice(0, 2), deck: rest.slice(2) };
}

// Each type's creatures: [name, copies in a 60-card list, in a 30-card list].
const MONSTER_CREATURES = {
  fire: [["cinder-pup", 4, 2], ["blaze-hound", 3, 1], ["inferno-wolf", 2, 1], ["ember-newt", 3, 2], ["magma-tortoise", 2, 1]],
  water: [["drip-frog", 4, 2], ["torrent-toad", 3, 1], ["tidal-leviathan", 2, 1], ["mist-eel", 3, 2], ["reef-crab", 2, 1], ["coral-knight", 1, 0]],
  grass: [["sprout-mole", 4, 2], ["thorn-badger", 3, 1], ["bramble-king", 2, 1], ["spore-moth", 3, 2], ["moss-turtle", 2, 1]],
  lightning: [["spark-mouse", 4, 2], ["volt-lynx", 3, 1], ["storm-tiger", 2, 1], ["static-bat", 3, 2], ["coil-snake", 2, 1], ["dynamo-serpent", 1, 0]],
};
const MONSTER_TRAINERS = [["potion-pack", 3, 2], ["field-notes", 3, 1], ["swap-whistle", 2, 1], ["tracker-map", 2, 1]];
const MONSTER_DECK_TYPES = { ember: ["fire", "lightning"], tide: ["water", "grass"], surge: ["lightning", "water"], grove: ["grass", "fire"] };
const MONSTER_BASICS = new Set(["cinder-pup", "ember-newt", "magma-tortoise", "drip-frog", "mist-eel", "reef-crab",
  "sprout-mole", "spore-moth", "moss-turtle", "spark-mouse", "static-bat", "coil-snake"]);

function monsterList(deck, size) {
  const [first, second] = MONSTER_DECK_TYPES[deck];
  const rows = [...MONSTER_CREATURES[first], ...MONSTER_CREATURES[second], ...MONSTER_TRAINERS];
  const names = rows.flatMap(([name, full, half]) => repeat(name, size === 60 ? full : half));
  const left = size - names.length;
  const firstEnergy = Math.floor((left + 1) / 2);
  return [...names, ...repeat(`${first}-energy`, firstEnergy), ...repeat(`${second}-energy`, left - firstEnergy)];
}

function monsterDecks(options, record) {
  const decks = [option(options, "deck_1", "choose"), option(options, "deck_2", "choose")].map((deck, seat) => {
    if (deck !== "choose") return deck;
    const chosen = (record.actions || []).find((entry) => entry.seat === seat && entry.action?.type === "choose_deck");
    return chosen ? chosen.action.deck : null;
  });
  if (!decks.every((deck) => Object.hasOwn(MONSTER_DECK_TYPES, String(deck)))) {
    throw new Refused(t("The record does not say which decks were played."));
  }
  return decks;
}

async function monsterTcg({ seed, options, startSeat, record }) {
  const size = option(options, "deck_size", 60);
  const prizes = size === 60 ? 6 : 3;
  const rng = await Rng.open(seed, "deal");
  const seats = [];
  for (const deckId of monsterDecks(options, record)) {
    const cards = monsterList(deckId, size);
    const mulligans = [];
    let shuffled;
    for (;;) {
      shuffled = await rng.shuffle(cards);
      if (shuffled.slice(0, 7).some((card) => MONSTER_BASICS.has(card))) break;
      mulligans.push(shuffled.slice(0, 7));
    }
    seats.push({ deck_id: deckId, mulligans, hand: shuffled.slice(0, 7), prizes: shuffled.slice(7, 7 + prizes), deck: shuffled.slice(7 + prizes) });
  }
  const coin = await (await Rng.open(seed, "coins")).randbelow(2);
  return { seats, first_coin: coin === 0 ? "heads" : "tails", ...starts(coin, startSeat) };
}

async function poison({ seed, players, startSeat }) {
  const counts = [[1, 3], [2, 3], [4, 2], [5, 3], [7, 3]];
  const deck = [...["red", "blue", "purple"].flatMap((colour) => counts.flatMap(([value, copies]) => repeat(`${colour}${value}`, copies))), ...repeat("poison", 8)];
  const rng = await Rng.open(seed, "deal");
  const cards = await rng.shuffle(deck);
  const size = Math.floor(deck.length / players);
  return { hands: blocks(cards, size, players), set_aside: cards.slice(size * players), ...starts(await rng.randbelow(players), startSeat) };
}

async function sequenceNumbers({ seed, players, options, startSeat }) {
  const equations = range(1, 49).flatMap((answer) => {
    const low = Math.floor(answer / 2);
    const k = 1 + (answer % 9);
    return [`${low}+${answer - low}`, `${answer + k}-${k}`];
  });
  const deck = [...equations, ...repeat("plus", option(options, "plus_cards", 2)), ...repeat("minus", option(options, "minus_cards", 2))];
  const rng = await Rng.open(seed, "deal");
  const cards = await rng.shuffle(deck);
  const size = players <= 3 ? 5 : 4;
  return { hands: blocks(cards, size, players), deck: cards.slice(size * players), ...starts(await rng.randbelow(players), startSeat) };
}

async function tongIts({ seed, startSeat }) {
  const rankWord = { 1: "A", 11: "J", 12: "Q", 13: "K" };
  const deck = [..."SHDC"].flatMap((suit) => range(1, 14).map((rank) => `${rankWord[rank] ?? rank}${suit}`));
  const rng = await Rng.open(seed, "deal");
  const cards = await rng.shuffle(deck);
  const drawn = await rng.randbelow(3);
  const dealer = startSeat ?? drawn;
  const hands = [[], [], []];
  let taken = 0;
  for (const offset of [0, 1, 2]) {
    const count = offset === 0 ? 13 : 12;
    hands[(dealer + offset) % 3] = cards.slice(taken, taken + count);
    taken += count;
  }
  return { dealer_drawn: drawn, dealer, hands, stock: cards.slice(taken) };
}

function unoDeck() {
  const values = [...range(1, 10).map(String), "skip", "reverse", "draw2"];
  return [
    ...["red", "yellow", "green", "blue"].flatMap((colour) => [`${colour}:0`, ...values.flatMap((value) => repeat(`${colour}:${value}`, 2))]),
    ...repeat("wild", 4), ...repeat("wild4", 4),
  ];
}

async function uno({ seed, players, startSeat }) {
  const deck = unoDeck();
  const rng = await Rng.open(seed, "uno");
  let drawPile = await rng.shuffle(deck);
  let position = 0;
  const draws = [];
  let contenders = range(0, players);
  while (contenders.length > 1) {
    const values = new Map();
    for (const seat of contenders) {
      if (position === drawPile.length) { // only after 108 draws of ties: never in practice
        drawPile = await rng.shuffle(deck);
        position = 0;
      }
      const card = drawPile[position];
      position += 1;
      draws.push([seat, card]);
      const value = card.split(":")[1] ?? "";
      values.set(seat, /^\d$/.test(value) ? Number(value) : 0);
    }
    const best = Math.max(...values.values());
    contenders = contenders.filter((seat) => values.get(seat) === best);
  }
  const drawnDealer = contenders[0];
  const leader = startSeat ?? (drawnDealer + 1) % players;
  const dealer = (leader - 1 + players) % players;
  const cards = await rng.shuffle(deck);
  const hands = range(0, players).map(() => []);
  for (let index = 0; index < 7 * players; index += 1) hands[(dealer + 1 + index) % players].push(cards[index]);
  let pile = cards.slice(7 * players);
  let reshuffles = 0;
  while (pile[0] === "wild4") {
    pile = await rng.shuffle(pile);
    reshuffles += 1;
  }
  const first = pile[0];
  pile = pile.slice(1);
  let penalty = [];
  if (first.endsWith(":draw2")) [penalty, pile] = [pile.slice(0, 2), pile.slice(2)];
  return {
    dealer_draws: draws,
    dealer_drawn: drawnDealer,
    dealer,
    hands,
    wild4_reshuffles: reshuffles,
    first_card: first,
    first_player_draws: penalty,
    pile,
  };
}

const WEREWOLF_ROLES = ["villager", "werewolf", "seer", "witch", "cupid", "piper", "thief", "scapegoat", "idiot", "elder"];

/** The preset role set, as the docstring's table has it. */
function werewolfPreset(players) {
  const specials = ["seer", "witch"];
  if (players >= 6) specials.push("idiot");
  if (players >= 8) specials.push("cupid");
  if (players >= 9) specials.push("elder");
  if (players >= 10) specials.push("scapegoat");
  if (players >= 11) specials.push("thief");
  if (players >= 13) specials.push("piper");
  const wolves = players <= 6 ? 1 : players <= 11 ? 2 : players <= 15 ? 3 : 4;
  const counts = Object.fromEntries(specials.map((role) => [role, 1]));
  return { ...counts, werewolf: wolves, villager: players - wolves - specials.length };
}

async function werewolf({ seed, players, options }) {
  const roles = option(options, "roles", "preset");
  const counts = roles === "preset" ? werewolfPreset(players) : roles;
  const extra = counts.thief ? 2 : 0;
  const deck = WEREWOLF_ROLES.flatMap((role) => repeat(role, (counts[role] ?? 0) + (role === "villager" ? extra : 0)));
  const cards = await (await Rng.open(seed, "deal")).shuffle(deck);
  return { roles: cards.slice(0, players), spares: cards.slice(players) };
}

/** Every game's deal, by slug. */
export const DEALERS = {
  coloretto,
  da_vinci_code: daVinciCode,
  elements,
  forehead_words: foreheadWords,
  manhattan,
  master_of_rules: masterOfRules,
  monopoly_deal: monopolyDeal,
  monster_tcg: monsterTcg,
  poison,
  sequence_numbers: sequenceNumbers,
  tong_its: tongIts,
  uno,
  werewolf,
};

/** Deal sections that list one entry per seat (shown with the seat's name). */
export const PER_SEAT = new Set(["hands", "hand_numbers", "hand_rules", "seats", "roles", "words"]);
