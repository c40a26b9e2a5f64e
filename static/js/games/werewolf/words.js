// Werewolf in words: the roles, the phases, the log, the record's actions and the private notes
// (rules: shared/rules/werewolf.md, "Settled for online play"; the wire, the view and every log
// entry: app/rules/werewolf/__init__.py).

import { compactJson, listText, nameOf } from "../../lib/format.js";
import { N_, t, tn } from "../../lib/i18n.js";

/** Every role in the rules' canonical order (components.ROLES). */
export const ROLES = ["villager", "werewolf", "seer", "witch", "cupid", "piper", "thief", "scapegoat", "idiot", "elder"];

const ROLE_NAMES = {
  villager: N_("Villager"), werewolf: N_("Werewolf"), seer: N_("Seer"), witch: N_("Witch"), cupid: N_("Cupid"),
  piper: N_("Piper"), thief: N_("Thief"), scapegoat: N_("Scapegoat"), idiot: N_("Village Idiot"), elder: N_("Elder"),
};

/** What each role does, in a line (rules/werewolf.md, Roles listed in the seed). */
const ROLE_HELP_TEXT = {
  villager: N_("No power: find the werewolves and vote them out."),
  werewolf: N_("Each night the pack chooses a victim together. The pack wins when nobody else is left."),
  seer: N_("Each night, look at one other player's true role."),
  witch: N_("She learns the werewolves' victim each night and has a life potion and a death potion."),
  cupid: N_("On the first night, make two players lovers: if one dies, the other dies of grief."),
  piper: N_("Each night, enchant two players. The Piper wins alone once every other living player is enchanted."),
  thief: N_("On the first night, keep your card or take one of the two spare cards."),
  scapegoat: N_("On a tied vote you die instead, and choose who may vote the next day."),
  idiot: N_("Voted out, you reveal yourself and survive, but you may no longer vote."),
  elder: N_("You survive the first werewolf attack. If the village or the Witch kills you, the villagers lose their powers."),
};

/** What a role does, in the reader's language ("" for an unknown role). */
export function roleHelp(role) {
  return ROLE_HELP_TEXT[role] ? t(ROLE_HELP_TEXT[role]) : "";
}

/** "Seer", "Village Idiot" (an unknown role: "?"). */
export function roleName(role) {
  return ROLE_NAMES[role] ? t(ROLE_NAMES[role]) : role ? String(role) : "?";
}

/** The role with its article: "the Seer", "Cupid" (a name); bare in a language without one. */
export function theRole(role) {
  return role === "cupid" ? roleName(role) : t("the {role}", { role: roleName(role) });
}

/** "3 Werewolves", "Seer", "2 Villagers": a role and its count in words. */
export function roleCount(role, count) {
  if (role === "villager") return tn("{count} Villager", "{count} Villagers", count);
  if (role === "werewolf") return tn("{count} Werewolf", "{count} Werewolves", count);
  if (count === 1) return roleName(role);
  return tn("{count} {role}", "{count} {role}s", count, { role: roleName(role) });
}

/** A role set {role: count} in words, roles in the canonical order (zero counts left out). */
export function roleSetText(counts) {
  return listText(ROLES.filter((role) => (counts || {})[role] > 0).map((role) => roleCount(role, counts[role])));
}

const SIDES = {
  village: N_("The village wins"),
  werewolves: N_("The werewolves win"),
  lovers: N_("The lovers win"),
  piper: N_("The Piper wins"),
};

/** "The village wins" (no full stop). */
export function sideText(side) {
  return SIDES[side] ? t(SIDES[side]) : t("The game is over");
}

const GAME_OVER = {
  village: N_("Game over: the village wins ({players})."),
  werewolves: N_("Game over: the werewolves win ({players})."),
  lovers: N_("Game over: the lovers win ({players})."),
  piper: N_("Game over: the piper wins ({players})."),
};

/** Names of seats: "Ada", "Ada and Bo", "Ada, Bo and Cy" (nobody: `none`). */
export function seatsText(seats, names, none = t("nobody")) {
  const list = (seats || []).map((seat) => nameOf(names, seat));
  return list.length ? listText(list) : none;
}

// ---- phases ------------------------------------------------------------------------------

/** The running step in words, for the table's heading: "Night 2", "Day 1: discussion"... */
export function phaseTitle(view) {
  const number = view.number ?? 1;
  switch (view.step) {
    case "night": return t("Night {number}", { number });
    case "witch": return t("The witch's hour");
    case "discussion": return t("Day {number}: discussion", { number });
    case "candidacy": return t("Sheriff election: who stands?");
    case "election": return t("Sheriff election");
    case "vote": return t("Day {number}: vote", { number });
    case "tiebreak": return t("Tie break");
    case "scapegoat": return t("The Scapegoat's choice");
    case "successor": return t("The Sheriff's successor");
    case "over": return t("Game over");
    default: return view.step ? String(view.step) : t("Werewolf");
  }
}

const PHASE_WORDS = {
  night: N_("night {number}"),
  witch: N_("the witch's hour, night {number}"),
  discussion: N_("the discussion, day {number}"),
  candidacy: N_("the Sheriff candidacy, day {number}"),
  election: N_("the Sheriff election, day {number}"),
  vote: N_("the vote, day {number}"),
  tiebreak: N_("the tie break, day {number}"),
  scapegoat: N_("the Scapegoat's choice, day {number}"),
  successor: N_("the Sheriff's succession, day {number}"),
};

/** A phase's unique name ("night-2", "successor-3-2") in words: "night 2". */
export function phaseName(phase) {
  const match = /^([a-z]+)-(\d+)(-2)?$/.exec(String(phase || ""));
  if (!match || !PHASE_WORDS[match[1]]) return phase ? String(phase) : t("this phase");
  const words = t(PHASE_WORDS[match[1]], { number: Number(match[2]) });
  return match[3] ? t("{phase} (the second)", { phase: words }) : words;
}

// ---- the log -------------------------------------------------------------------------------

/** A role as the log shows it: "the Seer"; null (hidden until the end): "role hidden". */
function shownRole(role) {
  return role ? theRole(role) : t("role hidden");
}

/** The dealt entry's cards: [[role, count], ...] pairs, or a flat list of role cards. */
function deckCounts(cards) {
  const counts = {};
  for (const card of cards || []) {
    if (Array.isArray(card)) counts[card[0]] = (counts[card[0]] || 0) + Number(card[1] || 0);
    else counts[card] = (counts[card] || 0) + 1;
  }
  return counts;
}

const SHERIFF_HOW = {
  elected: N_("{player} is elected Sheriff."),
  drawn: N_("The election is tied: {player} is Sheriff, drawn by lot."),
  named: N_("{player} is named Sheriff by the dying Sheriff."),
  picked: N_("No successor was named in time: {player} is Sheriff, picked by lot."),
};

const NO_EXECUTION = {
  no_votes: N_("Nobody received a vote: nobody is executed."),
  no_voters: N_("Nobody may vote today: there is no vote and nobody is executed."),
  tie: N_("The vote is tied and nobody may break the tie: nobody is executed."),
  sheriff: N_("The Sheriff spares the tied players: nobody is executed."),
};

export function describeLog(entry, names) {
  const player = nameOf(names, entry.seat);
  switch (entry.type) {
    case "dealt": {
      const counts = deckCounts(entry.cards);
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
      const params = { players: entry.players, roles: roleSetText(counts) };
      return counts.thief
        ? tn("The roles were dealt to {players} players from {count} card (with the Thief's 2 spare cards): {roles}.",
          "The roles were dealt to {players} players from {count} cards (with the Thief's 2 spare cards): {roles}.", total, params)
        : tn("The roles were dealt to {players} players from {count} card: {roles}.",
          "The roles were dealt to {players} players from {count} cards: {roles}.", total, params);
    }
    case "night":
      return t("Night {night} falls: the village sleeps.", { night: entry.night });
    case "witch":
      return t("The witch's hour (night {night}).", { night: entry.night });
    case "dawn": {
      const deaths = entry.deaths || [];
      if (!deaths.length) return t("Day {day} dawns: nobody died in the night.", { day: entry.day });
      const roles = entry.roles || [];
      const dead = deaths.map((seat, index) => t("{player} ({role})", { player: nameOf(names, seat), role: shownRole(roles[index]) }));
      return tn("Day {day} dawns: {players} was found dead.", "Day {day} dawns: {players} were found dead.", deaths.length,
        { day: entry.day, players: listText(dead) });
    }
    case "successor":
      return t("{player}, the Sheriff, is dead and names a successor.", { player });
    case "sheriff":
      return SHERIFF_HOW[entry.how] ? t(SHERIFF_HOW[entry.how], { player }) : t("{player} is Sheriff.", { player });
    case "discussion":
      return t("Day {day}: the discussion begins.", { day: entry.day });
    case "candidacy":
      return t("Day {day}: the Sheriff election. Who stands?", { day: entry.day });
    case "stood":
      return t("{player} stands for Sheriff.", { player });
    case "declined":
      return t("{player} does not stand.", { player });
    case "election":
      return t("The Sheriff election: the candidates are {players}.", { players: seatsText(entry.candidates, names) });
    case "vote": {
      const voters = entry.voters || [];
      return tn("Day {day}: the vote. {count} voter: {players}.", "Day {day}: the vote. {count} voters: {players}.", voters.length,
        { day: entry.day, players: seatsText(voters, names) });
    }
    case "voted":
      return entry.target === null || entry.target === undefined
        ? t("{player} abstains.", { player }) : t("{player} votes for {target}.", { player, target: nameOf(names, entry.target) });
    case "tie":
      return t("The vote is tied between {players}.", { players: seatsText(entry.seats, names) });
    case "tiebreak":
      return t("{player}, the Sheriff, breaks the tie between {players}.",
        { player: nameOf(names, entry.sheriff), players: seatsText(entry.tied, names) });
    case "tie_broken":
      return entry.target === null || entry.target === undefined
        ? t("{player}, the Sheriff, spares them all.", { player })
        : t("{player}, the Sheriff, chooses {target}.", { player, target: nameOf(names, entry.target) });
    case "executed":
      if (entry.by === "tie") return t("The vote was tied: {player}, the Scapegoat, is executed instead.", { player });
      if (entry.by === "sheriff") return t("{player} is executed on the Sheriff's choice ({role}).", { player, role: shownRole(entry.role) });
      return t("{player} is executed by the village ({role}).", { player, role: shownRole(entry.role) });
    case "idiot_revealed":
      return t("{player} is the Village Idiot: voted out, they survive but may no longer vote.", { player });
    case "grief":
      return t("{player} dies of grief for {lover} ({role}).", { player, lover: nameOf(names, entry.lover), role: shownRole(entry.role) });
    case "no_execution":
      return NO_EXECUTION[entry.reason] ? t(NO_EXECUTION[entry.reason]) : t("Nobody is executed.");
    case "scapegoat":
      return t("{player}, the Scapegoat, chooses who may vote tomorrow.", { player });
    case "voters": {
      const barred = entry.barred || [];
      return barred.length ? t("{player}, the Scapegoat, bars {players} from tomorrow's vote.", { player, players: seatsText(barred, names) })
        : t("{player}, the Scapegoat, lets everyone vote tomorrow.", { player });
    }
    case "game_over": {
      const players = seatsText(entry.winners, names);
      return GAME_OVER[entry.side] ? t(GAME_OVER[entry.side], { players }) : t("Game over: the game is over ({players}).", { players });
    }
    default: {
      const { type, ...rest } = entry || {};
      return `${type || "event"}: ${compactJson(rest)}`; // i18n: not text
    }
  }
}

// ---- the record ----------------------------------------------------------------------------

export function describeAction(action, names) {
  const target = action && nameOf(names, action.target);
  switch (action && action.type) {
    case "keep_card": return t("Keep the Thief card");
    case "take_card": return t("Take spare card {number}", { number: Number(action.card) + 1 });
    case "choose_lover": return t("Make {player} a lover", { player: target });
    case "see": return t("Look at {player}'s role", { player: target });
    case "point": return t("Point at {player}", { player: target });
    case "enchant": return t("Enchant {player}", { player: target });
    case "save": return t("Save the victim (life potion)");
    case "poison": return t("Poison {player} (death potion)", { player: target });
    case "pass": return t("Use no potion");
    case "ready": return t("Ready to vote");
    case "stand": return t("Stand for Sheriff");
    case "not_stand": return t("Do not stand");
    case "vote": return action.target === null ? t("Abstain") : t("Vote for {player}", { player: target });
    case "break_tie": return action.target === null ? t("No execution") : t("Break the tie: execute {player}", { player: target });
    case "toggle_voter": return t("Bar or allow {player} for tomorrow's vote", { player: target });
    case "confirm_voters": return t("Confirm who may vote tomorrow");
    case "name_successor": return t("Name {player} Sheriff", { player: target });
    case "expire":
      return String(action.phase || "").startsWith("discussion-")
        ? t("Time ran out or the host ended it: {phase}", { phase: phaseName(action.phase) })
        : t("Time ran out: {phase}", { phase: phaseName(action.phase) });
    default: return compactJson(action);
  }
}

// ---- private notes ---------------------------------------------------------------------------

const SEATS_IN_TEXT = /\b[Ss]eats? \d+(?:(?:, | and )\d+)*/g;

// The notes' sentences (the rules write them in English: game.first_notes, night.py, day.py,
// deaths.py), each read back into its message: {player} is "seat 3", {players} "seats 1, 4
// and 6", {role}, {first} and {second} a role's name.
const NOTES = [
  N_("You are the {role}."),
  N_("The spare cards are the {first} and the {second}."),
  N_("The werewolves are {players}."),
  N_("You kept the Thief card."),
  N_("You took the {role} card: you are now the {role}."),
  N_("{player}, the Thief, took a Werewolf card and joins the pack."),
  N_("You made {players} lovers."),
  N_("Cupid made you and {player} lovers."),
  N_("Time ran out: you keep the Thief card."),
  N_("Time ran out: you made no lovers."),
  N_("{player} is the {role}."),
  N_("The pack chose nobody."),
  N_("The pack chose {player}."),
  N_("Nobody was attacked tonight."),
  N_("The werewolves attack {player}."),
  N_("Potions left: life and death."),
  N_("Potions left: life."),
  N_("Potions left: death."),
  N_("You have no potion left."),
  N_("You have lost your powers."),
  N_("You saved {player}."),
  N_("You poisoned {player}."),
  N_("The werewolves attacked you: your extra life is spent."),
  N_("The Elder was killed by the village or by the Witch: you lose your powers."),
  N_("You are enchanted. The enchanted are {players}."),
  N_("The enchanted are {players}."),
];
const PARTS = {
  player: "[Ss]eat (\\d+)",
  players: "[Ss]eats? (\\d+(?:(?:, | and )\\d+)*)",
  role: "(.+?)", first: "(.+?)", second: "(.+?)",
};
const NOTE_PATTERNS = NOTES.map((message) => {
  const names = [];
  const source = message.split(/(\{[a-z]+\})/).map((part) => {
    const name = /^\{([a-z]+)\}$/.exec(part);
    if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (names.includes(name[1])) return `\\${names.indexOf(name[1]) + 1}`;
    names.push(name[1]);
    return PARTS[name[1]];
  }).join("");
  return { message, names, pattern: new RegExp(`^${source}$`) };
});
const ROLE_BY_NAME = Object.fromEntries(Object.entries(ROLE_NAMES).map(([role, name]) => [name, role]));

/** One sentence of a note as its message and parameters, or null if it is none of NOTES. */
function noteSentence(text, names) {
  for (const { message, names: keys, pattern } of NOTE_PATTERNS) {
    const found = pattern.exec(text);
    if (!found) continue;
    const params = {};
    for (const [index, key] of keys.entries()) {
      const value = found[index + 1];
      if (key === "player") params[key] = nameOf(names, Number(value));
      else if (key === "players") params[key] = listText((value.match(/\d+/g) || []).map((seat) => nameOf(names, Number(seat))));
      else if (ROLE_BY_NAME[value]) params[key] = roleName(ROLE_BY_NAME[value]);
      else return null;
    }
    return { message, params };
  }
  return null;
}

/** A note's sentences as their messages and parameters (the Witch's note has two), or null. */
function noteSentences(text, names) {
  const whole = noteSentence(text, names);
  if (whole) return [whole];
  const split = /^(.+?\.) (.+)$/.exec(text);
  const parts = split ? [noteSentence(split[1], names), noteSentence(split[2], names)] : [];
  return parts.length && parts.every(Boolean) ? parts : null;
}

/** The message ids a note's text is read back into (null: none, the English text shows). */
export function noteMessages(text) {
  const found = noteSentences(String(text || ""), []);
  return found ? found.map((sentence) => sentence.message) : null;
}

/**
 * A note's sentence with its seat numbers as names, in the reader's language: the rules write
 * "seat 3" and "seats 1, 4 and 6" (seat numbers from 0); the page says "Dan" and "Bo, Eve and
 * Gus". A note of two sentences (the Witch's) is read one sentence at a time.
 */
export function noteText(note, names) {
  const text = String(note.text || "");
  const found = noteSentences(text, names);
  if (found) {
    // Sentences follow one another with a space, but for a full stop that has its own ("。").
    return found.map(({ message, params }) => t(message, params)).reduce((text, next) => (/[。！？]$/.test(text) ? text + next : `${text} ${next}`));
  }
  return text.replace(SEATS_IN_TEXT, (seats) => listText((seats.match(/\d+/g) || []).map((seat) => nameOf(names, Number(seat)))));
}

/** "Night 1", "Day 2": when a note was written. */
export function noteWhen(note) {
  if (typeof note.night === "number") return t("Night {number}", { number: note.night });
  if (typeof note.day === "number") return t("Day {number}", { number: note.day });
  return "";
}

/**
 * A translated sentence with nodes in the places of its parameters: withNodes(t("You are
 * {role}"), { role: el("strong", ...) }) -> ["You are ", <strong>] (the words in the reader's
 * order).
 */
export function withNodes(text, nodes) {
  return String(text).split(/(\{[A-Za-z_]+\})/).filter((part) => part !== "").map((part) => {
    const name = /^\{([A-Za-z_]+)\}$/.exec(part);
    return name && name[1] in nodes ? nodes[name[1]] : part;
  });
}
