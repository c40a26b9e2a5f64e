// The colour theme (issue 25): light, dark, or following the system (the default). The choice
// is remembered in localStorage and shown as <html data-theme="light|dark"> (absent: follow the
// system), which the stylesheet reads; static/js/theme-early.js applies it before first paint.

import { readPref, storage, writePref } from "./prefs.js";
import { N_, t } from "./i18n.js";

export const THEME_KEY = "parlor.theme";
export const THEMES = ["system", "light", "dark"];
const LOOK = {
  system: { mark: "\u25d0", words: N_("Theme: follows the system") },
  light: { mark: "\u2600", words: N_("Theme: light") },
  dark: { mark: "\u263e", words: N_("Theme: dark") },
};

export function savedTheme(store = storage()) {
  const theme = readPref(THEME_KEY, store);
  return theme === "light" || theme === "dark" ? theme : "system";
}

/** Show `theme` on the page: data-theme on <html>, absent when following the system. */
export function applyTheme(theme, root = document.documentElement) {
  if (theme === "light" || theme === "dark") root.dataset.theme = theme;
  else root.removeAttribute("data-theme");
}

export function setTheme(theme, store = storage(), root = document.documentElement) {
  writePref(THEME_KEY, theme === "light" || theme === "dark" ? theme : null, store);
  applyTheme(theme, root);
}

/** The next theme a click on the toggle chooses: system, light, dark, then system again. */
export function nextTheme(theme) {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length];
}

/** Make `button` cycle the theme, saying which one is on. */
export function themeToggle(button, store = storage(), root = document.documentElement) {
  const show = (theme) => {
    button.textContent = LOOK[theme].mark;
    button.setAttribute("aria-label", t("{theme} (change)", { theme: t(LOOK[theme].words) }));
    button.title = t(LOOK[theme].words);
    button.dataset.themeChoice = theme;
  };
  let theme = savedTheme(store);
  applyTheme(theme, root); // in case the early script could not run
  show(theme);
  button.addEventListener("click", () => {
    theme = nextTheme(theme);
    setTheme(theme, store, root);
    show(theme);
  });
}
