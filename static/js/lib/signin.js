// The "pick a display name" form (templates/_signin.html): POST /api/session {name}.

import { post } from "./api.js";
import { busy } from "./dom.js";
import { say } from "./notice.js";
import { t } from "./i18n.js";

export const NAME_MAX = 32;

/**
 * Wire the sign-in form (and, when present, the password login form of templates/_signin.html);
 * onSignedIn(user) runs after the session cookie is set.
 */
export function setupSignIn(form, onSignedIn) {
  const login = document.getElementById("login-form");
  if (login) setupLogIn(login, onSignedIn);
  const input = form.querySelector("#name");
  const button = form.querySelector("#sign-in");
  const message = form.querySelector(".message");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (name.length < 1 || [...name].length > NAME_MAX) {
      say(message, t("Please enter a name of 1 to {max} characters.", { max: NAME_MAX }));
      input.focus();
      return;
    }
    say(message, "");
    try {
      const user = await busy(button, () => post("/api/session", { name }));
      showUser(user);
      await onSignedIn(user);
    } catch (error) {
      say(message, error.message);
    }
  });
}

/** The "sign in on another device" form: POST /api/session/login {handle, password}. */
function setupLogIn(form, onSignedIn) {
  const handle = form.querySelector("#login-handle");
  const password = form.querySelector("#login-password");
  const message = form.querySelector(".message");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!handle.value.trim() || !password.value) {
      say(message, t("Enter your sign-in name and your password."));
      return;
    }
    say(message, "");
    try {
      const body = { handle: handle.value.trim(), password: password.value };
      const user = await busy(form.querySelector("#log-in"), () => post("/api/session/login", body));
      password.value = "";
      showUser(user);
      await onSignedIn(user);
    } catch (error) {
      say(message, error.message);
    }
  });
}

/** Put the signed-in user's name in the site header. */
export function showUser(user) {
  const slot = document.getElementById("header-user");
  const name = document.getElementById("header-user-name");
  if (!slot || !name || !user) return;
  name.textContent = user.name;
  slot.hidden = false;
  const logout = document.getElementById("logout");
  if (logout) logout.hidden = false;
}
