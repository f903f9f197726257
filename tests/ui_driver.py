"""Drives the app as a table would: synthetic touches on its widgets and seat-button events.

Given a recorded game, it enters every line through the screens and checks after each that
the app's own record has that line: it never calls the engine or the store to make a move. It
finds its way by widget ids and by what a widget stands for (``Widget.value``), never by
positions or labels, so that a restyled screen still plays. A line it finds no way to enter
raises ``Stuck`` with the screen's widgets.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

import pygame

from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.kit.widgets import Widget
from companion.display.screens.parts import value_key
from companion.engine import (
    Action,
    Build,
    Deliver,
    Reveal,
    SchoolReturn,
    StartBuildings,
    parse_action,
)
from companion.hw.events import HOLD, PRESS, ButtonEvent

TURN = {"build", "deliver", "wake", "marry", "birth", "neutral_build", "neutral_marry"}
NAV = {"villages", "market", "undo", "costs", "menu", "back", "banner", "abandon"}
"""Widgets that look around or go back in time, not forward in the game."""
CHARACTER = {"build": "builder", "deliver": "carter", "wake": "night_watchman",
             "marry": "priest", "birth": "midwife"}
MAX_TAPS = 200
"""Taps allowed for one line before the driver gives up: a screen that leads in circles."""


class Stuck(AssertionError):
    """The screens offer no way to enter an action."""

    def __init__(self, reason: str, screen: str, widgets: list[str]) -> None:
        super().__init__(f"{reason} on {screen}: {widgets}")
        self.reason = reason
        self.screen = screen
        self.widgets = widgets


def finger(app: App, pos: tuple[int, int]) -> None:
    """A finger down and up at ``pos`` on the logical screen, and one loop step."""
    x, y = app.to_window(pos)
    ww, wh = app.window.get_size()
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, x=x / ww, y=y / wh, dx=0.0, dy=0.0,
                                             touch_id=1, finger_id=0, pressure=1.0))
    app.step(0)


def tap_at_once(app: App, id_: str) -> None:
    """A finger on the widget as the last frame drew it, and one loop step: answered within
    that step or not at all (nothing beside the screen is waited for)."""
    finger(app, next(w for w in reversed(app.widgets) if w.id == id_).rect.center)


class Driver:
    def __init__(self, app: App) -> None:
        self.app = app
        self.taps = 0
        self.presses = 0
        self.log: list[str] = []
        """The id of every widget tapped, in order."""
        self.names_entered = False
        """Whether the new-game screen asked for the players' names (and they were typed)."""

    # --- a person's means ------------------------------------------------------------------

    def widgets(self) -> list[Widget]:
        """What is on the screen now (drawn first if anything changed); a virtual player that
        is still thinking is waited for, as a table would."""
        self.settle()
        if self.app.dirty or not self.app.widgets:
            self.app.draw()
        return self.app.widgets

    def settle(self, seconds: float = 120.0) -> None:
        """A thought of the companion's on the screen (a virtual player's plan, a hint) or a
        screen's loading (a record replayed), worked out beside the screen, waited for as a
        table would: the loop goes on."""
        end = time.monotonic() + seconds
        while any(getattr(x, "thinking", None) is not None or getattr(x, "loading", False)
                  for x in (self.app.screen, self.app.overlay)):
            if time.monotonic() > end:
                raise Stuck("the companion is still thinking", self.screen_name(), [])
            self.app.step(0.01)

    def ids(self) -> list[str]:
        return [w.id for w in self.widgets()]

    def listing(self) -> list[str]:
        """The widgets as a person sees them: id, and '(off)' for a greyed-out one."""
        return [w.id + ("" if w.enabled and w.on_tap else " (off)") for w in self.widgets()]

    def screen_name(self) -> str:
        return type(self.app.overlay or self.app.screen).__name__

    def enabled(self, prefix: str = "") -> list[Widget]:
        return [w for w in self.widgets() if w.enabled and w.on_tap and w.id.startswith(prefix)]

    def has(self, id_: str) -> bool:
        return any(w.id == id_ for w in self.enabled())

    def stuck(self, reason: str) -> Stuck:
        return Stuck(reason, self.screen_name(), self.listing())

    def tap(self, id_: str) -> None:
        found = [w for w in self.widgets() if w.id == id_]
        if not found:
            raise self.stuck(f"no widget {id_!r}")
        w = found[-1]
        if not (w.enabled and w.on_tap):
            raise self.stuck(f"widget {id_!r} is disabled")
        self.touch(w)

    def touch(self, w: Widget) -> None:
        """A finger down and up at the widget's centre, through the app's event loop."""
        self.touch_at(w.rect.center)
        self.log.append(w.id)

    def touch_at(self, pos: tuple[int, int]) -> None:
        """A tap anywhere on the logical screen, on a widget or not."""
        finger(self.app, pos)
        self.settle()
        self.taps += 1

    def seat(self, seat: str, kind: str = PRESS) -> None:
        self.app.events.put(ButtonEvent(seat, kind, time.monotonic()))
        self.app.step(0)
        self.settle()
        self.presses += 1

    def hold(self, seat: str) -> None:
        self.seat(seat, HOLD)

    def done(self) -> list[Action]:
        return self.app.session.game.actions if self.app.session else []

    # --- a new game ----------------------------------------------------------------------------

    def open_games(self) -> None:
        """The group's history, from the menu (a tap away on every screen)."""
        self.tap("menu")
        self.tap("menu:games")

    def new_game(self, header: dict[str, Any]) -> None:
        """Who plays and with which options, on the new-game screen; the colours must be the
        first seats of the app's configuration, in the header's order."""
        wanted = [p["colour"] for p in header["players"]]
        self.seat_players(wanted)
        options = header.get("options", {})
        self.tap(f"setup:{options.get('setup', 'draft')}")
        intro = next((w for w in self.widgets() if w.id == "intro"), None)
        if intro is None:
            raise self.stuck("no intro option")
        if intro.selected != bool(options.get("intro")):
            self.tap("intro")
        if options.get("neutral_colour"):
            self.tap(f"neutral:{options['neutral_colour']}")
        self.enter_names(header)
        self.tap("start")
        if self.app.session is None:
            raise self.stuck("the game did not start")

    def seat_players(self, wanted: list[str]) -> None:
        """The colours on the places around the device, seat 1 first (play order is the
        places' order): each place to change is tapped, then given its colour (which leaves
        the place it sat at) or nobody; two taps a place."""
        def at(place: int) -> str | None:
            return next(w.colour for w in self.widgets() if w.id == f"seat:{place}")

        places = sorted(int(w.id.split(":")[1]) for w in self.widgets()
                        if w.id.startswith("seat:"))
        target = {p: (wanted[i] if i < len(wanted) else None) for i, p in enumerate(places)}
        for p in places:
            if at(p) != target[p]:
                self.tap(f"seat:{p}")
                self.tap(f"seat-colour:{target[p] or 'none'}")
            if at(p) != target[p]:
                raise self.stuck(f"seat {p} cannot take {target[p]}")

    def enter_names(self, header: dict[str, Any]) -> None:
        """Each player's name typed on the new-game screen's keyboard, where it asks for names
        (``name:<colour>``); a name the keyboard cannot type leaves the names to the colours."""
        try:
            from companion.display.screens.setup.keyboard import taps_for
            from companion.display.words import i18n
        except ImportError:
            return
        players = [(p["colour"], p.get("name") or "") for p in header["players"]]
        try:
            plans = [(c, taps_for(n, i18n.language)) for c, n in players if n]
        except ValueError:
            return
        if not all(self.has(f"name:{c}") for c, _taps in plans):
            return
        for c, taps in plans:
            self.tap(f"name:{c}")
            if self.has("key:clear"):
                self.tap("key:clear")
                if not any(w.selected for w in self.widgets() if w.id == "key:shift"):
                    self.tap("key:shift")  # taps_for starts from an empty board: capitals
            for t in taps:
                self.tap(t)
            self.tap("name:ok")
        self.names_entered = bool(plans) and len(plans) == len(players)

    # --- playing a record ---------------------------------------------------------------------

    def play(self, lines: list[str], stop: int | None = None) -> None:
        """Play the record's actions through the UI, up to action number ``stop``. Raises
        ``Stuck`` (with ``line``, the record's line number) where it finds no way on."""
        actions = screen_order([parse_action(json.loads(line)) for line in lines[1:]
                                if line.strip()])
        if self.app.session is None:
            self.new_game(json.loads(lines[0]))
        i = len(self.done())
        end = len(actions) if stop is None else stop
        while i < end:
            done = self.done()
            if len(done) > i:  # the app took a step with no real choice by itself
                if same(done[i]) != same(actions[i]):
                    raise self.at(i, self.stuck(f"the app did {done[i]} by itself"))
                i += 1
                continue
            a = actions[i]
            n = 1
            try:
                if a.type == "choose" and i + 1 < len(actions) and actions[i + 1].type in TURN:
                    n = 2
                    self.turn_action(actions[i + 1], coins=a.coins)  # type: ignore[attr-defined]
                else:
                    self.enter(a)
            except Stuck as exc:
                raise self.at(i, exc) from None
            except Exception as exc:  # the app failed: say where in the record
                exc.add_note(f"while entering line {i + 2} of the record: {a}")
                raise
            done = self.done()
            if [same(x) for x in done[:i + n]] != [same(x) for x in actions[:i + n]]:
                raise self.at(i, self.stuck(
                    f"the app did {done[i:i + n]}, not {actions[i:i + n]} ({self.app.banner})"))
            if not ways_on(self):
                raise self.at(i, self.stuck("after it, the screen offers no way on"))
            i += n
        state = helvetia_state(self.app)
        if stop is None and state is not None and state.game_over and self.has("continue"):
            self.tap("continue")  # the whole game: past the last round end's checklist

    def reach(self, lines: list[str], stop: int) -> None:
        """The record's game at action number ``stop`` (as ``play(lines, stop=stop)`` counts)
        without a tap: started with the record's header and its actions entered through the
        app's own entry point, ``App.apply``, where every tap that moves the game ends. For a
        test that needs a position; the taps that lead there are the walks' (tests/walks/)."""
        actions = screen_order([parse_action(json.loads(line)) for line in lines[1:]
                                if line.strip()])
        if self.app.session is None:
            self.app.start_game(json.loads(lines[0]))
        for i, a in enumerate(actions[:stop]):
            if len(self.done()) > i:  # the app took a step with no real choice by itself
                continue
            if self.app.summary_pending:  # past the checklist, as its "continue" does
                self.app.summary_pending = False
                self.app.after_change()
            if not self.app.apply(a):
                raise self.at(i, self.stuck(f"the app refused {a} ({self.app.banner})"))
        self.app.step(0)

    @staticmethod
    def at(i: int, exc: Stuck) -> Stuck:
        exc.line = i + 2  # type: ignore[attr-defined]  # the header is line 1
        return exc

    def enter(self, a: Action) -> None:
        """One action that is not a character's action after a choice of coins."""
        self.clear_overlay()
        if a.type in TURN:
            self.turn_action(a, coins=None)
        elif a.type == "end_turn":
            self.end_turn(a)
        elif a.type == "cannot_act":
            self.to_turn_main()
            self.tap("cannot_act")
        elif a.type == "tile_cost":
            self.tile_cost(a)
        elif a.type == "reveal":
            self.reveal(a)
        else:
            self.setup_action(a)

    def clear_overlay(self) -> None:
        for no in ("undo:no", "abandon:no", "steps:close"):
            if self.app.overlay is not None and self.has(no):
                self.tap(no)

    def applied(self, start: int) -> bool:
        return len(self.done()) > start

    def end_turn(self, a: Any) -> None:
        start = len(self.done())
        self.seat(a.player)  # from any view of the turn
        if not self.applied(start):
            self.to_turn_main()
            self.seat(a.player)
        if not self.applied(start) and self.has("end_turn"):
            self.tap("end_turn")
        if not self.applied(start):
            raise self.stuck(f"neither {a.player}'s seat button nor End turn ends the turn "
                             f"({self.app.banner})")

    def tile_cost(self, a: Any) -> None:
        """The cost read off a tile on offer, entered from the turn's first view."""
        self.to_turn_main()
        self.tap("tile_cost")
        if not self.enabled("good:"):
            self.tap(f"tile_cost:{a.building}")
        for g, n in a.cost:
            for _ in range(n):
                self.tap(f"good:{g}")
        self.tap("cost:done")

    def reveal(self, a: Any) -> None:
        """The buildings drawn, each tapped once (stack 2's first, as the screen asks): the
        last finishes the reveal (else, with none to tap, Done)."""
        start = len(self.done())
        self.go_on("reveal:")
        if self.has("reveal:start"):
            self.tap("reveal:start")
        left = list(a.buildings)
        while left:
            t = next((t for t in left if self.has(f"reveal:{t}")), None)
            if t is None:
                raise self.stuck(f"no way to tap {left} of {a}")
            self.tap(f"reveal:{t}")
            left.remove(t)
        if not self.applied(start):
            self.tap("reveal:done")

    def go_on(self, prefix: str) -> None:
        """Past a summary screen ('continue') to where ``prefix`` widgets are."""
        if not self.enabled(prefix) and self.has("continue"):
            self.tap("continue")

    def setup_action(self, a: Action) -> None:
        """Tap the value of each field the screen asks for, then the letter; a forced answer
        is confirmed with one tap."""
        start = len(self.done())
        for _ in range(MAX_TAPS):
            if self.applied(start):
                return
            ws = self.enabled()
            confirm = next((w for w in ws if w.id == "confirm"), None)
            if confirm is not None:
                if confirm.value != a:
                    raise self.stuck(f"the only answer offered is {confirm.value}, not {a}")
                self.touch(confirm)
                continue
            w = next((w for w in ws if _answers(w, a)), None)
            if w is None and isinstance(a, StartBuildings):  # a toggle per building type
                w = next((x for x in ws if x.id.startswith("three:")
                          and (x.value in a.buildings) != x.selected), None)
            for other in ("choices:next", "continue"):
                if w is None:
                    w = next((x for x in ws if x.id == other), None)
            if w is None:
                raise self.stuck(f"no way to enter {a}")
            self.touch(w)
        raise self.stuck(f"{MAX_TAPS} taps did not enter {a}")

    # --- turns -----------------------------------------------------------------------------------

    def to_turn_main(self) -> None:
        """Back to the turn's first view (characters, End turn) from wherever it is."""
        self.go_on("character:")
        for back in ("back_cost", "back_field", "back_form", "back_list"):
            if self.has(back):
                self.tap(back)

    def turn_action(self, a: Any, coins: int | None) -> None:
        start = len(self.done())
        do = f"do:{coins}" if coins is not None else "do"
        self.to_options(a)
        self.count(coins)
        preset = next((w for w in self.enabled("do") if w.id == do and w.value == a), None)
        if preset is None:  # the likeliest but for the choice shown beside "Do it"
            preset = self.turn_choice(do, a)
        if preset is not None:  # the likeliest, preselected, is the one: "Do it" at once
            self.touch(preset)
            if not self.applied(start):
                raise self.stuck(f"{a} was refused: {self.app.banner}")
            return
        self.pick_option(a)
        if self.enabled("good:"):
            self.enter_cost(a)
        self.count(coins)
        if self.enabled("cell:") and self.has("back_form"):  # where it goes, first
            cell = next((w for w in self.enabled("cell:") if w.value == a.cell), None)
            if cell is None:
                raise self.stuck(f"no cell {a.cell} for {a}")
            if not cell.selected:
                self.touch(cell)
            w = next((w for w in self.enabled("do") if w.id == do and w.value == a), None)
            if w is not None:
                self.touch(w)
                if not self.applied(start):
                    raise self.stuck(f"{a} was refused: {self.app.banner}")
                return
            if self.has("details"):
                self.tap("details")  # the rest of the form: who pays, who moves in
        self.fill_fields(a)
        self.count(coins)
        w = next((w for w in self.widgets() if w.id == do), None)
        if w is None and coins == 1:
            w = next((w for w in self.widgets() if w.id == "do"), None)
        if w is None:
            raise self.stuck(f"no {do!r} for {a}")
        if w.value is not None and w.value != a:
            raise self.stuck(f"the form makes {w.value}, not {a}")
        if not w.enabled:
            raise self.stuck(f"{w.id!r} is disabled for {a} ({self.app.banner})")
        self.touch(w)
        if not self.applied(start):
            raise self.stuck(f"{a} was refused: {self.app.banner}")

    def count(self, coins: int | None) -> None:
        """The coins to put on the character, chosen where the screen offers counts (then
        "Do it" does it with them)."""
        if coins is not None and self.has(f"coins:{coins}") and not next(
                w.selected for w in self.widgets() if w.id == f"coins:{coins}"):
            self.tap(f"coins:{coins}")

    def turn_choice(self, do: str, a: Any) -> Widget | None:
        """The choice "Do it" makes (a child's sex, a dowry coin), shown beside it on the
        options or the steps, turned to the record's: then "Do it" (None: no such choice, or
        the preselected action differs in more than it)."""
        if self.has("back_form"):
            return None  # a form's fields are filled as fields
        for _ in range(4):
            w = next((w for w in self.enabled("do") if w.id == do), None)
            toggle = next((t for t in self.enabled("field:") if t.value is not None
                           and t.value.name in ("sex", "dowry")), None)
            if w is None or toggle is None or not _but_for(w.value, a, toggle.value.name):
                return None
            if w.value == a:
                return w
            self.touch(toggle)
        return None

    def to_options(self, a: Any) -> None:
        """The options of the action's character (or of the neutral coin), from the turn's
        steps (its next action) or from its first view."""
        want = "neutral" if a.type.startswith("neutral") else CHARACTER[a.type]
        if self.has(f"next:{want}"):  # from the turn's steps, straight to a tile's options
            self.tap(f"next:{want}")
        elif any(w.id == "do" and w.value == a for w in self.enabled("do")) or any(
                w.id == "do" and _but_for(w.value, a, t.value.name)
                for w in self.enabled("do") for t in self.enabled("field:")
                if t.value is not None and t.value.name in ("sex", "dowry")):
            return  # the steps' "Do it": the chosen character's likeliest next action
        elif self.has("continue"):
            self.tap("continue")
        if getattr(self.app.screen, "shows", None) == want and not self.has("back_form"):
            return
        self.to_turn_main()
        self.tap("neutral" if want == "neutral" else f"character:{want}")

    def pick_option(self, a: Any) -> None:
        rewound = False
        for _ in range(20):
            w = next((w for w in self.enabled("option:")
                      if w.value is not None and _same_option(w.value.action, a)), None)
            if w is None:  # on the village picture: the place itself (by a coin or the tile)
                w = next((w for w in self.enabled() if w.id.startswith(("quarter:", "cell:"))
                          and w.value is not None and _same_option(
                              replace(w.value.action, tile=getattr(a, "tile", False)), a)),
                         None)
            if w is not None:
                self.touch(w)
                if self.enabled("option:") and not self.has("back_form"):
                    continue  # several ways at that place: now as a short list
                return
            group = "marry" if a.type == "neutral_marry" else "build"
            if self.has(f"group:{group}") and not next(
                    w.selected for w in self.widgets() if w.id == f"group:{group}"):
                self.tap(f"group:{group}")  # the neutral coin's other tab
                continue
            village_ = getattr(a, "village", None) or getattr(a, "player", None)
            if self.has(f"village:{village_}") and not next(
                    w.selected for w in self.widgets() if w.id == f"village:{village_}"):
                self.tap(f"village:{village_}")  # the place lies in another village
                continue
            if self.has("list"):
                self.tap("list")
                continue
            if self.has("page:prev") and not rewound:
                while self.has("page:prev"):  # opened at the preselected option's page
                    self.tap("page:prev")
                rewound = True
                continue
            if not self.has("page:next"):
                raise self.stuck(f"no option for {a}")
            self.tap("page:next")
        raise self.stuck(f"no option for {a} on 20 pages")

    def enter_cost(self, a: Any) -> None:
        """The goods read off the tile, tapped as often as the tile shows each."""
        if not isinstance(a, Build) or a.cost is None:
            raise self.stuck(f"the screen asks for a cost {a} does not carry")
        for g, n in a.cost:
            for _ in range(n):
                self.tap(f"good:{g}")
        self.tap("cost:done")

    def fill_fields(self, a: Any) -> None:
        """Change each field whose preselected value differs from the record's."""
        for _ in range(MAX_TAPS):
            fields = [w.value for w in self.widgets() if w.id.startswith("field:")]
            if any(f is None for f in fields):
                raise self.stuck("a field widget does not say which field it is")
            wanted = _wanted_fields(fields, a)
            wrong = next(((f, v) for f, v in wanted if f.value != v and f.kind != "goods"),
                         None)
            if wrong is None:
                return
            f, value = wrong
            key = next((c.key for c in f.choices if c.value == value), None)
            if key is None:
                raise self.stuck(f"{value} is not a choice of {f.name}")
            self.tap(f"field:{f.name}")
            if f.kind == "cell":
                self.tap(f"cell:{key}")
                continue
            if self.has("back_form") and not self.enabled("choice:"):
                continue  # a field of two choices: the tap turned it to the other
            while not self.has(f"choice:{key}"):
                if not self.has("choices:next"):
                    raise self.stuck(f"no choice {key} for {f.name}")
                self.tap("choices:next")
            self.tap(f"choice:{key}")
        raise self.stuck(f"{MAX_TAPS} taps did not set the fields of {a}")


def screen_order(actions: list[Action]) -> list[Action]:
    """The record's actions in the order the screens enter them: the screens put coins on a
    character together with its first action, so a cost read off a tile or a character tile's
    action between the two comes first (the same game either way)."""
    out = list(actions)
    for i in range(len(out) - 2):
        if out[i].type != "choose":
            continue
        k = i + 1
        while k < len(out) and (out[k].type == "tile_cost" or getattr(out[k], "tile", False)):
            k += 1
        if k > i + 1 and k < len(out) and out[k].type in TURN:
            out[i:k] = [*out[i + 1:k], out[i]]
    return out


def same(a: Action) -> Action:
    """The action as the screens make it: the order of a school return's villagers and of
    the buildings drawn is no part of what happens."""
    if isinstance(a, SchoolReturn):
        return replace(a, placements=tuple(sorted(
            a.placements, key=lambda p: (p.sex, p.cell is not None, p.cell or (0, 0)))))
    if isinstance(a, Reveal):
        return replace(a, buildings=tuple(sorted(a.buildings)))
    return a


def _answers(w: Widget, a: Action) -> bool:
    """Whether tapping ``w`` gives one of the action's values: 'value:<field>:<key>' widgets
    (by their value, else their key) and the letter on a village centre's back."""
    kind, _sep, rest = w.id.partition(":")
    if kind == "letter":
        return hasattr(a, "letter") and rest == value_key(a.letter)  # type: ignore[attr-defined]
    if kind != "value":
        return False
    name, _sep, key = rest.partition(":")
    if name in ("type", "letter") or not hasattr(a, name):
        return False
    want = getattr(a, name)
    if w.value is None:
        return key == value_key(want)
    if name == "placements":  # the villagers' order is no part of it
        return sorted(map(repr, w.value)) == sorted(map(repr, want))
    return bool(w.value == want)


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


def _but_for(made: Any, a: Any, name: str) -> bool:
    """Whether the action ``made`` is ``a`` but for its field ``name``."""
    return (made is not None and type(made) is type(a) and hasattr(a, name)
            and replace(made, **{name: getattr(a, name)}) == a)


def _wanted_fields(fields: list[Any], a: Any) -> list[tuple[Any, Any]]:
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
    for f in fields:
        if f.name.startswith("pay:"):
            g = f.name.split(":")[1]
            units = pay_units.get(g, [])
            if units:
                out.append((f, units.pop(0)))
        elif f.name == "chain" and isinstance(a, Deliver):
            out.append((f, a.chain))
        elif f.name in ("cell", "mover", "dowry", "sex"):
            out.append((f, getattr(a, f.name)))
    return out


# --- is there a way on? ------------------------------------------------------------------------

LOOK = {"villages", "market", "costs", "menu", "undo", "banner"}
"""Widgets that only look around (or go back in time): never the way on by themselves."""


def ways_on(d: Driver) -> list[str]:
    """The ways on from the screen as it is: enabled widgets that lead on in the game, and
    'seat:<colour>' when the active seat's button would end the turn. Empty: stranded.

    A turn's first view must offer a character, the neutral coin, End turn or 'cannot act';
    when neither End turn nor 'cannot act' is there, one of the options offered must really
    be possible as preselected (or first ask for the cost read off the tile)."""
    from companion.controls import button_decision
    from companion.display.screens import SetupScreen, TurnScreen

    app = d.app
    ids = [w.id for w in d.enabled() if w.id not in LOOK]
    screen = app.overlay or app.screen
    state = helvetia_state(app)
    seat: list[str] = []
    if state is not None and state.phase == "play" and state.active is not None and \
            button_decision(state, ButtonEvent(state.active, PRESS, 0.0)).action is not None:
        seat = [f"seat:{state.active}"]
    if isinstance(screen, SetupScreen):
        ids = [i for i in ids if i.startswith(("value:", "letter:", "confirm", "random",
                                               "choices:", "three:"))]
    elif isinstance(screen, TurnScreen) and screen.first_view:  # the turn's first view
        ids = [i for i in ids if i.startswith(("character:", "neutral", "end_turn",
                                               "cannot_act"))]
        if not seat and not any(i in ("end_turn", "cannot_act") for i in ids) \
                and not any(_doable(state, o) for o in screen.options.all()):
            return []
    return ids + seat


def _doable(state: Any, option: Any) -> bool:
    """An option that the form, as preselected, can really do (or that asks for a cost)."""
    from companion.display.kit.forms import option_form
    from companion.engine import Choose, HelvetiaError, apply, why_not

    if option.needs_cost:
        return True
    if not option.affordable:
        return False
    try:
        action = option_form(state, option).action()
        if option.via == "coin" and state.turn.character is None:
            state = apply(state, Choose(state.active, option.character, 1))
    except (ValueError, KeyError, HelvetiaError):
        return False
    return why_not(state, action) is None
