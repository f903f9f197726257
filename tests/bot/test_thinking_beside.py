"""A virtual player thinks beside the screen: while its plan is being made (held back here on
purpose, its worker blocked), the screen answers Menu, its Close and the seat buttons, and
draws on (the seat's pulse); the plan it then shows and plays is the one the player made
before the plan moved off the screen's thread (a ``decide`` per action, from where the last
one led), for the same state and seed."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.bot import decide, deciders, hint, whole_turn
from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.screens.turn.virtual import VirtualScreen
from companion.engine import Action, CannotAct, EndTurn, Game, GameState, apply
from companion.hw.events import HOLD, PRESS, ButtonEvent
from companion.session import Session
from companion.store import Store
from tests.ui_driver import tap_at_once

DATA = Path(__file__).parent.parent / "data"


def yesterdays_plan(state: GameState, colour: str, level: str, seed: int) -> list[Action]:
    """The plan as the virtual player's screen made it on the screen's thread (before the
    worker): ``decide`` once per action, each from where the last one led."""
    plan: list[Action] = []
    s = state
    while colour in deciders(s) and s.phase == state.phase and len(plan) < 30:
        action = decide(s, colour, level=level, seed=seed)
        plan.append(action)
        s = apply(s, action)
        if isinstance(action, (EndTurn, CannotAct)):
            break
    return plan


def fresh_turn(state: GameState) -> bool:
    """A turn not begun, with a plan to make."""
    turn = state.turn
    return state.phase == "play" and turn is not None and turn.character is None \
        and not turn.done and bool(whole_turn(state, state.active or "", level="easy"))


def at_a_strong_turn(tmp: Path, record: str = "game-4p.jsonl", at: int = 120,
                     level: str | None = "strong") -> App:
    """A stored game at the first turn from action ``at`` on whose player is made a virtual
    player at ``level`` (None: a person; every cost known), reopened as after a restart."""
    lines = (DATA / record).read_text().splitlines()
    game = Game.from_record(lines)
    n = next(i for i in range(at, len(game.actions)) if fresh_turn(game.states[i]))
    who = game.states[n].active
    header = json.loads(lines[0])
    for p in header["players"]:
        if p["colour"] == who and level is not None:
            p["virtual"] = level
    store, _ = Store.open(tmp / "helvetia.db")
    session = Session.start(store, header)
    for line in lines[1:n + 1]:
        session.apply(json.loads(line))
    store.close()
    return App(Config(language="en", data_dir=tmp, buttons=Buttons(backend="keyboard"),
                      leds=Leds(backend="simulated")))


def hold_worker(app: App, gate: threading.Event) -> None:
    """The worker held: every thought waits behind this job until ``gate`` is set."""
    started = threading.Event()

    def held(_withdrawn: Callable[[], bool]) -> None:
        started.set()
        gate.wait(60)
    app.beside.run(app.screen, held)
    assert started.wait(10)


def shown_over(app: App) -> object:
    """The overlay on the screen now (read afresh: the app changes it)."""
    return app.overlay


def press(app: App, seat: str, kind: str = PRESS) -> None:
    app.events.put(ButtonEvent(seat, kind, time.monotonic()))
    app.step(0)


def until(app: App, done: Callable[[], bool], seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the thought never came"
        app.step(0.01)


@pytest.mark.parametrize(("record", "at"), [("game-4p.jsonl", 120), ("game-3p.jsonl", 40)])
def test_menu_and_seat_buttons_answer_while_a_strong_player_thinks(tmp_path: Path,
                                                                 record: str, at: int) -> None:
    app = at_a_strong_turn(tmp_path, record, at)
    gate = threading.Event()
    try:
        hold_worker(app, gate)
        app.step(0)
        screen = app.screen
        assert isinstance(screen, VirtualScreen) and screen.level == "strong"
        state, colour = screen.state, screen.colour
        assert screen.thinking == colour and screen.thought is not None
        frames = app.frames
        tap_at_once(app, "menu")
        assert type(app.overlay).__name__ == "Menu" and screen.thinking == colour
        tap_at_once(app, "menu:close")
        assert app.overlay is None
        press(app, colour)  # its own seat: not yet, it is thinking (said, nothing done)
        assert app.banner is not None and "thinking" in app.banner
        assert app.session is not None and app.session.state is state
        other = next(c for c in state.colours if c != colour)
        press(app, other, HOLD)  # another seat held: the question to undo, at once
        assert type(app.overlay).__name__ == "UndoConfirm"
        tap_at_once(app, "undo:no")
        assert app.overlay is None and app.screen is screen
        assert app.strip is not None
        pulse = set()
        for _ in range(6):  # the loop goes on: the thinking seat's LEDs pulse
            time.sleep(0.06)
            app.step(0)
            pulse.add(tuple(app.strip.pixels))
        assert len(pulse) > 1
        assert app.frames > frames and screen.thinking == colour and not screen.plan
        gate.set()
        until(app, lambda: screen.thinking is None)
        assert screen.plan == yesterdays_plan(state, colour, "strong", screen.seed)
        plan = list(screen.plan)
        before = len(app.session.game.actions)
        tap_at_once(app, "virtual:done")
        assert app.session.game.actions[before:before + len(plan)] == plan
    finally:
        gate.set()
        app.close()


def test_an_undo_during_the_thought_withdraws_it(tmp_path: Path) -> None:
    """Undo while the virtual player thinks: its screen goes, its thought is withdrawn (never
    shown), and the screen the game's state calls for is up at once."""
    app = at_a_strong_turn(tmp_path)
    gate = threading.Event()
    try:
        hold_worker(app, gate)
        app.step(0)
        screen = app.screen
        assert isinstance(screen, VirtualScreen) and screen.thought is not None
        thought = screen.thought
        assert app.session is not None
        n = len(app.session.game.actions)
        tap_at_once(app, "undo")
        tap_at_once(app, "undo:yes")
        assert len(app.session.game.actions) < n and app.screen is not screen
        assert thought.withdrawn
        gate.set()
        until(app, lambda: not app.beside.busy)
        assert not thought.ready or thought.withdrawn
    finally:
        gate.set()
        app.close()


def test_the_hint_is_thought_out_beside_the_screen(tmp_path: Path) -> None:
    """A person's hint: its overlay is up at once and Close answers while the hint is being
    thought out; asked again, it comes with the strong level's plan and why."""
    from companion.display.screens.turn.hint import HintOverlay

    app = at_a_strong_turn(tmp_path, level=None)
    gate = threading.Event()
    try:
        app.step(0)
        state = helvetia_state(app)
        assert state is not None and state.active is not None
        hold_worker(app, gate)
        tap_at_once(app, "hint")
        overlay = app.overlay
        assert isinstance(overlay, HintOverlay) and overlay.thinking == state.active
        assert overlay.thought is not None and not overlay.words
        tap_at_once(app, "hint:close")
        assert app.overlay is None and overlay.thought.withdrawn
        gate.set()
        tap_at_once(app, "hint")
        overlay = shown_over(app)
        assert isinstance(overlay, HintOverlay)
        until(app, lambda: overlay.thinking is None)
        want = hint(state, state.active)
        assert overlay.plan == want.plan and len(overlay.words) == len(want.plan)
        assert getattr(app.screen, "hinted", None) == want.plan  # the turn screen follows it
    finally:
        gate.set()
        app.close()


@pytest.mark.parametrize("seed", [0, 7])
def test_the_whole_turn_is_yesterdays_plan(seed: int) -> None:
    """Over a recorded game, every few decisions: the plan made once in the worker is the
    plan the screen made action by action before, at every level."""
    lines = (DATA / "game-3p.jsonl").read_text().splitlines()
    game = Game.from_record(lines)
    checked = 0
    for state in game.states[::17]:
        for colour in deciders(state):
            for level in ("easy", "normal", "strong"):
                try:
                    want = yesterdays_plan(state, colour, level, seed)
                except Exception as exc:  # the same error, both ways
                    with pytest.raises(type(exc)):
                        whole_turn(state, colour, level=level, seed=seed)
                    continue
                assert list(whole_turn(state, colour, level=level, seed=seed)) == want
                checked += 1
    assert checked > 10


def test_no_screen_thinks_on_the_screen_s_thread() -> None:
    """The screens get a plan or a hint beside the screen (``screens/turn/thinking.py``
    hands the bot's searches to the app's worker, ``AppView.beside``), never by calling the
    bot's searches themselves; of the bot they may use only its orderings of the options
    (``likely``, ``habits``)."""
    import ast

    import companion.display.screens as screens

    root = Path(screens.__file__).parent
    allowed = {"likely", "habits"}
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.relative_to(root).as_posix() == "turn/thinking.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                parts = node.module.split(".")
                if "bot" in parts and (node.level > 0 or parts[0] == "companion"):
                    rest = parts[parts.index("bot") + 1:]
                    if not rest or rest[0] not in allowed:
                        found.append(f"{path.relative_to(root)}: {node.module}")
    assert found == []
    thinking = (root / "turn" / "thinking.py").read_text(encoding="utf-8")
    assert thinking.count("beside.run(") == 2  # the plan and the hint, both beside
