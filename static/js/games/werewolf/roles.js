// Werewolf's role set: the preset per player count (a mirror of app/rules/werewolf/components.py
// preset, pinned to it by tests/js/werewolf_presets.json and tests/rules/test_werewolf_presets_js.py),
// the checks the server makes on a host's own set (components._check_roles), and the create
// form's control for the option "roles" (static/js/pages/home.js renderOptions: control()).

import { el, fill } from "../../lib/dom.js";
import { t } from "../../lib/i18n.js";
import { ROLES, roleHelp, roleName, roleSetText } from "./words.js";

export const MIN_PLAYERS = 5;
export const MAX_PLAYERS = 18;
const MAX_WEREWOLVES = 4;
const THIEF_EXTRA = 2;
const SPECIAL = ROLES.slice(2); // at most one of each

const PRESETS = {
  5: { villager: 2, werewolf: 1, seer: 1, witch: 1 },
  6: { villager: 2, werewolf: 1, seer: 1, witch: 1, idiot: 1 },
  7: { villager: 2, werewolf: 2, seer: 1, witch: 1, idiot: 1 },
  8: { villager: 2, werewolf: 2, seer: 1, witch: 1, cupid: 1, idiot: 1 },
  9: { villager: 2, werewolf: 2, seer: 1, witch: 1, cupid: 1, idiot: 1, elder: 1 },
};

/**
 * The suggested role set for `players` (5-18) as {role: count} in the canonical order, only
 * roles in it: components.preset. From 10 on the 9's set gains the Scapegoat (10), the Thief
 * (11), the Piper (13), with 2 werewolves below 12, 3 below 16, then 4; villagers fill up.
 */
export function preset(players) {
  const n = Math.min(MAX_PLAYERS, Math.max(MIN_PLAYERS, Number(players) || MIN_PLAYERS));
  let counts;
  if (PRESETS[n]) {
    counts = { ...PRESETS[n] };
  } else {
    counts = { ...PRESETS[9], scapegoat: 1 };
    if (n >= 11) counts.thief = 1;
    if (n >= 13) counts.piper = 1;
    counts.werewolf = n < 12 ? 2 : n < 16 ? 3 : 4;
    counts.villager = n - Object.entries(counts).filter(([role]) => role !== "villager")
      .reduce((sum, [, count]) => sum + count, 0);
  }
  const ordered = {};
  for (const role of ROLES) if (counts[role]) ordered[role] = counts[role];
  return ordered;
}

/**
 * Why a host's role set {role: count} cannot be played by `players`, or "" when it can: the
 * server's checks (components._check_roles) in words. Villagers may be left out: they are
 * what the other roles leave of the players.
 */
export function rolesProblem(players, counts) {
  for (const [role, count] of Object.entries(counts)) {
    if (!ROLES.includes(role)) return t("There is no role {role}.", { role });
    if (!Number.isInteger(count) || count < 0) return t("The count of {role} must be a whole number.", { role: roleName(role) });
    if (SPECIAL.includes(role) && count > 1) return t("A role set holds at most one {role}.", { role: roleName(role) });
  }
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  if (total > players) {
    return t("These roles need {total} players, and the table has {players}: take some out.", { total, players });
  }
  if (total < players) return t("These roles are for {total} players, and the table has {players}.", { total, players });
  const wolves = counts.werewolf || 0;
  if (wolves < 1 || wolves > MAX_WEREWOLVES) return t("A role set has 1 to 4 werewolves.");
  if (wolves >= players - wolves) return t("There must be fewer werewolves than other players.");
  return "";
}

/** The villagers a set of other roles leaves for `players` (may be negative: too many roles). */
export function villagersLeft(players, counts) {
  return players - ROLES.filter((role) => role !== "villager").reduce((sum, role) => sum + (counts[role] || 0), 0);
}

/** Load this game's stylesheet on a page that does not have it (the create form). */
function ensureStyles() {
  const head = document.head;
  if (!head || document.querySelector("link[data-werewolf-css]")) return;
  // Beside this module, from the same deploy (app/static.py): static/css/games/werewolf.css.
  const href = new URL("../../../css/games/werewolf.css", import.meta.url).href;
  head.append(el("link", { rel: "stylesheet", href, "data-werewolf-css": "" }));
}

/**
 * The create form's control for the option "roles": "Suggested for N players" (the value
 * "preset", its roles shown for the count chosen) or "Choose the roles" (a number input per
 * role but the villagers, who make up the rest). -> {node, read(), update(players)}; read()
 * gives "preset" or the mapping {role: count} in the canonical order, zero counts left out.
 */
export function rolesControl(id, value, { players } = {}) {
  ensureStyles();
  let count = Number(players) || MIN_PLAYERS;
  const custom = value && typeof value === "object";
  const start = custom ? { ...value } : preset(count);

  const radio = (choice, checked) => {
    const input = el("input", { type: "radio", id: `${id}-${choice}`, name: id, value: choice, checked });
    input.checked = checked;
    input.addEventListener("change", sync);
    return input;
  };
  const presetRadio = radio("preset", !custom);
  const customRadio = radio("custom", custom);
  const presetLabel = el("label", { for: `${id}-preset` });
  const presetRoles = el("p", { class: "ww-roles-preset small", id: `${id}-preset-roles` });

  const inputs = {};
  const fields = ROLES.filter((role) => role !== "villager").map((role) => {
    const special = SPECIAL.includes(role);
    const input = el("input", {
      type: "number", id: `${id}-${role}`, min: special ? 0 : 1, max: special ? 1 : MAX_WEREWOLVES, step: 1,
      inputmode: "numeric", "data-role": role,
    });
    input.value = String(start[role] || 0);
    input.addEventListener("input", sync);
    input.addEventListener("change", sync);
    inputs[role] = input;
    return el("div", { class: "ww-roles-field" },
      el("label", { for: input.id, title: roleHelp(role) }, special ? roleName(role) : t("Werewolves")), input);
  });
  const villagers = el("output", { class: "ww-roles-villagers", id: `${id}-villager`, for: Object.values(inputs).map((input) => input.id).join(" ") });
  const thiefNote = el("p", { class: "small muted ww-roles-thief" }, t("The Thief brings +2 villager cards: the two spare cards he may take one of."));
  const message = el("p", { class: "message message--error ww-roles-message", role: "alert" });
  const customBox = el("div", { class: "ww-roles-custom", id: `${id}-custom-box` },
    el("div", { class: "ww-roles-grid" }, fields,
      el("div", { class: "ww-roles-field" }, el("span", { class: "ww-roles-label" }, t("Villagers")), villagers)),
    thiefNote, message);

  const node = el("fieldset", { class: "ww-roles", id },
    el("legend", null, t("Roles")),
    el("div", { class: "field field--check" }, presetRadio, presetLabel),
    presetRoles,
    el("div", { class: "field field--check" }, customRadio, el("label", { for: `${id}-custom` }, t("Choose the roles"))),
    customBox);

  /** The custom set as the inputs hold it, villagers computed, zero counts left out. */
  function customCounts() {
    const counts = {};
    for (const role of ROLES) {
      const number = role === "villager" ? villagersLeft(count, readInputs()) : readInputs()[role];
      if (number) counts[role] = number;
    }
    return counts;
  }

  function readInputs() {
    const counts = {};
    for (const [role, input] of Object.entries(inputs)) {
      const text = String(input.value ?? "").trim();
      counts[role] = text === "" ? 0 : Number(text);
    }
    return counts;
  }

  function sync() {
    const own = customRadio.checked;
    fill(presetLabel, t("Suggested for {count} players", { count }));
    fill(presetRoles, t("{roles}.", { roles: roleSetText(preset(count)) }), preset(count).thief ? [" ", t("The Thief brings 2 more villager cards.")] : "");
    presetRoles.hidden = own;
    customBox.hidden = !own;
    const others = readInputs();
    const left = villagersLeft(count, others);
    fill(villagers, String(left));
    thiefNote.hidden = !(others.thief > 0);
    const problem = own ? rolesProblem(count, { ...others, villager: Math.max(left, 0) }) : "";
    fill(message, problem);
    message.hidden = !problem;
    node.classList.toggle("is-invalid", Boolean(problem));
  }

  sync();
  return {
    node,
    read: () => (customRadio.checked ? customCounts() : "preset"),
    update(next) {
      count = Number(next) || count;
      sync();
    },
    /** What is wrong with the set chosen, or "" (for the page and the tests). */
    problem: () => (message.hidden ? "" : message.textContent),
  };
}
