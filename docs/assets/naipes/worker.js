// Naipes engine worker: one per tab, started by naipes.js, kept alive across instant navigation.
// It loads the self-hosted Pyodide runtime and the engine wheel, then answers
// {id, op: "handle", args: [state, action, value]} with {id, ok, result} — the new widget HTML.
// While it loads it posts {progress: {loaded}} (bytes of the runtime and the wheel read so far, from the
// network or Cache Storage) and then {progress: {stage: "starting"}} (Python itself is starting).
// No game logic here: naipes.widgets.handle() (Python) does everything.

let widgets = null;
let initFailed = null; // set by the global handlers below while init() runs

// Emscripten can fail *outside* the loadPyodide() promise chain (e.g. the wasm download is
// blocked): catch that here, keep the console clean, and fail the pending init.
for (const type of ["unhandledrejection", "error"]) {
  self.addEventListener(type, (event) => {
    event.preventDefault();
    const reason = event.reason || event.error || event.message;
    if (initFailed) initFailed(new Error(String(reason && reason.message ? reason.message : reason)));
  });
}

// Cache Storage keeps the Pyodide runtime and the engine wheel across full page loads and new tabs:
// the second visit starts Python without downloading ~13 MB again. Caches are named after what they
// hold (`pyodide-<pinned version>`, `naipes-<engine build hash>`), so a new build or a new Pyodide is
// fetched once and older caches are dropped.
const networkFetch = self.fetch.bind(self);

// ---------------------------------------------------------------------------- progress

let bytesRead = 0;
let lastReport = 0;

function reportBytes(force) {
  const now = Date.now();
  if (!force && now - lastReport < 100) return; // a message per chunk would flood the page
  lastReport = now;
  self.postMessage({ progress: { loaded: bytesRead } });
}

// The same response, its body counted as it is read (by Pyodide, WebAssembly or the wheel's reader).
function counted(response) {
  if (!response.body) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      bytesRead += chunk.byteLength;
      reportBytes(false);
      controller.enqueue(chunk);
    },
    flush() {
      reportBytes(true);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
}

function cachedFetch(names) {
  // Pyodide waits forever when one of its downloads fails (it only logs it): fail the init instead.
  const download = (request) =>
    networkFetch(request).catch((err) => {
      if (initFailed) initFailed(err);
      throw err;
    });
  const cacheName = (url) =>
    url.startsWith(names.pyodideBase) ? names.pyodide : url.split("?")[0] === names.wheelURL ? names.naipes : undefined;
  async function fromCacheOrNetwork(request, name) {
    if (!name || request.method !== "GET" || !("caches" in self)) return download(request);
    let cache = null;
    try {
      cache = await caches.open(name);
      const hit = await cache.match(request.url);
      if (hit) return hit;
    } catch (err) {
      cache = null; // private mode, quota: the network still works
    }
    const response = await download(request);
    // Stored once Python is ready (storeLater): writing ~13 MB to the cache while the runtime compiles would
    // slow the first start on a small machine. The copy waits in memory until then.
    if (cache && response.ok) storeLater(cache, request.url, response.clone());
    return response;
  }
  const ahead = new Map(); // url -> Promise<Response>: a download started before Pyodide asks for it
  const fetchCached = async (input, init) => {
    const request = new Request(input, init);
    const name = cacheName(request.url);
    if (name === undefined) return download(request);
    const started = request.method === "GET" && ahead.get(request.url);
    if (started) {
      ahead.delete(request.url);
      return counted(await started);
    }
    return counted(await fromCacheOrNetwork(request, name));
  };
  // Start a download now, for the request Pyodide will make later (one download either way).
  fetchCached.ahead = (url) => {
    if (ahead.has(url) || cacheName(url) === undefined) return;
    const started = fromCacheOrNetwork(new Request(url), cacheName(url));
    started.catch(() => {}); // reported to whoever awaits it
    ahead.set(url, started);
  };
  return fetchCached;
}

let toStore = []; // [cache, url, response]: the downloads to keep for the next visit, once Python is ready

function storeLater(cache, url, response) {
  if (toStore) toStore.push([cache, url, response]);
  else cache.put(url, response).catch(() => {});
}

function storeNow() {
  const pending = toStore || [];
  toStore = null;
  for (const [cache, url, response] of pending) cache.put(url, response).catch(() => {});
}

async function dropOldCaches(keep) {
  if (!("caches" in self)) return;
  for (const key of await caches.keys()) {
    if ((key.startsWith("pyodide-") || key.startsWith("naipes-")) && !keep.includes(key)) await caches.delete(key);
  }
}

// A module of the runtime read through the cache (a static or dynamic import would bypass the fetch
// wrapper, and a second visit would download it again), or from its own URL should that fail.
async function importThroughCache(url) {
  try {
    const response = await self.fetch(url);
    if (response.ok) {
      const blobURL = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: "text/javascript" }));
      try {
        return await import(blobURL);
      } finally {
        URL.revokeObjectURL(blobURL);
      }
    }
  } catch (err) {
    // the module's own URL below
  }
  return import(url);
}

function init(options) {
  return new Promise((resolve, reject) => {
    initFailed = reject;
    load(options).then(resolve, reject).finally(() => (initFailed = null));
  });
}

async function load({ indexURL, wheelURL, cacheNames, preload }) {
  const [naipes, pyodideCache] = cacheNames || [null, null];
  self.fetch = cachedFetch({ pyodideBase: indexURL, pyodide: pyodideCache, wheelURL, naipes });
  if (cacheNames) dropOldCaches(cacheNames).catch(() => {});
  // The wheel downloads while Pyodide starts (not after it): the first answer waits only for the longer one.
  const wheel = self.fetch(wheelURL).then((response) => {
    if (!response.ok) throw new Error(`wheel: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  wheel.catch(() => {}); // reported when awaited below
  // Imports from zips compiling each module once (Pyodide's own start included): without it Python
  // still starts, only slower.
  const zipImporter = networkFetch(new URL("zip_importer.py", import.meta.url))
    .then((response) => (response.ok ? response.text() : null))
    .catch(() => null);
  // Reading pyodide.asm.mjs ourselves (below) would otherwise delay Pyodide's own downloads until it is in.
  for (const file of ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]) self.fetch.ahead(indexURL + file);
  // Pyodide's loader (pyodide.mjs) and its JavaScript half (pyodide.asm.mjs, 1.2 MB, which the loader would
  // import itself: handed over as its `createPyodideModule` option).
  const runtime = importThroughCache(indexURL + "pyodide.asm.mjs");
  const { loadPyodide } = await importThroughCache(indexURL + "pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL,
    createPyodideModule: (await runtime).default,
    // zip_importer.py as sitecustomize.py: `site` runs it before Python imports anything from its zip.
    fsInit: async (FS, { sitePackages }) => {
      const source = await zipImporter;
      if (source) FS.writeFile(`${sitePackages}/sitecustomize.py`, source);
    },
    // Pyodide logs "Loading naipes…" to the console by default: keep the console clean.
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  self.postMessage({ progress: { stage: "starting" } });
  // Python imports the engine from the wheel itself (zipimport; naipes.core.package_data reads its data
  // files): unpacking it would write some 300 files and compile zipfile and shutil first.
  const wheelPath = "/lib/" + wheelURL.split("/").pop().split("?")[0];
  pyodide.FS.writeFile(wheelPath, new Uint8Array(await wheel));
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(wheelPath)})`);
  widgets = pyodide.pyimport("naipes.widgets");
  // Import the page's games now, while the reader is still reading, not on the first click.
  for (const state of preload || []) widgets.preload(state);
  setTimeout(storeNow, 0);
  return pyodide.version;
}

const ops = {
  init,
  preload: (states) => states.forEach((state) => widgets.preload(state)),
  handle: (state, action, value) => widgets.handle(state, action, value),
};

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    if (op !== "init" && !widgets) throw new Error("engine not initialised");
    const result = await ops[op](...(args || []));
    self.postMessage({ id, ok: true, result });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String(err && err.message ? err.message : err) });
  }
};
