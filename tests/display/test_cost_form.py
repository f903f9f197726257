"""One cost form, one layout, driven through taps: every tap on a good counts (quick taps
between two frames too), the goods entered stand on the tile and come off one at a time, and
a quick tap on a list already gone never switches the building."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pygame

from companion.display.contract import helvetia_state
from companion.display.screens.menu.costs import CostsScreen
from companion.engine import CorrectCost, TileCost
from tests.display.test_message_strip import app_at
from tests.ui_driver import Driver


def quick(d: Driver, points: list[tuple[int, int]]) -> None:
    """Taps faster than the screen is drawn: all in the queue, then one turn of the loop."""
    ww, wh = d.app.window.get_size()
    for p in points:
        x, y = d.app.to_window(p)
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            pygame.event.post(pygame.event.Event(kind, x=x / ww, y=y / wh, dx=0.0, dy=0.0,
                                                 touch_id=1, finger_id=0, pressure=1.0))
    d.app.step(0)


def on_tile(d: Driver) -> Counter[str]:
    """The goods the tile shows, as drawn: a token a good, or one a kind with its count."""
    out: Counter[str] = Counter()
    for w in d.widgets():
        if w.id.startswith("cost_tile:"):
            g = w.id.split(":")[1]
            n = w.label.split(" ")[0]
            out[g] += int(n) if n.isdigit() else 1
    return out


def open_costs(d: Driver) -> str:
    d.tap("menu")
    d.tap("menu:costs")
    return next(w.id.split(":", 1)[1] for w in d.widgets() if w.id.startswith("costs:")
                and w.id != "costs:page")


def test_no_tap_ever_loses_a_good(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 19)
    d.to_turn_main()
    t = open_costs(d)
    d.tap(f"costs:{t}")
    goods = [w.id.split(":")[1] for w in d.widgets() if w.id.startswith("good:")]
    where = {w.id: w.rect.center for w in d.widgets() if w.id.startswith("good:")}
    rng = random.Random(7)
    want: Counter[str] = Counter()
    for _step in range(60):
        r = rng.random()
        if r < 0.45:
            g = rng.choice(goods[:6])
            d.tap(f"good:{g}")
            want[g] += 1
        elif r < 0.75:  # three quick taps between two frames
            picked = [rng.choice(goods[:6]) for _i in range(3)]
            quick(d, [where[f"good:{g}"] for g in picked])
            want.update(picked)
        elif want:  # a tap on the tile takes one good off
            tokens = [w for w in d.widgets() if w.id.startswith("cost_tile:")]
            w = rng.choice(tokens)
            d.touch(w)
            want[w.value] -= 1
            want += Counter()
        assert on_tile(d) == want
        assert all(w.selected == bool(want[w.value]) for w in d.widgets()
                   if w.id.startswith("good:"))
    if not want:
        d.tap("good:wood")
        want["wood"] += 1
    d.tap("cost:done")
    assert app.session.game.actions[-1] == CorrectCost(t, tuple(sorted(want.items())))
    app.close()


def test_a_quick_tap_on_the_list_already_gone_keeps_the_building(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 19)
    t = open_costs(d)
    items = [w for w in d.widgets() if w.id.startswith("costs:") and w.id != "costs:page"]
    other = next(w for w in items if w.id != f"costs:{t}")
    first = next(w for w in items if w.id == f"costs:{t}")
    quick(d, [first.rect.center, other.rect.center])  # the second lands where the list was
    assert isinstance(app.screen, CostsScreen) and app.screen.editing == t
    d.tap("back")  # back to the list, nothing saved
    assert app.screen.editing is None and d.has(f"costs:{t}")
    app.close()


def test_one_layout_during_a_turn_and_on_the_costs_screen(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 19)
    d.to_turn_main()
    d.tap("tile_cost")
    if not d.enabled("good:"):
        d.tap(next(w.id for w in d.enabled("tile_cost:")))
    in_turn = {w.id: tuple(w.rect) for w in d.widgets() if w.id.startswith(("good:", "cost:"))}
    building = app.screen.mode.view.type
    d.tap("good:brick")
    d.tap("good:brick")
    d.tap("good:wood")
    assert on_tile(d) == Counter(brick=2, wood=1)
    d.tap("cost:done")
    active = helvetia_state(app).active
    assert d.done()[-1] == TileCost(active, building, (("brick", 2), ("wood", 1)))
    t = open_costs(d)
    d.tap(f"costs:{t}")
    on_costs = {w.id: tuple(w.rect) for w in d.widgets() if w.id.startswith(("good:", "cost:"))}
    assert on_costs == in_turn
    app.close()
