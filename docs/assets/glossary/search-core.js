// Search core of the phrasebook and glossary pages: normalisation, index, typo tolerance, query,
// filters and their counts, suggestions. Pure ES module without DOM access: search.js uses it in
// the browser, benchmarks/phrasebook.py and the tests run it in Chromium, and it imports under
// Node as is. MiniSearch is passed in (the site copies its ES build from the pinned npm package to
// assets/glossary/minisearch.js).

/** Results shown at most (the count says how many matched). */
export const MAX_RESULTS = 50;

/** Nearest entries offered when nothing matches. */
export const MAX_NEAREST = 6;

/** Query/filter parameters, in the order they are written to the URL. */
export const PARAMS = ["q", "in", "dir", "region", "register", "status", "complete"];

/** The phrasebook's filters: they narrow the results and the A–Z list (`in` only says where the query is looked for). */
export const FILTERS = ["dir", "region", "register", "status", "complete"];

/** Longest query or filter value taken from a URL or searched for (characters; the longest entry has ~100). */
export const MAX_QUERY = 200;

/** Weight of a word found through a typo, against 1 for the word as typed (or a word it starts). */
export const TYPO_WEIGHT = 0.45;

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
 * MiniSearch processTerm (index and query alike): normalize(), then ñ is written twice. A typo
 * is one letter missing, added, changed, swapped with its neighbour or put elsewhere; "ano" →
 * "año" would be one, "ano" → "añño" is two, so a typo never turns n into ñ or back, while "año",
 * "añ" (prefix) and "AÑO" still find "año".
 */
export function processTerm(term) {
  const t = normalize(term);
  return t ? t.replace(/ñ/g, "ññ") : null;
}

/** The normalised word of an indexed term (processTerm undone: ññ → ñ). */
export function unprocess(term) {
  return term.replace(/ññ/g, "ñ");
}

/** Alphabetical key, the twin of sort_key in tools/glossary/text.py: accents ignored, ñ after n, leading punctuation skipped. */
export function sortKey(text) {
  const folded = normalize(text).replace(/ñ/g, "n{");
  return folded.replace(/^[^0-9a-z{]+/, "") || folded;
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

/** The curator's notes a page in `lang` shows (twin of notes_for in tools/glossary/text.py). */
export const NOTE_ORDER = { es: ["es", "en", "ca"], ca: ["ca", "es", "en"], en: ["en", "es", "ca"] };
export function notesFor(doc, lang) {
  const notes = doc.notes || {};
  for (const code of NOTE_ORDER[lang] || NOTE_ORDER.en) if (notes[code]) return { text: notes[code], lang: code };
  return null;
}

const KINDS = {
  phrasebook: {
    fields: ["en", "es", "notes", "regions"],
    // the expressions of each side (the curator's corrections, and the source's own spelling of a corrected one)
    sides: ["en", "es"],
    side: (doc, field) => (field === "en" ? [doc.en, doc.sourceEn] : [...doc.es, ...(doc.sourceEs || [])]).filter(Boolean),
    extract: (doc, field, lang, regionNames) => {
      if (field === "es") return join([...doc.es, ...(doc.sourceEs || [])]);
      if (field === "notes") return notesFor(doc, lang)?.text || "";
      if (field === "regions") {
        return join([...doc.regions, ...doc.regions.map((r) => regionNames[r] || r), ...(doc.regionLabels || [])]);
      }
      return doc.sourceEn ? join([doc.en, doc.sourceEn]) : doc.en;
    },
    // the curator's notes rank below the expressions, region names in between
    boost: { notes: 0.25, regions: 0.5 },
    scopes: { en: ["en"], es: ["es"] },
    key: (doc) => doc.key,
  },
  glossary: {
    fields: ["es", "ca", "en", "definition"],
    sides: ["es", "ca", "en"],
    side: (doc, field) => doc[field],
    extract: (doc, field, lang) => (field === "definition" ? doc.definition[lang] : join(doc[field])),
    boost: { definition: 0.3 },
    scopes: { es: ["es"], ca: ["ca"], en: ["en"] },
    key: (doc, lang) => doc.key[lang],
  },
};

/**
 * Build the index of `docs` (the "docs" of assets/glossary/phrasebook.json or casino-terms.json).
 * `lang` is the page language (the glossary searches the definitions, the phrasebook the notes,
 * in that language); `regionNames` maps the phrasebook's regions to their names in it.
 */
export function createIndex(MiniSearch, kind, docs, lang = "es", regionNames = {}) {
  const spec = KINDS[kind];
  if (!spec) throw new Error(`unknown search kind ${JSON.stringify(kind)}`);
  const keyOf = (doc) => spec.key(doc, lang);
  const sorted = [...docs].sort((a, b) => cmp(keyOf(a), keyOf(b)));
  const extract = (doc, field) => spec.extract(doc, field, lang, regionNames) || "";
  const mini = new MiniSearch({
    idField: "id",
    fields: spec.fields,
    storeFields: [],
    extractField: (doc, field) => (field === "id" ? doc.id : extract(doc, field)),
    processTerm,
    searchOptions: { prefix: true, fuzzy: false, combineWith: "AND", boost: spec.boost || {} },
  });
  mini.addAll(sorted);
  const index = {
    kind, lang, mini, spec, keyOf, extract,
    docs: sorted,
    keys: sorted.map(keyOf),
    byId: new Map(sorted.map((d) => [d.id, d])),
    rank: new Map(sorted.map((d, i) => [d.id, i])),
    initials: new Map(), // field -> Map(first letter -> Set of ids)
    vocabulary: new Set(), // every indexed term (processTerm'd), for the typo tolerance
    typos: null, // built on first need: see termsByLength
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
      for (const word of queryWords(index.extract(doc, field))) {
        index.vocabulary.add(processTerm(word.norm));
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

// ------------------------------------------------------------------------------ typos

/**
 * Whether two indexed terms (processTerm'd) are one typo apart: taking at most one letter out of
 * each makes them equal. That is a letter missing or extra, a wrong letter, two neighbouring
 * letters swapped (Damerau distance 1) or one letter in the wrong place ("brake" for "break").
 * Since ñ is written ññ, a typo never turns n into ñ.
 */
export function oneTypo(a, b) {
  if (a === b) return false;
  if (a.length < b.length) [a, b] = [b, a];
  if (a.length - b.length > 1) return false;
  let i = 0;
  while (i < b.length && a[i] === b[i]) i++;
  if (a.length > b.length) return a.slice(i + 1) === b.slice(i); // a letter extra (or missing)
  let m = a.length - 1;
  while (m > i && a[m] === b[m]) m--;
  if (m === i) return true; // a wrong letter
  return a.slice(i, m) === b.slice(i + 1, m + 1) || a.slice(i + 1, m + 1) === b.slice(i, m); // swapped or moved
}

/** The index's terms by length (built on first need, from the words collected with the index). */
function termsByLength(index) {
  if (!index.typos) {
    const byLength = new Map();
    for (const term of index.vocabulary) {
      if (!byLength.has(term.length)) byLength.set(term.length, []);
      byLength.get(term.length).push(term);
    }
    index.typos = { byLength, cache: new Map() };
  }
  return index.typos;
}

/**
 * Indexed words one typo away from the query word `norm` (normalised), as normalised words.
 * Words of 4 letters or more forgive any one typo (see oneTypo); words of 3 letters only two
 * neighbouring letters swapped ("lge" → "leg"); shorter words none.
 */
export function typoCandidates(index, norm) {
  const letters = [...norm];
  if (letters.length < 3) return [];
  const { byLength, cache } = termsByLength(index);
  if (cache.has(norm)) return cache.get(norm);
  const term = processTerm(norm);
  const found = [];
  if (letters.length === 3) {
    for (let i = 0; i + 1 < letters.length; i++) {
      const swapped = [...letters];
      [swapped[i], swapped[i + 1]] = [swapped[i + 1], swapped[i]];
      const t = processTerm(swapped.join(""));
      if (t !== term && index.vocabulary.has(t)) found.push(t);
    }
  } else {
    for (const length of [term.length - 1, term.length, term.length + 1]) {
      for (const t of byLength.get(length) || []) if (oneTypo(term, t)) found.push(t);
    }
  }
  const words = found.map(unprocess);
  if (cache.size > 500) cache.clear();
  cache.set(norm, words);
  return words;
}

/** Warm the typo tables up (the page calls this once it is idle). */
export function typoTable(index) {
  return termsByLength(index);
}

// ------------------------------------------------------------------------------ filters

const FACET_OF = {
  dir: (doc) => doc.direction,
  register: (doc) => doc.register,
  status: (doc) => doc.status,
};

function facetTest(name, value) {
  if (!value) return null;
  if (name === "region") return (doc) => doc.regions.includes(value);
  if (name === "complete") return (doc) => doc.status === "complete";
  return (doc) => FACET_OF[name](doc) === value;
}

/** The filter of `state` (dir, region, register, status, complete), or null when none is set. */
export function makeFilter(kind, state) {
  if (kind !== "phrasebook") return null;
  const tests = FILTERS.map((name) => facetTest(name, state[name])).filter(Boolean);
  if (!tests.length) return null;
  return (doc) => tests.every((test) => test(doc));
}

/**
 * How many entries each filter value would show, the other filters staying as they are:
 * {dir: {"EN→ES": n, …}, region: {…}, register: {…}, status: {…}, complete: n, all: {dir: n, …}}
 * ("all": the entries the other filters leave, whatever this one says).
 */
export function filterCounts(index, state) {
  const counts = { dir: {}, region: {}, register: {}, status: {}, complete: 0, all: {} };
  if (index.kind !== "phrasebook") return counts;
  for (const name of FILTERS) counts.all[name] = 0;
  const tests = FILTERS.map((name) => [name, facetTest(name, state[name])]).filter(([, test]) => test);
  const bump = (facet, value) => (counts[facet][value] = (counts[facet][value] || 0) + 1);
  for (const doc of index.docs) {
    let only = null, fails = 0;
    for (const [name, test] of tests) {
      if (!test(doc)) {
        only = name;
        if (++fails > 1) break;
      }
    }
    if (fails > 1) continue;
    const counts_for = (facet) => !only || only === facet;
    for (const name of FILTERS) if (counts_for(name)) counts.all[name] += 1;
    if (counts_for("dir")) bump("dir", doc.direction);
    if (counts_for("register")) bump("register", doc.register);
    if (counts_for("status")) bump("status", doc.status);
    if (counts_for("region")) for (const region of doc.regions) bump("region", region);
    if (counts_for("complete") && doc.status === "complete") counts.complete += 1;
  }
  return counts;
}

// ------------------------------------------------------------------------------ search

function fieldsOf(index, state) {
  return Object.hasOwn(index.spec.scopes, state.in) ? index.spec.scopes[state.in] : index.spec.fields;
}

function wordQuery(index, word) {
  const queries = [{ combineWith: "OR", prefix: true, queries: [word.norm] }];
  const typos = typoCandidates(index, word.norm);
  if (typos.length) queries.push({ combineWith: "OR", prefix: false, boostTerm: () => TYPO_WEIGHT, queries: typos });
  return { combineWith: "OR", queries };
}

function run(index, words, fields, tests, combineWith = "AND") {
  const long = words.filter((w) => [...w.norm].length > 1);
  const keep = (id) => tests.every((test) => test(id));
  if (!long.length) return index.docs.filter((doc) => keep(doc.id));
  const options = { fields };
  if (tests.length) options.filter = (result) => keep(result.id);
  const hits = index.mini.search({ combineWith, queries: long.map((w) => wordQuery(index, w)) }, options);
  hits.sort((a, b) => b.score - a.score || index.rank.get(a.id) - index.rank.get(b.id));
  return hits.map((hit) => index.byId.get(hit.id));
}

/**
 * Run a query. `state` = {q, in, dir, region, register, status, complete} (strings, "" = unset).
 * Returns {active, total, results, query, suggestion, nearest, noneClose}: results (docs, best
 * first, at most `limit`; an entry that says the query itself, or all but a typo or two of it,
 * comes first); when nothing matches a query, `suggestion` ({q, total}: the query with its
 * unknown words corrected, when that finds something, or null), `nearest` (see nearestEntries)
 * and `noneClose` (true when no entry is close: the page says so rather than offer unrelated
 * ones). active is false when there is neither a query nor a filter.
 */
export function search(index, state, limit = MAX_RESULTS) {
  const q = clip(state.q).trim();
  const filter = makeFilter(index.kind, state);
  const none = { query: q, suggestion: null, nearest: [], noneClose: false };
  if (!q && !filter) return { active: false, total: 0, results: [], ...none };
  const words = queryWords(q);
  const fields = fieldsOf(index, state);
  const filterTest = filter ? [(id) => filter(index.byId.get(id))] : [];
  const initials = words.filter((w) => [...w.norm].length === 1).map((w) => hasInitial(index, fields, w.norm));
  let found = q && !words.length ? [] : run(index, words, fields, [...initials, ...filterTest]);
  if (q && found.length > 1) found = sayingItFirst(index, words, found);
  if (found.length || !q) return { active: true, total: found.length, results: found.slice(0, limit), ...none };
  return { active: true, total: 0, results: [], ...none, ...suggest(index, words, fields, filterTest, filter) };
}

function suggest(index, words, fields, filterTest, filter) {
  let suggestion = null;
  const corrected = words.map((w) => correction(index, w, fields) || w.norm);
  if (corrected.some((c, i) => c !== words[i].norm)) {
    const fixed = queryWords(corrected.join(" "));
    const total = run(index, fixed, fields, filterTest).length;
    if (total) suggestion = { q: corrected.join(" "), total };
  }
  const nearest = nearestEntries(index, words, fields, filter);
  return { suggestion, nearest, noneClose: nearest.length === 0 };
}

// ------------------------------------------------------------------------------ nearest entries

/**
 * Function words of English and Spanish (articles, pronouns, prepositions, conjunctions, common
 * auxiliaries; after the Snowball stop-word lists), normalised. Sharing them does not bring two
 * expressions close: "kick the bucket" and "pick up the pace" share only "the".
 */
export const STOP_WORDS = new Set([
  // English
  "a", "an", "the", "and", "or", "but", "nor", "if", "then", "than", "so", "as", "of", "at", "by", "for", "with",
  "about", "against", "between", "into", "through", "during", "before", "after", "above", "below", "to", "from",
  "up", "down", "in", "out", "on", "off", "over", "under", "again", "further", "once", "here", "there", "when",
  "where", "why", "how", "all", "any", "both", "each", "few", "more", "most", "other", "some", "such", "no", "not",
  "only", "own", "same", "too", "very", "can", "will", "just", "should", "now", "i", "me", "my", "myself", "we",
  "our", "ours", "you", "your", "yours", "he", "him", "his", "she", "her", "hers", "it", "its", "they", "them",
  "their", "theirs", "what", "which", "who", "whom", "this", "that", "these", "those", "am", "is", "are", "was",
  "were", "be", "been", "being", "have", "has", "had", "having", "do", "does", "did", "doing", "would", "could",
  "s", "t", "d", "ll", "m", "re", "ve", "don", "won", "sb", "sth", "someone", "something", "one", "one's",
  // Spanish
  "el", "la", "lo", "los", "las", "un", "una", "unos", "unas", "y", "e", "o", "u", "ni", "que", "de", "del", "al",
  "a", "ante", "bajo", "con", "contra", "desde", "en", "entre", "hacia", "hasta", "para", "por", "según", "sin",
  "sobre", "tras", "me", "te", "se", "nos", "os", "le", "les", "mi", "mis", "tu", "tus", "su", "sus", "yo", "tú",
  "él", "ella", "ellos", "ellas", "nosotros", "vosotros", "usted", "ustedes", "este", "esta", "esto", "estos",
  "estas", "ese", "esa", "eso", "esos", "esas", "aquel", "aquella", "muy", "más", "menos", "ya", "no", "sí", "si",
  "como", "cuando", "donde", "pero", "sino", "porque", "pues", "es", "son", "era", "fue", "ser", "estar", "está",
  "están", "ha", "han", "he", "has", "hay", "haber", "alguien", "algo", "uno",
].map(normalize));

/** The query words that carry meaning: two letters or more, not a function word of EN or ES. */
export function contentWords(words) {
  return [...new Set(words.map((w) => w.norm).filter((norm) => [...norm].length > 1 && !STOP_WORDS.has(norm)))];
}

// How much a meaning-bearing query word shares with an entry's words: 1 for the word itself or a
// form of it (one starts the other, four letters at least: "kick", "kicking"), ½ for a misspelt
// word (one the index does not have) one typo away (five letters at least: "circus", "circos"),
// 0 otherwise: "kick" is not "pick", and "break", a word of the index, is not "bread".
function sharedWeight(norm, entryWords, misspelt) {
  if (entryWords.has(norm)) return 1;
  let best = 0;
  const letters = [...norm].length;
  for (const word of entryWords) {
    const shorter = Math.min(letters, [...word].length);
    if (shorter >= 4 && (word.startsWith(norm) || norm.startsWith(word))) return 1;
    if (misspelt && shorter >= 5 && oneTypo(processTerm(norm), processTerm(word))) best = 0.5;
  }
  return best;
}

const wordsOf = (text) => queryWords(text).map((w) => w.norm);

/**
 * The entries closest to a query that matches nothing, best first, at most MAX_NEAREST: ranked
 * first by the meaning-bearing words they share with it (exact or another form of the word, a
 * typo counting half; function words of EN and ES do not count), then by how many of all its
 * words they say, then by the edit distance between the query and their nearest expression.
 * An entry sharing no meaning-bearing word is not close: none may come back (the page then says
 * that no entry is close). Only the expressions are compared (within the "search in" scope), not
 * the notes or the regions.
 */
export function nearestEntries(index, words, fields, filter = null) {
  const content = contentWords(words);
  if (!content.length) return [];
  const misspelt = new Map(content.map((norm) => [norm, !index.vocabulary.has(processTerm(norm))]));
  const sides = index.spec.sides.filter((field) => fields.includes(field));
  const all = words.map((w) => w.norm);
  const query = all.join(" ");
  const ranked = [];
  for (const doc of index.docs) {
    if (filter && !filter(doc)) continue;
    const texts = sides.flatMap((field) => index.spec.side(doc, field));
    const entryWords = new Set(texts.flatMap(wordsOf));
    const shared = content.reduce((sum, norm) => sum + sharedWeight(norm, entryWords, misspelt.get(norm)), 0);
    if (!shared) continue;
    const said = all.filter((norm) => entryWords.has(norm)).length;
    const distance = Math.min(...texts.map((text) => damerau(query, wordsOf(text).join(" "))));
    ranked.push({ doc, shared, said, distance });
  }
  ranked.sort((a, b) => b.shared - a.shared || b.said - a.said || a.distance - b.distance
    || index.rank.get(a.doc.id) - index.rank.get(b.doc.id));
  return ranked.slice(0, MAX_NEAREST).map((r) => r.doc);
}

// Results that say the query itself (word for word, case, accents and punctuation aside) or all
// but a typo or two of it come first, nearest first; the others keep their order. "break a leg"
// then opens with "Break a leg!" whatever else mentions a break or a leg.
function sayingItFirst(index, words, found) {
  const query = words.map((w) => w.norm).join(" ");
  const allowed = [...query].length >= 8 ? 2 : [...query].length >= 4 ? 1 : 0;
  const near = [];
  const rest = [];
  for (const doc of found) {
    const texts = index.spec.sides.flatMap((field) => index.spec.side(doc, field));
    const distance = Math.min(...texts.map((text) => damerau(query, wordsOf(text).join(" "))));
    if (distance <= allowed) near.push({ doc, distance });
    else rest.push(doc);
  }
  near.sort((a, b) => a.distance - b.distance); // stable: equals keep the search's order
  return [...near.map((n) => n.doc), ...rest];
}

/** The indexed word nearest to a query word that matches nothing (up to two typos), or null. */
function correction(index, word, fields) {
  const letters = [...word.norm].length;
  if (letters < 3 || index.mini.search(word.norm, { fields, prefix: true }).length) return null;
  const hits = index.mini.search(word.norm, { fields, prefix: false, fuzzy: letters < 5 ? 1 : 2 });
  const seen = new Map(); // derived term -> how many entries use it
  for (const hit of hits) for (const term of Object.keys(hit.match)) seen.set(term, (seen.get(term) || 0) + 1);
  let best = null;
  for (const [term, uses] of seen) {
    const distance = damerau(processTerm(word.norm), term);
    if (!best || distance < best.distance || (distance === best.distance && uses > best.uses)) best = { term, distance, uses };
  }
  return best ? unprocess(best.term) : null;
}

/** Damerau–Levenshtein distance (optimal string alignment) between two strings. */
export function damerau(a, b) {
  const s = [...a], t = [...b];
  const d = Array.from({ length: s.length + 1 }, (_, i) => [i, ...new Array(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) d[0][j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[s.length][t.length];
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
