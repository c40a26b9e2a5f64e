// /match/{id}/record: the finished match's seed, moves and result, with verification.

import { get } from "../lib/api.js";
import { busy, byId, el, fill, show } from "../lib/dom.js";
import { compactJson, formatDate, listText, nameOf } from "../lib/format.js";
import { loadGame } from "../lib/games.js";
import { say } from "../lib/notice.js";
import { pageData, withWatch } from "../lib/page.js";
import { seedMatchesCommitment, showVerdict, wireUpload } from "../lib/verify.js";
import { t, tn } from "../lib/i18n.js";

const page = pageData();
const matchPath = `/api/matches/${encodeURIComponent(page.match_id)}`;
const ui = {
  title: byId("record-title"),
  summary: byId("record-summary"),
  message: byId("record-message"),
  body: byId("record-body"),
  outcome: byId("record-outcome"),
  commitment: byId("record-commitment"),
  seed: byId("record-seed"),
  localCheck: byId("local-check"),
  verify: byId("verify"),
  verifyResult: byId("verify-result"),
  download: byId("download"),
  replayLink: byId("replay-link"),
  dealLink: byId("deal-link"),
  actions: byId("record-actions"),
  uploadForm: byId("upload-form"),
  uploadFile: byId("record-file"),
  upload: byId("upload"),
  uploadResult: byId("upload-result"),
};

function summaryText(record) {
  const names = record.player_names || [];
  const parts = [tn("{count} player: {names}", "{count} players: {names}", record.players ?? names.length,
    { names: listText(names) })];
  if (record.created_at) parts.push(t("started {date}", { date: formatDate(record.created_at) }));
  if (record.finished_at) parts.push(t("finished {date}", { date: formatDate(record.finished_at) }));
  // The options in words, as the server put them in the page (app/guides/options.py).
  return [...parts, ...(page.options_text || [])].join(" · ");
}

function actionRow(game, entry, names) {
  let text;
  try {
    text = game.describeAction(entry.action, names);
  } catch {
    text = compactJson(entry.action);
  }
  return el("tr", null,
    el("td", { class: "num" }, String(entry.seq)),
    el("td", null, entry.seat === null ? t("The clock") : nameOf(names, entry.seat)),
    el("td", { title: `${compactJson(entry.action)}${entry.at ? ` · ${formatDate(entry.at)}` : ""}` }, text));
}

async function showLocalCheck(record) {
  const same = await seedMatchesCommitment(record.seed, record.commitment).catch(() => null);
  if (same === null) return;
  ui.localCheck.className = `small verdict ${same ? "verdict--ok" : "verdict--bad"}`;
  ui.localCheck.textContent = same
    ? t("Checked in your browser: the SHA-256 of the seed equals the commitment.")
    : t("Checked in your browser: the SHA-256 of the seed does NOT equal the commitment.");
  show(ui.localCheck);
}

async function load() {
  let record;
  try {
    record = await get(withWatch(`${matchPath}/record`));
  } catch (error) {
    if (error.status === 409) {
      const [before, ...after] = t("This match is still being played. {link}.").split("{link}");
      fill(ui.summary, before,
        el("a", { href: withWatch(`/match/${encodeURIComponent(page.match_id)}`) }, t("Go to the table")), after.join(""));
    } else {
      ui.summary.textContent = "";
      say(ui.message, error.message);
    }
    return;
  }
  const game = await loadGame(record.game);
  const names = record.player_names || [];
  const title = t("{game} · match {number}", { game: record.title || record.game, number: String(record.match_id ?? page.match_id) });
  ui.title.textContent = title;
  document.title = `${title} · ${t("Parlor")}`;
  ui.summary.textContent = summaryText(record);
  if (record.outcome) {
    try {
      game.renderOutcome(ui.outcome, record.outcome, null, names);
    } catch (error) {
      console.error(error);
      ui.outcome.textContent = compactJson(record.outcome);
    }
  } else {
    ui.outcome.textContent = t("No result recorded.");
  }
  ui.commitment.textContent = record.commitment || "";
  ui.seed.textContent = record.seed || "";
  ui.download.href = withWatch(`${matchPath}/export`);
  fill(ui.actions, (record.actions || []).map((entry) => actionRow(game, entry, names)));
  show(ui.body);
  showLocalCheck(record);
}

ui.verify.addEventListener("click", async () => {
  fill(ui.verifyResult, el("p", { class: "muted" }, t("Replaying the match…")));
  try {
    showVerdict(ui.verifyResult, await busy(ui.verify, () => get(withWatch(`${matchPath}/verify`))));
  } catch (error) {
    fill(ui.verifyResult, el("p", { class: "message message--error", role: "alert" }, error.message));
  }
});

ui.replayLink.href = withWatch(ui.replayLink.getAttribute("href"));
ui.dealLink.href = withWatch(ui.dealLink.getAttribute("href")); // the page fetches the record too
wireUpload(ui.uploadForm, ui.uploadFile, ui.upload, ui.uploadResult);

load();
