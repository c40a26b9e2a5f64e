// Forehead words' create form (static/js/pages/home.js renderOptions): the themes as checkboxes
// (an option no select can hold: a list), the word list's language, judged words, the time
// limit (app/rules/forehead_words/components.py: DEFAULT_OPTIONS and check_options).

import { el } from "../../lib/dom.js";
import { N_, t } from "../../lib/i18n.js";

/** The seed's themes, in its order (words.THEME_KEYS), with their names. */
export const THEMES = [
  ["class", N_("Class")], ["drill", N_("Boot camp")], ["show", N_("Evening show")], ["ktv", N_("Karaoke")],
  ["dinner", N_("New Year's Eve dinner")], ["pe", N_("PE class")], ["arts", N_("Arts show")],
];

/** A theme's name in the reader's language. */
export function themeName(key) {
  const theme = THEMES.find(([name]) => name === key);
  return theme ? t(theme[1]) : String(key);
}

/** The create form's control for "themes": a checkbox per theme -> {node, read()}. */
export function themesControl(id, value) {
  const chosen = new Set(Array.isArray(value) ? value : THEMES.map(([key]) => key));
  const boxes = THEMES.map(([key]) => {
    const box = el("input", { type: "checkbox", id: `${id}-${key}`, value: key, checked: chosen.has(key) });
    box.checked = chosen.has(key);
    return box;
  });
  const node = el("fieldset", { class: "fw-themes", id },
    el("legend", null, t("Themes")),
    el("div", { class: "fw-themes-list" }, boxes.map((box, index) => el("span", { class: "field--check" },
      box, el("label", { for: box.id }, t(THEMES[index][1]))))),
    el("p", { class: "small muted" }, t("The words are dealt from the themes ticked: at least as many as players.")));
  return { node, read: () => boxes.filter((box) => box.checked).map((box) => box.value) };
}

function minutes(seconds) {
  if (seconds === 0) return t("No time limit");
  return seconds < 3600 ? t("{count} min", { count: seconds / 60 }) : t("{count} h", { count: seconds / 3600 });
}

/** The create form (lib/games.js OPTIONS). */
export const OPTIONS = {
  themes: { label: t("Themes"), control: themesControl },
  language: {
    label: t("Word list"),
    choices: [["en", "English"], ["zh-Hans", "简体中文"], ["ja", "日本語"], ["hu", "Magyar"]], // i18n: not text
  },
  judged: { label: t("Judged words (a call and a vote decide)") },
  time_limit: {
    label: t("Time limit"),
    choices: [0, 60, 180, 300, 600, 900, 1200, 1800, 3600].map((seconds) => [seconds, minutes(seconds)]),
  },
};
