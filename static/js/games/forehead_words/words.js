// Forehead words in sentences: the word cards, the teams, the log lines and the moves of the
// record (the log's entries: app/rules/forehead_words/views.py log; every field always present,
// a text null where the reader may not read it).

import { el } from "../../lib/dom.js";
import { nameOf } from "../../lib/format.js";
import { N_, t } from "../../lib/i18n.js";
import { emoteName, emotePicture } from "./emotes.js";

const KIND_HELP = {
  say: N_("A say word: its wearer is out on writing it in a chat line."),
  action: N_("An action word: its wearer is out on sending its emote."),
  judged: N_("A judged word: an opponent calls a line of its wearer, and the others vote."),
};

const HOW = {
  said: N_("{player} wrote their own word “{word}” and is out."),
  emote: N_("{player} did their own action “{word}” and is out."),
  wrong_guess: N_("{player} guessed wrong and is out: their word was “{word}”."),
  chosen: N_("{by} guessed right and chose to eliminate {player}: their word was “{word}”."),
  judged: N_("The vote found that {player} did their word “{word}”: {player} is out."),
  miscalled: N_("{player} called a line wrongly and is out: their word was “{word}”."),
};

/** "Team 1" or "Team 2" (team 0 or 1: even seats are team 0). */
export function teamName(team) {
  return t("Team {number}", { number: team + 1 });
}

/** A card's text as it is printed ("Raise your hand", "Say “teacher”"), or "?" unseen. */
export function wordText(word) {
  return word && typeof word.text === "string" ? word.text : "?";
}

/** A card's mark: the emote's picture for an action word, a speech bubble, a balance. */
export function kindMark(word) {
  if (!word) return "";
  if (word.kind === "action") return emotePicture(word.emote);
  return word.kind === "judged" ? "\u2696\ufe0f" : "\ud83d\udcac"; // i18n: not text
}

/** What kind of word a card is, in a sentence (a title for its mark). */
export function kindHelp(word) {
  return word && KIND_HELP[word.kind] ? t(KIND_HELP[word.kind]) : "";
}

/** A forehead: the card's mark and text, or "?" for the viewer's own hidden word. */
export function wordCard(word, { className = "fw-word" } = {}) {
  if (!word) {
    return el("span", { class: `${className} is-hidden`, title: t("Your own word: everyone else can read it, you cannot.") },
      el("span", { class: "fw-word-text" }, "?"));
  }
  return el("span", { class: `${className} fw-word--${word.kind}`, title: kindHelp(word) },
    el("span", { class: "fw-word-mark", "aria-hidden": "true" }, kindMark(word)), " ",
    el("span", { class: "fw-word-text" }, wordText(word)));
}

/** One log line (lib/log.js). */
export function describeLog(entry, names) {
  const player = nameOf(names, entry.seat);
  switch (entry.type) {
    case "dealt":
      return t("Words were dealt to {count} players in two teams: make the other team say or do their own.", { count: entry.players });
    case "said":
      return typeof entry.text === "string" ? t("{player}: {text}", { player, text: entry.text })
        : t("{player} wrote a line that is hidden from you until the end.", { player });
    case "emote":
      return t("{player} does “{emote}”.", { player, emote: emoteName(entry.emote) });
    case "guessed":
      if (typeof entry.text === "string") {
        return entry.right ? t("{player} guessed “{text}”: right!", { player, text: entry.text })
          : t("{player} guessed “{text}”: wrong.", { player, text: entry.text });
      }
      return entry.right ? t("{player} guessed their word: right!", { player }) : t("{player} guessed their word: wrong.", { player });
    case "eliminated":
      return eliminatedText(entry, names);
    case "called":
      return t("{player} calls a line of {wearer}: the others vote.", { player, wearer: nameOf(names, entry.wearer) });
    case "voted":
      return entry.yes ? t("{player} votes yes.", { player }) : t("{player} votes no.", { player });
    case "vote_over":
      if (entry.result === "void") return t("The vote is void.");
      return entry.result === "wearer" ? t("The vote ends {yes} to {no}: the call was right.", { yes: entry.yes, no: entry.no })
        : t("The vote ends {yes} to {no}: the call was wrong.", { yes: entry.yes, no: entry.no });
    case "time_up":
      return t("Time is up.");
    case "game_over":
      return overText(entry);
    default:
      return t("Something happened.");
  }
}

/** "{player} … is out: their word was “…”." */
export function eliminatedText(entry, names) {
  const message = HOW[entry.how] || N_("{player} is out: their word was “{word}”.");
  return t(message, { player: nameOf(names, entry.seat), by: nameOf(names, entry.by), word: wordText(entry.word) });
}

/** The end in a sentence: which team won and why (the result's or the log's reason). */
export function overText({ reason, living, winners }) {
  const [first, second] = living || [0, 0];
  if (first === second) {
    return reason === "time" ? t("Time is up with {count} players left on each side: a draw.", { count: first })
      : t("A draw.");
  }
  const team = first > second ? 0 : 1;
  if (reason === "time") return t("Time is up: {team} wins with more players left.", { team: teamName(team) });
  if ((winners || []).length === 0) return t("Game over.");
  return t("{team} wins: the other team has nobody left.", { team: teamName(team) });
}

/** One move of the record, in words. */
export function describeAction(action, names) {
  switch (action && action.type) {
    case "say":
      return t("Say “{text}”", { text: String(action.text) });
    case "guess":
      return t("Guess “{text}”", { text: String(action.text) });
    case "emote":
      return t("Emote: {emote}", { emote: emoteName(action.emote) });
    case "eliminate":
      return t("Eliminate {player}", { player: nameOf(names, action.target) });
    case "call":
      return t("Call line {number}", { number: Number(action.line) + 1 });
    case "vote":
      return action.yes ? t("Vote yes") : t("Vote no");
    default:
      return JSON.stringify(action);
  }
}
