// Render widgets with the engine wheel inside Pyodide under Node (same runtime files the site ships).
// Usage: node pyodide_render.mjs <pyodide dir> <wheel path>  < requests.json  > results.json
// requests: [{"op": "render", "spec": "<block body>", "lang": "es"} | {"op": "handle", "state", "action", "value"}]
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { loadEngine } from "../../tools/pyodide_engine.mjs";

const [pyodideDir, wheelPath] = process.argv.slice(2);
const requests = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadEngine(pyodideDir, wheelPath);
const widgets = pyodide.pyimport("naipes.widgets");
const results = requests.map((r) =>
  r.op === "render" ? widgets.render(widgets.parse_spec(r.spec), r.lang) : widgets.handle(r.state, r.action, r.value),
);
// The importer of each zip Python imports from (its standard library's, the wheel): the worker's own.
const zipImporters = pyodide.runPython(
  "import sys; {p: type(f).__name__ for p, f in sys.path_importer_cache.items() if p.endswith(('.zip', '.whl'))}",
).toJs({ dict_converter: Object.fromEntries });
process.stdout.write(
  JSON.stringify({ python: pyodide.runPython("import sys; sys.version"), wheel: basename(wheelPath), zipImporters, results }),
);
