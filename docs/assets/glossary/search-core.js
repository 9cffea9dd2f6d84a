// Search core of the phrasebook and glossary pages: normalisation, index, query, filters.
// Pure ES module without DOM access: search.js uses it in the browser, benchmarks/phrasebook.py
// and the tests run it in Chromium, and it imports under Node as is. MiniSearch is passed in
// (the site copies its ES build from the pinned npm package to assets/glossary/minisearch.js).

/** Results shown at most (the count says how many matched). */
export const MAX_RESULTS = 50;

/** Query/filter parameters, in the order they are written to the URL. */
export const PARAMS = ["q", "in", "region", "register", "status"];

/** Longest query or filter value taken from a URL or searched for (characters; the longest entry has ~100). */
export const MAX_QUERY = 200;

/** `text` cut to MAX_QUERY characters (never half a surrogate pair). */
export function clip(text) {
  const s = String(text ?? "");
  return s.length <= MAX_QUERY ? s : s.slice(0, MAX_QUERY).replace(/[\uD800-\uDBFF]$/, "");
}

/**
 * decodeURIComponent that never throws: a malformed escape ("#%", "#%E0%A4%A") leaves the text
 * as it is.
 */
export function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return String(text);
  }
}

// Combining marks U+0300–U+036F go, except a tilde (U+0303) right after an n: "ñ" is a letter of
// its own in Spanish ("año" is not "ano"), while "á", "ü", "ç", "à"... are "a", "u", "c", "a".
const MARKS = /(n)\u0303|[\u0300-\u036f]/g;

/**
 * Lowercase, strip accents, keep ñ: normalize("Día del ARQUERO") === "dia del arquero",
 * normalize("AÑO") === "año". Works on any input (decomposes with NFD, recomposes with NFC).
 */
export function normalize(text) {
  return String(text)
    .toLowerCase()
    .normalize("NFD")
    .replace(MARKS, (_mark, n) => (n ? "ñ" : ""))
    .normalize("NFC");
}

/**
 * MiniSearch processTerm (index and query alike): normalize(), then ñ is written twice. Fuzzy
 * search allows one edit, and "ano" → "año" would be one edit; "ano" → "añño" is two, so a typo
 * never turns n into ñ or back, while "año", "añ" (prefix) and "AÑO" still find "año".
 */
export function processTerm(term) {
  const t = normalize(term);
  return t ? t.replace(/ñ/g, "ññ") : null;
}

/** One typo (one edit) in query terms of 4+ characters; shorter terms must match exactly or as a prefix. */
export function fuzzy(term) {
  return term.length >= 4 ? 1 : false;
}

// MiniSearch's default tokenizer: spaces and punctuation separate words.
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/** Query words: [{raw, norm}] with norm = normalize(raw), empty ones dropped. */
export function queryWords(query) {
  return query
    .split(SPACE_OR_PUNCTUATION)
    .map((raw) => ({ raw, norm: normalize(raw) }))
    .filter((w) => w.norm);
}

const join = (list) => list.join(" ; ");

const KINDS = {
  phrasebook: {
    fields: ["en", "es"],
    extract: (doc, field) => (field === "es" ? join(doc.es) : doc.en),
    scopes: { en: ["en"], es: ["es"] },
    key: (doc) => doc.key,
  },
  glossary: {
    fields: ["es", "ca", "en", "definition"],
    extract: (doc, field, lang) => (field === "definition" ? doc.definition[lang] : join(doc[field])),
    boost: { definition: 0.3 },
    scopes: { es: ["es"], ca: ["ca"], en: ["en"] },
    key: (doc, lang) => doc.key[lang],
  },
};

/**
 * Build the index of `docs` (the "docs" of assets/glossary/phrasebook.json or casino-terms.json).
 * `lang` is the page language (the glossary searches the definitions in that language).
 */
export function createIndex(MiniSearch, kind, docs, lang = "es") {
  const spec = KINDS[kind];
  if (!spec) throw new Error(`unknown search kind ${JSON.stringify(kind)}`);
  const keyOf = (doc) => spec.key(doc, lang);
  const sorted = [...docs].sort((a, b) => cmp(keyOf(a), keyOf(b)));
  const mini = new MiniSearch({
    idField: "id",
    fields: spec.fields,
    storeFields: [],
    extractField: (doc, field) => (field === "id" ? doc.id : spec.extract(doc, field, lang)),
    processTerm,
    searchOptions: { prefix: true, fuzzy, combineWith: "AND", boost: spec.boost || {} },
  });
  mini.addAll(sorted);
  const index = {
    kind, lang, mini, spec, keyOf,
    docs: sorted,
    byId: new Map(sorted.map((d) => [d.id, d])),
    rank: new Map(sorted.map((d, i) => [d.id, i])),
    initials: new Map(), // field -> Map(first letter -> Set of ids)
  };
  for (const field of spec.fields) initialsOf(index, field);
  return index;
}

// A one-letter word is a prefix of every word starting with that letter: thousands of index terms
// for MiniSearch to expand on the first keystroke (or the first letter of each new word). Instead,
// the docs having a word with that initial come from a table built with the index, per field.
function initialsOf(index, field) {
  let table = index.initials.get(field);
  if (!table) {
    table = new Map();
    for (const doc of index.docs) {
      const text = index.spec.extract(doc, field, index.lang) || "";
      for (const word of queryWords(text)) {
        const first = word.norm[0];
        if (!table.has(first)) table.set(first, new Set());
        table.get(first).add(doc.id);
      }
    }
    index.initials.set(field, table);
  }
  return table;
}

function hasInitial(index, fields, letter) {
  const sets = fields.map((field) => initialsOf(index, field).get(letter)).filter(Boolean);
  return (id) => sets.some((set) => set.has(id));
}

/** The filter of `state` (region, register, status), or null when none is set. */
export function makeFilter(kind, state) {
  if (kind !== "phrasebook") return null;
  const { region, register, status } = state;
  if (!region && !register && !status) return null;
  return (doc) =>
    (!region || doc.regions.includes(region)) && (!register || doc.register === register) && (!status || doc.status === status);
}

/**
 * Run a query. `state` = {q, in, region, register, status} (strings, "" = unset).
 * Returns {active, total, results} — results (docs, best first, at most `limit`) — or
 * active: false when there is neither a query nor a filter.
 */
export function search(index, state, limit = MAX_RESULTS) {
  const q = clip(state.q).trim();
  const filter = makeFilter(index.kind, state);
  if (!q && !filter) return { active: false, total: 0, results: [] };
  const words = queryWords(q);
  if (q && !words.length) return { active: true, total: 0, results: [] };
  const fields = Object.hasOwn(index.spec.scopes, state.in) ? index.spec.scopes[state.in] : index.spec.fields;
  const long = words.filter((w) => [...w.norm].length > 1);
  const tests = words.filter((w) => [...w.norm].length === 1).map((w) => hasInitial(index, fields, w.norm));
  if (filter) tests.push((id) => filter(index.byId.get(id)));
  const keep = (id) => tests.every((test) => test(id));
  let found;
  if (!long.length) {
    found = index.docs.filter((doc) => keep(doc.id));
  } else {
    const options = { fields };
    if (tests.length) options.filter = (result) => keep(result.id);
    const hits = index.mini.search(long.map((w) => w.raw).join(" "), options);
    hits.sort((a, b) => b.score - a.score || index.rank.get(a.id) - index.rank.get(b.id));
    found = hits.map((hit) => index.byId.get(hit.id));
  }
  return { active: true, total: found.length, results: found.slice(0, limit) };
}

function cmp(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** State from URL search params (unknown parameters ignored, values cut to MAX_QUERY characters). */
export function stateFromParams(params) {
  const state = {};
  for (const name of PARAMS) state[name] = clip(params.get(name) || "");
  return state;
}

/** Write `state` into `url` (a URL object): set parameters, drop empty ones, keep the others. */
export function writeParams(url, state) {
  for (const name of PARAMS) url.searchParams.delete(name);
  for (const name of PARAMS) if (state[name]) url.searchParams.set(name, state[name]);
  return url;
}
