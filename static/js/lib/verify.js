// Fairness checks shown on the record and verify pages.

import { post } from "./api.js";
import { busy, el, fill } from "./dom.js";
import { t } from "./i18n.js";

/** Show a {ok, problems} answer from /api/matches/{id}/verify or /api/verify. */
export function showVerdict(node, result) {
  const problems = (result && result.problems) || [];
  const checks = (result && result.checks) || [];
  const list = checks.length ? el("ul", { class: "checks" }, checks.map((check) =>
    el("li", { class: check.ok ? "check check--ok" : "check check--bad" },
      el("span", { "aria-hidden": "true" }, check.ok ? "✓ " : "✗ "),
      el("span", { class: "sr-only" }, check.ok ? `${t("Holds:")} ` : `${t("Fails:")} `), String(check.text)))) : null;
  if (result && result.ok) {
    fill(node, el("div", { class: "verdict verdict--ok", role: "status" },
      el("p", null, el("strong", null, `${t("Verified:")} `),
        t("the seed matches the commitment and replaying every action gives this result.")), list));
    return;
  }
  if (checks.length) {
    fill(node, el("div", { class: "verdict verdict--bad", role: "alert" },
      el("p", null, el("strong", null, t("Not verified."))), list));
    return;
  }
  fill(node, el("div", { class: "verdict verdict--bad", role: "alert" },
    el("p", null, el("strong", null, t("Not verified.")),
      ` ${problems.length ? t("Problems found:") : t("The server gave no details.")}`),
    problems.length ? el("ul", null, problems.map((problem) => el("li", null, String(problem)))) : null));
}

/**
 * sha256(seed bytes) == commitment, computed in this browser. Returns true/false, or null when
 * the browser cannot compute it (crypto.subtle needs https or localhost) or the seed is not hex.
 */
export async function seedMatchesCommitment(seedHex, commitment) {
  const hex = String(seedHex || "");
  if (!window.crypto || !crypto.subtle || !/^([0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const digestHex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return digestHex === String(commitment || "").toLowerCase();
}

/** An upload form: the chosen record file is sent to POST /api/verify and the answer shown. */
export function wireUpload(form, fileInput, button, resultNode) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = fileInput.files && fileInput.files[0];
    const fail = (text) => fill(resultNode, el("p", { class: "message message--error", role: "alert" }, text));
    if (!file) {
      fail(t("Choose a record file first."));
      return;
    }
    let body;
    try {
      body = JSON.parse(await file.text());
    } catch {
      fail(t("This file is not JSON: choose a record downloaded from Parlor."));
      return;
    }
    fill(resultNode, el("p", { class: "muted" }, t("Checking…")));
    try {
      showVerdict(resultNode, await busy(button, () => post("/api/verify", body)));
    } catch (error) {
      fail(error.message);
    }
  });
}
