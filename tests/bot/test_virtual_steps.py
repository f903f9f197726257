"""A virtual player's screen, played through taps (play-test 2026-11-25): its "Done" says how
many of the steps it shows are not ticked (the round end's are on its checklist); its pager
never covers a step."""

from __future__ import annotations

from pathlib import Path

from companion.display.app.loop import App
from companion.display.contract import table_log
from companion.display.kit import text_reports
from companion.display.screens.turn.virtual import VirtualScreen
from companion.engine import apply
from companion.engine.table import steps
from tests.virtual_play import three_virtual_until


def own_steps(screen: VirtualScreen) -> int:
    n, s = 0, screen.state
    for action in screen.plan:
        after = apply(s, action)
        n += len(steps(s, action, after))
        s = after
    return n


def done_words(app: App) -> list[str]:
    app.draw()
    return next(w for w in app.widgets if w.id == "virtual:done").lines


def test_done_counts_only_this_turns_steps_not_ticked(tmp_path: Path) -> None:
    """Finding 4: at a round end the school's choice shows its own steps only (the round's
    moves are on the round end's checklist, replay finding 2); Done counts what is left of
    them, and says nothing once they are ticked."""
    app, d = three_virtual_until(tmp_path, lambda s: s.state.phase == "school"
                        and len(s.table.shown()) - s.table.own > 0)
    try:
        screen = app.screen
        assert isinstance(screen, VirtualScreen) and screen.table is not None
        own = len(screen.table.shown()) - screen.table.own
        assert done_words(app) == ["Done", f"{own} step{'s' if own > 1 else ''} not ticked"]
        shown = len(screen.table.shown())
        for i in range(shown - own, shown):
            while f"tick:{i}" not in {w.id for w in d.widgets()}:
                d.tap("steps:next")
            d.tap(f"tick:{i}")
        assert table_log(app).left()  # the round end's moves are still unticked, on its checklist
        assert done_words(app) == []
        d.tap("virtual:done")
        assert app.screen is not screen
    finally:
        app.close()


def test_the_pager_covers_no_step(tmp_path: Path) -> None:
    """Finding 8: the "Next unticked / < / >" row cut the top of the first step's words."""
    text_reports.clear_reports()
    app, d = three_virtual_until(tmp_path, lambda s: len(s.view.pages(
        s.table.shown(), pygame_rect_of(s))) > 1)
    try:
        d.widgets()
        rows = [w.rect for w in app.widgets if w.id.startswith("tick:")]
        pager = [w.rect for w in app.widgets if w.id.startswith("steps:")]
        assert rows and pager
        assert all(r.collidelist(pager) < 0 for r in rows)
        assert done_words(app)  # its steps are unticked: Done says so
    finally:
        app.close()


def pygame_rect_of(screen: VirtualScreen):
    from companion.display.screens.turn import virtual
    return virtual._steps_area()
