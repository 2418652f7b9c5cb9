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

from burraco.tournament.duplicate import (
    SEATS,
    Comparison,
    HandRecord,
    LineScore,
    against_bots,
    compare,
    deal_deck,
    hand_record,
    hand_records,
    matchpoint_standings,
    play_table,
    records_html,
    records_json,
    records_text,
    round_decks,
)
from burraco.tournament.entrants import MOST_ENTRANTS, Entrant
from burraco.tournament.event import (
    DEFAULT_CRITERIA,
    MOST_DEALS,
    MOST_ROUNDS,
    Seats,
    Settings,
    Tournament,
)
from burraco.tournament.interchange import (
    FORMAT,
    MOST_TEXT,
    entrants_csv,
    from_dict,
    from_json,
    read_entrants,
    read_tables,
    round_from_dict,
    score_sheet_csv,
    settings_from_dict,
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
    rotation_round,
    round_robin_round,
    small_tables,
)
from burraco.tournament.pdf import pdf_document
from burraco.tournament.results import (
    LEAST_DEAL_POINTS,
    MOST_DEAL_POINTS,
    MOST_POINTS,
    MOST_VICTORY_POINTS,
    POINT_STEP,
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
    standings_html,
)
from burraco.tournament.store import EventStore, Submission, SubmissionState, is_event_store
from burraco.tournament.victory import (
    DEAL_MINUTES,
    FORMATS,
    VICTORY_TABLES,
    Format,
    default_victory_table,
    read_victory_table,
    top_victory_points,
    victory_table,
)

__all__ = [
    "Adjustment",
    "Comparison",
    "Criterion",
    "DEAL_MINUTES",
    "DEFAULT_CRITERIA",
    "Entrant",
    "EventStore",
    "FORMAT",
    "FORMATS",
    "Format",
    "HandRecord",
    "LEAST_DEAL_POINTS",
    "LineScore",
    "MOST_DEALS",
    "MOST_DEAL_POINTS",
    "MOST_ENTRANTS",
    "MOST_POINTS",
    "MOST_ROUNDS",
    "MOST_TEXT",
    "MOST_VICTORY_POINTS",
    "Movement",
    "POINT_STEP",
    "Rematches",
    "ResultEntry",
    "ResultKind",
    "Round",
    "SEATS",
    "Seats",
    "Settings",
    "Standing",
    "Standings",
    "Submission",
    "SubmissionState",
    "Table",
    "TableResult",
    "Tournament",
    "VICTORY_TABLES",
    "against_bots",
    "compare",
    "compute_standings",
    "danese_round",
    "deal_deck",
    "default_victory_table",
    "entrants_csv",
    "from_dict",
    "from_json",
    "hand_record",
    "hand_records",
    "individual_round",
    "is_event_store",
    "matchpoint_standings",
    "mitchell_round",
    "mitchell_shift",
    "pair_in_order",
    "pdf_document",
    "play_table",
    "rank_text",
    "read_entrants",
    "read_tables",
    "read_victory_table",
    "records_html",
    "records_json",
    "records_text",
    "rotation_round",
    "round_from_dict",
    "round_decks",
    "round_robin_round",
    "score_sheet_csv",
    "settings_from_dict",
    "small_tables",
    "standings_csv",
    "standings_html",
    "tables_csv",
    "to_dict",
    "to_json",
    "top_victory_points",
    "victory_table",
]
