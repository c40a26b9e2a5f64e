// Tiny DOM builders. Everything goes through createElement/textContent/setAttribute,
// so user text (names, messages) is never parsed as HTML.

/**
 * Build an element: el("button", {class: "btn", type: "button", onclick: fn}, "Label", child).
 * Attribute values null/undefined/false are skipped, true sets an empty attribute.
 * Special keys: "class" (className), "text" (textContent), "on<event>" (listener).
 */
export function el(tag, attrs = null, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = String(value);
      else if (key.startsWith("on") && typeof value === "function") {
        node.addEventListener(key.slice(2), value);
      } else node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(node, children);
  return node;
}

/** Append children (nodes, strings, numbers, nested arrays; null/false are skipped). */
export function append(node, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Replace all children of node. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** document.getElementById that fails loudly when a template and its script disagree. */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`missing #${id} in the page`);
  return node;
}

/** Show or hide an element (uses the hidden attribute). */
export function show(node, visible = true) {
  node.hidden = !visible;
}

/** Disable a button while an async task runs; returns the task's result. */
export async function busy(button, task) {
  const wasDisabled = button.disabled;
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    return await task();
  } finally {
    button.removeAttribute("aria-busy");
    if (button.isConnected) button.disabled = wasDisabled;
  }
}
