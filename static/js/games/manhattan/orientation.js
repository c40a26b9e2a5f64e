// Manhattan's orientation (rules/manhattan.md, Orientation; app/rules/manhattan/components.py:
// board_site and cell_seen): how the board and a card's cell are turned for the side a viewer
// sits on. The one copy of the mapping in the browser.

import { N_, t } from "../../lib/i18n.js";

const CITIES = 6;
/** The sides of the table by number (messages: t() them where shown). */
export const SIDE_NAMES = [N_("south"), N_("west"), N_("north"), N_("east")];
const SEATED = [N_("{player} at the bottom"), N_("{player} on the left"), N_("{player} across"),
  N_("{player} on the right")];

// ---- orientation -------------------------------------------------------------------------

/**
 * Where position (row, col) of a rows x cols grid, seen from side 0, is drawn for a viewer on
 * `side`: the board turned by side x 90 degrees so that side is at the bottom (contract,
 * Orientation; side 1 is west, 2 north, 3 east). Returns [row, col] on the turned grid, which
 * has cols rows and rows cols for sides 1 and 3.
 */
export function turned(side, row, col, rows, cols) {
  switch (((Number(side) % 4) + 4) % 4) {
    case 1: return [cols - 1 - col, row];
    case 2: return [rows - 1 - row, cols - 1 - col];
    case 3: return [col, rows - 1 - row];
    default: return [row, col];
  }
}

/** The cell (3 * r + c as read from `side`) at which board site `site` is seen. */
export function cellSeen(side, site) {
  const [row, col] = turned(side, Math.floor(site / 3), site % 3, 3, 3);
  return 3 * row + col;
}

/** The board site that a card's `cell`, read from `side`, lands on (the inverse of cellSeen). */
export function boardSite(side, cell) {
  for (let site = 0; site < 9; site += 1) if (cellSeen(side, site) === cell) return site;
  return null;
}

/** The cities in the order they are drawn for `side` (row by row on the turned 2 x 3 grid). */
export function citiesSeen(side) {
  const place = (city) => turned(side, Math.floor(city / 3), city % 3, 2, 3);
  const width = side % 2 === 1 ? 2 : 3;
  const key = (city) => place(city)[0] * width + place(city)[1];
  return Array.from({ length: CITIES }, (_, city) => city).sort((a, b) => key(a) - key(b));
}

/** `player` where the seat on side `other` sits for a viewer on `side`: "Bo across", "Cy on the
 *  left", ... */
export function seatedText(side, other, player) {
  const seated = SEATED[(((other - side) % 4) + 4) % 4];
  return seated ? t(seated, { player }) : String(player);
}
