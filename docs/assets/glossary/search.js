// Search boxes of the phrasebook and glossary pages (ES module, loaded on every page; does
// nothing on pages without a [data-naipes-search] block, and loads MiniSearch and the index only
// on pages that have one). The page itself is complete without JavaScript: the form is hidden
// until the index is ready.
//
// - Query and filters live in the URL (?q=…&region=…), restored on load and on reload. Any URL
//   works: a malformed percent-escape in the hash ("#%") or the query is taken as it is, a value
//   that is not one of a filter's options is dropped, a query is cut to MAX_QUERY characters.
// - Keyboard: label + input; ↓ goes to the results, ↑/↓/Home/End walk them, Esc goes back to the
//   input, Enter in the input opens the first result; the result count is announced (aria-live).

import { MAX_QUERY, MAX_RESULTS, PARAMS, clip, createIndex, safeDecode, search, stateFromParams, writeParams } from "./search-core.js";

const HERE = new URL(import.meta.url);
const ROOT_SELECTOR = "[data-naipes-search]";
const URL_DELAY_MS = 250;

let miniSearch = null;
const loadMiniSearch = () => (miniSearch ??= import(new URL("minisearch.js", HERE).href).then((m) => m.default));
const indexData = new Map(); // index URL -> Promise<json>
const loadIndex = (url) => {
  if (!indexData.has(url)) {
    indexData.set(url, fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${url}: HTTP ${r.status}`)))));
  }
  return indexData.get(url);
};

// Material opens its own search dialog when a page is *loaded* with ?q= in its URL (it reads the
// URL when its bundle runs). On our pages q is this box's query: an inline script in the page's
// <head> (tools/glossary/hook.py, on_post_page) takes it out of the URL before Material sees it and
// leaves it in window.__naipesHeldQuery; it goes back into the URL once Material has set up.
let heldQuery = typeof window.__naipesHeldQuery === "string" ? window.__naipesHeldQuery : null;
delete window.__naipesHeldQuery;
const materialReady = new Promise((resolve) => {
  const later = () => setTimeout(resolve, 0);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", later, { once: true });
  else later();
});

function text(tag, content, attrs = {}) {
  const el = document.createElement(tag);
  el.textContent = content;
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
}

function badge(kind, content) {
  return text("span", content, { class: `naipes-badge naipes-badge--${kind}` });
}

function resultItem(doc, index, labels) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = `#${encodeURIComponent(doc.id)}`;
  if (index.kind === "phrasebook") {
    const other = doc.headLang === "es" ? (doc.en ? [doc.en] : []) : doc.es;
    const otherLang = doc.headLang === "es" ? "en" : "es";
    a.append(text("span", doc.head, { lang: doc.headLang, class: "naipes-result__head" }));
    a.append(" → ");
    if (other.length) a.append(text("span", other.join("; "), { lang: otherLang }));
    else a.append(text("span", labels.missing, { class: "naipes-gl-missing" }));
    li.append(a);
    for (const region of doc.regions) li.append(" ", badge("region", labels.region[region] || region));
    li.append(" ", badge("register", labels.register[doc.register] || doc.register));
    if (doc.status !== "complete") li.append(" ", badge("status", labels.status[doc.status] || doc.status));
  } else {
    const lang = index.lang;
    a.append(text("span", doc[lang].join(", "), { lang, class: "naipes-result__head" }));
    const others = ["es", "ca", "en"].filter((code) => code !== lang);
    for (const code of others) a.append(" · ", text("span", doc[code].join(", "), { lang: code }));
    li.append(a, " ", text("span", doc.definition[lang], { class: "naipes-result__definition" }));
  }
  return li;
}

function countLabel(labels, total, shown) {
  const n = total.toLocaleString(document.documentElement.lang || undefined);
  let out = total === 0 ? labels.no_results : total === 1 ? labels.one_result : labels.n_results.replace("{n}", n);
  if (shown < total) out += " " + labels.shown.replace("{k}", String(shown));
  return out;
}

function readForm(form) {
  const state = {};
  for (const name of PARAMS) state[name] = form.elements[name] ? form.elements[name].value : "";
  return state;
}

function focusEntry(id) {
  const target = document.getElementById(id);
  if (target && target.matches(".naipes-gl-entry")) target.focus({ preventScroll: true });
}

async function setup(root) {
  if (root.dataset.naipesReady) return;
  root.dataset.naipesReady = "loading";
  const kind = root.dataset.naipesSearch;
  const labels = JSON.parse(root.dataset.naipesLabels);
  const indexURL = new URL(root.dataset.naipesIndex, location.href).href;
  let index;
  try {
    const [MiniSearch, data] = await Promise.all([loadMiniSearch(), loadIndex(indexURL)]);
    const started = performance.now();
    index = createIndex(MiniSearch, kind, data.docs, root.dataset.naipesLang);
    root.dataset.naipesIndexMs = (performance.now() - started).toFixed(1);
  } catch (error) {
    root.dataset.naipesReady = "failed";
    console.warn("naipes search unavailable:", error);
    return;
  }
  await materialReady;
  if (!root.isConnected) return; // the reader navigated away meanwhile

  const form = root.querySelector("form");
  const input = form.elements.q;
  input.maxLength = MAX_QUERY;
  const status = root.querySelector('[role="status"]');
  const list = root.querySelector("ol");
  const hint = root.querySelector(".naipes-search__hint");

  const params = new URLSearchParams(location.search);
  if (heldQuery !== null) {
    params.set("q", clip(heldQuery));
    heldQuery = null;
    const url = new URL(location.href);
    url.searchParams.set("q", params.get("q"));
    history.replaceState(history.state, "", url); // back where the reader put it
  }
  const initial = stateFromParams(params);
  for (const name of PARAMS) {
    const field = form.elements[name];
    if (!field) continue;
    field.value = initial[name];
    if (field.value !== initial[name]) field.value = ""; // not one of the select's options
  }

  // The URL follows the form once typing pauses: history.replaceState costs ~10 ms in Chromium,
  // a third of the per-keystroke budget, so it stays off the keystroke's path.
  let pending = null;
  let timer = 0;
  const save = () => {
    clearTimeout(timer);
    if (!pending) return;
    const url = writeParams(new URL(location.href), pending);
    pending = null;
    if (url.href !== location.href && root.isConnected) history.replaceState(history.state, "", url);
  };
  const saveSoon = (state) => {
    pending = state;
    clearTimeout(timer);
    timer = setTimeout(save, URL_DELAY_MS);
  };
  addEventListener("pagehide", save);

  const links = () => [...list.querySelectorAll("a")];
  let shown = null; // the state the results are for: "change" after "input" (on blur) is a no-op
  const update = () => {
    const started = performance.now();
    const state = readForm(form);
    const key = JSON.stringify(state);
    if (key === shown) return;
    shown = key;
    const { active, total, results } = search(index, state, MAX_RESULTS);
    const searched = performance.now();
    list.replaceChildren(...results.map((doc) => resultItem(doc, index, labels)));
    list.hidden = !active || results.length === 0;
    status.textContent = active ? countLabel(labels, total, results.length) : "";
    saveSoon(state);
    root.dataset.naipesQuery = state.q;
    root.dataset.naipesTotal = String(active ? total : -1);
    root.dataset.naipesCoreMs = (searched - started).toFixed(3);
    root.dataset.naipesSearchMs = (performance.now() - started).toFixed(3);
  };

  form.addEventListener("input", update);
  form.addEventListener("change", update);
  form.addEventListener("reset", () => setTimeout(() => (update(), input.focus()), 0));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const first = links()[0];
    if (first) first.click();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" && links().length) {
      event.preventDefault();
      links()[0].focus();
    }
  });
  list.addEventListener("keydown", (event) => {
    const all = links();
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    const go = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (event.key === "Escape" || (event.key === "ArrowUp" && at === 0)) {
      event.preventDefault();
      input.focus();
    } else if (go !== undefined) {
      event.preventDefault();
      all[Math.max(0, Math.min(all.length - 1, go))].focus();
    }
  });
  form.addEventListener("focusout", save);
  list.addEventListener("click", (event) => {
    save();
    const a = event.target instanceof Element && event.target.closest("a[href^='#']");
    if (a) setTimeout(() => focusEntry(safeDecode(a.hash.slice(1))), 0);
  });

  form.hidden = false;
  if (hint) hint.hidden = false;
  update();
  root.dataset.naipesReady = "true";
}

function setupAll() {
  for (const root of document.querySelectorAll(ROOT_SELECTOR)) setup(root);
  // Arriving at an entry (a glossary link on a rules page, a shared link): focus it, which also
  // highlights it. Material's instant navigation moves with pushState, which leaves :target alone.
  const id = location.hash && safeDecode(location.hash.slice(1));
  if (id) focusEntry(id);
}

// Material's instant navigation swaps the page content without reloading scripts: document$
// emits for every page (and replays the current one).
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(setupAll);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setupAll, { once: true });
else setupAll();
