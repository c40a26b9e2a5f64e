// The page's initial data: the JSON island rendered by base.html ({{ page|tojson }}).

let cached = null;

export function pageData() {
  if (cached) return cached;
  const island = document.getElementById("page-data");
  try {
    cached = (island && JSON.parse(island.textContent)) || {};
  } catch {
    cached = {};
  }
  return cached;
}

let keptWatch = null;

/** Carry this watch code too when the address has none (a player's own table's code). */
export function keepWatch(code) {
  keptWatch = code;
}

/**
 * A match path (page, API or socket) with this page's watch code carried along: who is not a
 * player of a match sees it only through its table's watch link (?watch=CODE); players need none.
 */
export function withWatch(path) {
  const code = new URLSearchParams(location.search).get("watch") || keptWatch;
  if (!code) return path;
  return `${path}${path.includes("?") ? "&" : "?"}watch=${encodeURIComponent(code)}`;
}
