// The engine in the pinned Pyodide under Node, installed as the site's worker installs it: the wheel itself
// on sys.path (zipimport), not unpacked. Used by the Pyodide tests and benchmarks.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** A Pyodide (from `pyodideDir`, the runtime the site ships) that imports `naipes` from `wheelPath`. */
export async function loadEngine(pyodideDir, wheelPath) {
  const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: () => {} });
  pyodide.FS.writeFile("/lib/naipes.whl", new Uint8Array(readFileSync(wheelPath)));
  pyodide.runPython("import sys; sys.path.insert(0, '/lib/naipes.whl')");
  return pyodide;
}
