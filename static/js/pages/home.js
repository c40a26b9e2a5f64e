// Home: pick a name, open a table (POST /api/lobbies) or join one by code or link.

import { post } from "../lib/api.js";
import { busy, byId, el, fill, show } from "../lib/dom.js";
import { loadGame } from "../lib/games.js";
import { say } from "../lib/notice.js";
import { pageData } from "../lib/page.js";
import { setupSignIn } from "../lib/signin.js";
import { t } from "../lib/i18n.js";

const page = pageData();
const games = page.games || [];
// Where to go once a name is picked: the page that sent the visitor here (app/pages.py checked
// it is one of this site's paths), unless they pick a game to play from the gallery instead.
let next = page.next || null;

function gameBySlug(slug) {
  return games.find((game) => game.slug === slug) || null;
}

// ---- create a table --------------------------------------------------------------------

function setupCreate() {
  const form = document.getElementById("create-form");
  if (!form) return;
  const gameSelect = byId("game");
  const playersSelect = byId("players");
  const optionsBox = byId("game-options");
  const message = form.querySelector(".message");
  let optionReaders = {};
  let optionUpdates = []; // the custom controls' update(players), called when the count changes

  async function onGameChange() {
    const game = gameBySlug(gameSelect.value);
    if (!game) return;
    const previous = Number(playersSelect.value);
    let counts = game.player_counts || [];
    if (!counts.length) {
      for (let n = game.min_players; n <= game.max_players; n += 1) counts.push(n);
    }
    fill(playersSelect, counts.map((n) => el("option", { value: n }, String(n))));
    if (counts.includes(previous)) playersSelect.value = String(previous);
    // A game that times its own phases (Werewolf: its timers are among its options) takes no
    // table turn timer: the server would refuse one.
    const turnSelect = byId("turn-seconds");
    if (game.timed_phases) turnSelect.value = "";
    turnSelect.disabled = Boolean(game.timed_phases);
    byId("stand-in-after").disabled = !turnSelect.value;
    // The previous game's options no longer apply: until this game's controls are drawn, a
    // table created now gets this game's defaults.
    optionReaders = {};
    optionUpdates = [];
    fill(optionsBox);
    const module = await loadGame(game.slug);
    if (gameSelect.value !== game.slug) return; // changed again meanwhile
    optionReaders = renderOptions(optionsBox, game.default_options || {}, module.OPTIONS || {},
      { players: Number(playersSelect.value), updates: optionUpdates });
  }

  // A game picked in the gallery (?game=<slug>, or a click on its "Play") is preselected.
  const picked = new URLSearchParams(location.search).get("game");
  if (gameBySlug(picked)) gameSelect.value = picked;
  for (const link of document.querySelectorAll("[data-pick]")) {
    link.addEventListener("click", (event) => {
      if (!gameBySlug(link.dataset.pick)) return;
      event.preventDefault();
      next = null;
      gameSelect.value = link.dataset.pick;
      onGameChange();
      history.replaceState(null, "", `/?game=${encodeURIComponent(link.dataset.pick)}`);
      const target = byId("play").hidden ? byId("signin-panel") : form;
      target.scrollIntoView({ behavior: "smooth", block: "start" });
      (target === form ? gameSelect : byId("name")).focus({ preventScroll: true });
    });
  }

  gameSelect.addEventListener("change", onGameChange);
  playersSelect.addEventListener("change", () => {
    for (const update of optionUpdates) update(Number(playersSelect.value));
  });
  onGameChange();

  // The stand-in setting matters only with a timer; chat for watchers only if they may watch.
  const turnSelect = byId("turn-seconds");
  const spectators = byId("spectators");
  const syncTableSettings = () => {
    byId("stand-in-after").disabled = !turnSelect.value;
    byId("spectator-chat").disabled = !spectators.checked;
  };
  turnSelect.addEventListener("change", syncTableSettings);
  spectators.addEventListener("change", syncTableSettings);
  syncTableSettings();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    say(message, "");
    const options = {};
    for (const [key, read] of Object.entries(optionReaders)) options[key] = read();
    const [kind, games] = byId("series").value.split(":");
    const turn = byId("turn-seconds").value;
    const body = { game: gameSelect.value, players: Number(playersSelect.value), options,
      series: { kind, games: Number(games) }, spectators: byId("spectators").checked,
      spectator_chat: byId("spectators").checked && byId("spectator-chat").checked,
      turn_seconds: turn ? Number(turn) : null, stand_in_after: Number(byId("stand-in-after").value) };
    try {
      const lobby = await busy(byId("create"), () => post("/api/lobbies", body));
      location.assign(`/lobby/${lobby.id}`);
    } catch (error) {
      say(message, error.message);
    }
  });
}

/**
 * One control per option key; returns {key: () => value}. A spec with `control(id, value,
 * {players})` draws its own (an option no select can hold: Werewolf's role set) and returns
 * {node, read(), update(players)}: its update goes into `updates`, called when the player
 * count changes.
 */
function renderOptions(box, defaults, specs, { players = 0, updates = [] } = {}) {
  const readers = {};
  // The renderer's OPTIONS give the order (the page data's keys arrive sorted alphabetically).
  const keys = [...Object.keys(specs).filter((key) => key in defaults),
    ...Object.keys(defaults).filter((key) => !(key in specs))];
  const fields = keys.map((key) => [key, defaults[key]]).map(([key, value]) => {
    const spec = specs[key] || {};
    const id = `option-${key}`;
    const label = spec.label || key.replace(/_/g, " ");
    let control;
    if (typeof spec.control === "function") {
      const custom = spec.control(id, value, { players });
      readers[key] = () => custom.read();
      if (typeof custom.update === "function") updates.push((count) => custom.update(count));
      return custom.node;
    }
    if (spec.choices) {
      control = el("select", { id, name: key },
        spec.choices.map(([choice, text]) => el("option", { value: choice }, text)));
      control.value = String(value);
      readers[key] = () => (typeof value === "number" ? Number(control.value) : control.value);
    } else if (typeof value === "boolean") {
      control = el("input", { id, name: key, type: "checkbox", checked: value });
      readers[key] = () => control.checked;
      const field = el("div", { class: "field field--check" }, control, el("label", { for: id }, label));
      return onlyAt(spec, field, { key, value, readers, players, updates });
    } else if (typeof value === "number") {
      control = el("input", { id, name: key, type: "number", value, inputmode: "numeric" });
      readers[key] = () => Number(control.value);
    } else {
      control = el("input", { id, name: key, type: "text", value: value ?? "" });
      readers[key] = () => control.value;
    }
    const field = el("div", { class: "field" }, el("label", { for: id }, label), control);
    return onlyAt(spec, field, { key, value, readers, players, updates });
  });
  fill(box, fields);
  show(box, fields.length > 0);
  return readers;
}

/**
 * A spec's `players` lists the counts at which its option matters (Sequence Numbers' teams: 6
 * only; Manhattan's 6 rounds: 2 or 3 players): at any other count its field is hidden, and the
 * table gets the default, whatever was picked at another count.
 */
function onlyAt(spec, field, { key, value, readers, players, updates }) {
  if (!Array.isArray(spec.players)) return field;
  const fit = (count) => { field.hidden = !spec.players.includes(count); };
  const read = readers[key];
  readers[key] = () => (field.hidden ? value : read());
  fit(players);
  updates.push(fit);
  return field;
}

// ---- join by code or link --------------------------------------------------------------

/** Accepts "ABC123", "/join/ABC123" or "https://host/join/ABC123?x#y". */
function inviteCodeFrom(text) {
  const trimmed = String(text || "").trim();
  const match = trimmed.match(/\/join\/([^/?#\s]+)/);
  const code = match ? match[1] : trimmed;
  try {
    return decodeURIComponent(code);
  } catch {
    return code;
  }
}

function setupJoin() {
  const form = byId("join-form");
  const input = byId("invite-code");
  const message = form.querySelector(".message");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = inviteCodeFrom(input.value);
    if (!code) {
      say(message, t("Paste the invite link or type the invite code."));
      input.focus();
      return;
    }
    say(message, "");
    try {
      const lobby = await busy(byId("join"), () => post("/api/lobbies/join", { invite_code: code }));
      location.assign(`/lobby/${lobby.id}`);
    } catch (error) {
      say(message, error.message);
    }
  });
}

// ---- account: a password to sign in elsewhere --------------------------------------------

function setupAccount(user) {
  byId("handle").textContent = user.handle || "";
  const form = byId("password-form");
  const input = byId("password");
  const message = form.querySelector(".message");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (input.value.length < 8) {
      say(message, t("Passwords have at least 8 characters."));
      input.focus();
      return;
    }
    try {
      await busy(byId("set-password"), () => post("/api/session/password", { password: input.value }));
      input.value = "";
      byId("password-state").textContent = t("You have a password to sign in on other devices.");
      say(message, t("Saved. Sign in elsewhere as {handle} with this password.", { handle: user.handle }), "ok");
    } catch (error) {
      say(message, error.message);
    }
  });
}

// ---- start -----------------------------------------------------------------------------

if (page.user) {
  setupAccount(page.user);
} else {
  setupSignIn(byId("signin-form"), (user) => {
    if (next) {
      location.assign(next);
      return;
    }
    setupAccount(user);
    show(byId("signin-panel"), false);
    show(byId("play"));
    const first = document.getElementById("game") || byId("invite-code");
    first.focus();
  });
}
setupCreate();
setupJoin();
