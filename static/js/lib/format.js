// Small formatting helpers shared by pages and renderers, in the reader's language
// (lib/i18n.js).

import { formatList, locale, t } from "./i18n.js";

/** Names by seat from [{seat, name, bot}] (missing seats become "Seat n"). */
export function seatNames(players, count = 0) {
  const names = [];
  for (const player of players || []) names[player.seat] = player.name || seatLabel(player.seat);
  const total = Math.max(count, names.length);
  for (let seat = 0; seat < total; seat += 1) names[seat] = names[seat] || seatLabel(seat);
  return names;
}

/** "Seat 3" for seat 2 (seats count from 0 on the wire, from 1 on screen). */
export function seatLabel(seat) {
  return t("Seat {number}", { number: seat + 1 });
}

/** The name of a seat, with a safe fallback. */
export function nameOf(names, seat) {
  if (seat === null || seat === undefined) return "—";
  return (names && names[seat]) || seatLabel(seat);
}

/** "Alice", "Alice and Bob", "Alice, Bob and Carol" (Intl.ListFormat's in other languages). */
export function listText(items) {
  const list = items.filter((item) => item !== "" && item !== null && item !== undefined);
  if (locale !== "en") return formatList(list);
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

// English only, until every renderer counts with tn() (lib/i18n.js): issue 26 removes it.
export function plural(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** Local date and time for an ISO string; the raw text if it does not parse. */
export function formatDate(value) {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

/** First characters of a hex digest followed by an ellipsis. */
export function shortHash(hex, length = 12) {
  const text = String(hex || "");
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** Places for scores, highest first; ties share a place (1, 1, 3). */
export function places(scores) {
  return scores.map((score) => 1 + scores.filter((other) => other > score).length);
}

/** "1st", "2nd", "3rd", "4th"… (a place: "1位", "第1", "1."). */
export function ordinal(n) {
  if (locale !== "en") return t("{number}th", { number: n });
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"}`;
}

/** Compact JSON for showing an action or a value to people. */
export function compactJson(value) {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

// Words spelt with a vowel but said with a consonant ("a UNO match", "a unique card", "a one"),
// and words spelt with a consonant but said with a vowel ("an hour").
const SAID_WITH_A_CONSONANT = /^(uni|uno|usa|use|usu|uti|ure|eu|ewe|one\b|once)/i;
const SAID_WITH_A_VOWEL = /^(hour|honest|honou?r|heir)/i;

/** The phrase after its indefinite article, chosen by how its first word is said: "an orange
 * card", "a UNO match", "an Elements match", "an 8", "an 11", "a 1". English only: in the
 * other languages an article, if any, is the translated sentence's (the phrase is as given). */
export function indefinite(phrase) {
  const text = String(phrase).trim();
  if (locale !== "en") return text;
  const number = /^\d+/.exec(text);
  if (number) {
    // Said "eight…", "eleven…", "eighteen…" (8, 80, 800, 11, 18, 11 000, 18 000).
    const digits = number[0];
    const vowel = digits.startsWith("8") || (/^1[18]$/.test(digits.slice(0, 2)) && digits.length % 3 === 2);
    return `${vowel ? "an" : "a"} ${text}`;
  }
  const vowel = SAID_WITH_A_VOWEL.test(text) || (/^[aeiou]/i.test(text) && !SAID_WITH_A_CONSONANT.test(text));
  return `${vowel ? "an" : "a"} ${text}`;
}
