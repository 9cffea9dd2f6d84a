"""Reading a widget's HTML in tests: its root, state, text, narration, exact numbers; rendering and acting."""

from __future__ import annotations

from fractions import Fraction

from lxml import html as lxml_html

from naipes import widgets

LANGS = ("es", "ca", "en")


def root_of(html: str):
    return lxml_html.fragment_fromstring(html)


def state_of(html: str) -> str:
    return root_of(html).get("data-naipes-state")


def text(html: str, xpath: str = ".") -> str:
    return " ".join(" ".join(el.text_content().split()) for el in root_of(html).xpath(xpath))


def narration(html: str) -> list[str]:
    return [" ".join(li.text_content().split()) for li in root_of(html).xpath('.//ol[@class="naipes-narration"]/li')]


def alerts(html: str) -> list[str]:
    return [el.text_content() for el in root_of(html).xpath('.//*[@role="alert"]')]


def render(kind: str, game: str, lang: str = "en", **options) -> str:
    return widgets.render({"widget": kind, "game": game, **{k: str(v) for k, v in options.items()}}, lang)


def act(html: str, action: str, value: str = "") -> str:
    return widgets.handle(state_of(html), action, value)


def exact(html: str, xpath: str) -> Fraction:
    return Fraction(root_of(html).xpath(xpath)[0].get("data-naipes-exact"))
