// The card face shared by the game renderers: a card or tile as a picture, as the button of a
// legal move, or as the button of a local choice (lib/choice.js). The look (colours, size) is
// the game's CSS; the words for screen readers and the tooltip come with it.

import { actionButton } from "./actions.js";
import { el, srOnly } from "./dom.js";

/**
 * A card. `look`: its classes; `label`: what it is, in words; `face`: what it shows
 * (aria-hidden parts); `key`: names it across frames (lib/patch.js), e.g. the card's code.
 * - `play: {action, legal, ctx}`: the button for that move, enabled only when it is legal;
 * - `pick: {picked, onpick, enabled = true, data}`: a button for a choice on this page, pressed
 *   (is-selected) when picked, with `data` as extra attributes (data-card, ...);
 * - neither: a picture (role img).
 */
export function cardFace({ look, label, face = [], title = label, key = null, play = null, pick = null }) {
  if (play) {
    const button = actionButton({ ...play, className: look, title, label: [face, srOnly(label)] });
    if (key !== null) button.setAttribute("data-key", key);
    return button;
  }
  if (pick) {
    const enabled = pick.enabled !== false;
    return el("button", {
      type: "button",
      class: pick.picked ? `${look} is-selected` : look,
      "aria-pressed": pick.picked ? "true" : "false",
      title,
      disabled: !enabled,
      onclick: enabled ? pick.onpick : null,
      "data-key": key,
      ...pick.data,
    }, face, srOnly(label));
  }
  return el("span", { class: look, role: "img", "aria-label": label, title, "data-key": key }, face);
}
