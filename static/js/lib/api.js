// JSON over fetch with the session cookie. Errors become ApiError with the server's sentence
// (its detail, in the reader's language already).

import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

export async function api(path, { method = "GET", body } = {}) {
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "network", t("Could not reach the server. Check your connection and try again."));
  }
  const data = await readJson(response);
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.code) || `http_${response.status}`,
      errorSentence(data, response.status));
  }
  return data;
}

export const get = (path) => api(path);
export const post = (path, body) => api(path, { method: "POST", body });
export const del = (path) => api(path, { method: "DELETE" });

async function readJson(response) {
  const text = await response.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorSentence(data, status) {
  const detail = data && data.detail;
  if (typeof detail === "string" && detail) return detail;
  // FastAPI validation errors: a list of {loc, msg}.
  if (Array.isArray(detail) && detail.length) {
    return detail.map((item) => (item && item.msg) || String(item)).join("; ");
  }
  if (status === 401) return t("Please pick a name first.");
  if (status === 403) return t("You are not allowed to do that.");
  if (status === 404) return t("Not found.");
  if (status >= 500) return t("The server had a problem ({status}). Please try again.", { status: String(status) });
  return t("Request failed ({status}).", { status: String(status) });
}
