// Messages in the reader's language (issue 26, app/i18n.py). Each page carries, in the
// #i18n-data island, the catalog of its language for the site and for the page's game; a game
// loaded later (lib/games.js) fetches its own first (loadDomain). A message's id is its
// English text, its parameters are named in braces: t("{name} drew a card.", { name }).
// English needs no catalog: an id is its own translation.
//
// t(message, params)                 the message, translated, parameters filled in
// tn(one, other, count, params)      a counted message: the plural form for ``count``
//                                    (Intl.PluralRules); ``count`` is a parameter too
// formatNumber(n), formatList(items) numbers and "a, b and c" in the reader's language
// N_(message)                        marks a message for extraction where it is defined (a
//                                    table of labels); t() it where it is shown

const island = typeof document !== "undefined" ? document.getElementById("i18n-data") : null;
const data = island ? JSON.parse(island.textContent || "{}") : {};

/** The page's locale: "en", "zh-Hans", "zh-Hant", "ja" or "hu". */
export const locale = data.locale || "en";
const messages = new Map(Object.entries(data.messages || {}));
const loaded = new Set();
const plurals = new Intl.PluralRules(locale);
// No thousands separators: numbers read as they did before the catalogs (a match #1234, a
// score of 1500), in every language; the locale still gives the decimal mark.
const numbers = new Intl.NumberFormat(locale, { useGrouping: false });
const lists = typeof Intl.ListFormat === "function" ? new Intl.ListFormat(locale, { type: "conjunction" }) : null;

/** Add a game's catalog (static answer of /i18n/<locale>/<domain>.json) unless it is here. */
export async function loadDomain(domain) {
  if (locale === "en" || loaded.has(domain) || !/^[a-z0-9_]+$/.test(domain)) return;
  loaded.add(domain);
  try {
    const answer = await fetch(`/i18n/${locale}/${domain}.json`, { credentials: "same-origin" });
    if (!answer.ok) return;
    const catalog = await answer.json();
    for (const [id, text] of Object.entries(catalog.messages || {})) messages.set(id, text);
  } catch {
    loaded.delete(domain); // English meanwhile; the next load tries again
  }
}

/** Whether the page's catalog has the game's messages already (the island had them). */
export function markLoaded(domain) {
  loaded.add(domain);
}

/** ``message`` in the reader's language, with its parameters. */
export function t(message, params = {}) {
  const found = messages.get(message);
  return fill(typeof found === "string" && found ? found : message, params);
}

/** The form of a counted message for ``count`` (a parameter too, formatted as a number). */
export function tn(one, other, count, params = {}) {
  const found = messages.get(one);
  const category = plurals.select(count);
  let text;
  if (found && typeof found === "object") text = found[category] || found.other;
  if (!text) text = new Intl.PluralRules("en").select(count) === "one" ? one : other;
  return fill(text, { count, ...params });
}

/** Marks a message for extraction; returns it untranslated. */
export function N_(message) {
  return message;
}

/** A number as the reader writes it (1234, 2.5 / 2,5). */
export function formatNumber(value) {
  return typeof value === "number" && Number.isFinite(value) ? numbers.format(value) : String(value);
}

/** "Alice, Bob and Carol" in the reader's language (empty items left out). */
export function formatList(items) {
  const list = items.filter((item) => item !== "" && item !== null && item !== undefined).map(String);
  if (lists) return lists.format(list);
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} & ${list[list.length - 1]}`;
}

function fill(text, params) {
  if (!text.includes("{")) return text;
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? formatNumber(value) : String(value ?? "");
  });
}
