// Time widget actions in Pyodide under Node (the same runtime files and wheel the site ships).
// Usage: node widgets_pyodide.mjs <pyodide dir> <wheel path> < pages.json > times.json
// pages: {page: [[state, action, value], ...]}; caches are cleared before each page, as in a fresh tab.
// times: {page: [[cpu ms, wall ms], ...]} (CPU time of the Node process: the machines are shared).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { loadEngine } from "../tools/pyodide_engine.mjs";

const [pyodideDir, wheelPath] = process.argv.slice(2);
const pages = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadEngine(pyodideDir, wheelPath);
const widgets = pyodide.pyimport("naipes.widgets");
const clear = pyodide.runPython(`
import gc, sys
def clear():
    for name, module in list(sys.modules.items()):
        if name.startswith("naipes"):
            for value in list(vars(module).values()):
                if hasattr(value, "cache_clear"):
                    value.cache_clear()
    gc.collect()
clear`);
const times = {};
for (const [page, steps] of Object.entries(pages)) {
  clear();
  // The browser imports the page's games while Python starts (widgets.preload), before any click.
  if (steps.length) widgets.preload(steps[0][0]);
  times[page] = steps.map(([state, action, value]) => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    widgets.handle(state, action, value);
    const used = process.cpuUsage(cpu);
    return [(used.user + used.system) / 1000, performance.now() - start];
  });
}
process.stdout.write(JSON.stringify(times));
