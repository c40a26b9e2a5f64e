// Forehead words renderer (rules: shared/rules/forehead-words.md, "Settled for online play";
// the wire, the view and the log: app/rules/forehead_words/__init__.py). 4-10 players in two
// teams; everyone acts at any time; each player's word is on their forehead: the view holds
// every word but the viewer's own (null while hidden).
//
// The board: a head with the viewer's own word ("?"), the clock and the teams' counts; the
// table, one team on each side (two columns above the chat on a phone) with every forehead,
// and the chat in the middle: the match's lines and what happened (from the log: emotes,
// guesses, calls, eliminations with the word revealed), the box to write a line (a "say"
// move), a line the rules refused shown to its writer only, the prompt of the moment (the
// opponent to eliminate after a right guess, the vote on a call), the action bar of emotes
// (tap one, then send it) and the guess box. The eliminated talk in the table chat's
// "Eliminated" channel (lib/chat.js).

import { canonical, legalIndex } from "../lib/actions.js";
import { clockText } from "../lib/clock.js";
import { localChoice } from "../lib/choice.js";
import { el, fill } from "../lib/dom.js";
import { nameOf } from "../lib/format.js";
import { t } from "../lib/i18n.js";
import { patch } from "../lib/patch.js";
import { seatEntry } from "../lib/seats.js";
import { emoteName, emotePicture } from "./forehead_words/emotes.js";
import { describeLog, eliminatedText, overText, teamName, wordCard, wordText } from "./forehead_words/words.js";

export { describeAction, describeLog } from "./forehead_words/words.js";
export { emoteCatalogue, emoteName } from "./forehead_words/emotes.js";
export { OPTIONS, themeName } from "./forehead_words/options.js";

/** The chat channels (views.py channels). */
export const CHANNELS = { eliminated: t("Eliminated") };

const FEED_LINES = 150; // the newest log entries the chat shows (the log panel keeps them all)

// What the viewer has under way on this page: the emote tapped and not sent, the line or guess
// sent and not answered yet, and the last refusal of a line or guess (for its writer only).
const choice = localChoice({ board: null, emote: null, sending: null, refusal: null }, draw);
const local = choice.picked;
export const render = choice.render;

/**
 * The page's hook for a refused move (static/js/pages/table.js): a line or a guess the rules
 * refused is shown under the box it came from (its writer's page alone hears of it), with its
 * text kept in the box. True when shown here.
 */
export function refused(error, action) {
  if (!action || !["say", "guess"].includes(action.type) || !error || error.code === "stale") return false;
  local.refusal = { type: action.type, text: String(action.text || ""), detail: String(error.detail || t("That move was refused.")) };
  local.sending = null;
  return true;
}

// ---- frame ---------------------------------------------------------------------------------------

function draw(root, state, ctx) {
  const view = state.view || {};
  const actions = state.legal || [];
  const log = state.log || [];
  if (local.board !== root) Object.assign(local, { board: root, emote: null, sending: null, refusal: null });
  const frame = { state, view, ctx, actions, log, names: ctx.names, legal: legalIndex(actions), types: new Set(actions.map((action) => action.type)) };
  if (local.emote && !frame.legal.has(canonical({ type: "emote", emote: local.emote }))) local.emote = null;
  const sentNow = arrived(frame);
  const feed = root.querySelector(".fw-feed");
  const following = !feed || feed.scrollHeight - feed.scrollTop - feed.clientHeight < 60;
  const you = typeof view.you === "number" ? view.you : null;
  patch(root, el("div", { class: `fw${view.result ? " is-over" : ""}${you !== null && view.alive && !view.alive[you] ? " is-out" : ""}` },
    head(frame),
    el("div", { class: "fw-table" },
      side(frame, 0),
      el("section", { class: "fw-centre", "aria-label": t("The chat") },
        prompt(frame),
        feedList(frame),
        sayBox(frame),
        emoteBar(frame),
        guessBox(frame)),
      side(frame, 1))));
  if (sentNow) {
    const box = root.querySelector(`#fw-${sentNow}-text`);
    if (box) box.value = "";
  }
  const list = root.querySelector(".fw-feed");
  if (list && (following || sentNow)) list.scrollTop = list.scrollHeight;
}

/** Whether the line or guess this page sent is in the log now: its box is emptied ("say", "guess"). */
function arrived(frame) {
  const sending = local.sending;
  if (!sending) return null;
  const you = frame.view.you;
  const found = frame.log.slice(sending.after).some((entry) => entry.seat === you
    && (sending.type === "say" ? entry.type === "said" : entry.type === "guessed"));
  if (!found) return null;
  local.sending = null;
  return sending.type;
}

/** Send a typed move ("say" or "guess") with its text, if the rules list it now. */
function sendText(frame, type, input) {
  const text = input.value.trim();
  if (!text || !frame.types.has(type)) return;
  local.refusal = null;
  local.sending = { type, after: frame.log.length };
  frame.ctx.act({ type, text });
}

// ---- the head: your word, the clock, the teams ---------------------------------------------------

function head(frame) {
  const { view, state } = frame;
  const clock = state.clock && !view.result ? state.clock : null;
  // Both timers at once (the frame's timers): the match's time left, and a call's vote beside it.
  const timers = clock ? (clock.timers && clock.timers.length ? clock.timers : [clock]) : [];
  const living = [0, 1].map((team) => (view.teams || []).filter((of, seat) => of === team && view.alive[seat]).length);
  return el("header", { class: "fw-head" },
    yourWord(frame),
    el("p", { class: "fw-facts" },
      [0, 1].map((team) => el("span", { class: `fw-count fw-team-${team}`, "data-key": `count ${team}` },
        t("{team}: {count} left", { team: teamName(team), count: living[team] }))),
      timers.map((timer) => {
        const voting = String(timer.phase || "").startsWith("vote");
        return el("span", { class: `fw-clock${voting ? " is-vote" : ""}`, "data-key": `clock ${timer.phase}`, title: voting ? t("Time left to vote") : t("Time left in the match") },
          voting ? t("Vote:") : t("Time:"), " ", el("span", { "data-clock": timer.phase || "" }, clockText(timer.remaining_ms)));
      })));
}

function yourWord(frame) {
  const { view } = frame;
  const you = view.you;
  if (typeof you !== "number") return el("p", { class: "fw-you" }, t("You are watching: you see every word."));
  const word = (view.words || [])[you];
  const out = view.alive && !view.alive[you];
  let help;
  if (view.result) help = t("The match is over: your word was “{word}”.", { word: wordText(word) });
  else if (out) help = t("You are out: your word was “{word}”. Talk with the other eliminated players in the chat’s Eliminated tab.", { word: wordText(word) });
  else if (word) help = t("You guessed your word.");
  else help = t("Everyone else can read it. Do not say it or do it; make the other team say or do theirs.");
  return el("div", { class: `fw-you${out ? " is-out" : ""}` },
    el("span", { class: "fw-you-label" }, t("Your word:")), " ", wordCard(word, { className: "fw-word fw-word--big" }),
    out ? el("span", { class: "badge fw-out-badge" }, t("out")) : null,
    el("p", { class: "fw-you-help small" }, help));
}

// ---- the teams: a forehead per player -----------------------------------------------------------------

function side(frame, team) {
  const { view, names } = frame;
  const you = typeof view.you === "number" ? view.you : null;
  const seats = (view.teams || []).map((of, seat) => [of, seat]).filter(([of]) => of === team).map(([, seat]) => seat);
  const yours = you !== null && view.teams[you] === team;
  return el("section", { class: `fw-side fw-side--${team} fw-team-${team}`, "aria-label": teamName(team) },
    el("h3", { class: "fw-side-title" }, teamName(team), yours ? el("span", { class: "small muted" }, " ", t("(your team)")) : null),
    el("ul", { class: "fw-seats" }, seats.map((seat) => {
      const out = !view.alive[seat];
      const badges = [];
      if (out) badges.push(el("span", { class: "badge fw-out-badge" }, t("out")));
      if ((view.choosing || []).includes(seat)) badges.push(el("span", { class: "badge badge--away" }, t("choosing")));
      else if ((view.guessed || []).includes(seat) && !out) badges.push(el("span", { class: "badge badge--live" }, t("guessed right")));
      return seatEntry({
        prefix: "fw-seat", seat, tag: "li", name: nameOf(names, seat), you: seat === you,
        classes: out ? ["is-out"] : [], badges, body: [wordCard(view.words[seat])],
      });
    })));
}

// ---- the prompt of the moment: an opponent to eliminate, a vote -------------------------------------

function prompt(frame) {
  const { view, actions, names, ctx } = frame;
  const targets = actions.filter((action) => action.type === "eliminate");
  if (targets.length) {
    return el("div", { class: "fw-prompt fw-prompt--choose", role: "group", "aria-label": t("Choose an opponent to eliminate") },
      el("p", null, el("strong", null, t("Right! Your word is “{word}”.", { word: wordText(view.words[view.you]) })), " ",
        t("Choose an opponent to eliminate:")),
      el("div", { class: "button-row" }, targets.map((action) => el("button", {
        type: "button", class: "btn btn--primary fw-eliminate", "data-action": JSON.stringify(action), onclick: () => ctx.act(action),
      }, t("Eliminate {player}", { player: nameOf(names, action.target) })))));
  }
  const vote = view.vote;
  if (!vote) return lastOut(frame);
  const line = (view.lines || [])[vote.line] || {};
  const word = view.words[vote.wearer];
  const yes = vote.votes.filter((cast) => cast.yes).length;
  const votes = actions.filter((action) => action.type === "vote");
  return el("div", { class: "fw-prompt fw-prompt--vote", role: "group", "aria-label": t("The vote") },
    el("p", null, t("{caller} calls this line of {wearer}:", { caller: nameOf(names, vote.caller), wearer: nameOf(names, vote.wearer) }), " ",
      el("q", { class: "fw-quote" }, typeof line.text === "string" ? line.text : t("(hidden from you)"))),
    el("p", null, word ? t("Does this line say or do “{word}”?", { word: wordText(word) }) : t("Does this line say or do their word?")),
    votes.length ? el("div", { class: "button-row" }, votes.map((action) => el("button", {
      type: "button", class: `btn fw-vote ${action.yes ? "btn--primary" : ""}`, "data-action": JSON.stringify(action), onclick: () => ctx.act(action),
    }, action.yes ? t("Yes") : t("No")))) : null,
    el("p", { class: "small muted fw-tally" }, t("Yes {yes}, no {no}, {waiting} still to vote.", {
      yes, no: vote.votes.length - yes, waiting: vote.voters.filter((seat) => view.alive[seat]).length - vote.votes.length,
    })));
}

/** The newest elimination, announced with the word revealed (until the next one). */
function lastOut(frame) {
  const entry = [...frame.log].reverse().find((item) => item.type === "eliminated");
  if (!entry || frame.view.result) return null;
  return el("p", { class: "fw-prompt fw-prompt--out", role: "status", "data-key": `out ${entry.seat}` }, eliminatedText(entry, frame.names));
}

// ---- the chat: lines and events, the box ------------------------------------------------------------

function feedList(frame) {
  const { log, names } = frame;
  const first = Math.max(0, log.length - FEED_LINES);
  const items = [];
  if (first > 0) items.push(el("li", { class: "fw-event small muted", "data-key": "earlier" }, t("Earlier lines are in the game log.")));
  for (let index = first; index < log.length; index += 1) {
    const entry = log[index];
    if (entry.type === "said") items.push(chatLine(frame, entry, index));
    else if (entry.type !== "voted") {
      items.push(el("li", { class: `fw-event fw-event--${entry.type}`, "data-key": `log ${index}` },
        entry.type === "emote" ? el("span", { class: "fw-event-mark", "aria-hidden": "true" }, emotePicture(entry.emote), " ") : null,
        describeLog(entry, names)));
    }
  }
  if (local.refusal && local.refusal.type === "say") items.push(refusalLine(frame));
  if (!items.length) items.push(el("li", { class: "fw-event small muted", "data-key": "empty" }, t("No line yet: ask the others a question.")));
  return el("ol", { class: "fw-feed", "aria-live": "polite", "aria-label": t("Lines of the match") }, items);
}

function chatLine(frame, entry, index) {
  const { view, names, ctx, legal } = frame;
  const line = (view.lines || [])[entry.line] || {};
  const call = legal.get(canonical({ type: "call", line: entry.line }));
  const team = (view.teams || [])[entry.seat];
  return el("li", { class: `fw-line fw-team-${team}${entry.seat === view.you ? " is-mine" : ""}`, "data-key": `log ${index}` },
    el("strong", { class: "fw-line-who" }, nameOf(names, entry.seat)), " ",
    typeof entry.text === "string" ? el("span", { class: "fw-line-text" }, entry.text)
      : el("em", { class: "fw-line-text muted" }, t("(a line hidden from you until the end)")),
    line.called ? el("span", { class: "badge badge--away" }, t("called")) : null,
    call ? el("button", {
      type: "button", class: "btn btn--small btn--ghost fw-call", "data-action": JSON.stringify(call),
      title: t("Call this line: the others vote whether {player} did their word.", { player: nameOf(names, entry.seat) }),
      onclick: () => ctx.act(call),
    }, t("Call")) : null);
}

function refusalLine(frame) {
  const refusal = local.refusal;
  return el("li", { class: "fw-line fw-refused is-mine", "data-key": "refused", role: "alert" },
    el("strong", { class: "fw-line-who" }, nameOf(frame.names, frame.view.you)), " ",
    el("span", { class: "fw-line-text" }, refusal.text), " ",
    el("span", { class: "fw-refused-why" }, t("Not sent: {reason} Only you see this.", { reason: refusal.detail })));
}

function sayBox(frame) {
  if (!frame.types.has("say")) return null;
  const limit = frame.view.text_limit || 200;
  const input = el("input", {
    type: "text", id: "fw-say-text", class: "fw-text", maxlength: limit, autocomplete: "off",
    placeholder: t("Ask, answer, chat…"), "aria-label": t("Your line"),
  });
  return el("form", { class: "fw-say", onsubmit: (event) => { event.preventDefault(); sendText(frame, "say", event.currentTarget.querySelector("input")); } },
    input, el("button", { type: "submit", class: "btn btn--primary fw-send", id: "fw-say-send" }, t("Send")));
}

// ---- the action bar ---------------------------------------------------------------------------------------

function emoteBar(frame) {
  const { view, ctx, legal } = frame;
  const bar = view.bar || [];
  if (!bar.length || view.result) return null;
  const canAct = frame.types.has("emote");
  const picked = local.emote;
  const action = picked ? legal.get(canonical({ type: "emote", emote: picked })) : null;
  return el("details", { class: "fw-bar", open: canAct ? true : null },
    el("summary", null, t("Actions"), " ", el("span", { class: "small muted" },
      canAct ? t("(tap one, then do it: your own action word puts you out)") : t("(the bar)"))),
    el("div", { class: "fw-emotes", role: "group", "aria-label": t("The action bar") }, bar.map((key) => el("button", {
      type: "button", class: `fw-emote${key === picked ? " is-picked" : ""}`, "data-emote": key, "data-key": key,
      title: emoteName(key), "aria-label": emoteName(key), "aria-pressed": String(key === picked), disabled: !canAct,
      onclick: () => choice.choose({ emote: key === picked ? null : key }),
    }, emotePicture(key)))),
    action ? el("div", { class: "fw-emote-go", role: "group", "aria-label": t("Send the emote") },
      el("span", { class: "fw-emote-picked" }, el("span", { "aria-hidden": "true" }, emotePicture(picked)), " ", emoteName(picked)),
      el("button", { type: "button", class: "btn btn--primary btn--small", "data-action": JSON.stringify(action),
        onclick: () => { choice.choose({ emote: null }); ctx.act(action); } }, t("Do it")),
      el("button", { type: "button", class: "btn btn--ghost btn--small", onclick: () => choice.choose({ emote: null }) }, t("Cancel")))
      : el("p", { class: "fw-emote-go small muted" }, canAct ? t("Tap an action to see its name.") : ""));
}

// ---- the guess ----------------------------------------------------------------------------------------------

function guessBox(frame) {
  if (!frame.types.has("guess")) return null;
  const refusal = local.refusal && local.refusal.type === "guess" ? local.refusal : null;
  return el("details", { class: "fw-guess", open: refusal ? true : null },
    el("summary", null, t("Guess your word")),
    el("p", { class: "small" }, t("Once only. Right: you eliminate an opponent of your choice. Wrong: you are out.")),
    el("form", { class: "fw-guess-form", onsubmit: (event) => { event.preventDefault(); sendText(frame, "guess", event.currentTarget.querySelector("input")); } },
      el("input", {
        type: "text", id: "fw-guess-text", class: "fw-text", maxlength: frame.view.text_limit || 200, autocomplete: "off",
        placeholder: t("Your word is…"), "aria-label": t("Your guess"),
      }),
      el("button", { type: "submit", class: "btn fw-guess-send", id: "fw-guess-send" }, t("Guess"))),
    refusal ? el("p", { class: "message message--error fw-refused-why", role: "alert" }, refusal.detail) : null);
}

// ---- the banner's hint and the end -------------------------------------------------------------------------

export function turnHint(state) {
  const types = new Set((state.legal || []).map((action) => action.type));
  if (types.has("eliminate")) return t("Choose an opponent to eliminate.");
  if (types.has("vote")) return t("Vote on the call.");
  if (types.size) return t("Everyone plays at once: chat, act and guess.");
  return "";
}

export function renderOutcome(root, outcome, view, names) {
  const detail = (outcome && outcome.detail) || (view && view.result) || {};
  const winners = new Set(detail.winners || (outcome && outcome.winners) || []);
  const words = detail.words || (view && view.words) || [];
  const alive = view && view.alive;
  const teams = words.map((_, seat) => seat % 2);
  const seats = words.map((_, seat) => seat).sort((a, b) => teams[a] - teams[b] || a - b);
  fill(root,
    el("p", { class: "outcome-winners" }, overText(detail)),
    el("table", { class: "scores fw-final" },
      el("thead", null, el("tr", null, el("th", { scope: "col" }, t("Player")), el("th", { scope: "col" }, t("Team")),
        el("th", { scope: "col" }, t("Word")), el("th", { scope: "col" }, alive ? t("At the end") : ""))),
      el("tbody", null, seats.map((seat) => el("tr", { class: winners.has(seat) ? "is-winner" : null, "data-seat": seat },
        el("th", { scope: "row" }, nameOf(names, seat), winners.has(seat) ? el("span", { class: "badge badge--win" }, t("won")) : null),
        el("td", null, teamName(teams[seat])),
        el("td", null, wordCard(words[seat])),
        el("td", null, alive ? (alive[seat] ? t("in") : t("out")) : ""))))));
}
