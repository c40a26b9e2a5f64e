// /verify/deal: check a record's seed against its commitment and deal its opening again, in this
// browser (static/js/lib/deal.js). A record comes from a file, pasted text, or ?match=id (the
// record page links here so): then that finished match's record is fetched and dealt at once.

import { get } from "../lib/api.js";
import { busy, byId, el, fill, show } from "../lib/dom.js";
import { nameOf } from "../lib/format.js";
import { PER_SEAT, Refused, checkRecord, deal } from "../lib/deal.js";
import { pageData, withWatch } from "../lib/page.js";
import { t } from "../lib/i18n.js";

const page = pageData();
const ui = {
  form: byId("deal-form"),
  file: byId("deal-file"),
  text: byId("record-text"),
  button: byId("deal-button"),
  panel: byId("deal-panel"),
  title: byId("deal-title"),
  verdict: byId("deal-verdict"),
  sections: byId("deal-sections"),
  json: byId("deal-json"),
};

const words = (key) => key.replace(/_/g, " ");

/** A card list, each card kept on one line ("fire-energy" must not break at its hyphen). */
function cardsText(value) {
  if (Array.isArray(value)) {
    if (!value.length) return t("(none)");
    return value.flatMap((card, index) => [index ? " " : "", el("span", { class: "deal-card" }, String(card))]);
  }
  return value === null || value === undefined ? "–" : String(value);
}

/** One section's value: per seat a line each, a dict a line per key, else one line. */
function sectionValue(key, value, names) {
  if (key === "dealer_draws") { // UNO's draw for dealer: [seat, card] in the order drawn
    return value.map(([seat, card]) => el("span", { class: "deal-seat" }, `${nameOf(names, seat)}: `, cardsText([card])));
  }
  if (Array.isArray(value) && PER_SEAT.has(key)) {
    return value.map((item, seat) => el("span", { class: "deal-seat", "data-seat": String(seat) },
      el("strong", null, `${nameOf(names, seat)}: `),
      item && typeof item === "object" && !Array.isArray(item)
        ? Object.entries(item).map(([name, part]) => el("span", { class: "deal-seat" }, `${words(name)}: `, cardsText(part)))
        : cardsText(item)));
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).map(([name, part]) => el("span", { class: "deal-seat" }, `${words(name)}: `, cardsText(part)));
  }
  return cardsText(value);
}

function fail(text) {
  ui.panel.dataset.state = "refused";
  fill(ui.verdict, el("div", { class: "verdict verdict--bad", role: "alert" }, el("p", null, el("strong", null, `${t("Refused.")} `), text)));
  fill(ui.sections);
  ui.json.textContent = "";
  show(ui.panel);
}

async function run(record) {
  ui.panel.dataset.state = "working";
  fill(ui.verdict, el("p", { class: "muted" }, t("Hashing the seed and dealing…")));
  fill(ui.sections);
  ui.json.textContent = "";
  show(ui.panel);
  let seed;
  let dealt;
  try {
    seed = await checkRecord(record);
    dealt = await deal(record, seed);
  } catch (error) {
    if (!(error instanceof Refused)) console.error(error);
    fail(error instanceof Refused ? error.message : t("This record cannot be dealt: {error}", { error: error.message }));
    return;
  }
  const names = record.player_names || [];
  const game = record.title || record.game;
  ui.title.textContent = record.match_id
    ? t("{game} · match {number}: the opening", { game, number: String(record.match_id) })
    : t("{game}: the opening", { game });
  fill(ui.verdict, el("div", { class: "verdict verdict--ok", role: "status" }, el("p", null,
    el("strong", null, `${t("Commitment OK:")} `),
    t("the SHA-256 of the seed equals the commitment published before the deal. Dealt again from the seed:"))));
  fill(ui.sections, Object.entries(dealt).flatMap(([key, value]) => [
    el("dt", null, words(key)),
    el("dd", { "data-key": key }, sectionValue(key, value, names)),
  ]));
  ui.json.textContent = JSON.stringify({ game: record.game, commitment_ok: true, deal: dealt });
  ui.panel.dataset.state = "ok";
}

ui.form.addEventListener("submit", async (event) => {
  event.preventDefault();
  ui.panel.dataset.state = "working"; // set at once: the last verdict no longer stands
  const file = ui.file.files && ui.file.files[0];
  let text = ui.text.value;
  if (file) {
    text = await file.text();
    ui.text.value = text;
    ui.file.value = "";
  }
  if (!text.trim()) {
    fail(t("Choose a record file or paste a record first."));
    return;
  }
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    fail(t("This is not JSON: choose or paste a record downloaded from Parlor."));
    return;
  }
  await busy(ui.button, () => run(record));
});

async function loadMatch(id) {
  let record;
  try {
    record = await get(withWatch(`/api/matches/${encodeURIComponent(id)}/record`)); // i18n: not text
  } catch (error) {
    fail(error.message);
    return;
  }
  ui.text.value = JSON.stringify(record, null, 1);
  await run(record);
}

if (page.match_id) loadMatch(page.match_id);
