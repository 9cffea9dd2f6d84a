// Run a Python benchmark in Pyodide under Node, with the engine wheel the site ships.
// Usage: node poker_pyodide.mjs <pyodide dir> <wheel path> < script.py > result.json
// The script's last expression must be a JSON string (it is printed).
import { readFileSync } from "node:fs";
import { loadEngine } from "../tools/pyodide_engine.mjs";

const [pyodideDir, wheelPath] = process.argv.slice(2);
const script = readFileSync(0, "utf8");
const pyodide = await loadEngine(pyodideDir, wheelPath);
process.stdout.write(String(pyodide.runPython(script)));
