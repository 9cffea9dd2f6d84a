// The site's offline copy (the template of /service-worker.js: tools/offline.py writes the list of
// files with their content hashes in place of the placeholder below, at the root of the built site).
//
// - install: precache the common files (assets, exports, sitemaps) and the pages and search index of
//   every language a page of the previous version asked for; a file whose hash did not change is
//   copied from the previous version's cache instead of downloaded again;
// - a page asks for its language ({cacheLanguage: "en"}) once the worker is active; the worker
//   answers {cached: "en"} when that language's pages are stored;
// - fetch: a listed file from this version's cache; anything else of this origin from any cache
//   (the Python worker of docs/assets/naipes/worker.js keeps the Pyodide runtime and the engine wheel
//   in caches of its own, named "pyodide-…" and "naipes-…": they are read, never written nor
//   deleted here), else the network; a page not stored while offline gets the language's home page;
// - a new version waits until a page says {skipWaiting: true} (the reader clicked "reload"), so a
//   page never mixes files of two builds.
const MANIFEST = self.__NAIPES_OFFLINE_MANIFEST__;
const PREFIX = "offline-"; // not "naipes-" nor "pyodide-": worker.js drops older caches of those
const CACHE = PREFIX + MANIFEST.version;
const META = "__offline-meta__"; // in each version's cache: {files: {url: hash}, languages: [...]}
const scope = new URL(self.registration.scope);
const absolute = (url) => new URL(url, scope).href;

async function readMeta(cache) {
  const response = await cache.match(absolute(META));
  return response ? response.json() : { files: {}, languages: [] };
}

async function previousCache() {
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  return names.length ? caches.open(names[names.length - 1]) : null;
}

// Store the files of *groups* in this version's cache: copied from *old* when the hash is the same.
async function store(groups, old) {
  const cache = await caches.open(CACHE);
  const meta = await readMeta(cache);
  const oldMeta = old ? await readMeta(old) : { files: {} };
  for (const group of groups) {
    const files = MANIFEST.groups[group] || {};
    await Promise.all(Object.entries(files).map(async ([url, hash]) => {
      const key = absolute(url);
      if (meta.files[key] === hash) return;
      const kept = old && oldMeta.files[key] === hash ? await old.match(key) : null;
      const response = kept || (await fetch(key, { cache: "no-cache" }));
      if (!response.ok) throw new Error(`${key}: ${response.status}`);
      await cache.put(key, response);
      meta.files[key] = hash;
    }));
    if (group !== "common" && !meta.languages.includes(group)) meta.languages.push(group);
  }
  await cache.put(absolute(META), new Response(JSON.stringify(meta), { headers: { "Content-Type": "application/json" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const old = await previousCache();
    const languages = old ? (await readMeta(old)).languages : [];
    await store(["common", ...languages], old);
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.skipWaiting) self.skipWaiting();
  if (typeof data.cacheLanguage === "string" && MANIFEST.groups[data.cacheLanguage] && data.cacheLanguage !== "common") {
    const lang = data.cacheLanguage;
    event.waitUntil(store([lang], null).then(
      () => event.source && event.source.postMessage({ cached: lang, version: MANIFEST.version }),
      () => event.source && event.source.postMessage({ cacheFailed: lang }),
    ));
  }
});

// The home page of the language a URL belongs to: what an offline reader gets for a page not stored.
function homeOf(url) {
  const path = url.pathname.slice(scope.pathname.length);
  const lang = Object.keys(MANIFEST.groups).find((g) => g !== "common" && g !== "es" && path.startsWith(g + "/"));
  return absolute(lang ? lang + "/" : "./");
}

async function respond(request) {
  const url = new URL(request.url);
  url.hash = "";
  const cache = await caches.open(CACHE);
  const listed = await cache.match(url.href, { ignoreSearch: true });
  if (listed) return listed;
  const elsewhere = await caches.match(request);
  if (elsewhere) return elsewhere;
  try {
    return await fetch(request);
  } catch (error) {
    if (request.mode === "navigate" || request.headers.get("Accept")?.includes("text/html")) {
      const home = await cache.match(homeOf(url));
      if (home) return home;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope.href) || request.headers.has("Range")) return;
  if (new URL(request.url).pathname === new URL(absolute("service-worker.js")).pathname) return;
  event.respondWith(respond(request));
});
