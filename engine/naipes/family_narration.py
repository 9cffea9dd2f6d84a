"""Narration of the baccarat family's coups (chemin de fer, dos paños, Mini-Bacará) in es, ca, en.

>>> from naipes.punto_banca import Event
>>> narrate(Event("cdf-player-chooses", {"total": 5, "draws": True}), "es")
'El punto tiene 5 y elige: carta.'
"""

from __future__ import annotations

from .i18n import N_, translate
from .narration import card_with_article, narrate as narrate_punto_banca, result_text
from .punto_banca import BANKER, PLAYER, Event

HANDS = {"pano1": N_("First paño"), "pano2": N_("Second paño"), "banker": N_("Banker"), PLAYER: N_("Player")}
WINNERS = {PLAYER: N_("the paño wins"), BANKER: N_("the banker wins"), "tie": N_("a tie, the coup is void")}

MESSAGES = {
    "cdf-player-must-draw": N_("Player has {total}: must draw (the punto draws on 0 to 4)."),
    "cdf-player-must-stand": N_("Player has {total}: must stand (the punto stands on 6 and 7)."),
    "cdf-player-decides": N_("Player has 5 and may choose: card or no."),
    "cdf-banker-must-draw": N_("Banker has 0 (baccarat): must draw."),
    "mb-insurance": N_("The banker's hole card is a nine: insurance is called."),
    "mb-box-decides": N_("Box {box} has 5 and must choose: draw or stand."),
    "mb-banker-draws": N_("The banker has {total} and draws for the boxes still in play (rule e)."),
    "mb-banker-draws-for-all": N_("The banker has {total} and draws for every box still in play."),
    "dp-banker-natural": N_("Banker has a natural {total}: he shows it and the coup ends on both paños."),
    "dp-banker-must-draw": N_("Banker has 0 (baccarat): must draw."),
    "dp-banker-decides": N_("Banker has {total} and may choose: card or no."),
    "dp-banker-table-split": N_("Banker has {total} and the table says different things for the two paños: "
                                "he chooses."),
}


def _hand(name: str, lang: str) -> str:
    return translate(HANDS[name], lang)


def narrate(event: Event, lang: str) -> str:
    """One sentence for one event of a chemin de fer, dos paños or Mini-Bacará coup."""
    p = dict(event.params)
    kind = event.kind
    if kind in MESSAGES:
        return translate(MESSAGES[kind], lang).format(**p)
    if kind == "cdf-player-chooses":
        message = N_("Player has {total} and chooses: card.") if p["draws"] else \
            N_("Player has {total} and chooses: no.")
        return translate(message, lang).format(**p)
    if kind in ("cdf-banker-decides", "cdf-banker-chooses", "cdf-banker-table"):
        if p["third"] is None:
            stem = {"cdf-banker-decides": N_("Player stood and banker has {total}: he may choose."),
                    "cdf-banker-chooses": (N_("Player stood and banker has {total}: he chooses to draw.")
                                           if p.get("draws") else
                                           N_("Player stood and banker has {total}: he chooses to stand.")),
                    "cdf-banker-table": (N_("Player stood and banker has {total}: draws (banker's table).")
                                         if p.get("draws") else
                                         N_("Player stood and banker has {total}: stands (banker's table)."))}
        else:
            stem = {"cdf-banker-decides": N_("Banker has {total} and the player's third card is a {third}: "
                                             "he may choose."),
                    "cdf-banker-chooses": (N_("Banker has {total} and the player's third card is a {third}: "
                                              "he chooses to draw.") if p.get("draws") else
                                           N_("Banker has {total} and the player's third card is a {third}: "
                                              "he chooses to stand.")),
                    "cdf-banker-table": (N_("Banker has {total} and the player's third card is a {third}: "
                                            "draws (banker's table).") if p.get("draws") else
                                         N_("Banker has {total} and the player's third card is a {third}: "
                                            "stands (banker's table)."))}
        return translate(stem[kind], lang).format(**p)
    if kind == "result" and p.get("void") and p["winner"] == "tie":
        return translate(N_("Tie at {total}: the coup is void."), lang).format(total=p["player"])
    if kind == "result":
        return result_text(p["winner"], p["player"], p["banker"], lang)
    if kind == "deal" and p["hand"] in ("pano1", "pano2"):
        return translate(N_("{hand} receives {card}: total {total}."), lang).format(
            hand=_hand(p["hand"], lang), card=card_with_article(p["card"], lang), total=p["total"])
    if kind == "dp-pano-natural":
        return translate(N_("{hand} has a natural {total} and shows it."), lang).format(
            hand=_hand(p["pano"], lang), total=p["total"])
    if kind == "dp-pano-must-draw":
        return translate(N_("{hand} has {total}: must draw (0 to 4)."), lang).format(
            hand=_hand(p["pano"], lang), total=p["total"])
    if kind == "dp-pano-must-stand":
        return translate(N_("{hand} has {total}: stands."), lang).format(hand=_hand(p["pano"], lang),
                                                                         total=p["total"])
    if kind == "dp-pano-decides":
        return translate(N_("{hand} has 5 and may choose: card or no."), lang).format(hand=_hand(p["pano"], lang))
    if kind == "dp-pano-chooses":
        message = N_("{hand} has 5 and chooses: card.") if p["draws"] else N_("{hand} has 5 and chooses: no.")
        return translate(message, lang).format(hand=_hand(p["pano"], lang))
    if kind == "dp-banker-table":
        message = N_("Banker has {total}: the table says the same for both paños, he draws.") if p["draws"] \
            else N_("Banker has {total}: the table says the same for both paños, he stands.")
        return translate(message, lang).format(**p)
    if kind == "dp-banker-chooses":
        message = N_("Banker has {total} and chooses: card.") if p["draws"] else \
            N_("Banker has {total} and chooses: no.")
        return translate(message, lang).format(**p)
    if kind == "dp-result":
        return translate(N_("{hand}: {player} against the banker's {banker}, {outcome}."), lang).format(
            hand=_hand(p["pano"], lang), player=p["player"], banker=p["banker"],
            outcome=translate(WINNERS[p["winner"]], lang))
    if kind == "mb-banker-card":
        if p["hole"]:
            return translate(N_("The banker takes his first card face down."), lang)
        return translate(N_("The banker turns {card}: total {total}."), lang).format(
            card=card_with_article(p["card"], lang), total=p["total"])
    if kind == "mb-box-card":
        return translate(N_("Box {box} receives {card}: total {total}."), lang).format(
            box=p["box"], card=card_with_article(p["card"], lang), total=p["total"])
    if kind == "mb-box-chooses":
        message = N_("Box {box} has 5 and chooses: draw.") if p["draws"] else \
            N_("Box {box} has 5 and chooses: stand.")
        return translate(message, lang).format(**p)
    if kind == "mb-result":
        how = {"aire": N_("Box {box}, an \"aire\" pass: {player} against {banker}, {outcome}."),
               "encart": N_("Box {box}: both have {player} on two cards, an encart (void)."),
               "stands": N_("Box {box}: the Banca stands on {banker} against {player}, {outcome} (rule e)."),
               "third": N_("Box {box}: {player} against the Banca's {banker}, {outcome}.")}[p["how"]]
        outcome_text = {PLAYER: N_("Punto wins"), BANKER: N_("Banca wins"), "tie": N_("a tie")}[p["winner"]]
        return translate(how, lang).format(box=p["box"], player=p["player"], banker=p["banker"],
                                           outcome=translate(outcome_text, lang))
    return narrate_punto_banca(event, lang)
