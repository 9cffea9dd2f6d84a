"""Build step: precompressed copies (`.gz`, `.br`) of the built site's large files, for hosts that serve them.

Static hosts (nginx `gzip_static`/`brotli_static`, Netlify, GitHub Pages' CDN…) send `file.br` or
`file.gz` to browsers that accept them instead of compressing on the fly, or not at all: the Pyodide
runtime (a 9.6 MB WebAssembly file, a 2.5 MB standard library) then travels at about a third of its
size. Gzip comes from the standard library; Brotli from Node's zlib (Node is already needed for the
build's npm packages). A copy is rewritten only when its source is newer. It runs last, once every
language is built and the other steps have written their files.
"""

from __future__ import annotations

import gzip
import subprocess
from pathlib import Path

#: Files worth compressing: the large assets (HTML pages are small and compressed by any host on the fly).
MIN_BYTES = 50_000
SUFFIXES = (".wasm", ".zip", ".whl", ".json", ".js", ".mjs", ".css", ".tbx", ".csv", ".tsv")
_BROTLI = """
const fs = require("fs"), zlib = require("zlib");
for (const file of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const data = fs.readFileSync(file);
  fs.writeFileSync(file + ".br", zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
}
"""


def candidates(root: Path) -> list[Path]:
    """The files of the site worth a compressed copy."""
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in SUFFIXES and p.stat().st_size >= MIN_BYTES)


def _stale(source: Path, copy: Path) -> bool:
    return not copy.exists() or copy.stat().st_mtime < source.stat().st_mtime


def precompress(root: Path) -> list[Path]:
    """Write `.gz` and `.br` beside every candidate whose copies are missing or older; return the sources done."""
    done = []
    brotli = []
    for source in candidates(root):
        gz = source.with_name(source.name + ".gz")
        if _stale(source, gz):
            gz.write_bytes(gzip.compress(source.read_bytes(), compresslevel=9, mtime=0))
            done.append(source)
        if _stale(source, source.with_name(source.name + ".br")):
            brotli.append(str(source))
    if brotli:
        import json

        subprocess.run(["node", "-e", _BROTLI], input=json.dumps(brotli), text=True, check=True)
    return done
