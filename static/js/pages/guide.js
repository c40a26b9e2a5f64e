// /games/{slug}: a game's guide, and its first turn drawn read-only by the game's own renderer
// from a demo frame computed on the server (app/guides/service.py: nobody plays that match).

import { byId, el, fill } from "../lib/dom.js";
import { seatNames } from "../lib/format.js";
import { loadGame } from "../lib/games.js";
import { pageData } from "../lib/page.js";
import { t } from "../lib/i18n.js";

const page = pageData();
const board = byId("demo-board");
const demo = page.guide.demo;

async function drawDemo() {
  const game = await loadGame(page.game);
  const names = seatNames(demo.match.players, (demo.view || {}).players || 0);
  // Moves go nowhere: the demo is a picture of a turn, not a table.
  const ctx = { act() {}, names, you: 0, endPhase: () => false, host: false };
  try {
    game.render(board, demo, ctx);
  } catch (error) {
    console.error(error);
    fill(board, el("p", { class: "message message--error" }, t("The demo could not be drawn.")));
    return;
  }
  for (const control of board.querySelectorAll("button, input, select, textarea")) control.disabled = true;
  board.dataset.drawn = "1";
}

drawDemo();
