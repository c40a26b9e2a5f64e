// A choice in progress on the page, shared by the game renderers: what the player has picked
// but not sent yet (a card in the hand, a tile, a space), kept between frames, and the last
// frame drawn, so that a pick redraws the table at once without waiting for the server.

/**
 * localChoice({selected: null}, draw) -> {picked, render, choose}
 * - picked: the choice (starts as a copy of `initial`); the renderer reads it and drops what
 *   a new frame makes impossible;
 * - render(root, state, ctx): the renderer's render; draws with draw(root, state, ctx) and
 *   remembers the frame;
 * - choose(changes, afterwards): changes the choice, draws the last frame again, then calls
 *   afterwards(root) (to move the focus or scroll to what the pick opened).
 */
export function localChoice(initial, draw) {
  const picked = { ...initial };
  let last = null;
  return {
    picked,
    render(root, state, ctx) {
      last = { root, state, ctx };
      draw(root, state, ctx);
    },
    choose(changes, afterwards = null) {
      Object.assign(picked, changes);
      if (!last) return;
      draw(last.root, last.state, last.ctx);
      if (afterwards) afterwards(last.root);
    },
  };
}
