"""A virtual player's steps are said to the person who moves its pieces (play-test
2026-11-25, finding 19): "Yellow's supply", never "your supply"."""

from __future__ import annotations

from pathlib import Path

from companion.display.screens.turn.virtual import VirtualScreen
from companion.display.words.table_log import step_text
from tests.virtual_play import three_virtual_until


def test_a_virtual_player_s_steps_never_say_your(tmp_path: Path) -> None:
    seen: list[str] = []
    theirs = 0

    def enough(screen: VirtualScreen) -> bool:
        nonlocal theirs
        assert screen.table is not None
        for step, _st, undone in screen.table.shown():
            if undone or step.message.params.get("player") != screen.colour:
                continue
            words = step_text(step)
            seen.append(words)
            assert " your " not in f" {words} ", words
            theirs += "'s supply" in words or "'s village" in words
        return theirs >= 3

    app, _d = three_virtual_until(tmp_path, enough)
    app.close()
    assert theirs >= 3, seen
