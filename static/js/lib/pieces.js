// The pieces every game renderer draws: original art made for Parlor, as SVG built with DOM
// calls (no markup parsed, nothing inline for the Content-Security-Policy to refuse; colours
// are CSS classes in static/css/pieces.css). Pictures only: each is aria-hidden, and the
// piece that holds it keeps its words (for screen readers, and for whoever cannot tell the
// colours apart: a colour is never shown alone, it always comes with its shape, see MARK_OF).

export const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element: svg("path", {d: "M0 0Z", class: "x"}, ...children). */
export function svg(tag, attrs = null, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) if (child) node.appendChild(child);
  return node;
}

/** A picture's root: aria-hidden and out of the tab order (IE/old Edge focused SVGs). */
function picture(className, viewBox, ...children) {
  return svg("svg", { class: className, viewBox, "aria-hidden": "true", focusable: "false" }, ...children);
}

// Shapes on a 24 x 24 grid, drawn for Parlor.
const SHAPES = {
  circle: "M12 4a8 8 0 1 1 0 16a8 8 0 1 1 0-16Z",
  square: "M5 5h14v14H5Z",
  triangle: "M12 3l9.5 17h-19Z",
  diamond: "M12 2l10 10-10 10L2 12Z",
  star: "M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 9.2l7.1-.6Z",
  hexagon: "M12 2l8.7 5v10L12 22l-8.7-5V7Z",
  cross: "M9 3h6v6h6v6h-6v6H9v-6H3V9h6Z",
  drop: "M12 2c0 0-7 8-7 13a7 7 0 0 0 14 0c0-5-7-13-7-13Z",
  moon: "M15 3a9 9 0 1 0 6.5 14.5A7.5 7.5 0 0 1 15 3Z",
  ring: "M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18Zm0 5a4 4 0 1 0 0 8a4 4 0 1 0 0-8Z",
  // Things on cards.
  house: "M12 3l9 8h-2.5v9h-5v-6h-3v6h-5v-9H3Z",
  coin: "M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0-20Zm0 3a7 7 0 1 0 0 14a7 7 0 1 0 0-14Zm-1 3h2v8h-2Z",
  bolt: "M13 2L4 14h6l-1 8 9-12h-6Z",
  key: "M8 4a5 5 0 1 1-1.6 9.7L5 15.1V18H2v3H0v-4.2l6.3-6.3A5 5 0 0 1 8 4Zm1 3a2 2 0 1 0 0 4a2 2 0 1 0 0-4Z",
  rainbow: "M2 18a10 10 0 0 1 20 0h-3a7 7 0 0 0-14 0Zm5 0a5 5 0 0 1 10 0h-2.5a2.5 2.5 0 0 0-5 0Z",
  flame: "M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-6 0 2 1 3 2 3 0-4-1-6 1-9Z",
  leaf: "M20 3C9 3 4 8 4 15c0 2 .5 3.5 1 4.5L3 22h2l1.7-1.7C8 21 9.5 21 11 21c6 0 9-6 9-18ZM7 18c2-4 5-7 9-9-3 3-6 6-9 9Z",
  eye: "M12 5C6 5 2 12 2 12s4 7 10 7 10-7 10-7-4-7-10-7Zm0 3a4 4 0 1 1 0 8a4 4 0 1 1 0-8Z",
  note: "M9 3v11.6A3.5 3.5 0 1 0 11 17.8V7h7V3Z",
  shield: "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5Z",
  // The four suits (Tong-its): spades, hearts, diamonds, clubs.
  S: "M12 2C9 6 3 9.5 3 14a4.5 4.5 0 0 0 7.6 3.2L9.5 22h5l-1.1-4.8A4.5 4.5 0 0 0 21 14c0-4.5-6-8-9-12Z",
  H: "M12 21C8 17.5 2.5 13.5 2.5 8.5A5 5 0 0 1 12 6a5 5 0 0 1 9.5 2.5c0 5-5.5 9-9.5 12.5Z",
  D: "M12 2l7.5 10L12 22 4.5 12Z",
  C: "M12 2a4.6 4.6 0 0 0-4 6.9A4.6 4.6 0 1 0 10.8 17L9.5 22h5l-1.3-5a4.6 4.6 0 1 0 2.8-8.1A4.6 4.6 0 0 0 12 2Z",
};

/**
 * The shape that goes with each colour, the same in every game: a colour-blind player learns
 * it once (a triangle is red at every table).
 */
export const MARK_OF = {
  red: "triangle", yellow: "circle", green: "square", blue: "diamond", orange: "hexagon",
  purple: "star", brown: "cross", black: "moon", white: "ring", pink: "drop",
};

/** A shape in currentColor: mark("star"), or a colour's own shape: mark("red"). */
export function mark(name, className = "") {
  const shape = SHAPES[name] ? name : MARK_OF[name];
  if (!shape) return null;
  const classes = ["pc-mark", `pc-mark--${shape}`];
  if (MARK_OF[name]) classes.push(`pc-mark--${name}`);
  if (className) classes.push(className);
  return picture(classes.join(" "), "0 0 24 24", svg("path", { d: SHAPES[shape] }));
}

/** The shape of a colour's mark ("triangle" for red), or null for a colour without one. */
export function markShape(colour) {
  return MARK_OF[colour] || null;
}

/** A suit pip of a playing card ("S", "H", "D", "C"), coloured by CSS (.pc-suit--H ...). */
export function suit(letter, className = "") {
  if (!"SHDC".includes(letter) || letter.length !== 1) return null;
  return picture(`pc-suit pc-suit--${letter}${className ? ` ${className}` : ""}`, "0 0 24 24",
    svg("path", { d: SHAPES[letter] }));
}

// Each game's own back: a frame, a pattern and an emblem (pieces.css colours them).
const BACK_EMBLEM = {
  coloretto: "hexagon", da_vinci_code: "diamond", elements: "leaf", manhattan: "square",
  master_of_rules: "shield", monopoly_deal: "house", monster_tcg: "flame", poison: "drop",
  sequence_numbers: "cross", tong_its: "D", uno: "circle", werewolf: "moon",
};

/**
 * A face-down card or tile of `game`: drawn from nothing but the game's name, so it cannot
 * carry what is on its face. `label` (e.g. "face-down card") makes it an image for screen
 * readers; without one it is decoration. `className` adds the game's own size.
 */
export function back(game, { label = null, className = "" } = {}) {
  const node = document.createElement("span");
  node.className = `pc-back pc-back--${game}${className ? ` ${className}` : ""}`;
  if (label) {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", label);
  } else {
    node.setAttribute("aria-hidden", "true");
  }
  node.appendChild(backArt(game));
  return node;
}

/** The art of a back alone (an SVG), for a game that frames it itself. */
export function backArt(game) {
  const emblem = BACK_EMBLEM[game] || "circle";
  return picture(`pc-back-art pc-back-art--${game}`, "0 0 40 56",
    svg("rect", { class: "pc-back-field", x: 1, y: 1, width: 38, height: 54, rx: 5 }),
    svg("rect", { class: "pc-back-inner", x: 4.5, y: 4.5, width: 31, height: 47, rx: 3 }),
    svg("path", { class: "pc-back-lines", d: "M4.5 14 35.5 4.5M4.5 51.5 35.5 42M4.5 33 35.5 23.5" }),
    svg("circle", { class: "pc-back-disc", cx: 20, cy: 28, r: 10 }),
    svg("path", { class: "pc-back-emblem", d: SHAPES[emblem], transform: "translate(12.8 20.8) scale(0.6)" })); // i18n: not text
}

/**
 * A chip (Sequence Numbers): a disc of the side's colour whose rim is a ring of the side's
 * shape (four times, like the inlay of a casino chip), so two sides differ by pattern as well
 * as by colour, and the middle stays free for the number of the space under it.
 */
export function chip(colour, className = "") {
  const shape = MARK_OF[colour] || "circle";
  const at = [[12, 3.6], [20.4, 12], [12, 20.4], [3.6, 12]];
  return picture(`pc-chip pc-chip--${colour}${className ? ` ${className}` : ""}`, "0 0 24 24",
    svg("circle", { class: "pc-chip-disc", cx: 12, cy: 12, r: 11.5 }),
    svg("circle", { class: "pc-chip-rim", cx: 12, cy: 12, r: 7 }),
    at.map(([x, y]) => svg("path", { class: "pc-chip-mark", d: SHAPES[shape],
      transform: `translate(${x - 3} ${y - 3}) scale(0.25)` }))); // i18n: not text
}

/** A cauldron (Poison) of a colour, or "none" before its first potion sets one. */
export function cauldron(colour = null) {
  const name = colour || "none";
  const shape = MARK_OF[colour];
  return picture(`pc-cauldron pc-cauldron--${name}`, "0 0 48 40",
    svg("ellipse", { class: "pc-cauldron-steam", cx: 24, cy: 6, rx: 7, ry: 3 }),
    svg("path", { class: "pc-cauldron-pot", d: "M6 14h36l-3 16a8 8 0 0 1-8 6H17a8 8 0 0 1-8-6Z" }),
    svg("rect", { class: "pc-cauldron-rim", x: 3, y: 11, width: 42, height: 5, rx: 2.5 }),
    svg("ellipse", { class: "pc-cauldron-brew", cx: 24, cy: 13.5, rx: 17, ry: 2 }),
    shape ? svg("path", { class: "pc-cauldron-mark", d: SHAPES[shape], transform: "translate(18 19) scale(0.5)" }) : null, // i18n: not text
    svg("path", { class: "pc-cauldron-feet", d: "M12 36l-2 4h4l1-4ZM36 36l2 4h-4l-1-4Z" }));
}

// Windows per owner, so that owners differ by more than the colour of their floors.
const WINDOWS = [
  (y) => `M7 ${y + 2}h3v3H7ZM14 ${y + 2}h3v3h-3Z`, // two square windows
  (y) => `M6 ${y + 3}h12v2H6Z`, // a band
  (y) => `M8.5 ${y + 2}a1.6 1.6 0 1 1 0 3.2a1.6 1.6 0 1 1 0-3.2ZM15.5 ${y + 2}a1.6 1.6 0 1 1 0 3.2a1.6 1.6 0 1 1 0-3.2Z`, // portholes
  (y) => `M7 ${y + 1.5}h1.5v5H7ZM11.25 ${y + 1.5}h1.5v5h-1.5ZM15.5 ${y + 1.5}h1.5v5h-1.5Z`, // slits
];

/**
 * A building (Manhattan): `storeys` is its storeys bottom to top as owner seats (one entry per
 * storey); drawn as a tower of floors, each in its owner's colour with its owner's windows,
 * under a roof.
 */
export function building(storeys, className = "") {
  const floors = storeys.length;
  const height = floors * 8 + 4;
  const parts = [svg("path", { class: "pc-building-roof", d: "M5 4h14l-2-4H7Z" })];
  storeys.forEach((owner, index) => {
    const y = height - (index + 1) * 8;
    parts.push(svg("rect", { class: `pc-floor pc-floor--${owner}`, x: 4, y, width: 16, height: 8 }));
    parts.push(svg("path", { class: "pc-windows", d: WINDOWS[Number(owner) % WINDOWS.length](y) }));
  });
  return picture(`pc-building${className ? ` ${className}` : ""}`, `0 0 24 ${height}`, parts);
}
