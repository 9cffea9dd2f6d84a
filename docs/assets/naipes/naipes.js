// Naipes browser glue (ES module, loaded on every page; does nothing on pages without widgets).
//
// - Keeps the language menu pointing at the current page after Material's instant navigation; a
//   language switch keeps the query (the games' links) and the anchor.
// - Lazily starts ONE Web Worker running the self-hosted Pyodide + the engine wheel, the first time
//   a widget is used or scrolls into view, and keeps it for the life of the tab; shows its progress
//   inside each widget, and keeps the clicks made meanwhile.
// - Forwards widget events to naipes.widgets.handle(state, action, value) and swaps the HTML it
//   returns, the focus kept on the control used.
// - Keeps each game's state in the page's address and in the tab (see "games as links").
// No game logic lives here.

const HERE = new URL(import.meta.url);
const PYODIDE_URL = new URL("../pyodide/", HERE);
const WORKER_URL = new URL("worker.js", HERE);

const ROOT_SELECTOR = ".naipes-widget";
const ACTION_SELECTOR = "[data-naipes-action]";
const SCROLL_SELECTOR = ".naipes-scroll"; // the sideways scroll box of a wide table (naipes.web.html.table)
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
    const target = new URL(link.href);
    target.search = location.search; // the games' links
    target.hash = location.hash;
    rememberHeading(target);
    location.assign(target.href);
  },
  { capture: true },
);

// A heading's id is made from its text, so it differs between languages: a switch remembers the position
// of the heading the anchor names, and the other language's page goes to its heading at that position.
const HEADING_HINT = "naipes:heading";

function headings() {
  return [...document.querySelectorAll(".md-content :is(h1, h2, h3, h4, h5, h6)[id]")];
}

function anchored() {
  const id = decodeURIComponent(location.hash.slice(1));
  return id ? document.getElementById(id) : null;
}

function rememberHeading(target) {
  const heading = anchored();
  const index = heading ? headings().indexOf(heading) : -1;
  if (index >= 0) storage.set(HEADING_HINT, JSON.stringify({ path: target.pathname, index }));
}

function followHeading() {
  const hint = storage.get(HEADING_HINT);
  if (hint === null) return;
  storage.remove(HEADING_HINT);
  let wanted = null;
  try {
    wanted = JSON.parse(hint);
  } catch {
    return;
  }
  if (!wanted || wanted.path !== location.pathname || !location.hash || anchored()) return;
  const heading = headings()[wanted.index];
  if (!heading) return;
  history.replaceState(history.state, "", `#${heading.id}`);
  heading.scrollIntoView();
}

// ---------------------------------------------------------------------------- site search

// Material's search reads the box on keyup, so text that arrives without a key (pasted with the
// mouse, dropped, dictated, picked from autocomplete) would not search until a key is pressed.
// Those changes are passed on as a keyup; Material ignores a repeat of the same query.
document.addEventListener("input", (event) => {
  const box = event.target;
  if (box instanceof HTMLInputElement && box.classList.contains("md-search__input")) {
    box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
  }
});

// ---------------------------------------------------------------------------- storage

// sessionStorage can be missing or refuse writes (private modes, quotas): the page then only loses
// the memory of a game across navigation, nothing else.
const storage = {
  get(key) {
    try { return sessionStorage.getItem(key); } catch { return null; }
  },
  set(key, value) {
    try { sessionStorage.setItem(key, value); } catch { /* see above */ }
  },
  remove(key) {
    try { sessionStorage.removeItem(key); } catch { /* see above */ }
  },
};

// ---------------------------------------------------------------------------- engine (singleton)

let enginePromise = null; // Promise<{call}> once started; never restarted within a tab
let engineState = "idle"; // idle | loading | ready | failed
const progress = { loaded: 0, starting: false }; // what the worker reported while loading

function meta(name) {
  const tag = document.querySelector(`meta[name="${name}"]`);
  return tag ? tag.content : null;
}

function wheelURL() {
  const name = meta("naipes-wheel");
  if (!name) throw new Error("no <meta name=naipes-wheel>");
  return new URL(name, HERE).href;
}

function cacheNames() {
  const names = meta("naipes-cache");
  return names ? names.split(" ") : null;
}

// The states of the page's live widgets: the worker imports their games while Python starts.
function pageStates() {
  return liveRoots().map((r) => r.getAttribute("data-naipes-state"));
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
      if (data.progress) return onProgress(data.progress);
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
    const options = { indexURL: PYODIDE_URL.href, wheelURL: wheelURL(), cacheNames: cacheNames(), preload: pageStates() };
    await Promise.race([call("init", options), timeout]);
    return { call, worker };
  })();
  enginePromise.then(
    () => {
      engineState = "ready";
      paintStatus();
      fillPending();
    },
    (err) => {
      engineState = "failed";
      console.warn("naipes: interactive mode unavailable:", err.message);
      paintStatus();
    },
  );
  return enginePromise;
}

// A widget built with results still to compute (data-naipes-pending: an equity simulation that refines)
// asks for them as soon as Python is ready, without waiting for the reader to act.
function fillPending() {
  for (const root of document.querySelectorAll(`${ROOT_SELECTOR}[data-naipes-pending]`)) {
    dispatch(root, root.getAttribute("data-naipes-pending"), "", null, { onlyIfPending: true });
  }
}

function onProgress({ loaded, stage }) {
  if (typeof loaded === "number") progress.loaded = loaded;
  const total = Number(meta("naipes-runtime-bytes")) || 0;
  if (stage === "starting" || (total && progress.loaded >= total)) progress.starting = true;
  if (engineState === "loading") paintStatus();
}

// ---------------------------------------------------------------------------- widgets: status

function roots() {
  return [...document.querySelectorAll(ROOT_SELECTOR)];
}

// Static widgets (data-naipes-static: nothing to interact with) never need the engine nor say anything
// about it.
function liveRoots() {
  return roots().filter((r) => !r.hasAttribute("data-naipes-static"));
}

function message(root, name) {
  return root.getAttribute(`data-naipes-msg-${name}`) || "";
}

// data-naipes-mode: static (Python not started) | loading | pending (a link waits to be replayed) | ready |
// live (the engine's own HTML) | unavailable. naipes.css styles each.
function modeOf(root) {
  if (root.getAttribute("data-naipes-mode") === "live") return "live";
  if (engineState === "failed") return "unavailable";
  if (root.hasAttribute("data-naipes-replay")) return "pending";
  return { idle: "static", loading: "loading", ready: "ready" }[engineState];
}

function paintStatus() {
  for (const root of liveRoots()) paintRoot(root);
}

function paintRoot(root) {
  const mode = modeOf(root);
  root.setAttribute("data-naipes-mode", mode);
  if (mode === "live") return; // its status line is the engine's (empty, or an inline error)
  const busy = mode === "loading" || mode === "pending";
  if (busy) root.setAttribute("aria-busy", "true");
  else root.removeAttribute("aria-busy");
  const status = root.querySelector(".naipes-status");
  const text = { ready: message(root, "ready"), unavailable: message(root, "unavailable") }[mode] || "";
  if (status && status.textContent !== text) status.textContent = text;
  paintLoading(root, busy ? mode : null);
  // Until Python answers, the controls say they do nothing yet (a click is still kept and played later).
  for (const control of root.querySelectorAll(ACTION_SELECTOR)) {
    if (mode === "ready") {
      if (control.hasAttribute("data-naipes-inert")) {
        control.removeAttribute("aria-disabled");
        control.removeAttribute("data-naipes-inert");
      }
    } else if (!control.hasAttribute("aria-disabled")) {
      control.setAttribute("aria-disabled", "true");
      control.setAttribute("data-naipes-inert", "");
    }
  }
}

// The bar at the top of a widget while Python loads: what is happening, and how many bytes are in.
function paintLoading(root, mode) {
  let block = root.querySelector(":scope > .naipes-loading");
  if (!mode) {
    if (block) block.remove();
    return;
  }
  if (!block) {
    block = document.createElement("div");
    block.className = "naipes-loading";
    block.innerHTML =
      '<span class="naipes-loading-text" role="status"></span>' +
      '<progress max="1"></progress><span class="naipes-loading-bytes" aria-hidden="true"></span>';
    root.prepend(block);
  }
  const total = Number(meta("naipes-runtime-bytes")) || 0;
  const downloading = engineState === "loading" && !progress.starting && total > 0;
  const text =
    mode === "pending" ? message(root, "opening")
    : root.hasAttribute("data-naipes-queued") ? message(root, "queued")
    : engineState === "loading" && progress.starting ? message(root, "starting")
    : message(root, "loading");
  const label = block.querySelector(".naipes-loading-text");
  if (label.textContent !== text) label.textContent = text;
  const bar = block.querySelector("progress");
  bar.setAttribute("aria-label", text);
  const bytes = block.querySelector(".naipes-loading-bytes");
  if (downloading) {
    const share = Math.min(progress.loaded / total, 1);
    bar.value = share;
    const mb = new Intl.NumberFormat(root.lang || undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    bytes.textContent = message(root, "bytes")
      .replace("{done}", mb.format(Math.min(progress.loaded, total) / 1e6))
      .replace("{total}", mb.format(total / 1e6));
    bar.setAttribute("aria-valuetext", bytes.textContent);
  } else {
    bar.removeAttribute("value"); // indeterminate: Python is starting, or a link is being replayed
    bar.removeAttribute("aria-valuetext");
    bytes.textContent = "";
  }
}

let widgetIds = 0;
function widgetId(root) {
  if (!root.dataset.naipesId) root.dataset.naipesId = String(++widgetIds);
  return root.dataset.naipesId;
}

// ---------------------------------------------------------------------------- widgets: actions

// All engine calls go through one queue, in order; each runs against the *current* root. A click made
// while Python loads waits here and is played once it is ready, after any link being replayed.
let queue = Promise.resolve();

// A redraw between the press and the release of a button would put a new button under the pointer, and the
// browser drops a click whose press and release hit different elements: typing a bet and clicking "Bet"
// sends the typed amount as the field loses focus (on the press), and its answer must not swap the game
// before the click. While a pointer is down on a control of a game, that game's redraws wait for the click
// (or, when no click comes, a moment after the release; never more than a few seconds).
let pressedRoot = null;
let onRelease = [];

function release() {
  pressedRoot = null;
  onRelease.splice(0).forEach((resolve) => resolve());
}

document.addEventListener("pointerdown", (event) => {
  const control = event.target instanceof Element && event.target.closest("[data-naipes-action]");
  pressedRoot = (control && control.closest(ROOT_SELECTOR)) || null;
}, { capture: true, passive: true });
document.addEventListener("click", () => setTimeout(release, 0), { capture: true, passive: true });
for (const type of ["pointerup", "pointercancel"]) {
  document.addEventListener(type, () => setTimeout(release, 300), { capture: true, passive: true });
}
window.addEventListener("blur", release); // released outside the window: no pointerup may come

function released(root) {
  if (pressedRoot !== root) return null;
  return new Promise((resolve) => {
    onRelease.push(resolve);
    setTimeout(resolve, 5000);
  });
}

// The reader's actions queued and not started yet, by widget id: a progressive fill gives way to them.
const waiting = new Map();

function othersWaiting(id) {
  let count = 0;
  for (const [other, n] of waiting) if (other !== id) count += n;
  return count;
}

function dispatch(root, action, value, focusTarget, { onlyIfPending = false } = {}) {
  const id = widgetId(root);
  startEngine();
  if (!onlyIfPending) waiting.set(id, (waiting.get(id) || 0) + 1);
  queue = queue
    .then(async () => {
      if (!onlyIfPending) waiting.set(id, waiting.get(id) - 1);
      const engine = await enginePromise;
      const current = document.querySelector(`${ROOT_SELECTOR}[data-naipes-id="${id}"]`);
      if (!current) return; // navigated away meanwhile
      // A progressive fill is dropped when the reader's own action already replaced what was pending.
      if (onlyIfPending && current.getAttribute("data-naipes-pending") !== action) return;
      const html = await engine.call("handle", current.getAttribute("data-naipes-state"), action, value);
      // A click in another widget came while the engine filled this one: the click's answer comes first (drawing
      // this one would delay it), and this fill is asked for again behind it. What the fill computed is not lost:
      // the engine keeps it (a simulation's batches, values computed), and the next fill starts from there.
      if (onlyIfPending && othersWaiting(id)) {
        dispatch(current, action, value, null, { onlyIfPending: true });
        return;
      }
      const pointerUp = released(current);
      if (pointerUp) await pointerUp;
      if (!current.isConnected) return; // navigated away meanwhile
      swap(current, html, focusTarget);
    })
    .catch((err) => {
      if (engineState === "failed") return;
      console.warn("naipes: action failed:", err.message);
    });
  return queue;
}

// What the page gives a widget root and the engine's HTML does not carry: kept across every swap.
const PAGE_ATTRIBUTES = ["id", "tabindex", "data-naipes-key", "data-naipes-origin"];

function swap(root, html, focusTarget) {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  const fresh = template.content.firstElementChild;
  if (!fresh || !fresh.matches(ROOT_SELECTOR)) throw new Error("engine returned no widget root");
  fresh.dataset.naipesId = root.dataset.naipesId;
  for (const name of PAGE_ATTRIBUTES) {
    if (root.hasAttribute(name)) fresh.setAttribute(name, root.getAttribute(name));
  }
  const active = document.activeElement;
  const hadFocus = root.contains(active) || !active || active === document.body;
  // A field the reader is typing in survives a redraw they did not ask for (a simulation refining): what
  // they typed, the caret and the focus stay. Nothing a reader typed is lost.
  const typing = root.contains(active) && active.matches("input[data-naipes-action], textarea[data-naipes-action]")
    ? { action: active.getAttribute("data-naipes-action"), value: active.value,
        start: active.selectionStart, end: active.selectionEnd }
    : null;
  const scrolled = [...root.querySelectorAll(SCROLL_SELECTOR)].map((box) => box.scrollLeft);
  // A tooltip Material shows for an old control (theme feature content.tooltips) would outlive it.
  for (const host of root.querySelectorAll('[aria-describedby^="__tooltip"]')) {
    document.getElementById(host.getAttribute("aria-describedby"))?.remove();
  }
  root.replaceWith(fresh);
  // The engine's status line is empty, or carries its own inline error: leave it as it is.
  fresh.setAttribute("data-naipes-mode", "live");
  // A wide table stays scrolled where the reader left it (a redraw would put it back at the left edge).
  fresh.querySelectorAll(SCROLL_SELECTOR).forEach((box, i) => { if (scrolled[i]) box.scrollLeft = scrolled[i]; });
  // The game itself had the keyboard (a skip link's target): its fresh element takes it, or the next Tab would
  // start again from the top of the page.
  if (active === root) fresh.focus({ preventScroll: true });
  else if (focusTarget && hadFocus) restoreFocus(fresh, focusTarget);
  // A redraw the reader did not ask for (values computed progressively) keeps the keyboard on the same control.
  else if (!focusTarget && root.contains(active) && active.matches(ACTION_SELECTOR)) restoreFocus(fresh, focusTargetOf(active));
  // Any other stop of the game (its narration box, a link in it): the same stop of the fresh element, by position.
  else if (!focusTarget && root.contains(active)) {
    const same = keyboardStops(fresh)[keyboardStops(root).indexOf(active)];
    (same ?? fresh).focus({ preventScroll: true });
  }
  announce(root, fresh);
  const field = typing && [...fresh.querySelectorAll("input[data-naipes-action], textarea[data-naipes-action]")]
    .find((el) => el.getAttribute("data-naipes-action") === typing.action);
  if (field && !focusTarget) {
    field.value = typing.value;
    field.focus({ preventScroll: true });
    try { field.setSelectionRange(typing.start, typing.end); } catch { /* a field without a caret */ }
  }
  keepLink(fresh);
  announce(root, fresh);
  // The engine answered at once and left exact values to compute: ask for them now ("progressively"),
  // after any action the reader has already queued.
  const pending = fresh.getAttribute("data-naipes-pending");
  if (pending) dispatch(fresh, pending, "", null, { onlyIfPending: true });
}

// A redraw replaces the widget's element, and a screen reader does not read a live region that is new: what the
// redraw means is said through one polite region of the page's own, outside every widget — a trainer's verdict
// (data-naipes-announce), else the newest line of a narration. The verdict is also kept in the widget's own
// status line (hidden from screen readers there, so it is said once).
function announce(old, fresh) {
  const verdict = fresh.getAttribute("data-naipes-announce");
  let said = "";
  if (verdict && verdict !== old.getAttribute("data-naipes-announce")) {
    said = verdict;
    const status = fresh.querySelector(":scope > .naipes-status");
    if (status && !status.textContent) {
      status.setAttribute("data-naipes-announced", "");
      status.setAttribute("aria-hidden", "true");
      status.textContent = verdict;
    }
  } else {
    const before = old.querySelectorAll(".naipes-narration li").length;
    const lines = fresh.querySelectorAll(".naipes-narration li");
    if (lines.length && lines.length !== before) said = lines[lines.length - 1].textContent;
  }
  if (!said) return;
  let region = document.getElementById("naipes-announcer");
  if (!region) {
    region = document.createElement("div");
    region.id = "naipes-announcer";
    region.className = "naipes-announcer";
    region.setAttribute("aria-live", "polite");
    document.body.append(region);
  }
  region.textContent = said.replace(/\s+/g, " ").trim();
}

function usable(el) {
  return el && !el.disabled && el.getAttribute("aria-disabled") !== "true" && el.getClientRects().length > 0;
}

// After a redraw the focus goes back to the control that was used; to the field the engine marked
// invalid when there is one; and, when the control used is gone or disabled (the coup moved on), to the
// decision the widget now asks for.
function keyboardStops(root) {
  return [...root.querySelectorAll("a[href], button, select, input, textarea, summary, [tabindex]")];
}

function restoreFocus(root, { action, value }) {
  const invalid = root.querySelector('[aria-invalid="true"]');
  const same = [...root.querySelectorAll(ACTION_SELECTOR)].find(
    (el) =>
      el.getAttribute("data-naipes-action") === action &&
      (value === null || !el.hasAttribute("data-naipes-value") || el.getAttribute("data-naipes-value") === value),
  );
  const next = [
    invalid,
    same,
    root.querySelector(".naipes-decision [data-naipes-action]:not([disabled])"),
    root.querySelector("button.md-button--primary[data-naipes-action]:not([disabled])"),
    root.querySelector("button[data-naipes-action]:not([disabled])"),
  ].find(usable);
  if (!next) return;
  next.focus({ preventScroll: true });
  if (next !== same) next.scrollIntoView({ block: "nearest" });
  revealInScrollBox(next);
}

// Scroll a wide table's own box (never the page) so that `el` shows whole, clear of the sticky first column.
function revealInScrollBox(el) {
  const box = el.closest(SCROLL_SELECTOR);
  if (!box || box.scrollWidth <= box.clientWidth) return;
  const sticky = el.closest("td, th") && box.querySelector(".naipes-sticky tr > :first-child");
  const left = box.getBoundingClientRect().left + box.clientLeft + (sticky ? sticky.getBoundingClientRect().width : 0);
  const right = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
  const cell = (el.closest("td, th") || el).getBoundingClientRect();
  if (cell.left < left) box.scrollLeft -= left - cell.left;
  else if (cell.right > right) box.scrollLeft += cell.right - right;
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

function focusTargetOf(control) {
  return { action: control.getAttribute("data-naipes-action"), value: control.getAttribute("data-naipes-value") };
}

function act(root, action, value, focusTarget) {
  if (engineState !== "ready" && !root.hasAttribute("data-naipes-queued")) {
    root.setAttribute("data-naipes-queued", "");
    paintRoot(root);
  }
  dispatch(root, action, value, focusTarget);
}

// The value each field last sent (Enter sends it at once; the change event that may follow must not
// send it again).
const sentValues = new WeakMap();

function sendValue({ control, root }) {
  if (sentValues.get(control) === control.value) return;
  sentValues.set(control, control.value);
  act(root, control.getAttribute("data-naipes-action"), control.value, focusTargetOf(control));
}

// Event delegation on the document: survives instant navigation without re-binding.
document.addEventListener("click", (event) => {
  const hit = controlOf(event);
  if (!hit || isValueControl(hit.control)) return;
  event.preventDefault();
  // What was typed in the game's fields goes first, should its change event not have come yet.
  for (const field of hit.root.querySelectorAll("input[data-naipes-action], textarea[data-naipes-action]")) {
    if (field.value !== field.defaultValue) sendValue({ control: field, root: hit.root });
  }
  const action = hit.control.getAttribute("data-naipes-action");
  act(hit.root, action, hit.control.getAttribute("data-naipes-value") ?? "", focusTargetOf(hit.control));
});

// A skip link to a game must also move the keyboard there. Material's instant navigation would take the in-page
// link for a navigation (it fetches the page again and replaces its content, the game with it, dropping the focus),
// so the link is handled here, before Material sees the click: the address gets the game's anchor, the game the focus.
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a.naipes-skip") : null;
  const target = link && document.getElementById(decodeURIComponent(link.hash.slice(1)));
  if (!target) return;
  event.preventDefault();
  event.stopPropagation();
  if (location.hash !== link.hash) history.pushState(history.state, "", link.hash);
  target.focus({ preventScroll: false });
}, true);

document.addEventListener("change", (event) => {
  const hit = controlOf(event);
  if (hit && isValueControl(hit.control)) sendValue(hit);
});

// Enter in a field sends what was typed, then the action the field submits (data-naipes-submit: the
// Siete y medio bet field places the bet).
document.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || event.isComposing) return;
  const hit = controlOf(event);
  if (!hit || !(hit.control instanceof HTMLInputElement)) return;
  event.preventDefault();
  sendValue(hit);
  const submit = hit.control.getAttribute("data-naipes-submit");
  if (submit) act(hit.root, submit, "", focusTargetOf(hit.control));
});

// A button may carry a key (data-naipes-key, named in its aria-keyshortcuts and shown on it): typed while
// the keyboard is in its widget, the key presses it. Only the key is mapped here; what it does is the engine's.
// Captured on the window so that the theme's own shortcuts (search, pages) do not take the same key.
window.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing || event.key.length !== 1) return;
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target.closest("input, textarea, select, [contenteditable]")) return;
  const root = target.closest(ROOT_SELECTOR);
  if (!root) return;
  const key = event.key.toLowerCase();
  const control = [...root.querySelectorAll("button[data-naipes-key]")]
    .find((el) => el.getAttribute("data-naipes-key") === key && !el.disabled);
  if (!control) return;
  event.preventDefault();
  event.stopPropagation();
  if (!event.repeat) control.click();
}, { capture: true });

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

// ---------------------------------------------------------------------------- games as links

// A game (a widget the engine gives a data-naipes-link) keeps its whole state in the page's address as
// ?<key>=<link> (the key, e.g. "coup", comes from the build: naipes.fence), and in this tab's
// sessionStorage, so that a reload, the back button, instant navigation away and back, a language switch
// and a shared link all show the same game. The link says only what differs from the build-time game
// (data-naipes-origin); the engine reads and checks it (naipes.web.registry.from_link).

const LINK_ACTION = "link"; // naipes.web.registry.LINK_ACTION

function storeKey(key) {
  return `naipes:${location.pathname}:${key}`;
}

function keepLink(root) {
  const key = root.getAttribute("data-naipes-key");
  const link = root.getAttribute("data-naipes-link");
  if (!key || link === null) return;
  const url = new URL(location.href);
  if (link === root.getAttribute("data-naipes-origin")) {
    url.searchParams.delete(key);
    storage.remove(storeKey(key));
  } else {
    url.searchParams.set(key, link);
    storage.set(storeKey(key), link);
  }
  if (root.hasAttribute("data-naipes-seed")) url.searchParams.delete("seed"); // the old ?seed= form, now applied
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}

// What a game must replay when its page opens: its link in the address, else the one this tab kept, else
// a ?seed= (the older, shorter form: the same seed, the page's settings).
function replayOf(root) {
  const key = root.getAttribute("data-naipes-key");
  const params = new URL(location.href).searchParams;
  const link = key && (params.get(key) ?? storage.get(storeKey(key)));
  if (link && link !== root.getAttribute("data-naipes-origin")) return { action: LINK_ACTION, value: link };
  const seed = params.get("seed");
  if (seed !== null && root.hasAttribute("data-naipes-seed") && seed !== root.getAttribute("data-naipes-seed")) {
    return { action: "seed", value: seed };
  }
  return null;
}

function shareURL(root) {
  const url = new URL(location.href);
  const key = root.getAttribute("data-naipes-key");
  const link = root.getAttribute("data-naipes-link");
  if (key && link !== null && link !== root.getAttribute("data-naipes-origin")) url.searchParams.set(key, link);
  if (root.id) url.hash = root.id;
  return url.href;
}

function copyWithSelection(text, keepFocus) {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.cssText = "position:fixed;top:0;left:0;opacity:0";
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  keepFocus.focus({ preventScroll: true });
  return copied;
}

document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element && event.target.closest("[data-naipes-copy]");
  const root = button && button.closest(ROOT_SELECTOR);
  if (!root) return;
  event.preventDefault();
  const url = shareURL(root);
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    copied = copyWithSelection(url, button); // no clipboard API (e.g. served over plain http)
  }
  const note = root.querySelector(".naipes-copy-note");
  if (!note) return;
  if (copied) {
    note.textContent = message(root, "copied");
    return;
  }
  note.textContent = `${message(root, "copy-failed")} `;
  const field = document.createElement("input");
  field.readOnly = true;
  field.value = url;
  field.className = "naipes-copy-field";
  field.setAttribute("aria-label", message(root, "copy-failed"));
  note.append(field);
  field.select();
});

// ---------------------------------------------------------------------------- page binding

let observer = null;

function bindPage() {
  refreshLanguageLinks();
  if (observer) observer.disconnect();
  observer = null;
  const found = liveRoots();
  let replaying = false;
  for (const root of found) {
    widgetId(root);
    if (root.hasAttribute("data-naipes-link") && !root.hasAttribute("data-naipes-origin")) {
      root.setAttribute("data-naipes-origin", root.getAttribute("data-naipes-link"));
    }
    const replay = replayOf(root);
    if (!replay) continue;
    replaying = true;
    root.setAttribute("data-naipes-replay", "");
    dispatch(root, replay.action, replay.value, null);
  }
  // From here naipes.css hides the games being replayed (the page head's early style did until now).
  paintStatus();
  const early = document.getElementById("naipes-replaying");
  if (early) early.remove();
  if (!found.length || replaying) return;
  if (enginePromise) {
    if (engineState === "ready") {
      enginePromise.then((engine) => engine.call("preload", pageStates())).catch(() => {});
      fillPending();
    }
    return;
  }
  // Start Python when the page is idle, or as soon as a widget comes near the viewport, whichever is
  // first: by the time the reader reaches a control the engine is (nearly) ready.
  if ("IntersectionObserver" in window) {
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          startEngine();
        }
      },
      { rootMargin: "800px 0px" },
    );
    found.forEach((r) => observer.observe(r));
  }
  const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 1500));
  idle(() => { if (!enginePromise && liveRoots().length) startEngine(); }, { timeout: 4000 });
}

followHeading();
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => bindPage());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", bindPage);
} else {
  bindPage();
}
