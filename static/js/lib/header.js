// The site header on every page: the colour theme and "Log out" (POST /api/session/logout,
// then home).

import { post } from "./api.js";
import { notify } from "./notice.js";
import { themeToggle } from "./theme.js";

const theme = document.getElementById("theme-toggle");
if (theme) themeToggle(theme);

const logout = document.getElementById("logout");
if (logout) {
  logout.addEventListener("click", async () => {
    try {
      await post("/api/session/logout");
      location.assign("/");
    } catch (error) {
      notify(error.message);
    }
  });
}
