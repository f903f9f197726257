"""The round end as a checklist: the steps grouped by what moves, each group on the screen with
what is left in it, each step a tick the table taps, the count of what is left, "next
unticked" one tap away, nothing out of reach; the group may go on with steps unticked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.display.contract import table_log
from companion.display.kit import text_reports
from companion.display.screens.round_end.checklist import ROUND_GROUPS, round_groups
from tests.display.test_message_strip import app_at as _app_at


def app_at(tmp: Path, stop: int, language: str = "en") -> tuple[Any, Any]:
    """The app at ``stop``; right after the new tiles are drawn, from their costs (asked
    first while the tiles are in hand, issue 32) on to the round end's steps."""
    app, d = _app_at(tmp, stop, language)
    if getattr(app.screen, "view", None) == "costs" and d.has("round:steps"):
        d.tap("round:steps")
    return app, d


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A test in another language leaves the display's language as it found it."""
    from companion.display.words import i18n

    before = i18n.language
    yield
    i18n.use(before)


LINES = (Path(__file__).parent.parent / "data" / "game-2p.jsonl").read_text().splitlines()


def in_sight(d) -> set[int]:
    return {int(w.id.split(":")[1]) for w in d.widgets() if w.id.startswith("tick:")}


def groups_shown(d) -> list[str]:
    return [w.value for w in d.widgets() if w.id.startswith("group:")]


def test_the_round_end_steps_are_grouped_by_what_moves_and_every_group_is_shown(
        tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 40)  # the round is over, the school's villagers home
    entries = table_log(app).shown()
    groups = round_groups(entries)
    # Each step in exactly one group, the groups in the order the table does them (§10).
    assert sorted(i for g in groups for i in g.steps) == list(range(len(entries)))
    order = [k for k, _label, _codes in ROUND_GROUPS]
    assert [g.key for g in groups] == sorted((g.key for g in groups), key=order.index)
    assert {"tiles", "coins", "school", "scores"} <= {g.key for g in groups}
    for g in groups:
        codes = dict((k, c) for k, _l, c in ROUND_GROUPS)[g.key]
        assert all(entries[i][0].code in codes for i in g.steps)
    # Every group is on the screen at once, whichever is open.
    assert groups_shown(d) == [g.key for g in groups]
    app.close()


def test_the_round_end_steps_are_ticked_off_and_counted(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 39)  # the round is over: its steps on the table
    total = len(table_log(app).shown())
    assert total > 3 and table_log(app).left() == list(range(total))
    first = sorted(in_sight(d))
    assert first
    d.tap(f"tick:{first[0]}")
    assert table_log(app).left() == [i for i in range(total) if i != first[0]]
    d.tap(f"tick:{first[0]}")  # a second tap unticks it
    assert len(table_log(app).left()) == total
    # Going on with steps unticked is the table's call: the game goes on.
    before = len(app.session.game.actions)
    d.play(LINES, stop=41)
    assert len(app.session.game.actions) > before
    app.close()


def test_every_step_is_in_reach_and_ticking_a_group_opens_the_next(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 41)  # the new buildings are in: the whole round end
    total = len(table_log(app).shown())
    seen: set[int] = set()
    taps = 0
    for key in groups_shown(d):  # each group a tap away, each step a scroll away at most
        d.tap(f"group:{key}")
        taps += 1
        seen |= in_sight(d)
        while d.has("steps:down"):
            d.tap("steps:down")
            taps += 1
            seen |= in_sight(d)
    assert seen == set(range(total))
    assert taps <= len(groups_shown(d)) + 4
    # "Tick all" ticks the open group and opens the next with a step to do.
    d.tap(f"group:{groups_shown(d)[0]}")
    d.tap("steps:all")
    groups = round_groups(table_log(app).shown())
    assert all(i in table_log(app).ticked for i in groups[0].steps)
    assert next(w for w in d.widgets() if w.id.startswith("group:") and w.selected).value \
        == groups[1].key
    # Ticking the last step of a group by hand does the same.
    for i in groups[1].steps:
        if i not in table_log(app).ticked:
            if i not in in_sight(d):
                d.tap("steps:down")
            d.tap(f"tick:{i}")
    assert next(w for w in d.widgets() if w.id.startswith("group:") and w.selected).value \
        == groups[2].key
    app.close()


def test_next_unticked_is_one_tap_away(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 41)
    groups = round_groups(table_log(app).shown())
    # After the new buildings the checklist opens where steps are still to do: the first
    # group (nothing was ticked), at its top, so nothing before it is out of sight.
    assert next(w for w in d.widgets() if w.id.startswith("group:") and w.selected).value \
        == groups[0].key
    assert groups[0].steps[0] in in_sight(d)
    d.tap(f"group:{groups[-1].key}")
    assert d.has("steps:todo")
    d.tap("steps:todo")
    assert table_log(app).left()[0] in in_sight(d)
    d.tap(f"tick:{table_log(app).left()[0]}")  # ticked: the next one still to do, in sight
    if d.has("steps:todo"):
        d.tap("steps:todo")
    assert table_log(app).left()[0] in in_sight(d)
    assert len(groups) >= 4
    app.close()


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_the_round_end_checklist_fits_in_five_languages(tmp_path: Path, language: str
                                                         ) -> None:
    text_reports.clear_reports()
    app, d = app_at(tmp_path / language, 41, language)
    for key in groups_shown(d):
        d.tap(f"group:{key}")
        while d.has("steps:down"):
            d.tap("steps:down")
    # Its words are drawn at the body size or shrunk to no less than ui.MIN_TEXT (24 px);
    # what does not fit even then is reported.
    assert [r for r in text_reports.REPORTS if r.screen == "RoundScreen"] == []
    app.close()


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_4_player_round_end_shows_six_groups_and_every_step(tmp_path: Path, language: str
                                                              ) -> None:
    import json

    from companion.config import Buttons, Config, Leds
    from companion.display.app.loop import App
    from tests.ui_driver import Driver
    from tests.uiplay import device_costs

    lines = (Path(__file__).parent.parent / "data" / "game-4p.jsonl").read_text().splitlines()
    app = App(Config(language=language, data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    app.store.learn_costs(device_costs(json.loads(lines[0])))
    d = Driver(app)
    text_reports.clear_reports()
    d.play(lines, stop=135)  # round 3 is over: the school's return and the new buildings in
    assert groups_shown(d) == ["tiles", "coins", "school", "children", "scores", "new"]
    seen: set[int] = set()
    for key in groups_shown(d):
        d.tap(f"group:{key}")
        seen |= in_sight(d)
        while d.has("steps:down"):
            d.tap("steps:down")
            seen |= in_sight(d)
    assert seen == set(range(len(table_log(app).shown())))
    assert [r for r in text_reports.REPORTS if r.screen == "RoundScreen"] == []
    app.close()


def opened(d) -> str:
    return next(w for w in d.widgets() if w.id.startswith("group:") and w.selected).value


@pytest.mark.parametrize("stop", [39, 40, 41])
def test_the_round_end_opens_on_the_first_group_to_do_at_its_top(tmp_path: Path, stop: int
                                                                 ) -> None:
    """Play-test finding 3: it opened on "School" (the last action's), scrolled to its end."""
    app, d = app_at(tmp_path, stop)
    groups = round_groups(table_log(app).shown())
    assert opened(d) == groups[0].key
    assert groups[0].steps[0] in in_sight(d)
    app.close()


def test_the_round_end_opens_on_the_new_tiles_once_the_rest_is_ticked(tmp_path: Path
                                                                       ) -> None:
    app, d = app_at(tmp_path, 41)
    groups = round_groups(table_log(app).shown())
    for g in groups[:-1]:
        d.tap(f"group:{g.key}")
        d.tap("steps:all")
    assert opened(d) == groups[-1].key == "new"
    assert groups[-1].steps[0] in in_sight(d)
    app.close()


def test_on_to_the_next_round_says_how_many_steps_are_not_ticked(tmp_path: Path) -> None:
    """Play-test finding 4: the group may go on with steps unticked, but is told how many."""
    text_reports.clear_reports()
    app, d = app_at(tmp_path, 41)

    def words() -> list[str]:
        app.draw()
        return next(w for w in app.widgets if w.id == "continue").lines

    total = len(table_log(app).shown())
    assert words()[1] == f"{total} steps not ticked"
    d.tap(f"tick:{min(in_sight(d))}")
    assert words()[1] == f"{total - 1} steps not ticked"
    for key in groups_shown(d):
        d.tap(f"group:{key}")
        if d.has("steps:all"):
            d.tap("steps:all")
    assert words() == []
    assert [r for r in text_reports.REPORTS if r.screen == "RoundScreen"] == []
    app.close()


@pytest.mark.parametrize("stop", [41, 47])
def test_a_steps_tick_never_covers_its_picture(tmp_path: Path, stop: int,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test finding 7: the tick box lay over the thumbnail's top-left cell (every
    "top-left corner" step). The round end's checklist (41) and a turn's steps (47)."""
    from companion.display.screens import parts as common
    from companion.display.screens.round_end import checklist
    pictures: list = []
    ticks: list = []
    for module in (checklist, common):
        real_pic, real_tick = module.step_picture, module.tick_box
        monkeypatch.setattr(module, "step_picture", lambda s, st, g, r, real=real_pic: (
            pictures.append(r.copy()), real(s, st, g, r)))
        monkeypatch.setattr(module, "tick_box", lambda s, at, done, real=real_tick: (
            ticks.append(at), real(s, at, done)))
    app, _d = app_at(tmp_path, stop)
    pictures.clear()
    ticks.clear()
    app.draw()
    boxes = [(x, y, 26, 26) for x, y in ticks]
    assert pictures and boxes
    assert all(p.collidelist(boxes) < 0 for p in pictures), (pictures, boxes)
    app.close()
