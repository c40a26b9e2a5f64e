// Moves animate (issue 25): FLIP ("first, last, invert, play") over the keyed updates of
// lib/patch.js. Before a frame is drawn, the place of every piece on the board is measured;
// after it, each piece that moved is drawn back at its old place and let go (element.animate,
// which the content security policy allows, unlike style attributes), so a played card travels
// from the hand to the pile instead of teleporting.
//
// The renderers mark pieces with attributes (flipAttrs below), from the view alone:
// - data-flip="ID": one piece (a card, a tile, a chip) and the same ID wherever it lies (a card
//   in the hand and on the pile), so it is followed across containers and across nodes; equal
//   IDs (two red 7s) are matched in order;
// - data-flip-from="ID": where the piece comes from when it had no place before: the old place
//   of the piece or place of that ID (a drawn card comes from the pile, a taken row's cards go
//   to the taker's collection);
// - data-flip-place="ID": a place that is only an origin (the pile, a row), never animated;
// - data-flip-enter="drop": a new piece drops in where it lands (a chip on the board).
// A new piece with none of these comes from `origin`, the acting player's place, when given.
// Removed pieces are not animated. Nothing moves under prefers-reduced-motion.

export const MOVE_MS = 320;
const SKIP_PX = 1; // closer than this to its old place, a piece did not move

/** Attributes for el(): a piece's identity and, optionally, where a new one comes from. */
export function flipAttrs(id, { from = null, enter = null } = {}) {
  return { "data-flip": id, "data-flip-from": from, "data-flip-enter": enter };
}

/** Mark an element built elsewhere (a card face) as a piece; returns it. */
export function flipped(node, id, options = {}) {
  for (const [name, value] of Object.entries(flipAttrs(id, options))) {
    if (value !== null && value !== undefined) node.setAttribute(name, value);
  }
  return node;
}

export function prefersReducedMotion() {
  return Boolean(typeof window.matchMedia === "function"
    && window.matchMedia("(prefers-reduced-motion: reduce)").matches); // i18n: not text
}

/** Where every piece and place under `root` is now (viewport rectangles). */
export function measure(root) {
  const parents = new Map();
  const rectOf = (node) => {
    if (!parents.has(node)) parents.set(node, box(node));
    return parents.get(node);
  };
  const pieces = [...root.querySelectorAll("[data-flip]")].map((node) => ({
    node, id: node.getAttribute("data-flip"), rect: box(node), parent: node.parentNode,
    parentRect: node.parentNode ? rectOf(node.parentNode) : null,
  }));
  const places = new Map();
  for (const node of root.querySelectorAll("[data-flip-place]")) {
    const id = node.getAttribute("data-flip-place");
    if (!places.has(id)) places.set(id, box(node));
  }
  return { pieces, places };
}

function box(node) {
  const { left, top, width, height } = node.getBoundingClientRect();
  return { left, top, width, height };
}

/**
 * The animations that take `root`'s pieces from where `before` (measure) saw them to where they
 * are now: [{node, kind: "move" | "enter" | "drop", from: rect | null, to: rect}].
 * `origin`: the rectangle new pieces without a place of their own come from (or null).
 */
export function plan(before, root, { origin = null } = {}) {
  const byNode = new Map(before.pieces.map((entry) => [entry.node, entry]));
  const byId = new Map();
  for (const entry of before.pieces) {
    if (!byId.has(entry.id)) byId.set(entry.id, []);
    byId.get(entry.id).push(entry);
  }
  const used = new Set();
  const now = [...root.querySelectorAll("[data-flip]")].map((node) => ({ node, id: node.getAttribute("data-flip") }));
  // First the pieces patch() kept as they were (same node, same identity)...
  for (const piece of now) {
    const entry = byNode.get(piece.node);
    if (entry && entry.id === piece.id) {
      piece.kept = entry;
      used.add(entry);
    }
  }
  // ...then the others take the first old place of their identity no piece kept.
  for (const piece of now) {
    if (piece.kept) continue;
    piece.was = (byId.get(piece.id) || []).find((entry) => !used.has(entry)) || null;
    if (piece.was) used.add(piece.was);
  }
  const steps = [];
  for (const piece of now) {
    const to = box(piece.node);
    if (!to.width && !to.height) continue; // not shown (a closed <details>): nothing to see
    if (piece.kept) {
      const from = keptFrom(piece.kept, piece.node, to);
      if (from) steps.push({ node: piece.node, kind: "move", from, to });
    } else if (piece.was) {
      if (moved(piece.was.rect, to)) steps.push({ node: piece.node, kind: "move", from: piece.was.rect, to });
    } else {
      const step = enterStep(piece.node, to, before, byId, origin);
      if (step) steps.push(step);
    }
  }
  return steps;
}

/**
 * A kept piece moved if its place in its container changed (a card closing a gap in the hand);
 * when the whole container moved (a line of text appeared above it) it did not. In another
 * container, it moved from where it was.
 */
function keptFrom(entry, node, to) {
  if (entry.parent !== node.parentNode || !entry.parentRect) {
    return moved(entry.rect, to) ? entry.rect : null;
  }
  const parent = box(node.parentNode);
  const dx = (entry.rect.left - entry.parentRect.left) - (to.left - parent.left);
  const dy = (entry.rect.top - entry.parentRect.top) - (to.top - parent.top);
  if (Math.abs(dx) < SKIP_PX && Math.abs(dy) < SKIP_PX) return null;
  return { left: to.left + dx, top: to.top + dy, width: to.width, height: to.height };
}

function moved(from, to) {
  if (!from.width && !from.height) return false; // it was not shown: it appears where it is
  return Math.abs(from.left - to.left) >= SKIP_PX || Math.abs(from.top - to.top) >= SKIP_PX;
}

function enterStep(node, to, before, byId, origin) {
  const fromId = node.getAttribute("data-flip-from");
  if (fromId) {
    const place = before.places.get(fromId) || ((byId.get(fromId) || [])[0] || {}).rect;
    if (place && (place.width || place.height)) return { node, kind: "enter", from: place, to };
  }
  if (node.getAttribute("data-flip-enter") === "drop") return { node, kind: "drop", from: null, to };
  if (origin) return { node, kind: "enter", from: origin, to };
  return null;
}

/**
 * The keyframes of one step: from its old place (translate and scale from the top left).
 * `width`: the screen's; a piece never starts past its sides (a card played from a seat
 * scrolled out of the strip starts at the edge), or the page would scroll sideways while it moves.
 */
export function keyframes(step, { width = Infinity } = {}) {
  if (step.kind === "drop") {
    return [{ transformOrigin: "50% 50%", transform: "translateY(-0.6em) scale(1.6)" }, // i18n: not text
      { transformOrigin: "50% 50%", transform: "none" }];
  }
  const { from, to } = step;
  let sx = to.width ? from.width / to.width : 1;
  let sy = to.height ? from.height / to.height : 1;
  if (step.kind === "enter") {
    // Out of a place (a seat, the pile, a row) the piece starts small and centred on it.
    sx = 0.6;
    sy = 0.6;
  }
  sx = clamp(sx, 0.25, 4);
  sy = clamp(sy, 0.25, 4);
  const start = step.kind === "enter" ? from.left + from.width / 2 - (to.width * sx) / 2 : from.left;
  const left = clamp(start, 0, Math.max(0, width - to.width * sx));
  const top = step.kind === "enter" ? from.top + from.height / 2 - (to.height * sy) / 2 : from.top;
  return [
    { transformOrigin: "0 0", transform: `translate(${round(left - to.left)}px, ${round(top - to.top)}px) scale(${round(sx)}, ${round(sy)})` }, // i18n: not text
    { transformOrigin: "0 0", transform: "none" },
  ];
}

function clamp(value, low, high) {
  return Math.min(high, Math.max(low, value));
}

function round(value) {
  return Math.round(value * 100) / 100;
}

/** Start the steps' animations; returns how many started. */
export function play(steps) {
  let started = 0;
  const width = document.documentElement?.clientWidth || Infinity;
  for (const step of steps) {
    if (typeof step.node.animate !== "function") continue;
    const timing = { duration: MOVE_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", id: "flip" };
    // Added to the piece's own transform (a lifted selected card), which it keeps at the end.
    step.node.animate(keyframes(step, { width }), { ...timing, composite: "add" });
    // A piece that was nowhere fades in as it comes (opacity is not added: its own animation).
    if (step.kind !== "move") step.node.animate([{ opacity: step.kind === "drop" ? 0 : 0.4 }, { opacity: 1 }], timing);
    started += 1;
  }
  return started;
}

/**
 * Motion for one board: update(draw, {origin, still}) runs `draw` (a renderer patching `root`)
 * and animates what it moved. `origin()` is measured before drawing: the acting player's place.
 * The first frame only draws (nothing was anywhere before), as do a hidden page and a frame
 * drawn `still` (a jump across many moves).
 */
export function createMotion(root, { reduced = prefersReducedMotion } = {}) {
  let drawn = false;
  return {
    update(draw, { origin = null, still: jump = false } = {}) {
      const still = jump || reduced() || !drawn || document.hidden;
      drawn = true;
      if (still) {
        draw();
        land(root);
        return [];
      }
      const before = measure(root);
      const from = typeof origin === "function" ? origin() : origin;
      draw();
      land(root);
      const steps = plan(before, root, { origin: from ? box(from) : null });
      play(steps);
      return steps;
    },
  };
}

/**
 * Stop the flights still running under `root` (frames that come faster than MOVE_MS): each
 * piece is then measured at its place, and sets off from where it was seen (`measure` took it
 * mid-flight). A flight left running would add to the next one (composite "add") and measure
 * the piece off its place: cards pushed under the next few flew off the screen's edge.
 */
function land(root) {
  if (typeof root.getAnimations !== "function") return;
  for (const flight of root.getAnimations({ subtree: true })) {
    if (flight.id === "flip") flight.cancel();
  }
}

/** The seat that made the newest move: the first new log entry with a seat, or null. */
export function actingSeat(previousLog, log) {
  if (!Array.isArray(previousLog) || !Array.isArray(log) || log.length <= previousLog.length) return null;
  const entry = log.slice(previousLog.length).find((item) => item && typeof item.seat === "number");
  return entry ? entry.seat : null;
}
