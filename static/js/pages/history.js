// /history: the viewer's live and finished matches (GET /api/matches?mine=1).

import { get } from "../lib/api.js";
import { byId, el, fill } from "../lib/dom.js";
import { formatDate, listText, ordinal, seatNames } from "../lib/format.js";
import { say } from "../lib/notice.js";
import { t } from "../lib/i18n.js";

const list = byId("matches");
const message = byId("history-message");
const filters = { form: byId("filters"), game: byId("filter-game"), opponent: byId("filter-opponent") };
let all = [];

function matchItem(match) {
  const live = match.status === "playing";
  // A void match was left unfinished under an older version of its game's rules.
  const status = { playing: t("live"), finished: t("finished"), void: t("void") }[match.status] || match.status;
  const names = seatNames(match.players);
  const href = live ? `/match/${match.id}` : `/match/${match.id}/record`; // i18n: not text
  const players = (match.players || []).slice().sort((a, b) => a.seat - b.seat).map((player) =>
    el("span", { class: `who${player.seat === match.your_seat ? " is-you" : ""}` },
      names[player.seat], player.bot ? el("span", { class: "badge badge--bot" }, t("bot")) : null));
  return el("li", { class: "match-item" },
    el("div", { class: "match-head" },
      el("a", { class: "match-title", href }, match.title || match.game),
      el("span", { class: `badge ${live ? "badge--live" : "badge--done"}` }, status),
      el("span", { class: "muted small" }, formatDate(match.created_at))),
    el("div", { class: "match-players" }, players),
    el("div", { class: "match-result" }, resultParts(match, names, live)),
    match.status === "void" ? null : el("div", { class: "button-row" },
      el("a", { class: "btn btn--small", href }, live ? t("Open table") : t("See record")),
      el("a", { class: "btn btn--small btn--ghost", href: `/match/${match.id}/replay` }, t("Replay")))); // i18n: not text
}

/** A sentence with a link in it: the text before {link}, the link, the text after. */
function linked(sentence, href, words) {
  const [before, ...after] = sentence.split("{link}");
  return [before, el("a", { href }, words), after.join("")];
}

function resultParts(match, names, live) {
  if (live) return el("span", { class: "muted" }, t("In progress"));
  if (match.status === "void") {
    return el("span", { class: "muted" }, t("Void: left unfinished when the game's rules changed"));
  }
  const parts = [];
  const winners = (match.winners || []).map((seat) => names[seat]);
  if (winners.length) parts.push(el("span", null, el("strong", null, `${winners.length > 1 ? t("Winners:") : t("Winner:")} `), listText(winners)));
  if (match.your_place) {
    const score = match.scores && match.your_seat !== null ? match.scores[match.your_seat] : null;
    const place = ordinal(match.your_place);
    parts.push(el("span", null, el("strong", null, `${t("You:")} `),
      score === null || score === undefined ? t("{place} place", { place })
        : t("{place} place, {score} points", { place, score })));
  }
  return parts.length ? parts : el("span", { class: "muted" }, t("No result"));
}

/** The other people (not bots) a match was played with: names by seat other than yours. */
function opponents(match) {
  return (match.players || []).filter((player) => !player.bot && player.seat !== match.your_seat)
    .map((player) => player.name);
}

/** Played and won per game, finished matches only (a shared win counts as a win). */
function renderTotals(matches) {
  const totals = new Map();
  for (const match of matches) {
    if (match.status !== "finished") continue;
    const row = totals.get(match.title) || { played: 0, won: 0 };
    row.played += 1;
    if ((match.winners || []).includes(match.your_seat)) row.won += 1;
    totals.set(match.title, row);
  }
  const body = byId("totals").querySelector("tbody");
  fill(body, [...totals.entries()].sort().map(([title, row]) =>
    el("tr", null, el("th", { scope: "row" }, title), el("td", null, String(row.played)),
      el("td", null, String(row.won)))));
  byId("totals-panel").hidden = totals.size === 0;
}

function renderFilters(matches) {
  const games = [...new Map(matches.map((match) => [match.game, match.title])).entries()].sort();
  const people = [...new Set(matches.flatMap(opponents))].sort();
  fill(filters.game, el("option", { value: "" }, t("All games")),
    games.map(([slug, title]) => el("option", { value: slug }, title)));
  fill(filters.opponent, el("option", { value: "" }, t("Anyone")),
    people.map((name) => el("option", { value: name }, name)));
  filters.form.hidden = matches.length < 2;
}

function renderList() {
  const game = filters.game.value;
  const opponent = filters.opponent.value;
  const shown = all.filter((match) => (!game || match.game === game)
    && (!opponent || opponents(match).includes(opponent)));
  fill(list, shown.length ? el("ul", { class: "match-items" }, shown.map(matchItem))
    : el("p", { class: "muted" }, t("No match fits these filters.")));
}

filters.game.addEventListener("change", renderList);
filters.opponent.addEventListener("change", renderList);

async function load() {
  try {
    const data = await get("/api/matches?mine=1");
    const matches = (data && data.matches) || [];
    if (!matches.length) {
      fill(list, el("p", { class: "muted" }, ...linked(t("No matches yet. {link} to play one."), "/", t("Open a table"))));
      return;
    }
    all = matches;
    renderTotals(matches);
    renderFilters(matches);
    renderList();
  } catch (error) {
    fill(list);
    if (error.status === 401) {
      fill(list, el("p", null, ...linked(t("Pick a name on the {link} to start playing."), "/", t("home page"))));
    } else {
      say(message, error.message);
    }
  }
}

load();
