"""The rules of Drunter & Drüber (Klaus Teuber, Hans im Glück): pure Python, no display,
hardware, files or clocks, built like Helvetia's engine (``companion.engine``).

State and actions are plain typed values; ``apply(state, action)`` is the one checked way to a
new state; ``Game`` keeps the record (JSON Lines, ``"game": "drunter"``), replays it and
undoes. The rules digest is docs/rules/drunter.md (cited as §D1-§D9); the board format and
the record are in docs/drunter-board.md, the rulings in docs/drunter-rulings.md.
"""

from .actions import (
    Action,
    CannotPlace,
    ChooseObjectives,
    Place,
    Reveal,
    Vote,
    action_to_json,
    parse_action,
)
from .board import (
    BUILDING_TYPES,
    DIRECTIONS,
    KINDS,
    ROAD_KIND,
    ROADS,
    Board,
    Building,
    board_to_json,
    load_board,
)
from .errors import BoardError, DrunterIllegal, HelvetiaError, MalformedAction, RecordError
from .game import (
    Game,
    apply,
    header_line,
    is_drunter_header,
    is_drunter_record,
    new_game,
    phase_message,
    why_not,
)
from .options import Option, turn_options
from .placement import can_place, fits_nowhere, legal_placements, why_no_tile_fits
from .state import DrunterState
from .summary import summary

__all__ = [
    "Action", "BUILDING_TYPES", "Board", "BoardError", "Building", "CannotPlace",
    "ChooseObjectives", "DIRECTIONS", "DrunterIllegal", "DrunterState", "Game", "HelvetiaError",
    "KINDS", "MalformedAction", "Place", "RecordError",
    "ROADS", "ROAD_KIND", "Reveal", "Vote", "action_to_json", "apply", "board_to_json",
    "can_place", "header_line", "is_drunter_header", "is_drunter_record", "legal_placements",
    "load_board", "new_game", "Option", "parse_action", "phase_message", "summary",
    "turn_options", "why_not", "fits_nowhere", "why_no_tile_fits",
]
