// /verify: check an uploaded record (POST /api/verify) or a finished match by its number.

import { get } from "../lib/api.js";
import { busy, byId, el, fill } from "../lib/dom.js";
import { showVerdict, wireUpload } from "../lib/verify.js";
import { t } from "../lib/i18n.js";

wireUpload(byId("upload-form"), byId("record-file"), byId("upload"), byId("upload-result"));

const result = byId("match-result");
byId("match-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const id = byId("match-id").value.trim().replace(/^.*\/match\//, "").replace(/\D.*$/, "");
  if (!id) {
    fill(result, el("p", { class: "message message--error", role: "alert" }, t("Enter a match number.")));
    return;
  }
  fill(result, el("p", { class: "muted" }, t("Replaying the match…")));
  try {
    showVerdict(result, await busy(byId("check-match"), () => get(`/api/matches/${id}/verify`))); // i18n: not text
  } catch (error) {
    fill(result, el("p", { class: "message message--error", role: "alert" }, error.message));
  }
});
