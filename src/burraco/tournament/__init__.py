"""Tournaments: entrants, movements, results, victory points, standings, duplicate Burraco.

Clubs run Burraco as tournaments: pairs (or individuals, with a new partner each round) move
between tables by a Mitchell, a Danese or a round robin; each table plays a fixed number of
deals, the difference in points becomes victory points by a table, and the standings decide the
prizes. Everything here is a frozen value, as in the rest of the library; a
:class:`Tournament` grows by steps that return new values.

The names live in this module (``from burraco.tournament import Tournament``), not at the
top of :mod:`burraco`, like :mod:`burraco.record`; only :class:`~burraco.TournamentError`,
an error like the others, is also importable from :mod:`burraco`.

>>> from burraco.tournament import Entrant, Tournament, TableResult
>>> evening = Tournament.create("club night", [Entrant(n, f"pair {n}") for n in range(1, 7)])
>>> evening = evening.pair_next_round()
>>> print(evening.rounds[0])
round 1 (mitchell)
table 1: 1 v 4
table 2: 2 v 5
table 3: 3 v 6
"""

from burraco.tournament.duplicate import Comparison, compare, deal_deck, play_table, round_decks
from burraco.tournament.entrants import MOST_ENTRANTS, Entrant
from burraco.tournament.event import DEFAULT_CRITERIA, MOST_ROUNDS, Settings, Tournament
from burraco.tournament.interchange import (
    FORMAT,
    MOST_TEXT,
    entrants_csv,
    from_dict,
    from_json,
    read_entrants,
    read_tables,
    score_sheet_csv,
    standings_csv,
    tables_csv,
    to_dict,
    to_json,
)
from burraco.tournament.movements import (
    Movement,
    Rematches,
    Round,
    Table,
    danese_round,
    individual_round,
    mitchell_round,
    mitchell_shift,
    pair_in_order,
    round_robin_round,
)
from burraco.tournament.results import (
    MOST_POINTS,
    MOST_VICTORY_POINTS,
    Adjustment,
    ResultEntry,
    ResultKind,
    TableResult,
)
from burraco.tournament.standings import (
    Criterion,
    Standing,
    Standings,
    compute_standings,
    rank_text,
)

__all__ = [
    "DEFAULT_CRITERIA",
    "FORMAT",
    "MOST_ENTRANTS",
    "MOST_POINTS",
    "MOST_ROUNDS",
    "MOST_TEXT",
    "MOST_VICTORY_POINTS",
    "Adjustment",
    "Comparison",
    "Criterion",
    "Entrant",
    "Movement",
    "Rematches",
    "ResultEntry",
    "ResultKind",
    "Round",
    "Settings",
    "Standing",
    "Standings",
    "Table",
    "TableResult",
    "Tournament",
    "compare",
    "compute_standings",
    "danese_round",
    "deal_deck",
    "entrants_csv",
    "from_dict",
    "from_json",
    "individual_round",
    "mitchell_round",
    "mitchell_shift",
    "pair_in_order",
    "play_table",
    "rank_text",
    "read_entrants",
    "read_tables",
    "round_decks",
    "round_robin_round",
    "score_sheet_csv",
    "standings_csv",
    "tables_csv",
    "to_dict",
    "to_json",
]
