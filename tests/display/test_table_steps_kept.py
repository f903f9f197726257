"""Every table step stays within reach until the table ticks it (play-test 2026-11-25,
replay, findings 2-4 and 12): the setup's steps behind "On the table (n)", the last round
end's checklist before the final scores, the round end's checklist after a restart (with its
ticks), and an undo that keeps the ticks of the steps still there."""

from __future__ import annotations

import json
from pathlib import Path

from companion.display.app.loop import App
from companion.display.contract import helvetia_state, table_log
from companion.display.screens import GameOverScreen, RoundScreen
from companion.display.screens.turn.virtual import SCHOOL_STEPS, VirtualScreen
from companion.engine import Game, parse_action
from companion.engine.table import steps
from companion.session import Session
from companion.store import Store
from tests.app_config import config
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"


def record(name: str) -> list[str]:
    return (DATA / name).read_text().splitlines()


def first_of(lines: list[str], kind: str) -> int:
    """The index (among the actions) of the first action of ``kind``."""
    return next(i for i, line in enumerate(lines[1:]) if json.loads(line)["type"] == kind)


def expected_steps(lines: list[str], upto: int) -> list[str]:
    game = Game.from_record(lines[: upto + 1])
    return [s.message.code for i, a in enumerate(game.actions)
            for s in steps(game.states[i], a, game.states[i + 1])]


def codes(app: App) -> list[str]:
    return [s.message.code for s, _st, _back in table_log(app).shown()]


def tick_first(d: Driver) -> None:
    """"On the table", "Next unticked" to the first step, ticked, closed."""
    d.tap("steps:show")
    if not d.has("tick:0"):
        d.tap("steps:todo")
    d.tap("tick:0")
    d.tap("steps:close")


def test_the_setup_s_steps_are_kept_until_ticked_and_counted(tmp_path: Path) -> None:
    lines = record("game-3p.jsonl")  # a draft: the first picker, the picks, the draft's end
    app = App(config(tmp_path))
    d = Driver(app)
    d.reach(lines, stop=3)  # the first picker and two picks
    assert codes(app) == expected_steps(lines, 3)
    # §6.1: in the draft the token lies beside the board; the first picker takes none
    assert "table.start_token" not in codes(app)
    assert codes(app)[0] == "table.take_start_building"
    show = next(w for w in d.widgets() if w.id == "steps:show")
    assert show.label == f"On the table ({len(codes(app))})" and show.value == len(codes(app))
    d.tap("steps:show")
    d.tap("tick:0")  # the first pick's tile is with its player
    d.tap("steps:close")
    assert next(w for w in d.widgets() if w.id == "steps:show").value == len(codes(app)) - 1
    first_turn = first_of(lines, "choose")
    d.reach(lines, stop=first_turn)
    want = expected_steps(lines, first_turn)
    assert codes(app) == want  # every setup step, from the first pick to the dowry
    # the setup's closing checklist: what a screen said as it was done counts as done
    from companion.display.screens.setup.done import SAID

    assert len(table_log(app).left()) == sum(c not in SAID for c in want)
    for key in ("table.start_token_last_pick", "table.start_tile_to_box",
                "table.place_building", "table.supply_to_building", "table.dowry"):
        assert key in want, key
    # the draft's end: the last picker takes the token from beside the board, nobody's
    last = [s for s, _st, _b in table_log(app).shown() if s.code == "table.start_token_last_pick"]
    assert len(last) == 1 and "holder" not in last[0].message.params
    app.close()


def test_the_last_round_end_s_checklist_comes_before_the_winner(tmp_path: Path) -> None:
    lines = record("game-2p.jsonl")
    app = App(config(tmp_path))
    d = Driver(app)
    d.reach(lines, stop=len(lines) - 1)  # every action, the last round end's checklist open
    assert helvetia_state(app) is not None and helvetia_state(app).game_over
    assert isinstance(app.screen, RoundScreen)  # the final tiles, coins and scores first
    assert "table.score" in codes(app)
    go_on = next(w for w in d.widgets() if w.id == "continue")
    assert go_on.label == "To the final scores"
    d.tap("continue")
    assert isinstance(app.screen, GameOverScreen)
    app.close()


def stored_game(path: Path, lines: list[str], upto: int) -> None:
    store, _ = Store.open(path)
    session = Session.start(store, json.loads(lines[0]))
    for line in lines[1:upto + 2]:  # through action number upto
        session.apply(json.loads(line))
    store.close()


def test_a_restart_on_the_round_end_reopens_its_checklist_with_its_ticks(tmp_path: Path
                                                                         ) -> None:
    lines = record("game-4p.jsonl")
    stored_game(tmp_path / "helvetia.db", lines, first_of(lines, "reveal"))  # new tiles in
    app = App(config(tmp_path))
    d = Driver(app)
    assert isinstance(app.screen, RoundScreen), type(app.screen).__name__
    n = len(codes(app))
    assert n > 10 and "table.new_building" in codes(app) and table_log(app).ticked == set()
    ticks = [w.id for w in d.widgets() if w.id.startswith("tick:")][:2]
    for t in ticks:
        d.tap(t)
    ticked = set(table_log(app).ticked)
    assert len(ticked) == 2
    app.draw()  # (the app draws after every tap)
    assert app.store is not None and app.store.later_thread is not None
    app.store.later_thread.join(10)
    app.store.lock.release()  # killed (-9): what the kernel does for the lock
    again = App(config(tmp_path))
    assert isinstance(again.screen, RoundScreen)
    assert len(codes(again)) == n and table_log(again).ticked == ticked
    Driver(again).tap("continue")  # the table goes on: a restart now opens the turn
    again.draw()
    assert again.store is not None and again.store.later_thread is not None
    again.store.later_thread.join(10)
    again.store.lock.release()
    third = App(config(tmp_path))
    assert type(third.screen).__name__ != "RoundScreen"
    third.close()
    app.close()
    again.close()


def test_an_undo_keeps_the_ticks_of_the_steps_still_there(tmp_path: Path) -> None:
    lines = record("game-3p.jsonl")
    app = App(config(tmp_path))
    d = Driver(app)
    d.reach(lines, stop=4)
    tick_first(d)
    before = list(table_log(app).steps)
    app.undo()  # the last pick is taken back
    assert table_log(app).steps == before[: len(table_log(app).steps)]
    assert 0 in table_log(app).ticked
    app.close()


def virtual_at_school(tmp_path: Path, at: int) -> tuple[App, Driver, str]:
    """The 3-player record up to a school return, its player made virtual; the app resumed."""
    lines = record("game-3p.jsonl")
    who = json.loads(lines[at + 1])["player"]
    header = json.loads(lines[0])
    for p in header["players"]:
        if p["colour"] == who:
            p["virtual"] = "easy"
    stored_game(tmp_path / "helvetia.db", [json.dumps(header), *lines[1:]], at - 1)
    app = App(config(tmp_path))
    d = Driver(app)
    for _ in range(3):  # "thinking" first
        d.widgets()
    assert isinstance(app.screen, VirtualScreen) and app.screen.table is not None
    return app, d, who


def test_a_virtual_school_return_shows_its_own_steps_then_the_round_end_s_checklist(
        tmp_path: Path) -> None:
    app, d, _who = virtual_at_school(tmp_path, 49)
    screen = app.screen
    assert isinstance(screen, VirtualScreen) and screen.table is not None
    shown = [s.message.code for s, _st, _b in screen.table.shown()]
    assert shown and set(shown) <= {c + ".virtual" for c in SCHOOL_STEPS} | set(SCHOOL_STEPS)
    assert len(screen.table.left()) == len(shown)  # the count: what it shows
    assert any(s.code == "table.coins_back" for s in table_log(app).steps)  # on the checklist
    d.tap("virtual:done")
    ticked = [table_log(app).steps[i].code for i in table_log(app).ticked]
    assert sorted(ticked) == sorted(c.removesuffix(".virtual") for c in shown)
    while not isinstance(app.screen, RoundScreen) or helvetia_state(app).phase == "school":  # type: ignore[union-attr]
        d.enter(parse_action(json.loads(record("game-3p.jsonl")[len(d.done()) + 1])))
    left = table_log(app).left()
    assert "table.score" in codes(app) and len(left) == len(codes(app)) - len(shown)
    app.close()


def test_a_virtual_school_return_in_the_last_round_leads_to_the_final_checklist(
        tmp_path: Path) -> None:
    app, d, _who = virtual_at_school(tmp_path, 190)
    d.tap("virtual:done")
    assert helvetia_state(app) is not None and helvetia_state(app).game_over
    assert isinstance(app.screen, RoundScreen)
    assert "table.score" in codes(app) and "table.coins_back" in codes(app), codes(app)
    d.tap("continue")
    assert isinstance(app.screen, GameOverScreen)
    app.close()


def first_pick_virtual(tmp: Path) -> tuple[App, Driver, VirtualScreen]:
    """The 3-player record before its first pick, the picking player virtual, on its screen
    (its own pick's steps; the person's start token stays for the setup's checklist)."""
    lines = record("game-3p.jsonl")
    who = json.loads(lines[2])["player"]
    header = json.loads(lines[0])
    for p in header["players"]:
        if p["colour"] == who:
            p["virtual"] = "easy"
    stored_game(tmp / "helvetia.db", [json.dumps(header), *lines[1:]], 0)
    app = App(config(tmp))
    d = Driver(app)
    for _ in range(3):  # "thinking" first
        d.widgets()
    screen = app.screen
    assert isinstance(screen, VirtualScreen) and screen.table is not None
    return app, d, screen



def test_an_undone_virtual_pick_asks_nothing_back_and_keeps_the_ticks(tmp_path: Path) -> None:
    """A virtual player's pick, done, undone and planned again: nothing to take back, nothing
    to do again (in the draft no step comes before the first pick: the token lies beside the
    board until the last pick, §6.1)."""
    app, d, screen = first_pick_virtual(tmp_path)
    assert screen.table is not None
    assert [s.code for s, _st in table_log(app).entries] == []  # nothing before it
    plan = list(screen.plan)
    d.tap("virtual:done")
    assert table_log(app).left() == []  # "Done" ticked what it showed
    app.undo()
    for _ in range(3):
        d.widgets()
    screen = app.screen
    assert isinstance(screen, VirtualScreen) and screen.table is not None
    assert screen.plan == plan  # the same pick again
    shown = screen.table.shown()
    assert not any(back for _s, _st, back in shown)  # nothing to take back ...
    assert screen.table.left() == []  # ... nor to do again
    d.tap("virtual:done")
    assert len(d.done()) == 2
    app.close()


def test_the_setup_s_checklist_comes_back_after_a_restart(tmp_path: Path) -> None:
    """Killed on the setup's checklist before the first turn: a restart opens it again, with
    the dowry among its steps; once the table went on, a restart opens the first turn."""
    from companion.display.screens.setup.done import SetupDoneScreen

    lines = record("game-4p.jsonl")
    stored_game(tmp_path / "helvetia.db", lines, first_of(lines, "choose") - 1)
    app = App(config(tmp_path))
    assert isinstance(app.screen, SetupDoneScreen), type(app.screen).__name__
    assert codes(app).count("table.dowry") == 8  # 4 players: two coins each
    d = Driver(app)
    d.tap("continue")
    app.draw()
    assert app.store is not None and app.store.later_thread is not None
    app.store.later_thread.join(10)
    app.store.lock.release()  # killed (-9): what the kernel does for the lock
    again = App(config(tmp_path))
    assert type(again.screen).__name__ == "TurnScreen"
    again.close()
    app.close()


def test_a_restart_on_the_round_end_opens_the_group_that_was_open(tmp_path: Path) -> None:
    """Play-test finding 10: after a restart the checklist opened on the first group, not on
    the one the table had open."""
    lines = record("game-4p.jsonl")
    stored_game(tmp_path / "helvetia.db", lines, first_of(lines, "reveal"))
    app = App(config(tmp_path))
    d = Driver(app)
    assert isinstance(app.screen, RoundScreen)
    groups = [w.value for w in d.widgets() if w.id.startswith("group:")]
    assert len(groups) >= 3
    d.tap(f"group:{groups[2]}")  # the first two left unticked
    opened = next(w.value for w in d.widgets() if w.id.startswith("group:") and w.selected)
    assert opened == groups[2]
    app.draw()
    assert app.store is not None and app.store.later_thread is not None
    app.store.later_thread.join(10)
    app.store.lock.release()  # killed (-9)
    again = App(config(tmp_path))
    try:
        assert isinstance(again.screen, RoundScreen)
        shown = [w for w in Driver(again).widgets() if w.id.startswith("group:")]
        assert next(w.value for w in shown if w.selected) == groups[2]
    finally:
        again.close()
        app.close()


def killed(app: App) -> None:
    """What the app saved in the background written, then killed (-9): the lock let go."""
    app.draw()  # (the app draws after every tap)
    assert app.store is not None and app.store.later_thread is not None
    app.store.later_thread.join(10)
    app.store.lock.release()


def at_first_reveal(tmp: Path) -> tuple[list[str], list[str]]:
    """The 4-player game stored up to its first round end's new buildings; the record's
    lines and the buildings it drew there."""
    lines = record("game-4p.jsonl")
    at = first_of(lines, "reveal")
    stored_game(tmp / "helvetia.db", lines, at - 1)
    return lines, json.loads(lines[at + 1])["buildings"]


def test_the_buildings_tapped_so_far_survive_a_restart_and_a_look_at_the_villages(
        tmp_path: Path) -> None:
    """Play-test 2026-11-28, finding 25: 3 of 5 new buildings tapped, a kill -9 and a restart:
    the grid opens again with those 3, and 2 more taps enter the reveal."""
    lines, drawn = at_first_reveal(tmp_path)
    app = App(config(tmp_path))
    d = Driver(app)
    assert isinstance(app.screen, RoundScreen)
    d.tap("reveal:start")
    for t in drawn[:3]:
        d.tap(f"reveal:{t}")
    d.tap("villages")  # a look at the villages and back: the taps stay
    d.tap("back")
    assert isinstance(app.screen, RoundScreen) and app.screen.picked == drawn[:3]
    assert d.has("reveal:done") or d.has(f"reveal:{drawn[3]}")
    killed(app)
    again = App(config(tmp_path))
    d = Driver(again)
    d.widgets()  # as drawn
    screen = again.screen
    assert isinstance(screen, RoundScreen) and screen.picking and screen.picked == drawn[:3]
    assert d.has(f"reveal:{drawn[3]}")  # the grid, not "Enter the new buildings"
    for t in drawn[3:]:
        d.tap(f"reveal:{t}")
    assert again.session is not None
    assert again.session.game.actions[-1] == parse_action(json.loads(
        lines[first_of(lines, "reveal") + 1]))
    assert isinstance(again.screen, RoundScreen) and "table.new_building" in codes(again)
    killed(again)
    third = App(config(tmp_path))  # the reveal entered: nothing half-tapped comes back
    assert table_log(third).drawn == []
    third.close()
    again.close()
    app.close()


def test_start_again_on_the_grid_is_kept_too(tmp_path: Path) -> None:
    _lines, drawn = at_first_reveal(tmp_path)
    app = App(config(tmp_path))
    d = Driver(app)
    d.tap("reveal:start")
    for t in drawn[:2]:
        d.tap(f"reveal:{t}")
    app.draw()
    d.tap("reveal:clear")  # the table starts again: a restart opens no taps
    killed(app)
    again = App(config(tmp_path))
    assert table_log(again).drawn == []
    Driver(again).widgets()
    screen = again.screen
    assert isinstance(screen, RoundScreen) and not screen.picking
    again.close()
    app.close()


def test_taps_that_no_longer_fit_the_game_are_dropped(tmp_path: Path) -> None:
    """Another game, another count of actions, buildings not in the stack, a damaged
    setting: the grid opens empty (and nothing breaks)."""
    from companion.games.table_keep import SETTING

    _lines, drawn = at_first_reveal(tmp_path)
    app = App(config(tmp_path))
    assert app.session is not None
    game, actions = app.session.game_id, len(app.session.game.actions)
    app.close()
    good = {"game": game, "actions": actions, "ticked": [], "pending": True,
            "drawn": drawn[:3]}
    for saved, kept in ((good, drawn[:3]),
                        ({**good, "game": game + 1}, []),
                        ({**good, "actions": actions - 1}, []),
                        ({**good, "drawn": ["no_such_building"]}, []),
                        ({**good, "drawn": [drawn[0]] * 6}, []),
                        ({**good, "drawn": "farm"}, []),
                        ({**good, "drawn": [1, 2]}, []),
                        ("{not json", [])):
        store, _ = Store.open(tmp_path / "helvetia.db")
        store.set_setting(SETTING, saved if isinstance(saved, str) else json.dumps(saved))
        store.close()
        again = App(config(tmp_path))
        assert table_log(again).drawn == kept, saved
        screen = again.screen
        assert isinstance(screen, RoundScreen)
        Driver(again).widgets()
        assert screen.picking == bool(kept)
        again.close()
