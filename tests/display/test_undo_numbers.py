"""The steps to take back after an undo are numbered from 1 in their own list, whatever was
on the table before them and however many undos made them (play-test 2026-11-28: a lone step
to take back read "2.")."""

from __future__ import annotations

import re
from pathlib import Path

from companion.display.app.loop import App
from companion.display.contract import table_log
from companion.display.kit.widgets import WARNING_INK
from tests.display.test_turn_flow import LINES, app_for
from tests.display.test_turn_words import texts
from tests.ui_driver import Driver

NUMBERED = re.compile(r"^(\d+)\. ")


def numbers(app: App) -> tuple[list[int], list[int]]:
    """The numbers drawn before the steps on the screen now: of the steps still on the
    table, and of the steps to take back (in their colour)."""
    kept: list[int] = []
    back: list[int] = []
    for text, colour in texts(app).items():
        m = NUMBERED.match(text)
        if m is not None:
            (back if colour == WARNING_INK else kept).append(int(m.group(1)))
    return sorted(kept), sorted(back)


def test_the_steps_to_take_back_in_the_setup_start_at_1(tmp_path: Path) -> None:
    app = app_for(LINES, tmp_path)
    d = Driver(app)
    d.reach(LINES, stop=17)  # both second couples: Ben's woman on the Well, his man at school
    app.undo()  # Ben's couple 2: its steps alone, over the setup's
    d.widgets()
    kept, back = numbers(app)
    assert back == list(range(1, len(back) + 1)) and back, (kept, back)
    assert not kept  # the setup's own steps are not shown over it
    app.close()


def test_one_list_from_1_after_two_quick_undos_under_the_turns_own(tmp_path: Path) -> None:
    app = app_for(LINES, tmp_path)
    d = Driver(app)
    d.play(LINES, stop=25)  # Blue: 2 coins on the Carter, two deliveries
    app.undo()
    app.undo()  # at once: the steps of both deliveries to take back
    d.widgets()
    undone = [i for i, (_s, _st, b) in enumerate(table_log(app).shown()) if b]
    assert len(undone) >= 2 and undone[0] > 0  # the coins' step on the table before them
    kept, back = numbers(app)
    assert kept == list(range(1, len(kept) + 1)) and kept, kept
    assert back == list(range(1, len(back) + 1)) and back, back
    app.close()
