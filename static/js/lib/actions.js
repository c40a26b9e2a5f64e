// Legal-action buttons for game renderers: every control is a <button data-action="{json}">,
// enabled only when that action is in state.legal (compared as canonical JSON).

import { el } from "./dom.js";

/** JSON with object keys sorted, so {"row":1,"type":"x"} equals {"type":"x","row":1}. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Map canonical JSON -> the server's own action object, for the legal list of a state. */
export function legalIndex(legal) {
  const index = new Map();
  for (const action of legal || []) index.set(canonical(action), action);
  return index;
}

/**
 * A button for one action. It is enabled only if the action is legal; clicking sends the
 * server's own copy of the action through ctx.act.
 */
export function actionButton({ action, label, legal, ctx, className = "btn", title = null }) {
  const match = legal.get(canonical(action));
  return el("button", {
    type: "button",
    class: className,
    "data-action": JSON.stringify(match || action),
    disabled: !match,
    title,
    onclick: match ? () => ctx.act(match) : null,
  }, label);
}
