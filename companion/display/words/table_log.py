"""What the table does with the physical pieces: the engine's table steps (``engine/table.py``)
kept for the whole turn (then for the whole round end), and worded for the screen."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...engine import Action, GameState
from ...engine import table as table_rules
from ...engine.state import PLAY
from ...engine.table import TableStep
from ...engine.table_words import virtual_code
from ...engine.turns import tile_character
from .i18n import _, building, character, cost, good, name, ngettext, say, village, where

READ = ("tile_cost", "correct_cost")
"""Actions that read a cost off a tile: nothing moves on the table."""


@dataclass
class TableLog:
    """Every physical move of the turn so far, in order, each with the state after its action
    (its picture shows that); from the end of a round of turns, the round end's moves, until
    the next turn's first action."""

    entries: list[tuple[TableStep, GameState]] = field(default_factory=list)
    key: tuple[Any, ...] | None = None
    last: int = 0
    """Where the last action's steps begin."""
    undone: list[tuple[TableStep, GameState]] = field(default_factory=list)
    """The moves of the actions undone since the last action done: the table takes them
    back (an undo after an undo adds its own, so none is lost to a quick second undo)."""
    ticked: set[int] = field(default_factory=set)
    """The steps the table ticked off as done (indexes into ``shown()``)."""
    taken: list[tuple[Action, int]] = field(default_factory=list)
    """The actions undone since the last action done, in the order they were undone (the
    game's latest first), each with the number of its moves in ``undone``."""
    opened: str | None = None
    """The group of the checklist the table has open (kept across a restart)."""
    drawn: list[str] = field(default_factory=list)
    """The new buildings drawn at a round end and tapped on the reveal grid so far, before the
    reveal is entered: they lie on the table already (kept across a restart, ``table_keep``).
    Emptied in place by any action and by ``clear``: the grid holds this very list."""

    def shown(self) -> list[tuple[TableStep, GameState, bool]]:
        """The steps to show, each with its state and whether it is to be taken back."""
        return ([(s, st, False) for s, st in self.entries]
                + [(s, st, True) for s, st in self.undone])

    def took_back(self, before: GameState, action: Action, after: GameState) -> None:
        """An action was undone: its moves are to be taken back, shown after the turn's and
        after those of the actions undone just before it."""
        back = [(s, before) for s in table_rules.back_steps(before, action, after)]
        if back:  # the view opens on the first step to take back (the rest follow it)
            self.last = len(self.entries)
        self.undone = self.undone + back
        self.taken = [*self.taken, (action, len(back))]
        if self.key is not None and self.key[0] == "turn":
            # The turn's steps still in the game were on the table before what was undone:
            # shown done, so that only the take-back steps read as still to do (play-test
            # 2026-11-28, finding 7). The setup's and a round end's keep their own ticks.
            self.ticked |= set(range(len(self.entries)))

    @property
    def steps(self) -> list[TableStep]:
        return [s for s, _state in self.entries]

    def clear(self) -> None:
        self.entries = []
        self.key = None
        self.last = 0
        self.undone = []
        self.ticked = set()
        self.taken = []
        self.opened = None
        self.drawn.clear()

    def tick(self, i: int) -> None:
        """The table ticks a step off (or on again)."""
        self.ticked ^= {i}

    def left(self) -> list[int]:
        """The steps not ticked off yet, in order."""
        return [i for i in range(len(self.shown())) if i not in self.ticked]

    def add(self, before: GameState, action: Action, after: GameState) -> None:
        self.ticked = {i for i in self.ticked if i < len(self.entries)}
        self.undone = []
        self.taken = []
        self.drawn.clear()  # entered (a reveal), or another action: no grid half-tapped
        new = table_rules.steps(before, action, after)
        if action.type in READ:  # read off a tile: nothing moves,
            return                                       # and the steps to do stay shown
        key = _key(before, action, after)
        if key is None:  # a turn ended: its moves are done
            self.clear()
            return
        if key != self.key:
            self.entries = []
            self.ticked = set()
            self.opened = None
        self.key = key
        self.last = len(self.entries) if new else self.last
        self.entries += [(s, after) for s in new]

    def rebuild(self, states: Sequence[GameState], actions: Sequence[Action]) -> None:
        """After an undo: the log as it was, from the game's states and actions; a step the
        table ticked off stays ticked as long as it is still there."""
        key, kept, ticked = self.key, self.steps, self.ticked
        undone, taken = self.undone, self.taken  # still to be taken back, ticks and all
        back_ticked = {i - len(kept) for i in ticked if i >= len(kept)}
        self.clear()
        self._replay(states, actions)
        if self.key == key:
            self.ticked = {i for i in ticked
                           if i < len(self.entries) and i < len(kept) and self.steps[i] == kept[i]}
        self.undone, self.taken = undone, taken
        self.ticked |= {len(self.entries) + i for i in back_ticked}

    def _replay(self, states: Sequence[GameState], actions: Sequence[Action]) -> None:
        # A cost read off a tile moves nothing: the steps around it are what counts.
        moves = [i for i, a in enumerate(actions) if a.type not in READ]
        if not moves:
            return
        last = _key(states[moves[-1]], actions[moves[-1]], states[moves[-1] + 1])
        if last is None:
            return
        start = moves[-1]
        for i in reversed(moves[:-1]):
            if _key(states[i], actions[i], states[i + 1]) != last:
                break
            start = i
        for i in range(start, len(actions)):
            self.add(states[i], actions[i], states[i + 1])


@dataclass
class GameLog(TableLog):
    """A game's log as its session keeps it (``GameKind.table_steps``): each action done is
    added; each undo is taken back on the log rebuilt from the game as it now stands (a step
    ticked stays ticked while it is still there)."""

    game: Any = field(default=None, compare=False, repr=False)
    """The session's game (a ``RecordedGame`` of Helvetia), which an undo changes in place."""

    @classmethod
    def of(cls, game: Any) -> GameLog:
        """The log of ``game`` as its record has it (after a restart: the same steps)."""
        log = cls(game=game)
        log.rebuild(game.states, game.actions)
        return log

    def done(self, before: GameState, action: Action, after: GameState) -> None:
        self.add(before, action, after)

    def took_back(self, before: GameState, action: Action, after: GameState) -> None:
        self.rebuild(self.game.states, self.game.actions)
        super().took_back(before, action, after)


def _key(before: GameState, action: Action, after: GameState) -> tuple[Any, ...] | None:
    """Steps with the same key are kept together; None: the turn is over, nothing to keep."""
    if table_rules.round_ended(before, action, after):
        return ("round", before.round)
    if action.type in ("end_turn", "cannot_act"):
        return None
    if before.phase == PLAY:
        return ("turn", before.round, before.active)
    if action.type in ("school_return", "reveal"):
        return ("round", before.round)
    # The whole setup's steps are kept together (start token, picks, the draft's end, the
    # placements, couples, the dowry) until the table ticks them or the turns begin.
    return ("setup",)


def for_the_table(step: TableStep, virtual: Collection[str]) -> TableStep:
    """A step of a seat the companion plays (``virtual``), worded for the person who moves its
    pieces: "Yellow's supply", never "your supply" (``table.X.virtual``)."""
    code = virtual_code(step.message.code)
    if code is None or step.message.params.get("player") not in virtual:
        return step
    return replace(step, message=replace(step.message, code=code))


def step_text(step: TableStep, undone: bool = False) -> str:
    """A table step in the current language (an undone action's steps are worded as the
    inverse moves already: ``table.back.*``)."""
    return say(step.message)


def action_text(action: Action, state: GameState, tile: bool = True,
                with_who: bool = True) -> str:
    """One line for an action already done, e.g. for the undo question and the game's record:
    an action for the neutral village, or done with a character tile, says so (the tile
    unsaid when not ``tile``: the caller says it its own way; the player's name left out
    when not ``with_who``: the screen says whose it is)."""
    text = _action_text(action, state, with_who)
    by = tile_character(action)
    if by is None or not tile:
        return text
    who, sep, what = text.partition(": ") if hasattr(action, "player") and with_who \
        else ("", "", text)
    return who + sep + _("{what}, with the {character} tile").format(
        what=what, character=character(by))


def _action_text(action: Action, state: GameState, with_who: bool = True) -> str:
    cat = state.catalogue
    who = name(action.player) + ": " if hasattr(action, "player") and with_who else ""
    a: Any = action
    if a.type == "choose":
        return who + ngettext("{n} coin on the {character}", "{n} coins on the {character}",
                              a.coins).format(n=a.coins, character=character(a.character))
    if a.type == "add_coin" and state.turn is not None and state.turn.character:
        return who + ngettext("{n} coin on the {character}", "{n} coins on the {character}",
                              1).format(n=1, character=character(state.turn.character))
    if a.type in ("build", "neutral_build", "place_building", "place_neutral", "pick"):
        where_ = f" ({where(a.cell)})" if hasattr(a, "cell") else ""
        what = building(cat, a.building)
        if a.type in ("neutral_build", "place_neutral"):
            what = _("{building} for the neutral village").format(building=what)
        return who + what + where_
    if a.type == "deliver":
        return who + _("delivered {good}").format(good=good(cat, a.chain[-1].good))
    if a.type == "wake":
        key = "neutral" if state.villages[a.village].neutral else a.village
        return who + _("woke a quarter of {village}").format(village=village(key))
    if a.type in ("first_couple", "second_couple", "third_couple"):
        n = ("first_couple", "second_couple", "third_couple").index(a.type) + 1
        return who + _("couple {couple}").format(couple=n)
    if a.type == "neutral_marry":
        return who + _("a marriage with a neutral villager")
    if a.type == "marry":
        return who + _("a marriage")
    if a.type == "start_player" and state.options.setup == "draft":  # the token: the last pick
        return _("{player} picks first in the draft").format(player=name(a.player))
    if a.type == "start_player":
        return _("{player} is the start player").format(player=name(a.player))
    if a.type == "start_buildings":
        return who + ", ".join(building(cat, b) for b in a.buildings)
    if a.type == "end_by_agreement":
        return _("the game ended by agreement")
    if a.type == "birth":
        return who + _("a child ({cell})").format(cell=where(a.cell))
    if a.type == "end_turn":
        return who + _("ended the turn")
    if a.type == "school_return":
        return who + _("the villagers from the school")
    if a.type == "reveal":
        return _("the new buildings")
    if a.type in ("correct_cost", "tile_cost"):
        return building(cat, a.building) + ": " + cost(a.cost)
    return who + str(a.type).replace("_", " ")

