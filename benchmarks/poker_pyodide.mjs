// Run a Python benchmark in Pyodide under Node, with the engine wheel the site ships.
// Usage: node poker_pyodide.mjs <pyodide dir> <wheel path> < script.py > result.json
// The script's last expression must be a JSON string (it is printed).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheelPath] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const script = readFileSync(0, "utf8");
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: () => {} });
const wheel = new Uint8Array(readFileSync(wheelPath));
// As the site's worker does: Python imports the engine from the wheel itself (zipimport).
pyodide.FS.writeFile("/lib/naipes.whl", wheel);
pyodide.runPython("import sys; sys.path.insert(0, '/lib/naipes.whl')");
process.stdout.write(String(pyodide.runPython(script)));
