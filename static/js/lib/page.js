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
