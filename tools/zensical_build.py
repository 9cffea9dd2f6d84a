"""Build the site with Zensical (the Material team's successor to MkDocs) and measure what it keeps.

Zensical reads mkdocs.yml but runs no ``hooks`` and ignores the plugins it does not support
(mkdocs-static-i18n among them), so this script does what they do, from the same source:

1. a separate venv, ``build/zensical-venv``, with Zensical from PyPI and the engine (Zensical is not a
   dependency of the project: nothing else installs it);
2. per language: ``tools/build.py``'s ``pages`` step (the docs of that language, the glossary and phrasebook
   markers expanded in the Markdown) and one config derived from mkdocs.yml (``docs_dir`` that copy, the
   language, the fence's language, the output folder ``/``, ``/ca/`` or ``/en/`` of one site);
3. ``zensical build`` of each config into ``build/zensical/site``; then the steps after the HTML
   (:func:`tools.build.finish_page`, the runtime and the wheel, the glossary's files, ``.gz``/``.br``);
4. the count of widgets per language, against the ```` ```naipes ```` blocks of the docs (exit 1 when one is
   missing), and a Markdown table of what the Zensical site keeps and loses next to the MkDocs one (``site/``).

    python tools/zensical_build.py [--zensical VERSION]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build as steps  # noqa: E402

VENV = ROOT / "build" / "zensical-venv"
WORK = ROOT / "build" / "zensical"
SITE = WORK / "site"  # Zensical wants site_dir inside the folder of its config
PREFIX = {"es": "", "ca": "ca/", "en": "en/"}


def venv(version: str | None) -> Path:
    """The venv with Zensical and the engine (editable, so the fence is the working tree's)."""
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", f"zensical=={version}" if version else "zensical",
                    "pymdown-extensions==13.1.2", "mkdocstrings-python==2.0.11", "-e", str(ROOT)], check=True)
    return VENV / "bin" / "zensical"


def config_for(lang: str, docs: Path) -> str:
    """mkdocs.yml for one language: its docs, its language, its folder of the one site."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    # Paths relative to the config's folder: Zensical stops on absolute ones.
    text = re.sub(r"^docs_dir: .*$", f"docs_dir: {docs.relative_to(WORK)}", text, flags=re.M)
    text = re.sub(r"^site_dir: .*$", f"site_dir: {(SITE / PREFIX[lang]).relative_to(WORK)}", text, flags=re.M)
    text = re.sub(r"^(  language: )es$", rf"\g<1>{lang}", text, count=1, flags=re.M)
    text = re.sub(r"^(              lang: )es$", rf"\g<1>{lang}", text, count=1, flags=re.M)
    text = re.sub(r"^hooks:\n(  - .*\n)+", "", text, flags=re.M)  # Zensical runs none: the steps run below
    text = re.sub(r"^watch:\n(  - .*\n)+", "", text, flags=re.M)
    return text


def build(zensical: Path) -> dict[str, int]:
    """Every language into one site; returns the exit code of each language's Zensical build."""
    if SITE.exists():
        shutil.rmtree(SITE)
    codes = {}
    for lang in steps.LANGS:
        docs = WORK / f"docs-{lang}"
        steps.write_pages(ROOT / "docs" / lang, docs, lang)
        shutil.copytree(ROOT / "docs" / "assets", docs / "assets", dirs_exist_ok=True)
        config = WORK / f"mkdocs-{lang}.yml"
        config.write_text(config_for(lang, docs), encoding="utf-8")
        proc = subprocess.run([str(zensical), "build", "-f", config.name], cwd=WORK, capture_output=True, text=True)
        (WORK / f"zensical-{lang}.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
        codes[lang] = proc.returncode
    steps.check_runtime()
    wheel = steps.build_wheel()
    for path in sorted(SITE.rglob("*.html")):
        relative = path.relative_to(SITE).as_posix()
        path.write_text(steps.finish_page(path.read_text(encoding="utf-8"), steps.page_language(relative), wheel),
                        encoding="utf-8")
    steps.copy_runtime(SITE, wheel)
    from tools import precompress
    from tools.glossary import hook as glossary

    glossary.on_config(None)
    glossary.on_post_build(steps._SiteConfig(str(SITE)))
    precompress.precompress(SITE)
    return codes


def measure(site: Path, lang: str) -> dict[str, object]:
    """What a reader gets in one language of a built site."""
    folder = site / PREFIX[lang]
    others = [site / p for p in PREFIX.values() if p and p != PREFIX[lang]]
    pages = [p for p in folder.rglob("index.html")
             if not any(p.is_relative_to(o) for o in others) and "assets" not in p.relative_to(site).parts]
    texts = [p.read_text(encoding="utf-8") for p in pages]
    home = (folder / "index.html").read_text(encoding="utf-8") if (folder / "index.html").exists() else ""
    glossary = folder / "glossary" / "index.html"
    return {
        "pages": len(pages),
        "widgets": sum(t.count('<div class="naipes-widget') for t in texts),
        "lang": "".join(sorted({m for t in texts for m in re.findall(r'<html lang="([\w-]+)"', t)})),
        "switcher": "yes" if 'hreflang="' in home and "md-select" in home else "no",
        "nav": re.search(r'md-nav__link[^>]*>\s*(?:<span[^>]*>\s*)?([^<\s][^<]*?)\s*<', home).group(1)
        if re.search(r'md-nav__link', home) else "",
        "glossary entries": glossary.read_text(encoding="utf-8").count('class="naipes-gl-sides') if glossary.exists() else 0,
        "tooltips": sum(t.count('class="naipes-term"') for t in texts),
        "search index": ("search/search_index.json" if (folder / "search" / "search_index.json").exists() else
                         "search.json" if (folder / "search.json").exists() else "none"),
    }


def site_wide(site: Path) -> dict[str, object]:
    return {
        "wheel": len(list((site / "assets" / "naipes").glob("*.whl"))),
        "pyodide": "yes" if (site / "assets" / "pyodide" / "pyodide.asm.wasm").exists() else "no",
        "downloads": len(list((site / "downloads").glob("*"))) if (site / "downloads").exists() else 0,
        ".gz/.br": len(list(site.rglob("*.br"))),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/zensical_build.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--zensical", help="the Zensical version to install (default: the newest)")
    parser.add_argument("--no-build", action="store_true", help="only measure build/zensical/site")
    args = parser.parse_args(argv)
    codes = {} if args.no_build else build(venv(args.zensical))
    version = subprocess.run([str(VENV / "bin" / "python"), "-c",
                              "import importlib.metadata as m; print(m.version('zensical'))"],
                             capture_output=True, text=True).stdout.strip()
    blocks = {lang: sum(len(steps.find_widget_blocks(p.read_text(encoding="utf-8")))
                        for p in (ROOT / "docs" / lang).rglob("*.md")) for lang in steps.LANGS}
    print(f"| | MkDocs 1.6 (`site/`) | Zensical {version} (`build/zensical/site/`) |\n|---|---|---|")
    ok = True
    for lang in steps.LANGS:
        ours, theirs = measure(ROOT / "site", lang), measure(SITE, lang)
        for name in ours:
            print(f"| {lang}: {name} | {ours[name]} | {theirs[name]} |")
        ok &= theirs["widgets"] == blocks[lang]
        if codes:
            print(f"| {lang}: exit code | 0 | {codes[lang]} |")
    ours, theirs = site_wide(ROOT / "site"), site_wide(SITE)
    for name in ours:
        print(f"| {name} | {ours[name]} | {theirs[name]} |")
    print(f"\nwidget blocks in the docs: {blocks}")
    return 0 if ok and all(code == 0 for code in codes.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
