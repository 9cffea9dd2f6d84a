// Naipes engine worker: one per tab, started by naipes.js, kept alive across instant navigation.
// It loads the self-hosted Pyodide runtime and the engine wheel, then answers
// {id, op: "handle", args: [state, action, value]} with {id, ok, result} — the new widget HTML.
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

function init(options) {
  return new Promise((resolve, reject) => {
    initFailed = reject;
    load(options).then(resolve, reject).finally(() => (initFailed = null));
  });
}

async function load({ indexURL, wheelURL }) {
  const pyodide = await loadPyodide({
    indexURL,
    // Pyodide logs "Loading naipes…" to the console by default: keep the console clean.
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  await pyodide.loadPackage(wheelURL, { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });
  widgets = pyodide.pyimport("naipes.widgets");
  return pyodide.version;
}

const ops = {
  init,
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
