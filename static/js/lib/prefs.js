// The page's remembered choices (sound, notifications, theme) in localStorage, which may be
// missing or refuse to write (private windows, storage off): then nothing is remembered.

export function storage() {
  try {
    return window.localStorage || null;
  } catch {
    return null; // reading localStorage itself throws when storage is off
  }
}

export function readPref(key, store = storage()) {
  try {
    return store ? store.getItem(key) : null;
  } catch {
    return null;
  }
}

/** Remember `value` under `key` (null forgets it). */
export function writePref(key, value, store = storage()) {
  try {
    if (!store) return;
    if (value === null || value === undefined) store.removeItem(key);
    else store.setItem(key, String(value));
  } catch {
    // Full or refused: the choice holds for this page only.
  }
}
