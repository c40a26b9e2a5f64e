// /history: the viewer's live and finished matches (GET /api/matches?mine=1).

import { get } from "../lib/api.js";
import { byId, el, fill } from "../lib/dom.js";
import { formatDate, listText, ordinal, seatNames } from "../lib/format.js";
import { say } from "../lib/notice.js";

const list = byId("matches");
const message = byId("history-message");

function matchItem(match) {
  const live = match.status !== "finished";
  const names = seatNames(match.players);
  const href = live ? `/match/${match.id}` : `/match/${match.id}/record`;
  const players = (match.players || []).slice().sort((a, b) => a.seat - b.seat).map((player) =>
    el("span", { class: `who${player.seat === match.your_seat ? " is-you" : ""}` },
      names[player.seat], player.bot ? el("span", { class: "badge badge--bot" }, "bot") : null));
  return el("li", { class: "match-item" },
    el("div", { class: "match-head" },
      el("a", { class: "match-title", href }, match.title || match.game),
      el("span", { class: `badge ${live ? "badge--live" : "badge--done"}` }, live ? "live" : "finished"),
      el("span", { class: "muted small" }, formatDate(match.created_at))),
    el("div", { class: "match-players" }, players),
    el("div", { class: "match-result" }, resultParts(match, names, live)),
    el("a", { class: "btn btn--small", href }, live ? "Open table" : "See record"));
}

function resultParts(match, names, live) {
  if (live) return el("span", { class: "muted" }, "In progress");
  const parts = [];
  const winners = (match.winners || []).map((seat) => names[seat]);
  if (winners.length) parts.push(el("span", null, el("strong", null, winners.length > 1 ? "Winners: " : "Winner: "), listText(winners)));
  if (match.your_place) {
    const score = match.scores && match.your_seat !== null ? match.scores[match.your_seat] : null;
    parts.push(el("span", null, el("strong", null, "You: "),
      `${ordinal(match.your_place)} place${score === null || score === undefined ? "" : `, ${score} points`}`));
  }
  return parts.length ? parts : el("span", { class: "muted" }, "No result");
}

async function load() {
  try {
    const data = await get("/api/matches?mine=1");
    const matches = (data && data.matches) || [];
    if (!matches.length) {
      fill(list, el("p", { class: "muted" }, "No matches yet. ", el("a", { href: "/" }, "Open a table"), " to play one."));
      return;
    }
    fill(list, el("ul", { class: "match-items" }, matches.map(matchItem)));
  } catch (error) {
    fill(list);
    if (error.status === 401) {
      fill(list, el("p", null, "Pick a name on the ", el("a", { href: "/" }, "home page"), " to start playing."));
    } else {
      say(message, error.message);
    }
  }
}

load();
