// lib/chat.js: a reader mutes a person for themselves (remembered per match); the table's notices
// are never muted, and hidden lines are counted with a way to show them.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import { el } from "../../static/js/lib/dom.js";
import { createChat } from "../../static/js/lib/chat.js";

beforeEach(resetPage);

class MemoryStorage {
  constructor(items = {}) { this.items = new Map(Object.entries(items)); }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
}

function makeChat(storage, muteKey = "parlor.muted.7") {
  const ui = { list: el("ol"), form: el("form"), text: el("input"), tabs: el("div"), muted: el("ul") };
  document.body.append(ui.list, ui.form, ui.tabs, ui.muted);
  const chat = createChat(ui, { send: () => true, onUnsent: () => {}, muteKey, storage });
  chat.setChannels(null, {}, true);
  return { chat, ui };
}

const shownTexts = (ui) => ui.list.children.filter((line) => !line.hidden)
  .map((line) => line.textContent.replace(/ mute$/, "")); // a person's line ends with its "mute"
const button = (ui, name) => ui.muted.querySelectorAll("button").find((node) => node.textContent === name);

test("muting hides the person's lines, never the table's notices, and counts what is hidden", () => {
  const storage = new MemoryStorage();
  const { chat, ui } = makeChat(storage);
  chat.line({ id: 1, seat: 0, name: "Ada", text: "hi", channel: null });
  chat.line({ id: 2, seat: 1, name: "Bo", text: "spam", channel: null });
  chat.line({ id: 3, seat: 1, name: "Bo", text: "The host handed seat 2 (Bo) to a bot.", channel: null, notice: true });
  assert.equal(ui.muted.hidden, true);
  ui.list.children[1].querySelector("button").click(); // Bo's line's "mute"
  assert.deepEqual(shownTexts(ui), ["Ada: hi", "The host handed seat 2 (Bo) to a bot."]);
  chat.line({ id: 4, seat: 1, name: "Bo", text: "more spam", channel: null });
  assert.equal(ui.list.children[3].hidden, true); // a later line of Bo's is hidden as it comes
  assert.equal(ui.muted.hidden, false);
  assert.match(ui.muted.textContent, /^Bo muted: 2 lines hidden/);
  assert.deepEqual(JSON.parse(storage.getItem("parlor.muted.7")), ["Bo"]);

  button(ui, "show").click(); // shown for now, still muted
  assert.equal(shownTexts(ui).length, 4);
  assert.match(ui.muted.textContent, /^Bo muted: 2 lines shown/);
  button(ui, "hide").click();
  assert.equal(shownTexts(ui).length, 2);
  button(ui, "unmute").click();
  assert.equal(shownTexts(ui).length, 4);
  assert.equal(ui.muted.hidden, true);
  assert.deepEqual(JSON.parse(storage.getItem("parlor.muted.7")), []);
});

test("a mute is remembered for the match: the next page hides the person's lines at once", () => {
  const storage = new MemoryStorage({ "parlor.muted.7": JSON.stringify(["Bo"]) });
  const { chat, ui } = makeChat(storage);
  chat.line({ id: 1, seat: 1, name: "Bo", text: "spam", channel: null });
  chat.line({ id: 2, seat: 0, name: "Ada", text: "hi", channel: null });
  assert.deepEqual(shownTexts(ui), ["Ada: hi"]);
  assert.match(ui.muted.textContent, /^Bo muted: 1 line hidden/);
  // Another match's chat has its own mutes.
  resetPage();
  const other = makeChat(storage, "parlor.muted.8");
  other.chat.line({ id: 1, seat: 1, name: "Bo", text: "hello", channel: null });
  assert.deepEqual(shownTexts(other.ui), ["Bo: hello"]);
});

test("stored rubbish or no storage at all mutes nobody and breaks nothing", () => {
  const { chat, ui } = makeChat(new MemoryStorage({ "parlor.muted.7": "{not json" }));
  chat.line({ id: 1, seat: 1, name: "Bo", text: "spam", channel: null });
  assert.deepEqual(shownTexts(ui), ["Bo: spam"]);
  resetPage();
  const broken = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); } };
  const bare = makeChat(broken);
  bare.chat.line({ id: 1, seat: 1, name: "Bo", text: "spam", channel: null });
  bare.ui.list.children[0].querySelector("button").click();
  assert.deepEqual(shownTexts(bare.ui), []); // muted for the page's life
});

test("in a game with channels, a muted person's lines stay hidden across tabs", () => {
  const { chat, ui } = makeChat(new MemoryStorage({ "parlor.muted.7": JSON.stringify(["Bo"]) }));
  chat.setChannels({ village: "write", wolves: "read" }, { village: "Village", wolves: "Wolves" }, true);
  chat.line({ id: 1, seat: 1, name: "Bo", text: "howl", channel: "wolves" });
  chat.line({ id: 2, seat: 1, name: "Bo", text: "hello", channel: "village" });
  chat.line({ id: 3, seat: 0, name: "Ada", text: "hi", channel: "village" });
  assert.deepEqual(shownTexts(ui), ["Ada: hi"]);
  assert.match(ui.muted.textContent, /1 line hidden/); // in the tab being read
  ui.tabs.querySelectorAll("button")[1].click();
  assert.deepEqual(shownTexts(ui), []);
});

test("a notice is written from its message and parameters (the reader's language), else its text", () => {
  const { chat, ui } = makeChat(new MemoryStorage());
  // The English catalog is the ids themselves: the sentence comes from the message, not `text`.
  chat.line({ id: 1, seat: 2, name: "Cy", text: "(stored English)", channel: null, notice: true,
    message: "{player} took seat {seat} from {before} with the host's link.", params: { player: "Cy", seat: 3, before: "Ben" } });
  // A message this page does not know (an older or newer server) shows the English text.
  chat.line({ id: 2, seat: 2, name: "Cy", text: "Something new happened.", channel: null, notice: true,
    message: "{player} did something new.", params: { player: "Cy" } });
  assert.deepEqual(shownTexts(ui), ["Cy took seat 3 from Ben with the host's link.", "Something new happened."]);
});

test("a viewer the game gives no channel at all is told why there is nothing to write in", () => {
  // Forehead words (app/rules/forehead_words/views.py channels): the living have no channel,
  // their lines are the game's moves; once out, they write in the eliminated's.
  const ui = { list: el("ol"), form: el("form"), text: el("input"), tabs: el("div"), muted: el("ul"), none: el("p") };
  document.body.append(ui.list, ui.form, ui.tabs, ui.muted, ui.none);
  const chat = createChat(ui, { send: () => true, onUnsent: () => {}, storage: new MemoryStorage() });
  chat.setChannels({}, { eliminated: "Eliminated" }, true);
  assert.equal(ui.none.hidden, false);
  assert.equal(ui.form.hidden, true);
  assert.equal(ui.tabs.hidden, true);
  chat.setChannels({ eliminated: "write" }, { eliminated: "Eliminated" }, true);
  assert.equal(ui.none.hidden, true);
  assert.equal(ui.form.hidden, false);
  chat.setChannels(null, {}, true); // the match is over: the one table chat
  assert.equal(ui.none.hidden, true);
  assert.equal(ui.form.hidden, false);
});
