// lib/format.js indefinite(): "a" or "an" by how the first word is said ("a orange card" and
// "a Elements match" were on screen, issue 25); the cases are shared with the Python helper.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { indefinite } from "../../static/js/lib/format.js";

const { cases } = JSON.parse(readFileSync(new URL("./fixtures/articles.json", import.meta.url)));

test("every shared case takes the article its sound asks for", () => {
  for (const [phrase, expected] of cases) assert.equal(indefinite(phrase), expected, phrase);
});

test("a number given as a number reads like its digits", () => {
  assert.equal(indefinite(8), "an 8");
  assert.equal(indefinite(2), "a 2");
});
