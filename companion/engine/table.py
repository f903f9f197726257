"""What the table does with the physical pieces, as data.

``steps(before, action, after)`` lists every physical move an action asks for, in the order
they are best done: each a :class:`TableStep`, a ``Message`` (code and parameters, never
words; the templates are ``ENGLISH`` in :mod:`.table_words`) with what a picture of it needs
(the village and the cell, the piece, its colour, a figure standing or lying). An action that
ends the round also lists the round end's moves (tiles changing hands, coins back, the
start-player token); the school's return and the new buildings add theirs.

Pure: no display, no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import messages
from .actions import (
    Action,
    AddCoin,
    Birth,
    Build,
    CannotAct,
    Choose,
    ChooseStartPlayer,
    Deliver,
    EndTurn,
    FirstCouple,
    Marry,
    NeutralBuild,
    NeutralMarry,
    Pick,
    PlaceBuilding,
    PlaceNeutral,
    Reveal,
    SchoolReturn,
    SecondCouple,
    StartBuildings,
    ThirdCouple,
    Wake,
)
from .grid import Cell, in_quarter, row_first
from .messages import Message
from .setup import dowry_laid, left_neighbour
from .state import CHARACTERS, DRAFT, PLAY, SCHOOL, START_BUILDINGS, GameState
from .table_words import BACK, CHILD_CODES, ENGLISH, NO_BACK
from .table_words import CODES as CODES  # the step codes, for the catalogues' tests
from .values import Colour, Sex

# The pieces a step's picture shows.
VILLAGER = "villager"
CHILD = "child"
COIN = "coin"
NEUTRAL_COIN = "neutral_coin"
CUBE = "cube"
BUILDING = "building"
CHARACTER_TILE = "character_tile"
GOODS_TILE = "goods_tile"
BRANCH_TILE = "branch_tile"
VILLAGE_TILE = "village_tile"
TOKEN = "start_token"
SCORE = "score"
PIECES = (VILLAGER, CHILD, COIN, NEUTRAL_COIN, CUBE, BUILDING, CHARACTER_TILE, GOODS_TILE,
          BRANCH_TILE, VILLAGE_TILE, TOKEN, SCORE)



@dataclass(frozen=True)
class TableStep:
    """One physical move: what to say (``message``) and what its picture shows."""

    message: Message
    piece: str
    colour: Colour | None = None
    """The piece's colour (a player's, or the neutral village's); None for the neutral coin."""
    village: str | None = None
    """The village the picture shows (its key in ``state.villages``)."""
    cell: Cell | None = None
    """The cell highlighted; None with a village: its centre."""
    sex: str | None = None
    awake: bool | None = None
    """A villager's figure: standing (True) or lying (False)."""
    character: str | None = None
    n: int = 1

    @property
    def code(self) -> str:
        return self.message.code


def english(step: TableStep | Message, catalogue: Any = None) -> str:
    """The English of a step, for the CLI, logs and tests."""
    msg = step.message if isinstance(step, TableStep) else step
    child = ({"sex": "boy" if msg.params["sex"] == Sex.M else "girl"}
             if msg.code in CHILD_CODES and "sex" in msg.params else None)
    return messages.english(msg, catalogue, ENGLISH, child)


def _v(state: GameState, village: str) -> str:
    """A village as a message parameter: its colour, "neutral" for the neutral village."""
    return "neutral" if state.villages[village].neutral else village


class _Steps:
    """Collects the steps of one action."""

    def __init__(self, before: GameState, after: GameState) -> None:
        self.before, self.after = before, after
        self.out: list[TableStep] = []

    def add(self, code: str, params: dict[str, Any], piece: str, **picture: Any) -> None:
        """A step: its message's parameters, then what its picture shows."""
        assert code in ENGLISH, code
        self.out.append(TableStep(Message(code, params), piece, **picture))

    def building(self, village: str, cell: Cell) -> str:
        state = self.after if cell in self.after.villages[village].buildings else self.before
        return state.villages[village].buildings[cell].type

    def at(self, village: str, cell: Cell) -> dict[str, Any]:
        """The parameters naming a building: type, cell, village."""
        return {"building": self.building(village, cell), "cell": cell,
                "village": _v(self.after, village)}


# --- setup ---------------------------------------------------------------------------------------


def _setup(s: _Steps, a: Action) -> None:
    b, af = s.before, s.after
    if isinstance(a, ChooseStartPlayer) and b.options.setup != "draft":
        # (in the draft the token stays beside the board: the last to pick takes it, §6.1)
        s.add("table.start_token", {"player": a.player}, TOKEN, colour=a.player)
    elif isinstance(a, Pick):
        if a.take_from:
            s.add("table.take_start_building_from", {"player": a.player, "building": a.building,
                                                     "take_from": a.take_from},
                  BUILDING, colour=a.player)
        else:
            s.add("table.take_start_building", {"player": a.player, "building": a.building},
                  BUILDING, colour=a.player)
    elif isinstance(a, StartBuildings):
        for t in a.buildings:
            s.add("table.take_start_building", {"player": a.player, "building": t}, BUILDING,
                  colour=a.player)
    elif isinstance(a, PlaceNeutral):
        neutral = af.options.neutral_colour
        assert neutral is not None
        s.add("table.place_building", s.at(neutral, a.cell), BUILDING, village=neutral,
              cell=a.cell)
        s.add("table.neutral_to_building", {**s.at(neutral, a.cell), "sex": a.sex}, VILLAGER,
              colour=neutral, village=neutral, cell=a.cell, sex=a.sex, awake=True)
    elif isinstance(a, PlaceBuilding):
        s.add("table.place_building", s.at(a.player, a.cell), BUILDING, colour=a.player,
              village=a.player, cell=a.cell)
    elif isinstance(a, FirstCouple):
        for sex, cell in ((Sex.M, a.man), (Sex.F, a.woman)):
            s.add("table.supply_to_building", {"player": a.player, "sex": sex,
                                               **s.at(a.player, cell)},
                  VILLAGER, colour=a.player, village=a.player, cell=cell, sex=sex, awake=True)
    elif isinstance(a, SecondCouple):
        other = Sex(a.school).other
        cell = next(c for c, bd in af.villages[a.player].buildings.items()
                    if len(bd.adults) > len(b.villages[a.player].buildings[c].adults))
        s.add("table.supply_to_building", {"player": a.player, "sex": other,
                                           **s.at(a.player, cell)},
              VILLAGER, colour=a.player, village=a.player, cell=cell, sex=other, awake=True)
        s.add("table.supply_to_school", {"player": a.player, "sex": a.school}, VILLAGER,
              colour=a.player, sex=a.school, awake=True)
    elif isinstance(a, ThirdCouple):
        left = left_neighbour(b, a.player)
        other = Sex(a.spouse).other
        s.add("table.supply_to_building", {"player": a.player, "sex": a.spouse,
                                           **s.at(left, a.cell)},
              VILLAGER, colour=a.player, village=left, cell=a.cell, sex=a.spouse, awake=True)
        s.add("table.supply_to_centre", {"player": a.player, "sex": other,
                                         "village": _v(af, a.player)},
              VILLAGER, colour=a.player, village=a.player, sex=other, awake=True)
    if b.phase in (DRAFT, START_BUILDINGS) and af.phase not in (DRAFT, START_BUILDINGS):
        _start_pool_done(s, a)
    if dowry_laid(af) and not dowry_laid(b):
        # The dowry (setup step 5): the coins the rules put into the centres.
        for v, village in af.villages.items():
            for c, n in sorted(village.coins.items()):
                for _i in range(n):
                    s.add("table.dowry", {"player": c, "village": _v(af, v)}, COIN, colour=c,
                          village=v)


def _start_pool_done(s: _Steps, a: Action) -> None:
    """The draft's (or the letters') end: the last picker takes the start-player token
    (§6.1 step 2); the start tiles nobody took go back into the box (with 2 players the neutral
    village gets 4 of them first, §6.3)."""
    b, af = s.before, s.after
    if isinstance(a, Pick) and af.start_player and af.start_player != b.start_player:
        s.add("table.start_token_last_pick", {"player": af.start_player},
              TOKEN, colour=af.start_player)  # from beside the board, where it lay
    left = Counter({t: n for t, n in b.start_pool.items() if n > 0})
    taken = a.buildings if isinstance(a, StartBuildings) else (
        (a.building,) if isinstance(a, Pick) and a.take_from is None else ())
    left -= Counter(taken)
    neutral = af.options.neutral_colour
    if neutral:
        left -= Counter(af.to_place[neutral])
    for t in sorted(left.elements()):
        s.add("table.start_tile_to_box", {"building": t}, BUILDING)


# --- a turn --------------------------------------------------------------------------------------


def _adult_changed(s: _Steps, village: str, cell: Cell, colour: Colour, awake_after: bool
                   ) -> Sex | None:
    """The sex of ``colour``'s villager on that building whose state became ``awake_after``."""
    old = s.before.villages[village].buildings[cell].adults
    new = s.after.villages[village].buildings[cell].adults
    for x, y in zip(old, new, strict=False):
        if x.colour == colour and x.awake != awake_after and y.awake == awake_after:
            return x.sex
    return None


def _chains(s: _Steps, player: Colour, chains: Iterable[Any]) -> None:
    seen: set[tuple[str, Cell]] = set()
    for chain in chains:
        for step in chain:
            if (step.village, step.cell) in seen:
                continue
            seen.add((step.village, step.cell))
            sex = _adult_changed(s, step.village, step.cell, player, False) or Sex.M
            s.add("table.lay_down", {"player": player, "sex": sex, "good": step.good,
                                     **s.at(step.village, step.cell)},
                  VILLAGER, colour=player, village=step.village, cell=step.cell, sex=sex,
                  awake=False)


def _tile(s: _Steps, a: Any, character: str) -> None:
    if getattr(a, "tile", False):
        s.add("table.tile_face_down", {"player": a.player, "character": character},
              CHARACTER_TILE, colour=a.player, character=character)


def _turn(s: _Steps, a: Action) -> None:
    b, af = s.before, s.after
    if isinstance(a, Choose):
        s.add("table.coins_on_character", {"player": a.player, "n": a.coins,
                                           "character": a.character},
              COIN, colour=a.player, character=a.character, n=a.coins)
    elif isinstance(a, AddCoin) and b.turn is not None and b.turn.character is not None:
        s.add("table.coins_on_character", {"player": a.player, "n": 1,
                                           "character": b.turn.character},
              COIN, colour=a.player, character=b.turn.character, n=1)
    elif isinstance(a, Build):
        _tile(s, a, "builder")
        _chains(s, a.player, a.pay)
        bought = sum(n for _g, n in a.buy)
        # Coins the engine sends back to the hand after this build (§7) pay for the bought
        # goods first: they stay on the Builder; only the rest is put on or taken off.
        kept = min(bought, _returned(b, af))
        chosen = b.turn.character if b.turn else None
        if kept and chosen not in (None, "builder"):
            # The coins come off the character chosen this turn (the Builder tile's build
            # left it nothing to do): they move onto the Builder.
            s.add("table.coins_move_to_builder", {"player": a.player, "n": kept,
                                                  "character": chosen, "buy": tuple(a.buy)},
                  COIN, colour=a.player, character=chosen, n=kept)
        elif kept:
            s.add("table.coins_pay_goods", {"player": a.player, "n": kept,
                                            "buy": tuple(a.buy)},
                  COIN, colour=a.player, character="builder", n=kept)
        if bought - kept:
            # "more" coins only where this turn's coins lie; the tile's build puts the first
            code = "table.coins_for_goods" if chosen == "builder" else "table.coins_for_goods_tile"
            s.add(code, {"player": a.player, "n": bought - kept, "buy": tuple(a.buy)},
                  COIN, colour=a.player, character="builder", n=bought - kept)
        s.add("table.place_building", s.at(a.player, a.cell), BUILDING, colour=a.player,
              village=a.player, cell=a.cell)
        _moved_in(s, a.player, a.cell, "table.move_in", a.player)
    elif isinstance(a, NeutralBuild):
        neutral = af.options.neutral_colour
        assert neutral is not None
        s.add("table.neutral_coin", {"character": "builder"}, NEUTRAL_COIN,
              character="builder")
        s.add("table.place_building", s.at(neutral, a.cell), BUILDING, village=neutral,
              cell=a.cell)
        _moved_in(s, neutral, a.cell, "table.neutral_move_in", None)
    elif isinstance(a, Deliver):
        _tile(s, a, "carter")
        _chains(s, a.player, [a.chain])
        s.add("table.cube", {"player": a.player, "good": a.chain[-1].good}, CUBE,
              colour=a.player)
    elif isinstance(a, Wake):
        _tile(s, a, "night_watchman")
        for cell, bd in sorted(b.villages[a.village].buildings.items(),
                               key=lambda kv: row_first(kv[0])):
            if not in_quarter(cell, a.quarter):
                continue
            for ad in bd.adults:
                if not ad.awake:
                    s.add("table.stand_up", {"player": ad.colour, "sex": ad.sex,
                                             **s.at(a.village, cell)},
                          VILLAGER, colour=ad.colour, village=a.village, cell=cell,
                          sex=ad.sex, awake=True)
    elif isinstance(a, Marry):
        _tile(s, a, "priest")
        s.add("table.marry", {"player": a.player, "sex": a.sex, "source": a.source,
                              **s.at(a.village, a.cell)},
              VILLAGER, colour=a.player, village=a.village, cell=a.cell, sex=a.sex, awake=True)
        if a.dowry is not None:
            if a.dowry == a.player:
                s.add("table.dowry_own", {"player": a.player, "village": _v(af, a.village)},
                      COIN, colour=a.dowry, village=a.village)
            else:
                s.add("table.dowry_take", {"player": a.player, "holder": a.dowry,
                                           "village": _v(af, a.village)},
                      COIN, colour=a.dowry, village=a.player)
    elif isinstance(a, NeutralMarry):
        s.add("table.neutral_coin", {"character": "priest"}, NEUTRAL_COIN, character="priest")
        s.add("table.neutral_marry", {"sex": a.sex, **s.at(a.player, a.cell)}, VILLAGER,
              colour=af.options.neutral_colour, village=a.player, cell=a.cell, sex=a.sex,
              awake=True)
    elif isinstance(a, Birth):
        _tile(s, a, "midwife")
        s.add("table.child", {"player": a.player, "sex": a.sex,
                              "building": s.building(a.player, a.cell), "cell": a.cell},
              CHILD, colour=a.player, village=a.player, cell=a.cell, sex=a.sex)


def _returned(before: GameState, after: GameState) -> int:
    """Coins the engine took back into the hand in this action (same turn, §7)."""
    b, af = before.turn, after.turn
    if b is None or af is None or b.player != af.player or before.active != after.active:
        return 0
    return max(af.returned - b.returned, 0)


def _coins_to_hand(s: _Steps, action: Action) -> None:
    """The unusable coins of the turn back off the character into the hand; a build's bought
    goods already took some of them (see ``_turn``)."""
    b, af = s.before, s.after
    n = _returned(b, af)
    if isinstance(action, Build):
        n -= min(sum(k for _g, k in action.buy), n)
    character = (af.turn.character if af.turn else None) or (b.turn.character if b.turn
                                                                else None)
    if n <= 0 or character is None or af.turn is None:
        return
    player = af.turn.player
    s.add("table.coins_to_hand", {"player": player, "n": n, "character": character}, COIN,
          colour=player, character=character, n=n)


def _moved_in(s: _Steps, village: str, cell: Cell, code: str, player: Colour | None) -> None:
    adults = s.after.villages[village].buildings[cell].adults
    if not adults:
        return
    params: dict[str, Any] = {"sex": adults[0].sex, **s.at(village, cell)}
    if player is not None:
        params["player"] = player
    s.add(code, params, VILLAGER, colour=adults[0].colour, village=village, cell=cell,
          sex=adults[0].sex, awake=True)


# --- what any action may hand out -----------------------------------------------------------


def _tiles_won(s: _Steps) -> None:
    b, af = s.before, s.after
    for g, c in af.goods_tiles.items():
        if g not in b.goods_tiles:
            s.add("table.goods_tile", {"player": c, "good": g}, GOODS_TILE, colour=c)
    for br, c in af.branch_tiles.items():
        if br not in b.branch_tiles:
            s.add("table.branch_tile", {"player": c,
                                        "goods": tuple(sorted(af.catalogue.branches[br].goods))},
                  BRANCH_TILE, colour=c)
    for i, c in enumerate(af.village_tiles[len(b.village_tiles):], len(b.village_tiles)):
        vp = af.catalogue.village_tile_vp[i]
        s.add("table.village_tile", {"player": c, "n": vp}, VILLAGE_TILE, colour=c, n=vp)


# --- the round end -------------------------------------------------------------------------------


def _round_start(s: _Steps) -> None:
    """Round end steps 1 and 2: the character tiles, the coins, the start-player token."""
    b, af = s.before, s.after
    for ch in CHARACTERS:
        holder, old = af.tile_holder.get(ch), b.tile_holder.get(ch)
        if holder and holder != old:
            if old:
                s.add("table.character_tile", {"player": holder, "character": ch,
                                               "holder": old},
                      CHARACTER_TILE, colour=holder, character=ch)
            else:
                s.add("table.character_tile_new", {"player": holder, "character": ch},
                      CHARACTER_TILE, colour=holder, character=ch)
    for ch in CHARACTERS:
        if ch in b.tiles_used:
            s.add("table.tile_face_up", {"character": ch}, CHARACTER_TILE, character=ch)
    for ch in CHARACTERS:
        for c, n in b.character_coins[ch].items():
            s.add("table.coins_back", {"player": c, "n": n, "character": ch}, COIN, colour=c,
                  character=ch, n=n)
    if b.neutral_coin not in (None, "ready"):
        s.add("table.neutral_coin_back", {"character": b.neutral_coin}, NEUTRAL_COIN,
              character=b.neutral_coin)
    if af.start_player != b.start_player and af.start_player:
        s.add("table.start_token_from", {"player": af.start_player, "holder": b.start_player},
              TOKEN, colour=af.start_player)


def _round_finish(s: _Steps) -> None:
    """Round end steps 4 and 5, once the school's villagers are home: the children go to the
    school (not after the last round); the score markers move."""
    b, af = s.before, s.after
    if af.phase == SCHOOL:
        return
    for v, village in b.villages.items():
        if af.game_over:
            break  # the game is over: no next round for the school (§12)
        for cell, bd in sorted(village.buildings.items(), key=lambda kv: row_first(kv[0])):
            for c, sex in bd.children:
                s.add("table.child_to_school", {"player": c, "sex": sex, **s.at(v, cell)},
                      CHILD, colour=c, village=v, cell=cell, sex=sex)
    for c in af.colours:
        if af.track.get(c, 0) != b.track.get(c, 0):
            vp = af.track[c]
            s.add("table.score", {"player": c, "n": vp}, SCORE, colour=c, n=vp)


def round_ended(before: GameState, action: Action, after: GameState) -> bool:
    """Whether ``action`` ended a round of turns."""
    return (isinstance(action, EndTurn | CannotAct) and before.phase == PLAY
            and (after.phase != PLAY or after.round != before.round))


def steps(before: GameState, action: Action, after: GameState) -> list[TableStep]:
    """The physical moves ``action`` asks for (``before`` -> ``after``), in order."""
    s = _Steps(before, after)
    if isinstance(action, EndTurn | CannotAct):
        if round_ended(before, action, after):
            _round_start(s)
            _round_finish(s)
    elif isinstance(action, SchoolReturn):
        for p in action.placements:
            if p.cell is None:
                s.add("table.school_to_centre", {"player": action.player, "sex": p.sex},
                      VILLAGER, colour=action.player, village=action.player, sex=p.sex,
                      awake=True)
            else:
                s.add("table.school_home", {"player": action.player, "sex": p.sex,
                                            "building": s.building(action.player, p.cell),
                                            "cell": p.cell},
                      VILLAGER, colour=action.player, village=action.player, cell=p.cell,
                      sex=p.sex, awake=True)
        _round_finish(s)
    elif isinstance(action, Reveal):
        for t in action.buildings:
            s.add("table.new_building", {"building": t}, BUILDING)
    elif before.phase == PLAY:
        _turn(s, action)
        _coins_to_hand(s, action)
    else:
        _setup(s, action)
    _tiles_won(s)
    return s.out


def back_steps(before: GameState, action: Action, after: GameState) -> list[TableStep]:
    """The moves that take ``action`` back on the table once it is undone (``after`` ->
    ``before``): each step's inverse, last first; a figure stood up is laid down again."""
    out = []
    for step in reversed(steps(before, action, after)):
        if step.code in NO_BACK:
            continue
        params = dict(step.message.params)
        if step.code == "table.score":
            params["n"] = before.track.get(params["player"], 0)
        awake = None if step.awake is None else (
            not step.awake if step.code in ("table.lay_down", "table.stand_up") else step.awake)
        code = "table.back." + step.code.removeprefix("table.")
        assert code in BACK, code
        out.append(TableStep(Message(code, params), step.piece, step.colour, step.village,
                             step.cell, step.sex, awake, step.character,
                             params.get("n", step.n)))
    return out
