// lib/theme.js: the toggle cycles system, light, dark; the choice is remembered and shown as
// <html data-theme> (absent: follow the system).

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { document, resetPage } from "./fake_dom.mjs";
import { el } from "../../static/js/lib/dom.js";
import { THEME_KEY, nextTheme, savedTheme, themeToggle } from "../../static/js/lib/theme.js";

function fakeStore() {
  const map = new Map();
  return { map, getItem: (key) => map.get(key) ?? null, setItem: (key, value) => map.set(key, String(value)),
    removeItem: (key) => map.delete(key) };
}

beforeEach(resetPage);

test("the toggle cycles the theme, shows it on the root and remembers it", () => {
  const store = fakeStore();
  const root = el("html");
  const button = el("button");
  document.body.append(button);
  themeToggle(button, store, root);
  assert.equal(root.getAttribute("data-theme"), null, "follows the system at first");
  assert.equal(button.getAttribute("aria-label"), "Theme: follows the system (change)");
  button.click();
  assert.equal(root.getAttribute("data-theme"), "light");
  assert.equal(store.map.get(THEME_KEY), "light");
  button.click();
  assert.equal(root.getAttribute("data-theme"), "dark");
  assert.equal(savedTheme(store), "dark");

  const again = el("html"); // the next page
  themeToggle(el("button"), store, again);
  assert.equal(again.getAttribute("data-theme"), "dark");

  button.click();
  assert.equal(root.getAttribute("data-theme"), null, "back to the system");
  assert.equal(store.map.has(THEME_KEY), false);
});

test("an unknown saved value follows the system", () => {
  const store = fakeStore();
  store.setItem(THEME_KEY, "purple");
  assert.equal(savedTheme(store), "system");
  assert.deepEqual(["system", "light", "dark"].map(nextTheme), ["light", "dark", "system"]);
});
