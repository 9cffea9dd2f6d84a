// Naipes browser glue (ES module, loaded on every page; does nothing on pages without widgets).
//
// - Keeps the language menu pointing at the current page after Material's instant navigation.
// - Lazily starts ONE Web Worker running the self-hosted Pyodide + the engine wheel, the first time
//   a widget is used or scrolls into view, and keeps it for the life of the tab.
// - Forwards widget events to naipes.widgets.handle(state, action, value) and swaps the HTML it
//   returns. No game logic lives here.

const HERE = new URL(import.meta.url);
const PYODIDE_URL = new URL("../pyodide/", HERE);
const WORKER_URL = new URL("worker.js", HERE);

const ROOT_SELECTOR = ".naipes-widget";
const ACTION_SELECTOR = "[data-naipes-action]";
const LOAD_TIMEOUT_MS = 120_000; // then say "unavailable" rather than "loading" forever

// ---------------------------------------------------------------------------- language menu

const SITE_ROOT = new URL("../../", HERE); // this file is assets/naipes/naipes.js under the site root

// Every page exists in every language at the same path under the language's prefix ("", "ca/",
// "en/"). The prefixes are read once from the <link hreflang> tags of the page loaded in full;
// after an instant navigation the menu links are rebuilt from the current location, because
// Material swaps the content but not those tags.
function sitePath(url) {
  const path = new URL(url, location.href).pathname;
  return path.startsWith(SITE_ROOT.pathname) ? path.slice(SITE_ROOT.pathname.length) : null;
}

const languagePrefixes = (() => {
  const paths = new Map();
  for (const link of document.querySelectorAll('link[rel~="alternate"][hreflang]')) {
    const path = sitePath(link.href);
    if (path !== null) paths.set(link.getAttribute("hreflang"), path);
  }
  if (!paths.size) return new Map();
  const all = [...paths.values()];
  let common = all.reduce((a, b) => (a.length <= b.length ? a : b));
  while (!all.every((p) => p.endsWith(common))) common = common.slice(1);
  return new Map([...paths].map(([lang, path]) => [lang, path.slice(0, path.length - common.length)]));
})();

function refreshLanguageLinks() {
  const here = sitePath(location.href);
  const own = languagePrefixes.get(document.documentElement.lang);
  if (here === null || own === undefined || !here.startsWith(own)) return;
  const page = here.slice(own.length);
  for (const a of document.querySelectorAll(".md-select__link[hreflang]")) {
    const prefix = languagePrefixes.get(a.getAttribute("hreflang"));
    if (prefix === undefined) continue;
    const href = new URL(prefix + page, SITE_ROOT).href;
    if (a.href !== href) a.href = href;
  }
}

// A language switch loads the other language's page in full: instant navigation would swap the
// content but keep this page's header, search and <html lang> in the old language.
document.addEventListener(
  "click",
  (event) => {
    const link = event.target instanceof Element && event.target.closest(".md-select__link[hreflang]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.stopImmediatePropagation(); // before Material's instant-navigation handler sees it
    event.preventDefault();
    location.assign(link.href);
  },
  { capture: true },
);

// ---------------------------------------------------------------------------- engine (singleton)

let enginePromise = null; // Promise<{call}> once started; never restarted within a tab
let engineState = "idle"; // idle | loading | ready | failed

function wheelURL() {
  const meta = document.querySelector('meta[name="naipes-wheel"]');
  if (!meta) throw new Error("no <meta name=naipes-wheel>");
  return new URL(meta.content, HERE).href;
}

function startEngine() {
  if (enginePromise) return enginePromise;
  engineState = "loading";
  paintStatus();
  enginePromise = (async () => {
    const worker = new Worker(WORKER_URL, { type: "module", name: "naipes-engine" });
    const pending = new Map();
    let nextId = 0;
    const fail = (message) => {
      for (const { reject } of pending.values()) reject(new Error(message));
      pending.clear();
    };
    worker.onmessage = ({ data }) => {
      const entry = pending.get(data.id);
      if (!entry) return;
      pending.delete(data.id);
      data.ok ? entry.resolve(data.result) : entry.reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(event.message || "worker error");
    };
    const call = (op, ...args) =>
      new Promise((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, op, args });
      });
    const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error("timed out loading Pyodide")), LOAD_TIMEOUT_MS),
    );
    await Promise.race([call("init", { indexURL: PYODIDE_URL.href, wheelURL: wheelURL() }), timeout]);
    return { call, worker };
  })();
  enginePromise.then(
    () => {
      engineState = "ready";
      paintStatus();
      applySeedFromURL();
    },
    (err) => {
      engineState = "failed";
      console.warn("naipes: interactive mode unavailable:", err.message);
      paintStatus();
    },
  );
  return enginePromise;
}

// ---------------------------------------------------------------------------- widgets

function roots() {
  return [...document.querySelectorAll(ROOT_SELECTOR)];
}

function setStatus(root, key) {
  const status = root.querySelector(".naipes-status");
  const text = key ? root.getAttribute(`data-naipes-msg-${key}`) || "" : "";
  if (status && status.textContent !== text) status.textContent = text;
  root.setAttribute("data-naipes-mode", key || "static");
  if (key === "loading") root.setAttribute("aria-busy", "true");
  else root.removeAttribute("aria-busy");
}

function paintStatus() {
  const key = { idle: null, loading: "loading", ready: "ready", failed: "unavailable" }[engineState];
  for (const root of roots()) setStatus(root, key);
}

let widgetIds = 0;
function widgetId(root) {
  if (!root.dataset.naipesId) root.dataset.naipesId = String(++widgetIds);
  return root.dataset.naipesId;
}

// All engine calls go through one queue, in order; each runs against the *current* root.
let queue = Promise.resolve();

function dispatch(root, action, value, focusTarget) {
  const id = widgetId(root);
  startEngine();
  queue = queue
    .then(async () => {
      const engine = await enginePromise;
      const current = document.querySelector(`${ROOT_SELECTOR}[data-naipes-id="${id}"]`);
      if (!current) return; // navigated away meanwhile
      const html = await engine.call("handle", current.getAttribute("data-naipes-state"), action, value);
      swap(current, html, focusTarget);
    })
    .catch((err) => {
      if (engineState === "failed") return;
      console.warn("naipes: action failed:", err.message);
    });
  return queue;
}

function swap(root, html, focusTarget) {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  const fresh = template.content.firstElementChild;
  if (!fresh || !fresh.matches(ROOT_SELECTOR)) throw new Error("engine returned no widget root");
  fresh.dataset.naipesId = root.dataset.naipesId;
  const hadFocus = root.contains(document.activeElement) || document.activeElement === document.body;
  const oldSeed = root.getAttribute("data-naipes-seed");
  root.replaceWith(fresh);
  // The engine's status line is empty, or carries its own inline error: leave it as it is.
  fresh.setAttribute("data-naipes-mode", "live");
  if (focusTarget && hadFocus) restoreFocus(fresh, focusTarget);
  const seed = fresh.getAttribute("data-naipes-seed");
  if (seed !== null && seed !== oldSeed) writeSeedToURL(seed);
}

function restoreFocus(root, { action, value }) {
  for (const el of root.querySelectorAll(ACTION_SELECTOR)) {
    if (el.getAttribute("data-naipes-action") !== action) continue;
    if (value !== null && el.hasAttribute("data-naipes-value") && el.getAttribute("data-naipes-value") !== value) continue;
    el.focus({ preventScroll: true });
    return;
  }
}

function writeSeedToURL(seed) {
  const url = new URL(location.href);
  if (url.searchParams.get("seed") === seed) return;
  url.searchParams.set("seed", seed);
  history.replaceState(history.state, "", url);
}

function applySeedFromURL() {
  const seed = new URL(location.href).searchParams.get("seed");
  if (seed === null) return;
  for (const root of roots()) {
    if (root.getAttribute("data-naipes-widget") !== "coup") continue;
    if (root.getAttribute("data-naipes-seed") === seed) continue;
    dispatch(root, "seed", seed, null);
  }
}

function controlOf(event) {
  const target = event.target instanceof Element ? event.target : null;
  const control = target && target.closest(ACTION_SELECTOR);
  if (!control) return null;
  const root = control.closest(ROOT_SELECTOR);
  return root ? { control, root } : null;
}

function isValueControl(el) {
  return el instanceof HTMLSelectElement || el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;
}

// Event delegation on the document: survives instant navigation without re-binding.
document.addEventListener("click", (event) => {
  const hit = controlOf(event);
  if (!hit || isValueControl(hit.control)) return;
  event.preventDefault();
  const action = hit.control.getAttribute("data-naipes-action");
  const value = hit.control.getAttribute("data-naipes-value") ?? "";
  dispatch(hit.root, action, value, { action, value: hit.control.getAttribute("data-naipes-value") });
});

document.addEventListener("change", (event) => {
  const hit = controlOf(event);
  if (!hit || !isValueControl(hit.control)) return;
  const action = hit.control.getAttribute("data-naipes-action");
  dispatch(hit.root, action, hit.control.value, { action, value: hit.control.getAttribute("data-naipes-value") });
});

// First use of a widget starts the engine (before the click/change even arrives).
for (const type of ["pointerdown", "focusin", "keydown", "touchstart"]) {
  document.addEventListener(
    type,
    (event) => {
      if (enginePromise) return;
      const root = event.target instanceof Element && event.target.closest(ROOT_SELECTOR);
      if (root && !root.hasAttribute("data-naipes-static")) startEngine();
    },
    { capture: true, passive: true },
  );
}

let observer = null;

function bindPage() {
  refreshLanguageLinks();
  if (observer) observer.disconnect();
  observer = null;
  // Static widgets (data-naipes-static: nothing to interact with) never need the engine.
  const found = roots().filter((r) => !r.hasAttribute("data-naipes-static"));
  if (!found.length) return;
  found.forEach(widgetId);
  paintStatus();
  if (enginePromise) {
    if (engineState === "ready") applySeedFromURL();
    return;
  }
  const wantsSeed =
    new URL(location.href).searchParams.has("seed") &&
    found.some((r) => r.getAttribute("data-naipes-widget") === "coup");
  if (wantsSeed) {
    startEngine();
    return;
  }
  if ("IntersectionObserver" in window) {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        startEngine();
      }
    });
    found.forEach((r) => observer.observe(r));
  }
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => bindPage());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", bindPage);
} else {
  bindPage();
}
