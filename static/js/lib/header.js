// The site header on every page: the language switcher (POST /api/session/locale, then the
// page again in the new language), the colour theme and "Log out" (POST /api/session/logout,
// then home).

import { post } from "./api.js";
import { notify } from "./notice.js";
import { themeToggle } from "./theme.js";

const language = document.getElementById("language");
if (language) {
  language.addEventListener("change", async () => {
    const chosen = language.value;
    language.disabled = true;
    try {
      await post("/api/session/locale", { locale: chosen });
      location.reload();
    } catch (error) {
      // The server's sentence (its detail, in the reader's language); the page stays as it is.
      language.value = language.dataset.current || "en";
      language.disabled = false;
      notify(error.message);
    }
  });
}

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
