"""Drives the app as a table would: synthetic touches on its widgets and seat-button events.

Given a recorded game, it plays every line through the screens (and checks after each that
the app's own record has that line): it never calls the engine or the store itself.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pygame

from companion.display.app import App
from companion.display.forms import GOODS
from companion.display.screens import NewGameScreen, RoundScreen, SetupScreen, TurnScreen
from companion.display.screens.common import value_key
from companion.engine import Action, Build, Deliver, parse_action
from companion.hw.events import ButtonEvent

TURN = {"build", "deliver", "wake", "marry", "birth", "neutral_build", "neutral_marry"}


class Driver:
    def __init__(self, app: App) -> None:
        self.app = app
        self.taps = 0
        self.presses = 0
        self.log: list[str] = []
        """The id of every widget tapped, in order."""

    # --- a person's means ------------------------------------------------------------------

    def ids(self) -> list[str]:
        if self.app.dirty or not self.app.widgets:
            self.app.draw()
        return [w.id for w in self.app.widgets]

    def has(self, id_: str) -> bool:
        return any(w.id == id_ and w.enabled for w in self._widgets())

    def _widgets(self) -> list[Any]:
        self.ids()
        return self.app.widgets

    def tap(self, id_: str) -> None:
        found = [w for w in self._widgets() if w.id == id_]
        screen = type(self.app.overlay or self.app.screen).__name__
        assert found, f"no widget {id_!r} on {screen}: {self.ids()}"
        w = found[-1]
        assert w.enabled, f"widget {id_!r} is disabled"
        x, y = self.app.to_window(w.rect.center)
        ww, wh = self.app.window.get_size()
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(pygame.event.Event(kind, x=x / ww, y=y / wh, dx=0.0, dy=0.0,
                                                 touch_id=1, finger_id=0, pressure=1.0))
        self.app.step(0)
        self.taps += 1
        self.log.append(id_)

    def seat(self, seat: str, kind: str = "press") -> None:
        self.app.events.put(ButtonEvent(seat, kind, time.monotonic()))
        self.app.step(0)
        self.presses += 1

    # --- playing a record ---------------------------------------------------------------------

    def new_game(self, header: dict[str, Any]) -> None:
        screen = self.app.screen
        assert isinstance(screen, NewGameScreen)
        wanted = {p["colour"] for p in header["players"]}
        for c in screen.seats:
            if (c in screen.playing) != (c in wanted):
                self.tap(f"colour:{c}")
        options = header["options"]
        self.tap(f"setup:{options['setup']}")
        if options.get("intro") != screen.intro:
            self.tap("intro")
        if options.get("neutral_colour"):
            self.tap(f"neutral:{options['neutral_colour']}")
        self.tap("start")

    def play(self, lines: list[str], stop: int | None = None) -> None:
        """Play the record's actions through the UI, up to action number ``stop``."""
        actions = [parse_action(json.loads(line)) for line in lines[1:]]
        if self.app.session is None:
            self.new_game(json.loads(lines[0]))
        i = len(self.app.session.game.actions)  # type: ignore[union-attr]
        end = len(actions) if stop is None else stop
        while i < end:
            done = self.app.session.game.actions  # type: ignore[union-attr]
            if len(done) > i:  # the app took a step with no real choice by itself
                assert done[i] == actions[i], (i, done[i], actions[i])
                i += 1
                continue
            a = actions[i]
            if isinstance(self.app.screen, RoundScreen) and self.has("continue"):
                self.tap("continue")
            if a.type == "choose":
                self.turn_action(actions[i + 1], coins=a.coins)
                i += 2
            elif a.type in TURN:
                self.turn_action(a, coins=None)
                i += 1
            elif a.type == "end_turn":
                self.seat(a.player)  # type: ignore[attr-defined]
                i += 1
            elif a.type == "cannot_act":
                self.tap("cannot_act")
                i += 1
            elif a.type == "reveal":
                self.tap("reveal:start")
                for t in a.buildings:  # type: ignore[attr-defined]
                    self.tap(f"reveal:{t}")
                self.tap("reveal:done")
                i += 1
            else:
                self.setup_action(a)
                i += 1
            done = self.app.session.game.actions  # type: ignore[union-attr]
            assert done[:i] == actions[:i], (i, self.app.banner, done[-2:], actions[i - 2:i])

    def setup_action(self, a: Action) -> None:
        screen = self.app.screen
        assert isinstance(screen, SetupScreen | RoundScreen), type(screen)
        form = screen.form
        assert form is not None
        while True:
            step = form.next_field()
            if step is None:
                break
            name, _values = step
            self.tap(f"value:{name}:{value_key(getattr(a, name))}")
            if self.app.screen is not screen:
                return
        if a.type == "start_buildings":
            self.tap(f"letter:{value_key(a.letter)}")  # type: ignore[attr-defined]

    def turn_action(self, a: Action, coins: int | None) -> None:
        screen = self.app.screen
        assert isinstance(screen, TurnScreen), (type(screen), self.app.banner)
        if a.type.startswith("neutral"):
            if screen.character is not None:
                self.tap("back_list")
            self.tap("neutral")
        elif screen.character is None:
            self.tap(f"character:{_character(a)}")
        options = screen.listed()
        index = next(n for n, o in enumerate(options) if _same_option(o.action, a))
        while not self.has(f"option:{index}"):
            self.tap("page:next")
        self.tap(f"option:{index}")
        form = screen.form
        assert form is not None
        if a.type == "build" and a.cost is not None and "cost" in [f.name for f in form.fields]:  # type: ignore[attr-defined]
            for g, n in a.cost:  # type: ignore[attr-defined]
                for _ in range(n):
                    self.tap(f"good:{g}")
            self.tap("cost:done")
            form = screen.form
            assert form is not None
        for f, value in _wanted_fields(form, a):
            if f.value == value or f.kind == GOODS:
                continue
            self.tap(f"field:{f.name}")
            key = next(c.key for c in f.choices if c.value == value)
            if f.kind == "cell":
                self.tap(f"cell:{key}")
            else:
                while not self.has(f"choice:{key}"):
                    self.tap("choices:next")
                self.tap(f"choice:{key}")
        assert form.action() == a, (form.action(), a)
        self.tap(f"do:{coins}" if coins is not None else "do")


def _character(a: Action) -> str:
    return {"build": "builder", "deliver": "carter", "wake": "night_watchman",
            "marry": "priest", "birth": "midwife"}[a.type]


def _same_option(option: Action, a: Action) -> bool:
    """The option the recorded action comes from (before any change of its fields)."""
    if option.type != a.type or getattr(option, "tile", False) != getattr(a, "tile", False):
        return False
    o: Any = option
    x: Any = a
    if a.type in ("build", "neutral_build"):
        return bool(o.building == x.building)
    if a.type == "deliver":
        return bool(o.chain[-1].good == x.chain[-1].good)
    if a.type == "wake":
        return bool((o.village, o.quarter) == (x.village, x.quarter))
    if a.type == "marry":
        return bool((o.sex, o.source, o.village, o.cell) == (x.sex, x.source, x.village, x.cell))
    if a.type == "birth":
        return bool(o.cell == x.cell)
    return bool((o.sex, o.cell) == (x.sex, x.cell))  # neutral_marry


def _wanted_fields(form: Any, a: Any) -> list[tuple[Any, Any]]:
    """Each field of the form with the value the recorded action has in it."""
    out = []
    pay_units: dict[str, list[Any]] = {}
    if isinstance(a, Build):
        for chain in a.pay:
            pay_units.setdefault(chain[-1].good, []).append(chain)
        for g, n in a.buy:
            pay_units.setdefault(g, []).extend(["buy"] * n)
        # Chains first, then buys, in the order the form lists the good's units.
        for g in pay_units:
            pay_units[g].sort(key=lambda u: u == "buy")
    for f in form.fields:
        if f.name.startswith("pay:"):
            g = f.name.split(":")[1]
            out.append((f, pay_units[g].pop(0)))
        elif f.name == "chain" and isinstance(a, Deliver):
            out.append((f, a.chain))
        elif f.name in ("cell", "mover", "dowry", "sex"):
            out.append((f, getattr(a, f.name)))
    return out
