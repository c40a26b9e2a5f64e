// Sending a link (issue 25): the system's share sheet where the browser has one (the Web Share
// API: phones mostly), else the clipboard; the caller says which happened where it can be seen.

import { copyText } from "./clipboard.js";

/**
 * Share `url` (with `title` and `text`); `node` shows the link on the page, selected when it
 * cannot be copied. Returns "shared", "cancelled" (the person closed the share sheet),
 * "copied" or "selected" (copy it by hand).
 */
export async function shareLink({ title, text, url, node = null }) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, text, url });
      return "shared";
    } catch (error) {
      if (error && error.name === "AbortError") return "cancelled";
      // Refused (no user gesture left, nothing to share to): copy it instead.
    }
  }
  return (await copyText(url, node)) ? "copied" : "selected";
}
