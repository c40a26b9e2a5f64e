// "Your turn" notifications (issue 25): when the table's tab is hidden and it becomes the
// viewer's turn, a system notification (the Notification API). Opt-in: permission is asked only
// when the player clicks the table's button, and the choice is remembered. Like the sound cues,
// the decision reads only the viewer's own frames (lib/sound.js frameSummary).

import { readPref, storage, writePref } from "./prefs.js";
import { t } from "./i18n.js";

export const NOTIFY_KEY = "parlor.notify";

/**
 * Whether going from frame `previous` to `next` (frameSummary; previous is null on the first
 * frame, which may be a turn in a tab left in the background while the lobby started) calls
 * for a notification: it just became the viewer's turn, the page is hidden, and the player
 * asked for notifications and the browser allows them.
 */
export function shouldNotify({ previous, next, hidden, wanted, permission }) {
  if (!next || !next.myTurn || next.over) return false;
  if (previous && previous.myTurn) return false;
  return Boolean(hidden && wanted && permission === "granted");
}

/**
 * The table's notifier: `supported`, `wanted`, `permission`, `enable()` (asks the browser;
 * call it from a click), `disable()`, and `frame(previous, next, text)` after every frame.
 */
export function createNotifier({ api = window.Notification, store = storage(), doc = document } = {}) {
  const supported = typeof api === "function";
  let wanted = supported && readPref(NOTIFY_KEY, store) === "on";
  let shown = null;

  const close = () => {
    if (shown) shown.close();
    shown = null;
  };
  // Back at the table: the notification has said what it had to say.
  doc.addEventListener("visibilitychange", () => {
    if (!doc.hidden) close();
  });

  return {
    supported,
    get wanted() {
      return wanted && supported && api.permission === "granted";
    },
    get permission() {
      return supported ? api.permission : "unsupported";
    },
    async enable() {
      if (!supported) return false;
      const permission = api.permission === "granted" ? "granted" : await api.requestPermission();
      wanted = permission === "granted";
      writePref(NOTIFY_KEY, wanted ? "on" : null, store);
      return wanted;
    },
    disable() {
      wanted = false;
      writePref(NOTIFY_KEY, null, store);
      close();
    },
    /** Notify (with `text`: the table's title) if this frame calls for it; whether it did. */
    frame(previous, next, text) {
      if (!shouldNotify({ previous, next, hidden: doc.hidden, wanted: this.wanted, permission: this.permission })) {
        return false;
      }
      close();
      try {
        // One notification per table (tag): a new turn replaces the last one.
        shown = new api(t("Your turn"), { body: text, tag: `parlor-turn ${location.pathname || ""}` });
      } catch {
        // Android's Chrome has the API but shows notifications only from a service worker: the
        // constructor throws there. The title still says it is your turn.
        return false;
      }
      shown.onclick = () => {
        window.focus();
        close();
      };
      return true;
    },
  };
}
