// /match/{id}/record: the finished match's seed, moves and result, with verification.

import { get } from "../lib/api.js";
import { busy, byId, el, fill, show } from "../lib/dom.js";
import { compactJson, formatDate, listText, nameOf } from "../lib/format.js";
import { loadGame } from "../lib/games.js";
import { say } from "../lib/notice.js";
import { pageData, withWatch } from "../lib/page.js";
import { seedMatchesCommitment, showVerdict, wireUpload } from "../lib/verify.js";

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
  const parts = [`${record.players ?? names.length} players: ${listText(names)}`];
  if (record.created_at) parts.push(`started ${formatDate(record.created_at)}`);
  if (record.finished_at) parts.push(`finished ${formatDate(record.finished_at)}`);
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
    el("td", null, entry.seat === null ? "The clock" : nameOf(names, entry.seat)),
    el("td", { title: `${compactJson(entry.action)}${entry.at ? ` · ${formatDate(entry.at)}` : ""}` }, text));
}

async function showLocalCheck(record) {
  const same = await seedMatchesCommitment(record.seed, record.commitment).catch(() => null);
  if (same === null) return;
  ui.localCheck.className = `small verdict ${same ? "verdict--ok" : "verdict--bad"}`;
  ui.localCheck.textContent = same
    ? "Checked in your browser: the SHA-256 of the seed equals the commitment."
    : "Checked in your browser: the SHA-256 of the seed does NOT equal the commitment.";
  show(ui.localCheck);
}

async function load() {
  let record;
  try {
    record = await get(withWatch(`${matchPath}/record`));
  } catch (error) {
    if (error.status === 409) {
      fill(ui.summary, "This match is still being played. ",
        el("a", { href: withWatch(`/match/${encodeURIComponent(page.match_id)}`) }, "Go to the table"), ".");
    } else {
      ui.summary.textContent = "";
      say(ui.message, error.message);
    }
    return;
  }
  const game = await loadGame(record.game);
  const names = record.player_names || [];
  const title = `${record.title || record.game} · match ${record.match_id ?? page.match_id}`;
  ui.title.textContent = title;
  document.title = `${title} · Parlor`;
  ui.summary.textContent = summaryText(record);
  if (record.outcome) {
    try {
      game.renderOutcome(ui.outcome, record.outcome, null, names);
    } catch (error) {
      console.error(error);
      ui.outcome.textContent = compactJson(record.outcome);
    }
  } else {
    ui.outcome.textContent = "No result recorded.";
  }
  ui.commitment.textContent = record.commitment || "";
  ui.seed.textContent = record.seed || "";
  ui.download.href = withWatch(`${matchPath}/export`);
  fill(ui.actions, (record.actions || []).map((entry) => actionRow(game, entry, names)));
  show(ui.body);
  showLocalCheck(record);
}

ui.verify.addEventListener("click", async () => {
  fill(ui.verifyResult, el("p", { class: "muted" }, "Replaying the match…"));
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
