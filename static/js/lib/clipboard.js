// Copy text, falling back to selecting it so the person can copy by hand.

import { t } from "./i18n.js";

export async function copyText(text, node) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: fall through to selecting the text.
  }
  selectContents(node);
  try {
    if (document.execCommand && document.execCommand("copy")) return true;
  } catch {
    // Not supported: the text stays selected.
  }
  return false;
}

/** Make ``button`` copy the link shown in ``node``, saying on the button whether it did. */
export function copyButton(button, node) {
  button.addEventListener("click", async () => {
    const copied = await copyText(node.textContent, node);
    button.textContent = copied ? t("Copied!") : t("Selected: copy it");
    setTimeout(() => { button.textContent = t("Copy"); }, 2000);
  });
}

export function selectContents(node) {
  if (!node) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}
