// Tiny DOM builders. Everything goes through createElement/textContent/setAttribute,
// so user text (names, messages) is never parsed as HTML.

const HANDLERS = Symbol("handlers"); // event type -> the listener el() was given for it

/**
 * Build an element: el("button", {class: "btn", type: "button", onclick: fn}, "Label", child).
 * Attribute values null/undefined/false are skipped, true sets an empty attribute.
 * Special keys: "class" (className), "text" (textContent), "on<event>" (listener, see on()).
 */
export function el(tag, attrs = null, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = String(value);
      else if (key.startsWith("on") && typeof value === "function") on(node, key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(node, children);
  return node;
}

/**
 * Listen for one event type with a listener that a later frame may replace (lib/patch.js keeps
 * the node and hands it the new frame's listener): one listener per type and node.
 */
export function on(node, type, listener) {
  if (!node[HANDLERS]) node[HANDLERS] = new Map();
  if (!node[HANDLERS].has(type)) node.addEventListener(type, dispatch);
  node[HANDLERS].set(type, listener);
}

function dispatch(event) {
  const listener = this[HANDLERS].get(event.type);
  if (listener) listener.call(this, event);
}

/** Give `node` the on() listeners of `model` (and drop those `model` does not have). */
export function adoptListeners(node, model) {
  const mine = node[HANDLERS];
  const theirs = model[HANDLERS];
  if (mine) for (const type of mine.keys()) if (!theirs || !theirs.has(type)) mine.set(type, null);
  if (theirs) for (const [type, listener] of theirs) on(node, type, listener);
}

/** Children as nodes: strings and numbers become text, nested arrays are flattened, null/false skipped. */
export function toNodes(children) {
  const nodes = [];
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    nodes.push(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return nodes;
}

/** Append children (nodes, strings, numbers, nested arrays; null/false are skipped). */
export function append(node, children) {
  node.append(...toNodes(children));
  return node;
}

/** Replace all children of node. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** Words for screen readers only (what is seen says it otherwise, or is aria-hidden). */
export function srOnly(text) {
  return el("span", { class: "sr-only" }, text);
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
