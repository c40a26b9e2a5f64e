// Loads a game's renderer module (static/js/games/<slug>.js), falling back to a generic one.
//
// A renderer exports:
//   render(root, state, ctx)                   the board; ctx = {act(action), names, you,
//                                              endPhase(phase), host}: endPhase asks the
//                                              server to end a timed phase early (the host,
//                                              where state.clock.host_may_end).
//                                              It is called for every frame: draw with
//                                              lib/patch.js so what did not change stays put
//   describeLog(entry, names) -> string        one log line
//   renderOutcome(root, outcome, view, names)  the final result (view may be null)
// and optionally:
//   describeAction(action, names) -> string    for the match record
//   turnHint(state) -> string                  shown under "Your turn"
//   OPTIONS = {key: {label, choices: [[value, label], ...], players?}}   for the create-table
//             form (players: the counts at which the option matters; hidden, and its
//             default sent, at others), or
//             {key: {label, control(id, value, {players}) -> {node, read(), update(players)}}}
//             for an option no select can hold (Werewolf's role set)
//   CHANNELS = {channel: label}                 names of the game's chat channels
//   refused(error, action) -> bool               the server refused `action` (the move this
//                                              page sent last; error {detail, code}): true
//                                              when the renderer shows it itself (the next
//                                              render draws it), false for the page's notice

import * as fallback from "../games/fallback.js";
import { loadDomain } from "./i18n.js";

const SLUG = /^[a-z0-9_]+$/;

export async function loadGame(slug) {
  if (!SLUG.test(String(slug || ""))) return fallback;
  try {
    // The game's messages first: a renderer may translate its labels as it loads (OPTIONS).
    await loadDomain(slug);
    // Relative: the renderer comes from the same deploy's files as this module (app/static.py).
    const module = await import(`../games/${slug}.js`);
    return { ...fallback, ...module };
  } catch (error) {
    console.error(`No renderer for ${slug}:`, error);
    return fallback;
  }
}
