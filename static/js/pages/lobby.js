// /lobby/{id}: seats, invite link, bots and start. Polls GET /api/lobbies/{id} every 1.5 s.

import { del, get, post } from "../lib/api.js";
import { clockText } from "../lib/clock.js";
import { busy, byId, el, fill, show } from "../lib/dom.js";
import { copyButton } from "../lib/clipboard.js";
import { listText, seatLabel } from "../lib/format.js";
import { t, tn } from "../lib/i18n.js";
import { notify, say } from "../lib/notice.js";
import { pageData } from "../lib/page.js";
import { startPolling } from "../lib/poll.js";

const POLL_MS = 1500;
const page = pageData();
const base = `/api/lobbies/${encodeURIComponent(page.lobby_id)}`;
const ui = {
  title: byId("lobby-title"),
  summary: byId("lobby-summary"),
  message: byId("lobby-message"),
  invitePanel: byId("invite-panel"),
  inviteLink: byId("invite-link"),
  inviteCode: byId("invite-code"),
  copy: byId("copy"),
  watchLink: byId("watch-link"),
  copyWatch: byId("copy-watch"),
  share: byId("share"),
  seats: byId("seats"),
  start: byId("start"),
  leave: byId("leave"),
  takeSeat: byId("take-seat"),
  fillBots: byId("fill-bots"),
  botTools: byId("bot-tools"),
  botLevel: byId("bot-level"),
  options: byId("lobby-options"),
  rulesLink: byId("rules-link"),
  hint: byId("lobby-hint"),
  evening: byId("evening-panel"),
  seriesText: byId("series-text"),
  standings: byId("standings"),
  pointsHead: byId("points-head"),
  chipsHead: byId("chips-head"),
  tableMatches: byId("table-matches"),
  rematch: byId("rematch"),
};
let lobby = null;
let poller = null;
let shown = "";
let leaving = false;

function stopPolling() {
  if (poller) poller.stop();
}

const isEmpty = (seat) => !seat.bot && (seat.user_id === null || seat.user_id === undefined);

// ---- rendering -------------------------------------------------------------------------

function render(next, force = false) {
  lobby = next;
  const json = JSON.stringify(next);
  if (json === shown && !force) return; // unchanged: keep focus and selection where they are
  shown = json;
  if (next.status === "playing" && next.match_id !== null && next.match_id !== undefined) {
    stopPolling();
    ui.hint.textContent = t("The game is starting…");
    location.assign(`/match/${next.match_id}`);
    return;
  }
  const title = t("{game} table", { game: next.game_title || next.game });
  ui.title.textContent = title;
  document.title = `${title} · ${t("Parlor")}`;
  ui.summary.textContent = summaryText(next);
  const options = next.options_text || [];
  fill(ui.options, options.map((line) => el("li", null, line)));
  show(ui.options, options.length > 0);
  ui.rulesLink.href = `/games/${encodeURIComponent(next.game)}`;
  ui.rulesLink.textContent = t("How to play {game}", { game: next.game_title || next.game });
  show(ui.rulesLink);
  renderInvite(next);
  fill(ui.seats, (next.seats || []).map((seat) => seatItem(next, seat)));
  renderActions(next);
  renderEvening(next);
}

const SERIES_TEXT = {
  single: () => t("One game at a time."),
  best_of: (series) => t("Best of {games}: first to {wins} wins.", { games: series.games, wins: Math.floor(series.games / 2) + 1 }),
  sum: (series, unit) => (unit === "chips"
    ? t("Sum of {games} games: the most chips over the series wins.", { games: series.games })
    : t("Sum of {games} games: the most points over the series wins.", { games: series.games })),
};

/** Standings across every match at this table, the current series, and "play again". */
function renderEvening(next) {
  const matches = next.matches || [];
  const finished = matches.filter((match) => match.status === "finished");
  show(ui.evening, finished.length > 0);
  if (!finished.length) return;
  const series = next.series || { kind: "single", games: 1 };
  const names = (next.seats || []).map((seat) => seat.name || seatLabel(seat.seat));
  const progress = series.kind === "single" ? "" : series.decided
    ? ` ${tn("Series over after {count} game.", "Series over after {count} games.", series.played)}`
    : ` ${t("Game {played} of at most {games} played.", { played: series.played, games: series.games })}`;
  const unit = next.score_unit || "points";
  ui.seriesText.textContent = `${(SERIES_TEXT[series.kind] || SERIES_TEXT.single)(series, unit)}${progress}`;
  const rows = next.standings || [];
  // A game played for chips (Tong-its) keeps a tally over the whole evening; a single game's
  // own chips would only repeat the last hand's.
  const showChips = rows.some((row) => row.chips !== null && row.chips !== undefined);
  const showPoints = series.kind !== "best_of" && !(showChips && series.kind === "single");
  ui.pointsHead.hidden = !showPoints;
  ui.pointsHead.textContent = unit === "chips" ? t("Chips this series") : t("Points");
  ui.chipsHead.hidden = !showChips;
  fill(ui.standings.querySelector("tbody"), rows.map((row) =>
    el("tr", { class: (series.leaders || []).includes(row.seat) ? "is-leader" : null },
      el("th", { scope: "row" }, names[row.seat] || seatLabel(row.seat)),
      el("td", null, t("{won} of {played}", { won: row.won, played: row.played })),
      showPoints ? el("td", null, String((series.points || [])[row.seat] ?? "")) : null,
      showChips ? el("td", null, signed(row.chips)) : null)));
  fill(ui.tableMatches, matches.map((match) => el("li", null,
    el("a", { href: match.status === "finished" ? `/match/${match.id}/record` : `/match/${match.id}` }, // i18n: not text
      t("Match {number}: {game}", { number: match.number, game: match.title })),
    ` — ${match.status !== "finished" ? t("being played")
      : (match.winners || []).length ? t("won by {players}", { players: listText(match.winners.map((seat) => names[seat])) })
        : t("won by nobody")}`)));
  show(ui.rematch, Boolean(next.can_rematch));
  ui.rematch.textContent = series.kind !== "single" && !series.decided
    ? t("Next game ({number} of {games})", { number: series.played + 1, games: series.games }) : t("Play again");
}

/** A chip tally with its sign: "+3", "-2", "0". */
function signed(value) {
  return value > 0 ? `+${value}` : String(value);
}

function summaryText(next) {
  // The game's options are listed in words under this line (options_text).
  const parts = [tn("{game} for {count} player", "{game} for {count} players", next.players,
    { game: next.game_title || next.game })];
  if (next.turn_seconds) {
    const time = clockText(next.turn_seconds * 1000);
    parts.push(next.stand_in_after === 1
      ? t("turn timer {time} (a stand-in keeps the seat at once)", { time })
      : t("turn timer {time} (a stand-in keeps the seat after {count} missed turns)", { time, count: next.stand_in_after }));
  }
  if (!next.spectators) parts.push(t("no spectators"));
  else if (next.spectator_chat) parts.push(t("spectators may chat"));
  return parts.join(" · ");
}

function renderInvite(next) {
  const open = next.status === "open" && Boolean(next.invite_url);
  show(ui.invitePanel, open);
  if (!open) return;
  const link = new URL(next.invite_url, location.origin).href;
  if (ui.inviteLink.textContent !== link) ui.inviteLink.textContent = link;
  ui.inviteCode.textContent = next.invite_code || "";
  const watch = next.watch_url ? new URL(next.watch_url, location.origin).href : "";
  if (ui.watchLink.textContent !== watch) ui.watchLink.textContent = watch;
  show(ui.share, typeof navigator.share === "function");
}

function seatItem(next, seat) {
  const empty = isEmpty(seat);
  const classes = ["seat"];
  if (empty) classes.push("is-empty");
  if (seat.you) classes.push("is-you");
  const name = empty ? t("Empty seat") : seat.name || (seat.bot ? t("Bot") : t("Player {number}", { number: seat.seat + 1 }));
  const canEdit = next.you_are_host && next.status === "open";
  let control = null;
  if (canEdit && empty) {
    control = el("button", { type: "button", class: "btn btn--small", "data-add-bot": seat.seat,
      onclick: (event) => run(event.currentTarget, () => post(`${base}/bots`, { seat: seat.seat, level: ui.botLevel.value })) },
    t("Add bot"));
  } else if (canEdit && !seat.you) {
    control = el("button", { type: "button", class: "btn btn--small btn--ghost", "data-remove": seat.seat,
      onclick: (event) => run(event.currentTarget, () => del(`${base}/seats/${seat.seat}`)) },
    t("Remove"), el("span", { class: "sr-only" }, ` ${name}`));
  }
  return el("li", { class: classes.join(" ") },
    el("span", { class: "seat-number" }, seatLabel(seat.seat)),
    el("span", { class: "seat-name" }, name),
    el("span", { class: "seat-badges" },
      seat.you ? el("span", { class: "badge badge--you" }, t("you")) : null,
      seat.host ? el("span", { class: "badge badge--host" }, t("host")) : null,
      seat.bot ? el("span", { class: "badge badge--bot" }, botLabel(seat.bot)) : null),
    el("span", { class: "seat-control" }, control));
}

/** A bot seat's badge: its level (issue 27; "basic" is the normal bot of older tables). */
function botLabel(level) {
  if (level === "easy") return t("easy bot");
  return level === "strong" ? t("strong bot") : t("bot");
}

function renderActions(next) {
  const seats = next.seats || [];
  const free = seats.filter(isEmpty).length;
  const open = next.status === "open";
  const seated = next.your_seat !== null && next.your_seat !== undefined;

  show(ui.start, Boolean(next.you_are_host) && open);
  show(ui.fillBots, Boolean(next.you_are_host) && open && free > 0);
  show(ui.botTools, Boolean(next.you_are_host) && open && free > 0);
  ui.fillBots.textContent = free === 1 ? t("Fill the empty seat with a bot") : t("Fill empty seats with bots");
  ui.start.disabled = !(open && free === 0);
  show(ui.leave, open && seated && !next.you_are_host);
  show(ui.takeSeat, open && !seated && free > 0 && Boolean(next.invite_code));

  if (next.status === "expired") {
    ui.hint.textContent = t("This table expired before it was started. Open a new one from the home page.");
  } else if (next.status === "finished") {
    fill(ui.hint, `${t("The last match is over.")} `,
      next.match_id !== null && next.match_id !== undefined
        ? el("a", { href: `/match/${next.match_id}/record` }, t("See its record")) : null); // i18n: not text
  } else if (!seated && !next.you_are_host) {
    ui.hint.textContent = free > 0 ? t("You are not seated at this table.") : t("This table is full.");
  } else if (free > 0) {
    ui.hint.textContent = next.you_are_host
      ? tn("Waiting for {count} more player: share the link or add bots.",
        "Waiting for {count} more players: share the link or add bots.", free)
      : tn("Waiting for {count} more player.", "Waiting for {count} more players.", free);
  } else {
    ui.hint.textContent = next.you_are_host ? t("Everyone is here: start when you are ready.")
      : t("Everyone is here: waiting for the host to start.");
  }
}

// ---- actions ---------------------------------------------------------------------------

ui.rematch.addEventListener("click", async () => {
  const result = await run(ui.rematch, () => post(`${base}/rematch`));
  if (result && result.match_id) location.assign(`/match/${result.match_id}`);
});

/** Run a lobby request from a button; a returned lobby is shown at once. */
async function run(button, request) {
  try {
    const result = await busy(button, request);
    if (result && Array.isArray(result.seats)) render(result, true);
    return result;
  } catch (error) {
    notify(error.message);
    if (lobby) render(lobby, true);
    return null;
  }
}

ui.start.addEventListener("click", async () => {
  const result = await run(ui.start, () => post(`${base}/start`));
  if (result && result.match_id !== undefined && result.match_id !== null) {
    stopPolling();
    location.assign(`/match/${result.match_id}`);
  }
});

ui.leave.addEventListener("click", async () => {
  if (!lobby || lobby.your_seat === null) return;
  leaving = true;
  const result = await run(ui.leave, () => del(`${base}/seats/${lobby.your_seat}`));
  if (result) {
    stopPolling();
    location.assign("/");
  } else {
    leaving = false;
  }
});

ui.fillBots.addEventListener("click", () =>
  run(ui.fillBots, () => post(`${base}/bots`, { fill: true, level: ui.botLevel.value })));

ui.takeSeat.addEventListener("click", () =>
  run(ui.takeSeat, () => post("/api/lobbies/join", { invite_code: lobby.invite_code })));

copyButton(ui.copy, ui.inviteLink);
copyButton(ui.copyWatch, ui.watchLink);

ui.share.addEventListener("click", () => {
  navigator.share({ title: t("Join my Parlor table"), url: ui.inviteLink.textContent }).catch(() => {});
});

// ---- polling ---------------------------------------------------------------------------

poller = startPolling(async () => {
  if (leaving) return;
  try {
    render(await get(base));
    say(ui.message, "");
  } catch (error) {
    if (error.status === 404 || error.status === 403) {
      stopPolling();
      say(ui.message, error.message);
      ui.summary.textContent = t("This table is not available.");
    } else {
      say(ui.message, t("{error} Retrying…", { error: error.message }), "info");
    }
  }
}, POLL_MS);
