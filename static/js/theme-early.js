// The colour theme the player chose (lib/theme.js), set on <html> before the page is first
// painted, so a dark page never flashes light. A classic script loaded in <head>, not a module:
// modules run only once the whole document is parsed, after the browser may have painted it.
// No imports; lib/theme.js keeps the same key and values.
(function applySavedTheme() {
  try {
    var theme = window.localStorage.getItem("parlor.theme");
    if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
  } catch (error) {
    // Storage is off: follow the system.
  }
})();
