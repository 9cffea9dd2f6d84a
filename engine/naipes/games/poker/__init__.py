"""Poker: the shared hand evaluator, and the games against the house.

One job per module:

- `hands`: rankings (52 cards; the short decks of 36 and 32, where a flush beats a full house; three-card
  hands), `evaluate` (a comparable `HandRank`, best five of more), `evaluate_split` (Omaha), the fast
  integer layer (`code`, `strength5`, `strength_function`) and exact `category_counts` up to nine cards;
- `distribution`: the bank's possible hands from the cards left, counted by rank multisets (`strengths`),
  and `Tally`, the settlement's questions about them;
- `kernel`: the 52 card classes, the coup that takes its own cards out of a composition, small helpers;
- `events`, `narration`: the typed events of the banked games and their sentences in es, ca and en;
- `paytables`: named pay tables; `progressive`: the special prize and the progressive jackpot (returns,
  break-even pool, a pool played deal by deal); `banked`: outcome keys, settlements and reports shared by
  the games against a qualifying bank; `simulation`: seeded simulations in blocks, batch-means intervals,
  and the data shipped;
- `cli`: the shared verbs (`deal`, `analyze` with `--pay-table`, `rank`); `table`: the shared widgets
  (`table`, `figures`, `progressive`);
- one package per game: `sense_descart` (002 §10, 001 Caribbean Poker), `trijoker` (002 §11, 001 Go
  Poker), `draw_poker` (001), `three_card` (001).

Examples:
    >>> from naipes.games.poker.hands import evaluate
    >>> evaluate("Ah Kh Qh Jh Th 2c 2d").category
    'royal-flush'
"""
