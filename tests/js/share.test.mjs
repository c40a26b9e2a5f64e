// lib/share.js: the share sheet where there is one; the clipboard when there is none or it
// refuses; nothing more when the person closes the sheet.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import "./fake_dom.mjs";
import { shareLink } from "../../static/js/lib/share.js";

const link = { title: "A seat", text: "Take my seat", url: "http://parlor.test/seat/abc" };

function browser({ share = undefined } = {}) {
  const copied = [];
  globalThis.navigator = { share, clipboard: { writeText: async (text) => { copied.push(text); } } };
  window.isSecureContext = true;
  return copied;
}

afterEach(() => {
  delete globalThis.navigator;
});

test("with a share sheet the link goes there and is not copied", async () => {
  const shared = [];
  const copied = browser({ share: async (data) => { shared.push(data); } });
  assert.equal(await shareLink(link), "shared");
  assert.deepEqual(shared, [link]);
  assert.deepEqual(copied, []);
});

test("closing the share sheet is the person's choice: nothing is copied", async () => {
  const copied = browser({ share: async () => { throw new DOMException("closed", "AbortError"); } });
  assert.equal(await shareLink(link), "cancelled");
  assert.deepEqual(copied, []);
});

test("without a share sheet, or when it refuses, the link is copied", async () => {
  let copied = browser();
  assert.equal(await shareLink(link), "copied");
  assert.deepEqual(copied, [link.url]);
  copied = browser({ share: async () => { throw new DOMException("no gesture", "NotAllowedError"); } });
  assert.equal(await shareLink(link), "copied");
  assert.deepEqual(copied, [link.url]);
});
