// Werewolf in words: the roles, the phases, the log, the record's actions and the private notes
// (rules: shared/rules/werewolf.md, "Settled for online play"; the wire, the view and every log
// entry: app/rules/werewolf/__init__.py).

import { compactJson, listText, nameOf, plural } from "../../lib/format.js";

/** Every role in the rules' canonical order (components.ROLES). */
export const ROLES = ["villager", "werewolf", "seer", "witch", "cupid", "piper", "thief", "scapegoat", "idiot", "elder"];

const ROLE_NAMES = {
  villager: "Villager", werewolf: "Werewolf", seer: "Seer", witch: "Witch", cupid: "Cupid", piper: "Piper",
  thief: "Thief", scapegoat: "Scapegoat", idiot: "Village Idiot", elder: "Elder",
};
const ROLE_PLURALS = { villager: "Villagers", werewolf: "Werewolves" };

/** What each role does, in a line (rules/werewolf.md, Roles listed in the seed). */
export const ROLE_HELP = {
  villager: "No power: find the werewolves and vote them out.",
  werewolf: "Each night the pack chooses a victim together. The pack wins when nobody else is left.",
  seer: "Each night, look at one other player's true role.",
  witch: "She learns the werewolves' victim each night and has a life potion and a death potion.",
  cupid: "On the first night, make two players lovers: if one dies, the other dies of grief.",
  piper: "Each night, enchant two players. The Piper wins alone once every other living player is enchanted.",
  thief: "On the first night, keep your card or take one of the two spare cards.",
  scapegoat: "On a tied vote you die instead, and choose who may vote the next day.",
  idiot: "Voted out, you reveal yourself and survive, but you may no longer vote.",
  elder: "You survive the first werewolf attack. If the village or the Witch kills you, the villagers lose their powers.",
};

/** "Seer", "Village Idiot" (an unknown role: "?"). */
export function roleName(role) {
  return ROLE_NAMES[role] || (role ? String(role) : "?");
}

/** The role with its article: "the Seer", "Cupid" (a name). */
export function theRole(role) {
  return role === "cupid" ? roleName(role) : `the ${roleName(role)}`;
}

/** "3 Werewolves", "Seer", "2 Villagers": a role and its count in words. */
export function roleCount(role, count) {
  if (count === 1 && !ROLE_PLURALS[role]) return roleName(role);
  if (count === 1) return `1 ${roleName(role)}`;
  return `${count} ${ROLE_PLURALS[role] || `${roleName(role)}s`}`;
}

/** A role set {role: count} in words, roles in the canonical order (zero counts left out). */
export function roleSetText(counts) {
  return listText(ROLES.filter((role) => (counts || {})[role] > 0).map((role) => roleCount(role, counts[role])));
}

const SIDES = {
  village: "The village wins",
  werewolves: "The werewolves win",
  lovers: "The lovers win",
  piper: "The Piper wins",
};

/** "The village wins" (no full stop). */
export function sideText(side) {
  return SIDES[side] || "The game is over";
}

/** Names of seats: "Ada", "Ada and Bo", "Ada, Bo and Cy" (nobody: `none`). */
export function seatsText(seats, names, none = "nobody") {
  const list = (seats || []).map((seat) => nameOf(names, seat));
  return list.length ? listText(list) : none;
}

// ---- phases ------------------------------------------------------------------------------

/** The running step in words, for the table's heading: "Night 2", "Day 1: discussion"... */
export function phaseTitle(view) {
  const number = view.number ?? 1;
  switch (view.step) {
    case "night": return `Night ${number}`;
    case "witch": return "The witch's hour";
    case "discussion": return `Day ${number}: discussion`;
    case "candidacy": return "Sheriff election: who stands?";
    case "election": return "Sheriff election";
    case "vote": return `Day ${number}: vote`;
    case "tiebreak": return "Tie break";
    case "scapegoat": return "The Scapegoat's choice";
    case "successor": return "The Sheriff's successor";
    case "over": return "Game over";
    default: return view.step ? String(view.step) : "Werewolf";
  }
}

const PHASE_WORDS = {
  night: (n) => `night ${n}`,
  witch: (n) => `the witch's hour, night ${n}`,
  discussion: (n) => `the discussion, day ${n}`,
  candidacy: (n) => `the Sheriff candidacy, day ${n}`,
  election: (n) => `the Sheriff election, day ${n}`,
  vote: (n) => `the vote, day ${n}`,
  tiebreak: (n) => `the tie break, day ${n}`,
  scapegoat: (n) => `the Scapegoat's choice, day ${n}`,
  successor: (n) => `the Sheriff's succession, day ${n}`,
};

/** A phase's unique name ("night-2", "successor-3-2") in words: "night 2". */
export function phaseName(phase) {
  const match = /^([a-z]+)-(\d+)(-2)?$/.exec(String(phase || ""));
  if (!match || !PHASE_WORDS[match[1]]) return String(phase || "this phase");
  const words = PHASE_WORDS[match[1]](match[2]);
  return match[3] ? `${words} (the second)` : words;
}

// ---- the log -------------------------------------------------------------------------------

/** A role as the log shows it: "the Seer"; null (hidden until the end): "role hidden". */
function shownRole(role) {
  return role ? theRole(role) : "role hidden";
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
  elected: (who) => `${who} is elected Sheriff.`,
  drawn: (who) => `The election is tied: ${who} is Sheriff, drawn by lot.`,
  named: (who) => `${who} is named Sheriff by the dying Sheriff.`,
  picked: (who) => `No successor was named in time: ${who} is Sheriff, picked by lot.`,
};

const NO_EXECUTION = {
  no_votes: "Nobody received a vote: nobody is executed.",
  no_voters: "Nobody may vote today: there is no vote and nobody is executed.",
  tie: "The vote is tied and nobody may break the tie: nobody is executed.",
  sheriff: "The Sheriff spares the tied players: nobody is executed.",
};

export function describeLog(entry, names) {
  const who = nameOf(names, entry.seat);
  switch (entry.type) {
    case "dealt": {
      const counts = deckCounts(entry.cards);
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
      const spare = counts.thief ? " (with the Thief's 2 spare cards)" : "";
      return `The roles were dealt to ${entry.players} players from ${plural(total, "card")}${spare}: ${roleSetText(counts)}.`;
    }
    case "night":
      return `Night ${entry.night} falls: the village sleeps.`;
    case "witch":
      return `The witch's hour (night ${entry.night}).`;
    case "dawn": {
      const deaths = entry.deaths || [];
      if (!deaths.length) return `Day ${entry.day} dawns: nobody died in the night.`;
      const roles = entry.roles || [];
      const dead = deaths.map((seat, index) => `${nameOf(names, seat)} (${shownRole(roles[index])})`);
      return `Day ${entry.day} dawns: ${listText(dead)} ${deaths.length === 1 ? "was" : "were"} found dead.`;
    }
    case "successor":
      return `${who}, the Sheriff, is dead and names a successor.`;
    case "sheriff":
      return (SHERIFF_HOW[entry.how] || ((name) => `${name} is Sheriff.`))(who);
    case "discussion":
      return `Day ${entry.day}: the discussion begins.`;
    case "candidacy":
      return `Day ${entry.day}: the Sheriff election. Who stands?`;
    case "stood":
      return `${who} stands for Sheriff.`;
    case "declined":
      return `${who} does not stand.`;
    case "election":
      return `The Sheriff election: the candidates are ${seatsText(entry.candidates, names)}.`;
    case "vote": {
      const voters = entry.voters || [];
      return `Day ${entry.day}: the vote. ${plural(voters.length, "voter")}: ${seatsText(voters, names)}.`;
    }
    case "voted":
      return entry.target === null || entry.target === undefined
        ? `${who} abstains.` : `${who} votes for ${nameOf(names, entry.target)}.`;
    case "tie":
      return `The vote is tied between ${seatsText(entry.seats, names)}.`;
    case "tiebreak":
      return `${nameOf(names, entry.sheriff)}, the Sheriff, breaks the tie between ${seatsText(entry.tied, names)}.`;
    case "tie_broken":
      return entry.target === null || entry.target === undefined
        ? `${who}, the Sheriff, spares them all.` : `${who}, the Sheriff, chooses ${nameOf(names, entry.target)}.`;
    case "executed":
      if (entry.by === "tie") return `The vote was tied: ${who}, the Scapegoat, is executed instead.`;
      if (entry.by === "sheriff") return `${who} is executed on the Sheriff's choice (${shownRole(entry.role)}).`;
      return `${who} is executed by the village (${shownRole(entry.role)}).`;
    case "idiot_revealed":
      return `${who} is the Village Idiot: voted out, they survive but may no longer vote.`;
    case "grief":
      return `${who} dies of grief for ${nameOf(names, entry.lover)} (${shownRole(entry.role)}).`;
    case "no_execution":
      return NO_EXECUTION[entry.reason] || "Nobody is executed.";
    case "scapegoat":
      return `${who}, the Scapegoat, chooses who may vote tomorrow.`;
    case "voters": {
      const barred = entry.barred || [];
      return barred.length ? `${who}, the Scapegoat, bars ${seatsText(barred, names)} from tomorrow's vote.`
        : `${who}, the Scapegoat, lets everyone vote tomorrow.`;
    }
    case "game_over":
      return `Game over: ${sideText(entry.side).toLowerCase()} (${seatsText(entry.winners, names)}).`;
    default: {
      const { type, ...rest } = entry || {};
      return `${type || "event"}: ${compactJson(rest)}`;
    }
  }
}

// ---- the record ----------------------------------------------------------------------------

export function describeAction(action, names) {
  const target = action && nameOf(names, action.target);
  switch (action && action.type) {
    case "keep_card": return "Keep the Thief card";
    case "take_card": return `Take spare card ${Number(action.card) + 1}`;
    case "choose_lover": return `Make ${target} a lover`;
    case "see": return `Look at ${target}'s role`;
    case "point": return `Point at ${target}`;
    case "enchant": return `Enchant ${target}`;
    case "save": return "Save the victim (life potion)";
    case "poison": return `Poison ${target} (death potion)`;
    case "pass": return "Use no potion";
    case "ready": return "Ready to vote";
    case "stand": return "Stand for Sheriff";
    case "not_stand": return "Do not stand";
    case "vote": return action.target === null ? "Abstain" : `Vote for ${target}`;
    case "break_tie": return action.target === null ? "No execution" : `Break the tie: execute ${target}`;
    case "toggle_voter": return `Bar or allow ${target} for tomorrow's vote`;
    case "confirm_voters": return "Confirm who may vote tomorrow";
    case "name_successor": return `Name ${target} Sheriff`;
    case "expire":
      return String(action.phase || "").startsWith("discussion-")
        ? `Time ran out or the host ended it: ${phaseName(action.phase)}`
        : `Time ran out: ${phaseName(action.phase)}`;
    default: return compactJson(action);
  }
}

// ---- private notes ---------------------------------------------------------------------------

const SEATS_IN_TEXT = /\b[Ss]eats? \d+(?:(?:, | and )\d+)*/g;

/**
 * A note's sentence with its seat numbers as names: the rules write "seat 3" and "seats 1, 4
 * and 6" (seat numbers from 0); the page says "Dan" and "Bo, Eve and Gus".
 */
export function noteText(note, names) {
  return String(note.text || "").replace(SEATS_IN_TEXT, (found) => {
    const seats = (found.match(/\d+/g) || []).map(Number);
    return listText(seats.map((seat) => nameOf(names, seat)));
  });
}

/** "Night 1", "Day 2": when a note was written. */
export function noteWhen(note) {
  if (typeof note.night === "number") return `Night ${note.night}`;
  if (typeof note.day === "number") return `Day ${note.day}`;
  return "";
}
