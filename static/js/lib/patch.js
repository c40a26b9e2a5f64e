// Keyed updates: a renderer builds the whole table afresh for every frame (lib/dom.js el), and
// patch() makes the page look like it while keeping the nodes that are already there. A button
// that a frame does not change stays the same node, so a click that began on it (pointer down,
// then a frame, then pointer up) still lands, focus stays where it was, and only what changed
// is written to the page.
//
// Two nodes are the same one when they have the same tag and the same marks: data-key (set it
// on list items that may move or go: a card in a hand, a seat, a log line), id and data-action
// (a button never turns into one for another move); a node without any of them is known by its
// first class. Nodes that look the same are matched in order.

import { adoptListeners, toNodes } from "./dom.js";

const ELEMENT = 1;
const TEXT = 3;

/** Make parent's children look like `children` (as el() takes them), keeping matching nodes. */
export function patch(parent, ...children) {
  patchChildren(parent, toNodes(children));
  return parent;
}

function identity(node) {
  if (node.nodeType !== ELEMENT) return node.nodeName;
  const marks = [node.getAttribute("data-key"), node.id || null, node.getAttribute("data-action")];
  if (marks.some((mark) => mark !== null)) return `${node.nodeName} ${JSON.stringify(marks)}`;
  return `${node.nodeName} .${(node.getAttribute("class") || "").trim().split(/\s+/)[0]}`;
}

function patchChildren(parent, fresh) {
  const given = new Set(fresh);
  const waiting = new Map(); // identity -> old children not matched yet, in order
  for (const node of parent.childNodes) {
    if (given.has(node)) continue; // passed in again as it is: kept untouched
    const id = identity(node);
    if (!waiting.has(id)) waiting.set(id, []);
    waiting.get(id).push(node);
  }
  const placed = fresh.map((node) => {
    if (node.parentNode === parent) return node;
    const old = (waiting.get(identity(node)) || []).shift();
    if (!old) return node;
    morph(old, node);
    return old;
  });
  // Remove the leftovers first, so that the kept nodes are mostly in order already and
  // only the ones that really moved are moved (a moved node may lose focus).
  for (const rest of waiting.values()) for (const node of rest) node.remove();
  let next = parent.firstChild;
  for (const node of placed) {
    if (node === next) {
      next = next.nextSibling;
    } else if (parent.moveBefore && parent.isConnected && node.parentNode === parent) {
      parent.moveBefore(node, next); // keeps focus and state where the browser can
    } else {
      parent.insertBefore(node, next);
    }
  }
}

/** Make `node` look like `model` (same tag): attributes, listeners, then children. */
function morph(node, model) {
  if (node.nodeType !== ELEMENT) {
    if (node.nodeValue !== model.nodeValue) node.nodeValue = model.nodeValue;
    return;
  }
  for (const name of node.getAttributeNames()) {
    if (!model.hasAttribute(name)) node.removeAttribute(name);
  }
  for (const name of model.getAttributeNames()) {
    const value = model.getAttribute(name);
    if (node.getAttribute(name) === value) continue;
    // The content security policy refuses style attributes; the CSSOM is allowed.
    if (name === "style") node.style.cssText = model.style.cssText;
    else node.setAttribute(name, value);
  }
  adoptListeners(node, model);
  patchChildren(node, [...model.childNodes].filter((child) => child.nodeType === ELEMENT || child.nodeType === TEXT));
}
