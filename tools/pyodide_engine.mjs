// The engine in the pinned Pyodide under Node, installed as the site's worker installs it: Python starts
// with docs/assets/naipes/zip_importer.py as sitecustomize (imports from zips compile once), and imports
// the engine from the wheel itself (zipimport), not unpacked. Used by the Pyodide tests and benchmarks.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const ZIP_IMPORTER = readFileSync(new URL("../docs/assets/naipes/zip_importer.py", import.meta.url), "utf8");

/** A Pyodide (from `pyodideDir`, the runtime the site ships) that imports `naipes` from `wheelPath`. */
export async function loadEngine(pyodideDir, wheelPath) {
  const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({
    indexURL: `${pyodideDir}/`,
    stdout: () => {},
    stderr: () => {},
    fsInit: async (FS, { sitePackages }) => FS.writeFile(`${sitePackages}/sitecustomize.py`, ZIP_IMPORTER),
  });
  pyodide.FS.writeFile("/lib/naipes.whl", new Uint8Array(readFileSync(wheelPath)));
  pyodide.runPython("import sys; sys.path.insert(0, '/lib/naipes.whl')");
  return pyodide;
}
