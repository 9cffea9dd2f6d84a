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
// - The phrasebook's filters (direction, region, register, status, complete entries only) narrow
//   the results and the A–Z list below, and each of their options shows how many entries it
//   would leave. When nothing matches, the box offers a corrected query and the nearest entries
//   (those sharing a meaning-bearing word with the query), or says that no entry is close.
// - Each result says which language each side is in (ES / CA / EN) and has copy buttons: one side,
//   or the English–Spanish pair tab-separated (ready for a translation memory). Material's
//   clipboard.js copies any [data-clipboard-text]; the last text copied is also left in the root's
//   data-naipes-copied (tests read it).

import {
  FILTERS, MAX_QUERY, MAX_RESULTS, PARAMS, clip, createIndex, filterCounts, makeFilter, safeDecode, search,
  stateFromParams, typoTable, writeParams,
} from "./search-core.js";

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

function langCode(code, labels) {
  return text("abbr", labels.codes[code] || code.toUpperCase(), { class: "naipes-lang", title: labels.lang[code] || code });
}

function copyButton(value, description, caption) {
  return text("button", caption, {
    type: "button", class: "naipes-copy", "data-clipboard-text": value, "aria-label": description, title: description,
  });
}

function copySide(code, value, labels) {
  const description = labels.copy_side.replace("{language}", labels.lang[code] || code).replace("{text}", value);
  return copyButton(value, description, `${labels.copy} ${labels.codes[code] || code}`);
}

function resultItem(doc, index, labels) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = `#${encodeURIComponent(doc.id)}`;
  const copies = [];
  if (index.kind === "phrasebook") {
    const other = doc.headLang === "es" ? (doc.en ? [doc.en] : []) : doc.es;
    const otherLang = doc.headLang === "es" ? "en" : "es";
    a.append(langCode(doc.headLang, labels), " ", text("span", doc.head, { lang: doc.headLang, class: "naipes-result__head" }));
    a.append(" → ", langCode(otherLang, labels), " ");
    if (other.length) a.append(text("span", other.join("; "), { lang: otherLang }));
    else a.append(text("span", labels.missing, { class: "naipes-gl-missing" }));
    li.append(a);
    // a side the curator corrected: marked, with the source's own text in the badge's description
    const slips = [doc.sourceEn, ...(doc.sourceEs || [])].filter(Boolean);
    if (slips.length) {
      const said = labels.source_has.replace("{text}", slips.join("; "));
      const mark = badge("corrected", labels.corrected);
      mark.title = said;
      li.append(" ", mark, " ", text("span", `(${said})`, { class: "naipes-gl-sic" }));
    }
    for (const region of doc.regions) li.append(" ", badge("region", labels.region[region] || region));
    li.append(" ", badge("register", labels.register[doc.register] || doc.register));
    if (doc.status !== "complete") li.append(" ", badge("status", labels.status[doc.status] || doc.status));
    if (doc.en) copies.push(copySide("en", doc.en, labels));
    if (doc.es.length) copies.push(copySide("es", doc.es.join("; "), labels));
    if (doc.en && doc.es.length) {
      const pairs = doc.es.map((es) => `${doc.en}\t${es}`).join("\n"); // one line per rendering
      const shown = doc.es.map((es) => `${doc.en} → ${es}`).join("; ");
      copies.push(copyButton(pairs, labels.copy_pair_of.replace("{text}", shown), labels.copy_pair));
    }
  } else {
    const lang = index.lang;
    const order = [lang, ...["es", "ca", "en"].filter((code) => code !== lang)];
    order.forEach((code, i) => {
      if (i) a.append(" · ");
      a.append(langCode(code, labels), " ", text("span", doc[code].join(", "), { lang: code, class: i ? "" : "naipes-result__head" }));
    });
    li.append(a, " ", text("span", doc.definition[lang], { class: "naipes-result__definition" }));
    for (const code of order) copies.push(copySide(code, doc[code][0], labels));
    const pair = `${doc.en[0]}\t${doc.es[0]}`;
    copies.push(copyButton(pair, labels.copy_pair_of.replace("{text}", `${doc.en[0]} → ${doc.es[0]}`), labels.copy_pair));
  }
  if (copies.length) {
    const span = document.createElement("span");
    span.className = "naipes-result__copy";
    for (const button of copies) span.append(" ", button);
    li.append(span);
  }
  return li;
}

// ---- the A–Z list under the search box: the filters narrow it, and the options count entries

function azList(kind) {
  const box = document.querySelector(`[data-naipes-entries="${kind}"]`);
  if (!box) return null;
  return {
    box,
    articles: [...box.querySelectorAll("article.naipes-gl-entry")],
    sections: [...box.querySelectorAll("section.naipes-gl-letter")],
    links: [...box.querySelectorAll(".naipes-gl-az a[data-letter]")],
    count: box.querySelector(".naipes-gl-count"),
  };
}

function narrowList(az, index, state, labels) {
  if (!az) return;
  const filter = makeFilter(index.kind, state);
  const linked = location.hash ? safeDecode(location.hash.slice(1)) : "";
  let shown = 0;
  for (const article of az.articles) {
    const doc = index.byId.get(article.id);
    const visible = !filter || !doc || filter(doc) || article.id === linked; // a linked entry stays
    article.hidden = !visible;
    if (visible) shown += 1;
  }
  const empty = new Set();
  for (const section of az.sections) {
    section.hidden = !section.querySelector("article.naipes-gl-entry:not([hidden])");
    if (section.hidden) empty.add(section.getAttribute("aria-labelledby"));
  }
  for (const link of az.links) link.hidden = empty.has(link.dataset.letter);
  if (az.count) {
    const total = Number(az.count.dataset.total);
    const n = (k) => k.toLocaleString(document.documentElement.lang || undefined);
    az.count.textContent = shown === total ? labels.entries.replace("{n}", n(total))
      : labels.entries_of.replace("{shown}", n(shown)).replace("{n}", n(total));
  }
}

function showCounts(form, index, state) {
  const counts = filterCounts(index, state);
  for (const field of form.querySelectorAll("[data-naipes-filter]")) {
    const name = field.dataset.naipesFilter;
    if (field.tagName === "SELECT") {
      for (const option of field.options) {
        const n = option.value ? counts[name][option.value] || 0 : counts.all[name];
        option.textContent = `${option.dataset.label} (${n})`;
      }
    } else {
      const caption = field.parentElement.querySelector("[data-label]");
      if (caption) caption.textContent = `${caption.dataset.label} (${counts.complete})`;
    }
  }
}

function suggestions(box, result, index, labels, search) {
  box.replaceChildren();
  if (!result.suggestion && !result.nearest.length && !result.noneClose) return (box.hidden = true);
  if (result.suggestion) {
    const p = document.createElement("p");
    const [before, after] = labels.did_you_mean.split("{query}");
    const link = text("a", result.suggestion.q, { href: "#", class: "naipes-search__correction" });
    link.addEventListener("click", (event) => {
      event.preventDefault();
      search(result.suggestion.q);
    });
    p.append(before || "", link, after || "");
    box.append(p);
  }
  if (result.noneClose) {
    // nothing shares a meaning-bearing word with the query: say so rather than offer unrelated entries
    box.append(text("p", labels.none_close.replace("{query}", result.query), { class: "naipes-search__none" }));
  }
  if (result.nearest.length) {
    box.append(text("p", labels.nearest, { class: "naipes-search__nearest-label" }));
    const list = document.createElement("ul");
    list.className = "naipes-search__nearest";
    list.append(...result.nearest.map((doc) => resultItem(doc, index, labels)));
    box.append(list);
  }
  box.hidden = false;
}

function countLabel(labels, total, shown) {
  const n = total.toLocaleString(document.documentElement.lang || undefined);
  let out = total === 0 ? labels.no_results : total === 1 ? labels.one_result : labels.n_results.replace("{n}", n);
  if (shown < total) out += " " + labels.shown.replace("{k}", String(shown));
  return out;
}

function readForm(form) {
  const state = {};
  for (const name of PARAMS) {
    const field = form.elements[name];
    state[name] = !field ? "" : field.type === "checkbox" ? (field.checked ? field.value : "") : field.value;
  }
  return state;
}

function focusEntry(id) {
  const target = document.getElementById(id);
  if (!target || !target.matches(".naipes-gl-entry")) return;
  target.focus({ preventScroll: true });
  // The browser scrolled to the #entry when the hash changed, but the list may have been re-laid out since
  // (results filtered in the meantime): make sure the entry the focus is on is on screen.
  const box = target.getBoundingClientRect();
  if (box.bottom < 0 || box.top > window.innerHeight) target.scrollIntoView({ block: "start" });
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
    index = createIndex(MiniSearch, kind, data.docs, root.dataset.naipesLang, labels.region);
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
  const suggestBox = root.querySelector(".naipes-search__suggest");
  const az = azList(kind);

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
    if (field.type === "checkbox") {
      field.checked = initial[name] === field.value;
      continue;
    }
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
  let filtered = null; // the filters the A–Z list and the counts are for
  const searchFor = (q) => {
    input.value = q;
    update();
    input.focus();
  };
  const update = () => {
    const started = performance.now();
    const state = readForm(form);
    const key = JSON.stringify(state);
    if (key === shown) return;
    shown = key;
    const result = search(index, state, MAX_RESULTS);
    const { active, total, results } = result;
    const searched = performance.now();
    list.replaceChildren(...results.map((doc) => resultItem(doc, index, labels)));
    list.hidden = !active || results.length === 0;
    status.textContent = active ? countLabel(labels, total, results.length) : "";
    if (suggestBox) suggestions(suggestBox, result, index, labels, searchFor);
    const filters = JSON.stringify(FILTERS.map((name) => state[name]));
    if (filters !== filtered && kind === "phrasebook") {
      filtered = filters;
      narrowList(az, index, state, labels);
      showCounts(form, index, state);
    }
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

  root.addEventListener("click", (event) => {
    const button = event.target instanceof Element && event.target.closest(".naipes-copy");
    if (button) root.dataset.naipesCopied = button.dataset.clipboardText;
  });
  const azBox = az && az.box;
  if (azBox) {
    azBox.addEventListener("click", (event) => {
      const button = event.target instanceof Element && event.target.closest(".naipes-copy");
      if (button) root.dataset.naipesCopied = button.dataset.clipboardText;
    });
  }

  form.hidden = false;
  if (hint) hint.hidden = false;
  update();
  root.dataset.naipesReady = "true";
  // The typo table is built once the page is idle, not on the reader's first keystroke.
  setTimeout(() => typoTable(index), 0);
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
