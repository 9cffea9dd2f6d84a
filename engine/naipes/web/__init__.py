"""The web layer: the widget registry, the HTML helpers and the coup player game widgets are built on.

It imports no game: game widget modules import it and register their kinds.
"""
