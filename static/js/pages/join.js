// /join/{code}: pick a name if needed, then take a seat and go to the lobby.

import { post } from "../lib/api.js";
import { byId, show } from "../lib/dom.js";
import { say } from "../lib/notice.js";
import { pageData } from "../lib/page.js";
import { setupSignIn } from "../lib/signin.js";
import { t } from "../lib/i18n.js";

const page = pageData();
const status = byId("join-status");
const text = byId("join-text");
const error = byId("join-error");
const links = byId("join-links");
const signinPanel = byId("signin-panel");

async function join() {
  show(signinPanel, false);
  show(status);
  show(links, false);
  say(error, "");
  text.textContent = t("Joining the table…");
  try {
    const lobby = await post("/api/lobbies/join", { invite_code: page.invite_code });
    text.textContent = t("Joined! Taking you to the table…");
    location.assign(`/lobby/${lobby.id}`);
  } catch (failure) {
    if (failure.status === 401) {
      // The session is gone (cookie cleared): ask for a name again.
      show(status, false);
      show(signinPanel);
      say(signinPanel.querySelector(".message"), t("Please pick a name to join."), "info");
      return;
    }
    text.textContent = t("Could not join this table.");
    say(error, failure.message);
    show(links);
  }
}

byId("join-retry").addEventListener("click", join);
setupSignIn(byId("signin-form"), join);
if (page.user) join();
