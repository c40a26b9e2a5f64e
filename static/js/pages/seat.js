// /seat/{code}: a seat handed over by the host. Sign in if needed, see what is offered, take it.

import { post } from "../lib/api.js";
import { indefinite } from "../lib/format.js";
import { byId, show } from "../lib/dom.js";
import { say } from "../lib/notice.js";
import { pageData } from "../lib/page.js";
import { setupSignIn } from "../lib/signin.js";
import { t } from "../lib/i18n.js";

const page = pageData();
const status = byId("seat-status");
const text = byId("seat-text");
const error = byId("seat-error");
const take = byId("seat-take");
const signinPanel = byId("signin-panel");

function askForName() {
  show(status, false);
  show(signinPanel);
  say(signinPanel.querySelector(".message"), t("Please pick a name first."), "info");
}

async function lookUp() {
  show(signinPanel, false);
  show(status);
  say(error, "");
  try {
    const offer = await post("/api/seats/invitation", { code: page.code });
    const now = offer.now_played_by;
    const params = { number: offer.seat + 1, match: indefinite(t("{game} match", { game: offer.title })), player: now.name };
    text.textContent = now.bot
      ? t("Seat {number} of {match}, played by a bot until you take it.", params)
      : t("Seat {number} of {match}, played by {player} until you take it.", params);
    show(take);
  } catch (failure) {
    if (failure.status === 401) return askForName();
    text.textContent = t("This invitation cannot be used.");
    say(error, failure.message);
  }
}

take.addEventListener("click", async () => {
  take.disabled = true;
  try {
    const { match_id: matchId } = await post("/api/seats/claim", { code: page.code });
    text.textContent = t("The seat is yours! Taking you to the table…");
    location.assign(`/match/${matchId}`);
  } catch (failure) {
    take.disabled = false;
    if (failure.status === 401) return askForName();
    say(error, failure.message);
  }
});

setupSignIn(byId("signin-form"), lookUp);
if (page.user) lookUp();
