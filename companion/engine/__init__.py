"""The rules of Helvetia: pure Python, no display, hardware, files or clocks.

State and actions are plain typed values. ``apply(state, action)`` is the one checked way to a
new state; ``Game`` keeps the record, replays it and undoes.

A rule cited as §n (here, in the tests and in the docs) is that section of
docs/rules/helvetia.md, the rules digest the engine implements.
"""

from .actions import (
                      Action,
                      AddCoin,
                      Birth,
                      Build,
                      CannotAct,
                      Chain,
                      Choose,
                      ChooseStartPlayer,
                      CorrectCost,
                      Deliver,
                      EndByAgreement,
                      EndTurn,
                      FirstCouple,
                      Marry,
                      NeutralBuild,
                      NeutralMarry,
                      Pick,
                      PlaceBuilding,
                      Placement,
                      PlaceNeutral,
                      Reveal,
                      SchoolReturn,
                      SecondCouple,
                      StartBuildings,
                      Step,
                      ThirdCouple,
                      TileCost,
                      Wake,
                      action_to_json,
                      parse_action,
)
from .catalogue import Catalogue
from .catalogue import load as load_catalogue
from .errors import CatalogueError, HelvetiaError, IllegalAction, MalformedAction, RecordError
from .game import Game, apply, header_line, phase_message, phase_text
from .header import Header
from .messages import CODES, ENGLISH, Message, english
from .moves import Option
from .options import TurnOptions, legal_actions, turn_options, why_not
from .production import Payment, find_payment
from .scoring import breakdown, decide_winners, village_complete, vp
from .setup import new_game
from .state import CHARACTERS, GameState
from .summary import summary
from .values import Cell, NeutralCoin, Sex, Source, Via

__all__ = [
    "Action", "AddCoin", "Birth", "Build", "CannotAct", "Catalogue", "CatalogueError", "Chain",
    "CHARACTERS",
    "Choose", "ChooseStartPlayer", "CorrectCost", "Deliver", "EndByAgreement", "EndTurn",
    "FirstCouple", "Game",
    "GameState",
    "HelvetiaError", "IllegalAction", "MalformedAction", "Marry", "NeutralBuild", "NeutralMarry",
    "Payment", "Pick", "PlaceBuilding", "Placement", "PlaceNeutral", "RecordError", "Reveal",
    "SchoolReturn", "SecondCouple", "StartBuildings", "Step", "ThirdCouple", "TileCost", "Wake",
    "CODES", "ENGLISH", "Message", "english", "phase_message",
    "action_to_json", "apply", "breakdown", "decide_winners", "find_payment", "header_line",
    "load_catalogue", "legal_actions", "new_game", "Option", "parse_action", "phase_text",
    "summary", "TurnOptions", "turn_options", "why_not",
    "village_complete", "vp",
    "Cell", "Header", "NeutralCoin", "Sex", "Source", "Via",
]
