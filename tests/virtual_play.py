"""Games with virtual players played through the screens, as a table would: the new-game
screen makes seats virtual; a person's moves are entered with taps (``ui_driver``); a virtual
player's turn is read off its screen and confirmed with "Done" or its seat button; a cost it
asks for is read off the tile (test data drawn from the seed, never a real cost)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.bot import CostNeeded, deciders, whole_turn
from companion.bot.playout import table_action
from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.screens.turn.virtual import VirtualScreen
from companion.engine import Action, HelvetiaError, TileCost, apply
from companion.engine.state import COLOURS, OVER
from companion.selfplay import drawn_costs
from tests.ui_driver import TURN, Driver, Stuck, same

MAX_STEPS = 3000


@dataclass
class Table:
    """What happened at the table, for the test to check."""

    virtual_turns: int = 0
    by_button: int = 0
    costs_read: int = 0
    hints: int = 0
    screenshots: list[Path] = field(default_factory=list)


def set_up(d: Driver, players: list[str], levels: dict[str, str]) -> None:
    """The new-game screen: the colours that play, and the level of each virtual seat."""
    if d.has("hint:ok"):  # in a window: the note on the keys that stand for seat buttons
        d.tap("hint:ok")
    d.seat_players(players)
    for c in players:
        for _ in range(4):
            w = next(x for x in d.widgets() if x.id == f"level:{c}")
            if w.value == levels.get(c):
                break
            d.tap(w.id)
    d.tap("setup:draft")
    d.tap("start")
    if d.app.session is None:
        raise d.stuck("the game did not start")


def virtual_turn(d: Driver, secret: dict[str, dict[str, int]], t: Table, press: bool) -> None:
    """A virtual player's screen: a cost it asks for is read off the tile; otherwise the
    pieces are moved as shown and its turn confirmed."""
    screen = d.app.screen
    assert isinstance(screen, VirtualScreen)
    d.widgets()
    start = len(d.done())
    if screen.reading is not None:
        if not d.enabled("good:"):
            d.tap(next(w.id for w in d.enabled("tile_cost:")))
        building = screen.reading.type
        assert building is not None
        for g, n in sorted(secret[building].items()):
            for _ in range(n):
                d.tap(f"good:{g}")
        d.tap("cost:done")
        t.costs_read += 1
    else:
        assert screen.plan, "a virtual player's screen with nothing to do"
        assert screen.table is not None and screen.table.shown(), "no table steps shown"
        plan = list(screen.plan)
        if press and screen.state.phase == "play":
            d.seat(screen.colour)
            t.by_button += 1
        else:
            d.tap("virtual:done")
        done = d.done()[start:]
        # the plan, then what the app takes by itself (a school return with no choice)
        assert done[: len(plan)] == plan[: len(done)], (done, plan, d.app.banner)
        t.virtual_turns += 1
    if len(d.done()) == start:
        raise d.stuck(f"the virtual player's screen did nothing ({d.app.banner})")


def person(d: Driver, colour: str | None, rng: random.Random, secret: dict[str, Any],
           seed: int) -> None:
    """A person's decision (or the table's), taken with the screens: what they do is chosen
    at random-but-sensible (the easy level), entered tap by tap."""
    state = helvetia_state(d.app)
    assert state is not None
    if colour is None:
        plan: list[Action] = [table_action(state, rng)]
    else:
        try:
            for level in ("easy", "normal", "strong", "random"):  # one the screens can take
                plan = list(whole_turn(state, colour, level=level, seed=seed))
                if enterable(state, plan) is not None:
                    break
        except CostNeeded as need:
            b = need.buildings[0]
            plan = [TileCost(colour, b, tuple(sorted(secret[b].items())))]
    ordered = enterable(state, plan)
    if ordered is None:
        raise AssertionError(f"no way to enter {plan} through the turn screen")
    plan = ordered
    begin = len(d.done())
    i = 0
    while i < len(plan):
        a = plan[i]
        try:
            if a.type == "choose" and i + 1 < len(plan) and plan[i + 1].type in TURN:
                d.turn_action(plan[i + 1], coins=a.coins)  # type: ignore[attr-defined]
                i += 2
            else:
                d.enter(a)
                i += 1
        except Stuck as exc:
            exc.add_note(f"entering {a} of {plan}; done {d.done()[begin:]}")
            raise
    done = d.done()[begin: begin + len(plan)]
    if [same(x) for x in done] != [same(x) for x in plan]:
        raise d.stuck(f"the app did {done}, not {plan}")


def enterable(state: Any, plan: list[Action]) -> list[Action] | None:
    """A person's turn in the order the turn screen takes it: coins on a character together
    with its first action, so a tile's action goes before the coins or after their actions
    (else it is left out); checked with the engine. None: coins on a character with no
    action of it (legal, the coin goes back, but no person would enter it so)."""
    if not plan or plan[0].type != "choose":
        return plan
    regular = [a for a in plan[1:] if a.type in TURN and not getattr(a, "tile", False)
               and not a.type.startswith("neutral")]
    if not regular:
        return None
    tiles = [a for a in plan[1:] if a not in regular and a.type in TURN]
    rest = [a for a in plan[1:] if a not in regular and a not in tiles]
    for candidate in ([plan[0], *regular, *tiles, *rest], [plan[0], *regular, *rest]):
        try:
            s = state
            for a in candidate:
                s = apply(s, a)
        except HelvetiaError:
            continue
        return candidate
    return None


def play(players: list[str], levels: dict[str, str], seed: int, data_dir: Path,
         language: str = "en", shots: Path | None = None,
         watch: Callable[[App, VirtualScreen], None] | None = None) -> tuple[App, Table]:
    """A whole game to the winner (``watch`` looks at every virtual player's screen before
    it is done). Returns the app (to be closed) and what happened."""
    rng = random.Random(seed)
    secret = drawn_costs(rng)
    seats = tuple(players + [c for c in COLOURS if c not in players])
    app = App(Config(language=language, data_dir=data_dir, seats=seats,
                     buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))
    d = Driver(app)
    t = Table()
    set_up(d, players, levels)
    for step in range(MAX_STEPS):
        d.widgets()
        state = helvetia_state(app)
        assert state is not None
        if state.phase == OVER:
            return app, t
        if isinstance(app.screen, VirtualScreen):
            if shots is not None and state.phase == "play" and not t.screenshots \
                    and state.round >= 2 and app.screen.reading is None:
                t.screenshots.append(save(app, shots / "virtual-turn.png"))
            if watch is not None:
                watch(app, app.screen)
            virtual_turn(d, secret, t, press=step % 2 == 0)
            continue
        if app.summary_pending and d.has("continue"):  # the round's summary, looked at
            d.tap("continue")
            continue
        who = deciders(state)
        colour = next((c for c in who if c not in levels), None)
        if colour is None and who:
            raise Stuck("a virtual player's decision without its screen", type(app.screen)
                        .__name__, d.listing())
        if shots is not None and colour is not None and state.phase == "play" \
                and len(t.screenshots) == 1 and state.round >= 2 and d.has("hint") \
                and state.turn is not None and state.turn.character is None:
            d.tap("hint")
            t.hints += 1
            t.screenshots.append(save(app, shots / "hint.png"))
            d.tap("hint:close")
        person(d, colour, rng, secret, seed)
    raise AssertionError(f"no winner after {MAX_STEPS} decisions")


def save(app: App, path: Path) -> Path:
    import pygame

    app.draw()
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.surface, str(path))
    return path


def three_virtual_until(tmp: Path, want: Callable[[VirtualScreen], bool]) -> tuple[App, Driver]:
    """Three virtual players from "New game" on, every turn confirmed with Done, until a
    virtual player's screen that ``want`` picks."""
    app = App(Config(language="en", data_dir=tmp, seats=("red", "blue", "yellow", "white"),
                     buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))
    d = Driver(app)
    set_up(d, ["red", "blue", "yellow"], {"red": "normal", "blue": "easy", "yellow": "easy"})
    secret = drawn_costs(random.Random(1))
    rng = random.Random(2)
    t = Table()
    for _ in range(800):
        d.widgets()
        screen = app.screen
        state = helvetia_state(app)
        if state is not None and state.phase == OVER and d.has("new_game"):
            d.tap("new_game")  # another game, the same seats (a rematch keeps them virtual)
            set_up(d, ["red", "blue", "yellow"],
                   {"red": "normal", "blue": "easy", "yellow": "easy"})
            continue
        if isinstance(screen, VirtualScreen):
            if screen.reading is None and screen.table is not None and want(screen):
                return app, d
            virtual_turn(d, secret, t, press=False)
        elif d.has("continue"):
            d.tap("continue")
        else:
            d.enter(table_action(helvetia_state(app), rng))
    raise AssertionError("no such virtual player's screen")
