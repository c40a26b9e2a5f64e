// Fairness checks shown on the record page.

import { el, fill } from "./dom.js";

/** Show a {ok, problems} answer from /api/matches/{id}/verify or /api/verify. */
export function showVerdict(node, result) {
  const problems = (result && result.problems) || [];
  if (result && result.ok) {
    fill(node, el("p", { class: "verdict verdict--ok", role: "status" },
      el("strong", null, "Verified: "),
      "the seed matches the commitment and replaying every action gives this result."));
    return;
  }
  fill(node, el("div", { class: "verdict verdict--bad", role: "alert" },
    el("p", null, el("strong", null, "Not verified."),
      problems.length ? " Problems found:" : " The server gave no details."),
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
