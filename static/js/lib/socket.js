// The match socket (design 2.3). Every message is {t, v, d}; v is the match seq.
//
// - Server -> client: "state" (a full state: on connect, on sync, after a stale action),
//   "delta" (after each change: only the keys of the state that changed since this socket's
//   last frame, the log as {keep, add}, the view's changed keys as view_keys; see applyDelta) and "error" ({detail, code}; "stale"
//   is followed by a fresh state).
// - Client -> server: {"t": "act", "v": <last v seen>, "d": action} and {"t": "sync"}; also
//   {"t": "undo", "v"} and {"t": "undo_answer", "v", "d": {"accept"}} (lib/undo.js).
// - Reconnects with exponential backoff (0.5 s doubling to 10 s); the server sends a full state
//   on every connect, which is the resync. States older than the last one seen are ignored.
// - A refusal is a close code 4000 + an HTTP status, with a sentence (app/errors.py close_code:
//   4401 not signed in, 4403 not allowed, 4404 no such match, 4409 played under older rules,
//   4429 too many): no retry then.

import { withWatch } from "./page.js";

const MIN_DELAY_MS = 500;
const MAX_DELAY_MS = 10000;

/** Whether retrying cannot help after this close code (a refusal, or a policy violation). */
function refused(code) {
  return code === 1008 || (code >= 4400 && code < 4500);
}

/**
 * The state a delta frame's data leads to from the last state: each key it holds replaces the
 * old value; its log ({keep, add}) keeps the first `keep` entries of the old log and adds the
 * others (its log_times too); its view_keys ({set, gone}) changes the view's keys in `set` and drops those in `gone`
 * (app/matches/frames.py). A state's chat lines are delivered once, never kept.
 */
export function applyDelta(state, delta) {
  const next = { ...state, ...delta };
  delete next.chat;
  delete next.view_keys;
  if (delta.log) next.log = (state.log || []).slice(0, delta.log.keep).concat(delta.log.add);
  if (delta.log_times) {
    next.log_times = (state.log_times || []).slice(0, delta.log_times.keep).concat(delta.log_times.add);
  }
  if (delta.view_keys) {
    next.view = { ...state.view, ...delta.view_keys.set };
    for (const key of delta.view_keys.gone) delete next.view[key];
  }
  return next;
}

/**
 * connectMatch(id, {onState(d, v), onError(d, v), onStatus(status, refusal), onPresence(d),
 *   onChat(d)}) -> {act, askUndo, answerUndo, chat, endPhase, sync, close}
 * status is "connecting" | "connected" | "reconnecting" | "offline"; with "offline" (the server
 * refused the socket: no more retries) refusal is {code, reason}. The last argument may name
 * another WebSocket class (the unit tests' fake).
 */
export function connectMatch(matchId, {
  onState, onError, onStatus, onPresence = () => {}, onChat = () => {},
}, { socketClass = WebSocket } = {}) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${scheme}//${location.host}/ws/matches/${encodeURIComponent(matchId)}`;
  let ws = null;
  let lastV = null;
  let last = null; // the last state, which the next delta changes
  let delay = MIN_DELAY_MS;
  let timer = null;
  let stopped = false;
  let everConnected = false;

  function open() {
    clearTimeout(timer);
    timer = null;
    if (stopped || ws) return;
    onStatus(everConnected ? "reconnecting" : "connecting");
    const socket = new socketClass(withWatch(url)); // the address may have gained a watch code
    ws = socket;
    socket.addEventListener("open", () => {
      everConnected = true;
      // The first state of a connection is the resync: taken whatever its v (in a sealed game
      // each viewer has its own version, and a player who left now counts a spectator's).
      lastV = null;
      last = null;
      onStatus("connected");
    });
    socket.addEventListener("message", (event) => receive(event.data));
    socket.addEventListener("close", (event) => {
      if (ws !== socket) return;
      ws = null;
      if (stopped) return;
      if (refused(event.code)) {
        stopped = true;
        onStatus("offline", { code: event.code, reason: event.reason || "" });
        return;
      }
      onStatus("reconnecting");
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    });
  }

  function receive(raw) {
    let message;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (!message || typeof message !== "object") return;
    const v = typeof message.v === "number" ? message.v : null;
    if (message.t === "state") {
      if (v !== null && lastV !== null && v < lastV) return; // out of date
      if (v !== null) lastV = v;
      delay = MIN_DELAY_MS; // a full state arrived: the connection is healthy
      const state = message.d || {};
      last = applyDelta(state, {});
      onState(state, lastV);
    } else if (message.t === "delta") {
      // A delta follows this socket's previous frame, whatever its v (frames arrive in order).
      if (last === null) {
        sync(); // no state to change: ask for one
        return;
      }
      if (v !== null) lastV = v;
      last = applyDelta(last, message.d || {});
      onState(last, lastV);
    } else if (message.t === "chat") {
      onChat(message.d || {}); // one line of table talk: {seat, name, text, at}
    } else if (message.t === "presence") {
      onPresence(message.d || {}); // who is connected: {online: [seats], spectators}
    } else if (message.t === "error") {
      onError(message.d || {}, v);
      if (v !== null && lastV !== null && v > lastV) sync(); // we missed a state
    } else if (v !== null && lastV !== null && v > lastV + 1) {
      sync(); // a message from the future: ask for the full state
    }
  }

  function send(message) {
    if (!ws || ws.readyState !== socketClass.OPEN) return false;
    ws.send(JSON.stringify(message));
    return true;
  }

  /** Send a chat line (in a game's chat channel, if named); false when not connected. */
  function chat(text, channel) {
    return send({ t: "chat", d: channel === undefined ? { text } : { text, channel } });
  }

  /** Ask the server to end a timed phase early (the host, where the game allows it). */
  function endPhase(phase) {
    return send({ t: "end_phase", d: { phase } });
  }

  function sync() {
    return send({ t: "sync" });
  }

  /** Ask the table to take back this viewer's last move (docs/protocol.md, undo). */
  function askUndo() {
    return send({ t: "undo", v: lastV });
  }

  /** Accept or refuse another player's request to take their last move back. */
  function answerUndo(accept) {
    return send({ t: "undo_answer", v: lastV, d: { accept } });
  }

  /** Send an action; false when not connected (the caller tells the person). */
  function act(action) {
    return send({ t: "act", v: lastV, d: action });
  }

  /** Reconnect at once (network back, page visible again) instead of waiting for the timer. */
  function wake() {
    if (stopped || ws) return;
    delay = MIN_DELAY_MS;
    open();
  }

  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) wake();
  });
  // Leaving the page: close quietly; coming back from the back/forward cache: reconnect.
  window.addEventListener("pagehide", () => {
    clearTimeout(timer);
    const socket = ws;
    ws = null;
    if (socket) socket.close(1000);
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) wake();
  });

  open();

  return {
    act,
    askUndo,
    answerUndo,
    chat,
    endPhase,
    sync,
    close() {
      stopped = true;
      clearTimeout(timer);
      if (ws) ws.close(1000);
      ws = null;
    },
  };
}
