"""The round end as a checklist: each step a tick the table taps, the count of what is left,
"next unticked" one tap away; the group may go on with steps unticked."""

from __future__ import annotations

from pathlib import Path

from tests.test_message_strip import app_at


def test_the_round_end_steps_are_ticked_off_and_counted(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 39)  # the round is over: its steps on the table
    total = len(app.table.shown())
    assert total > 3 and app.table.left() == list(range(total))
    first = sorted(w.id for w in d.widgets() if w.id.startswith("tick:"))
    assert first
    for wid in first:
        d.tap(wid)
    assert len(app.table.left()) == total - len(first)
    d.tap(first[0])  # a second tap unticks it
    assert len(app.table.left()) == total - len(first) + 1
    d.tap(first[0])
    if d.has("steps:todo"):  # the next step still to do, one tap away
        d.tap("steps:todo")
        shown = {int(w.id.split(":")[1]) for w in d.widgets() if w.id.startswith("tick:")}
        assert app.table.left()[0] in shown
    # Going on with steps unticked is the table's call: the game goes on.
    before = len(app.session.game.actions)
    lines = (Path(__file__).parent / "data" / "game-2p.jsonl").read_text().splitlines()
    d.play(lines, stop=41)
    assert len(app.session.game.actions) > before
    app.close()
