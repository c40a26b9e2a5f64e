// Messages: transient toasts (bottom of the screen) and inline form messages.

import { el } from "./dom.js";
import { t } from "./i18n.js";

const TOAST_MS = { error: 8000, info: 4000, ok: 3000 };

/** A toast in #notices. kind: "error" | "info" | "ok". */
export function notify(message, kind = "error") {
  const host = document.getElementById("notices");
  if (!host) return;
  const close = el("button", { type: "button", class: "toast-close", "aria-label": t("Dismiss"), text: "×" });
  const toast = el("div", { class: `toast toast--${kind}`, role: kind === "error" ? "alert" : "status" },
    el("span", { class: "toast-text", text: message }), close);
  const remove = () => toast.remove();
  close.addEventListener("click", remove);
  host.append(toast);
  // Keep at most three on screen.
  while (host.children.length > 3) host.firstElementChild.remove();
  setTimeout(remove, TOAST_MS[kind] || TOAST_MS.error);
}

/** Set (or clear, with an empty text) an inline message element such as <p class="message">. */
export function say(node, text, kind = "error") {
  node.textContent = text || "";
  node.className = `message message--${kind}`;
  node.hidden = !text;
  if (text && kind === "error") node.setAttribute("role", "alert");
  else node.removeAttribute("role");
}
