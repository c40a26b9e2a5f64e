// The table chat: one list of lines, or, in a game with chat channels (Werewolf's day table,
// werewolf and dead channels), one tab per channel this viewer may read. The server sends a
// viewer only the lines it may read, and the channels with every state ({name: "read" |
// "write"}, or null for the one table chat); a tab's form shows only where one may write.
// Lines are text, never HTML.

import { el, fill, show } from "./dom.js";

/**
 * createChat({list, form, text, tabs}, {send(text, channel) -> bool, onUnsent()}) ->
 *   {line(line), setChannels(channels, labels, canTalk)}
 * labels: {channel: "Village"} from the game's renderer (CHANNELS); canTalk: whether this viewer
 * may use the table chat of a game without channels (a player, or a spectator if allowed).
 */
export function createChat(ui, { send, onUnsent }) {
  const seen = new Set();
  let channels = null; // {name: mode} or null
  let labels = {};
  let active = null;
  const unread = new Set();

  function visible(line) {
    return channels === null || line.channel === null || line.channel === undefined
      || line.channel === active;
  }

  function line(data) {
    if (data.id !== undefined && seen.has(data.id)) return;
    if (data.id !== undefined) seen.add(data.id);
    const atBottom = ui.list.scrollHeight - ui.list.scrollTop - ui.list.clientHeight < 40;
    let node;
    if (data.notice) {
      // The table's own line (a seat changing hands), not something a person typed.
      node = el("li", { class: "chat-notice" }, String(data.text || ""));
    } else {
      const who = `${data.name || "?"}${data.seat === null ? " (watching)" : ""}: `;
      node = el("li", null, el("strong", null, who), String(data.text || ""));
    }
    node.dataset.channel = data.channel || "";
    node.dataset.id = data.id === undefined ? "" : String(data.id);
    // Lines arrive by id order, except a channel's history sent when one's channels change.
    const later = [...ui.list.children].find((other) => Number(other.dataset.id) > Number(data.id));
    ui.list.insertBefore(node, later || null);
    node.hidden = !visible(data);
    if (node.hidden && data.channel) {
      unread.add(data.channel);
      drawTabs();
    }
    if (atBottom) ui.list.scrollTop = ui.list.scrollHeight;
  }

  function drawTabs() {
    show(ui.tabs, channels !== null);
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
    for (const node of ui.list.children) {
      node.hidden = !(node.dataset.channel === "" || node.dataset.channel === active);
    }
    drawTabs();
    ui.form.hidden = channels[active] !== "write";
    ui.text.placeholder = channels[active] === "write" ? `Say in ${labels[active] || active}…` : "";
  }

  function setChannels(next, nextLabels, canTalk) {
    labels = nextLabels || {};
    if (!next) {
      channels = null;
      drawTabs();
      for (const node of ui.list.children) node.hidden = false;
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

  return { line, setChannels };
}
