// Naipes engine worker: one per tab, started by naipes.js, kept alive across instant navigation.
// It loads the self-hosted Pyodide runtime and the engine wheel, then answers
// {id, op: "handle", args: [state, action, value]} with {id, ok, result} — the new widget HTML.
// While it loads it posts {progress: {loaded}} (bytes of the runtime and the wheel read so far, from the
// network or Cache Storage) and then {progress: {stage: "starting"}} (Python itself is starting).
// No game logic here: naipes.widgets.handle() (Python) does everything.
import { loadPyodide } from "../pyodide/pyodide.mjs";

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
  const download = (input, init) =>
    networkFetch(input, init).catch((err) => {
      if (initFailed) initFailed(err);
      throw err;
    });
  return async (input, init) => {
    const request = new Request(input, init);
    const ours = request.url.startsWith(names.pyodideBase) || request.url.split("?")[0] === names.wheelURL;
    if (!ours) return download(input, init);
    const name = request.url.startsWith(names.pyodideBase) ? names.pyodide : names.naipes;
    if (!name || request.method !== "GET" || !("caches" in self)) return counted(await download(input, init));
    let cache = null;
    try {
      cache = await caches.open(name);
      const hit = await cache.match(request.url);
      if (hit) return counted(hit);
    } catch (err) {
      cache = null; // private mode, quota: the network still works
    }
    const response = await download(input, init);
    if (cache && response.ok) await cache.put(request.url, response.clone()).catch(() => {});
    return counted(response);
  };
}

async function dropOldCaches(keep) {
  if (!("caches" in self)) return;
  for (const key of await caches.keys()) {
    if ((key.startsWith("pyodide-") || key.startsWith("naipes-")) && !keep.includes(key)) await caches.delete(key);
  }
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
  const pyodide = await loadPyodide({
    indexURL,
    // Pyodide logs "Loading naipes…" to the console by default: keep the console clean.
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  self.postMessage({ progress: { stage: "starting" } });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
  widgets = pyodide.pyimport("naipes.widgets");
  // Import the page's games now, while the reader is still reading, not on the first click.
  for (const state of preload || []) widgets.preload(state);
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
