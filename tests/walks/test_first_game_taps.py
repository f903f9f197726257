"""A first game on a new device, played through the screens as a table would (issue 32): four
players, one of them a strong virtual player, in German, with the draft. Counted: the taps
from "New game" to the first turn, and the taps of cost entry (goods read off tiles) up to
the start of round 3, past two round ends. The table here never enters a cost it is not
asked for (the costs of stack I and of the new tiles are optional): every cost-entry tap is
one the companion asked for. The costs read are test data drawn from the seed, never real.

``python -m tests.walks.test_first_game_taps`` prints the figures (run it in another checkout with
its own tests to compare: the same logic, only the screens' widget ids)."""

from __future__ import annotations

import json
import random
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from companion.bot import deciders
from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.screens.turn.virtual import VirtualScreen
from companion.engine.state import OVER, PLAY
from companion.selfplay import drawn_costs
from tests.ui_driver import Driver
from tests.virtual_play import Table, person, set_up, virtual_turn

PLAYERS = ["red", "blue", "yellow", "white"]
LEVELS = {"white": "strong"}
COST_IDS = ("good:", "cost:", "cost_tile:", "tile_cost", "back_cost", "at_hand:")
"""The widgets of cost entry: the goods, the form's buttons, the choice of the tile."""


@dataclass
class Taps:
    to_first_turn: int = 0
    """From the new-game screen's first tap to the first turn's screen."""
    cost_entry: int = 0
    """Taps on cost entry up to round 3."""
    cost_entry_by_round: dict[int, int] = field(default_factory=dict)
    costs_asked: int = 0
    """Costs the table was asked to read off a tile (by the virtual player, or a person's
    build of a type not known yet)."""
    by_virtual: int = 0
    """Of the cost-entry taps, those the virtual player asked for."""
    virtual_asks: list[int] = field(default_factory=list)
    """Each time the virtual player asked for costs: how many types it offered to read."""


def enter_at_hand(d: Driver, secret: dict[str, dict[str, int]]) -> None:
    """A table that reads every cost while the tiles are in its hands: each type not known
    yet on the list opened (stack I's on the setup checklist, the new tiles' after a draw)."""
    for _ in range(20):
        todo = [w for w in d.enabled("at_hand:") if w.value is not None and any(
            line == _not_known() for line in w.lines)]
        if not todo:
            return
        d.tap(todo[0].id)
        for g, n in sorted(secret[todo[0].value].items()):
            for _i in range(n):
                d.tap(f"good:{g}")
        d.tap("cost:done")


def _not_known() -> str:
    from companion.display.words import i18n

    return i18n._("not known yet")


def first_game(data_dir: Path, seed: int = 5, until_round: int = 3,
               at_hand: bool = False) -> Taps:
    rng = random.Random(seed)
    secret = drawn_costs(rng)
    seats = tuple(PLAYERS)
    app = App(Config(language="de", data_dir=data_dir, seats=seats,
                     buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))
    try:
        d = Driver(app)
        t = Table()
        taps = Taps()
        set_up(d, PLAYERS, LEVELS)
        if at_hand and d.has("at_hand:open"):  # stack I's costs, as it is laid out
            d.tap("at_hand:open")
            enter_at_hand(d, secret)
            d.tap("at_hand:close")
        counted = 0
        for _step in range(3000):
            d.widgets()
            state = helvetia_state(app)
            assert state is not None
            if state.phase == PLAY and not taps.to_first_turn and not app.summary_pending \
                    and type(app.screen).__name__ in ("TurnScreen", "VirtualScreen"):
                taps.to_first_turn = d.taps
            if state.phase == OVER or (state.round >= until_round and state.phase == PLAY):
                break
            for tapped in d.log[counted:]:
                if tapped.startswith(COST_IDS):
                    taps.cost_entry += 1
                    rnd = state.round
                    taps.cost_entry_by_round[rnd] = taps.cost_entry_by_round.get(rnd, 0) + 1
            counted = len(d.log)
            if isinstance(app.screen, VirtualScreen):
                before = len(d.log)
                if app.screen.reading is not None:
                    taps.costs_asked += 1
                    taps.virtual_asks.append(len(app.screen.reading.types))
                virtual_turn(d, secret, t, press=False)
                taps.by_virtual += sum(x.startswith(COST_IDS) for x in d.log[before:])
                continue
            if app.summary_pending and d.has("continue"):  # a round's summary, looked at
                if at_hand:  # the new tiles' costs, right after they are drawn
                    enter_at_hand(d, secret)
                d.tap("continue")
                continue
            who = deciders(state)
            colour = next((c for c in who if c not in LEVELS), None)
            before = len(d.log)
            person(d, colour, rng, secret, seed)
            if any(x.startswith(COST_IDS) for x in d.log[before:]):
                taps.costs_asked += 1
        for tapped in d.log[counted:]:
            if tapped.startswith(COST_IDS):
                taps.cost_entry += 1
        return taps
    finally:
        app.close()


def test_a_first_game_asks_few_costs(tmp_path: Path) -> None:
    """The virtual player asks only for the one tile it wants to build, a handful of taps
    each time (before: every building on offer, one after another, 12-25 taps a round
    end)."""
    taps = first_game(tmp_path)
    print(json.dumps(asdict(taps)))
    assert 0 < taps.to_first_turn <= 60, taps
    assert all(n == 1 for n in taps.virtual_asks), taps  # one tile, the one it wants
    # each: the goods read off the tile (1-5) and Done
    assert taps.by_virtual <= 7 * len(taps.virtual_asks), taps
    assert taps.by_virtual <= 14, taps


def test_costs_read_while_in_hand_are_never_asked_again(tmp_path: Path) -> None:
    """A table that enters the costs while the tiles are in its hands: the virtual player
    never asks (unless a pass wants a tile priced, not in this game)."""
    taps = first_game(tmp_path, at_hand=True)
    print(json.dumps(asdict(taps)))
    assert taps.by_virtual == 0 and not taps.virtual_asks, taps


def main() -> int:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for at_hand in (False, True):
        try:
            taps = first_game(Path(tempfile.mkdtemp()), seed, at_hand=at_hand)
        except Exception as exc:  # another checkout's screens may offer no costs in hand
            print(json.dumps({"at_hand": at_hand, "error": repr(exc)[:200]}))
            continue
        print(json.dumps({"at_hand": at_hand, **asdict(taps)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
