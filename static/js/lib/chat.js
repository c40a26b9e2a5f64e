// The table chat: one list of lines, or, in a game with chat channels (Werewolf's day table,
// werewolf and dead channels), one tab per channel this viewer may read. The server sends a
// viewer only the lines it may read, and the channels with every state ({name: "read" |
// "write"}, or null for the one table chat); a tab's form shows only where one may write.
// Lines are text, never HTML.
//
// A reader may mute a person, for themselves only: their lines are hidden (a note under the
// list counts them, with a way to show them), remembered in the browser per match. The table's
// own notices (a seat changing hands) are never muted: they are not a person talking.

import { el, fill, show } from "./dom.js";
import { N_, t, tn } from "./i18n.js";

// The table's notices (app/matches/chat.py NOTICES), which the server sends as a message id
// and its parameters beside the English ``text``: written here in the reader's language.
const NOTICES = new Set([
  N_("{player} left the match; a bot plays seat {seat} now."),
  N_("The host handed seat {seat} ({player}) to a bot."),
  N_("The host made a link that hands seat {seat} ({player}) to someone new."),
  N_("{player} took seat {seat} from {before} with the host's link."),
  N_("{player} asks to take back their last move."),
  N_("{player} refused: {asker}'s move stands."),
  N_("{player} agreed to take back {asker}'s move."),
]);

/** A table notice in the reader's language (its English text if the message is unknown). */
export function noticeText(data) {
  if (data.message && NOTICES.has(data.message)) return t(data.message, data.params || {});
  return String(data.text || "");
}

/**
 * createChat({list, form, text, tabs, muted, none?}, {send(text, channel) -> bool, onUnsent(),
 *   muteKey, storage}) -> {line(line), setChannels(channels, labels, canTalk), mute(name),
 *   unmute(name)}
 * labels: {channel: "Village"} from the game's renderer (CHANNELS); canTalk: whether this viewer
 * may use the table chat of a game without channels (a player, or a spectator if allowed).
 * none: a note shown while the game gives this viewer no channel at all (a living player of
 * Forehead words, whose lines are the game's moves: app/rules/forehead_words channels);
 * muted: where the note about muted people's hidden lines goes; muteKey: the storage key that
 * remembers whom this reader muted (per match); storage: localStorage (a stand-in in tests).
 */
export function createChat(ui, { send, onUnsent, muteKey = null, storage = globalThis.localStorage }) {
  const seen = new Set();
  let channels = null; // {name: mode} or null
  let labels = {};
  let active = null;
  const unread = new Set();
  const muted = new Set(loadMuted());
  const shown = new Set(); // muted people whose lines the reader asked to see for now

  function loadMuted() {
    if (!muteKey || !storage) return [];
    try {
      const names = JSON.parse(storage.getItem(muteKey) || "[]");
      return Array.isArray(names) ? names.filter((name) => typeof name === "string") : [];
    } catch {
      return [];
    }
  }

  function saveMuted() {
    if (!muteKey || !storage) return;
    try {
      storage.setItem(muteKey, JSON.stringify([...muted]));
    } catch {
      // Storage is off: the mute lasts as long as the page.
    }
  }

  function visible(line) {
    return channels === null || line.channel === null || line.channel === undefined
      || line.channel === active;
  }

  function inChannel(node) {
    return channels === null || node.dataset.channel === "" || node.dataset.channel === active;
  }

  function silenced(node) {
    const name = node.dataset.name;
    return Boolean(name) && muted.has(name) && !shown.has(name);
  }

  /** Each line shown or hidden (its channel, its author muted), then the note on the muted. */
  function refresh() {
    for (const node of ui.list.children) node.hidden = !inChannel(node) || silenced(node);
    drawMuted();
  }

  function drawMuted() {
    if (!ui.muted) return;
    const counts = new Map([...muted].map((name) => [name, 0]));
    for (const node of ui.list.children) {
      const name = node.dataset.name;
      if (name && counts.has(name) && inChannel(node)) counts.set(name, counts.get(name) + 1);
    }
    const notes = [...counts].map(([name, count]) => {
      const showing = shown.has(name);
      const toggle = el("button", { type: "button", class: "btn btn--small btn--ghost chat-show",
        onclick: () => { if (showing) shown.delete(name); else shown.add(name); refresh(); } },
      showing ? t("hide") : t("show"));
      const unmuteButton = el("button", { type: "button", class: "btn btn--small btn--ghost chat-unmute",
        onclick: () => unmute(name) }, t("unmute"));
      const parts = [showing
        ? tn("{name} muted: {count} line shown", "{name} muted: {count} lines shown", count, { name })
        : tn("{name} muted: {count} line hidden", "{name} muted: {count} lines hidden", count, { name })];
      if (count) parts.push(" \u2014 ", toggle);
      parts.push(" ", unmuteButton);
      return el("li", { class: "chat-muted-note" }, ...parts);
    });
    fill(ui.muted, ...notes);
    ui.muted.hidden = notes.length === 0;
  }

  function mute(name) {
    muted.add(name);
    shown.delete(name);
    saveMuted();
    refresh();
  }

  function unmute(name) {
    muted.delete(name);
    shown.delete(name);
    saveMuted();
    refresh();
  }

  function line(data) {
    if (data.id !== undefined && seen.has(data.id)) return;
    if (data.id !== undefined) seen.add(data.id);
    const atBottom = ui.list.scrollHeight - ui.list.scrollTop - ui.list.clientHeight < 40;
    let node;
    if (data.notice) {
      // The table's own line (a seat changing hands), not something a person typed.
      node = el("li", { class: "chat-notice" }, noticeText(data));
    } else {
      const name = String(data.name || "?");
      const who = `${data.seat === null ? t("{name} (watching)", { name }) : name}: `;
      node = el("li", null, el("strong", null, who), String(data.text || ""), " ",
        el("button", { type: "button", class: "chat-mute", title: t("Hide {name}\u2019s lines (only for you)", { name }),
          "aria-label": t("Mute {name}", { name }), onclick: () => mute(name) }, t("mute")));
      node.dataset.name = name;
    }
    node.dataset.channel = data.channel || "";
    node.dataset.id = data.id === undefined ? "" : String(data.id);
    // Lines arrive by id order, except a channel's history sent when one's channels change.
    const later = [...ui.list.children].find((other) => Number(other.dataset.id) > Number(data.id));
    ui.list.insertBefore(node, later || null);
    node.hidden = !visible(data) || silenced(node);
    if (!visible(data) && data.channel && !silenced(node)) {
      unread.add(data.channel);
      drawTabs();
    }
    if (node.dataset.name && muted.has(node.dataset.name)) drawMuted();
    if (atBottom) ui.list.scrollTop = ui.list.scrollHeight;
  }

  function drawTabs() {
    const names = channels === null ? null : Object.keys(channels);
    show(ui.tabs, names !== null && names.length > 0);
    if (ui.none) show(ui.none, names !== null && names.length === 0);
    if (channels === null) return;
    fill(ui.tabs, Object.keys(channels).map((name) => {
      const tab = el("button", {
        type: "button", role: "tab", class: "chat-tab", "aria-selected": String(name === active),
      }, labels[name] || name, unread.has(name) ? el("span", { class: "chat-unread" }, " •") : null);
      tab.dataset.channel = name;
      tab.addEventListener("click", () => choose(name));
      return tab;
    }));
  }

  function choose(name) {
    active = name;
    unread.delete(name);
    refresh();
    drawTabs();
    ui.form.hidden = channels[active] !== "write";
    ui.text.placeholder = channels[active] === "write" ? t("Say in {channel}…", { channel: labels[active] || active }) : "";
  }

  function setChannels(next, nextLabels, canTalk) {
    labels = nextLabels || {};
    if (!next) {
      channels = null;
      drawTabs();
      refresh();
      ui.form.hidden = !canTalk;
      return;
    }
    channels = next;
    const names = Object.keys(next);
    const keep = names.includes(active) ? active : null;
    choose(keep || names.find((name) => next[name] === "write") || names[0]);
  }

  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = ui.text.value.trim();
    if (!text) return;
    if (send(text, channels === null ? undefined : active)) ui.text.value = "";
    else onUnsent();
  });

  drawMuted();
  return { line, setChannels, mute, unmute };
}
