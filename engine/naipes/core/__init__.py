"""The shared core: cards, shoe, seeded generator, sources, errors, i18n, formatting, the coup protocol,
the one driver, narration helpers, checked options and the game-theory solvers. It imports no game."""
