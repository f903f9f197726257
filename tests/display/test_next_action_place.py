"""On the turn's steps the middle of the bottom row is the chosen character's next action, and
nothing else, from its first action to its last: the next action its coins bought ("Next Carter
action"), then one more coin on it ("Pay one more coin: Carter", greyed with the reason when no
coin buys one); the other characters and the tiles are bottom left. Play-test 2026-11-28:
"Next action: Carter" turned into "Characters" at the same place after the first action, and
"One more action: Carter" appeared on the left, easy to take for each other."""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.display.screens.parts import LEFT_W, RIGHT_X
from companion.display.screens.turn.characters_view import Steps
from companion.display.screens.turn.turn_screen import TurnScreen
from companion.display.words.i18n import character
from tests.display.test_turn_flow import LINES, app_for
from tests.ui_driver import Driver

MIDDLE = pygame.Rect(RIGHT_X, 412, 262, 60)
LEFT = pygame.Rect(8, 412, LEFT_W - 8, 60)


def test_the_middle_is_the_character_s_next_action_after_each_action(tmp_path: Path) -> None:
    app = app_for(LINES, tmp_path)
    d = Driver(app)
    said: list[list[str]] = []
    for stop in (24, 25):  # Ben: 2 coins on the Carter; after the first delivery, the second
        d.reach(LINES, stop=stop)
        d.widgets()
        assert isinstance(app.screen, TurnScreen) and isinstance(app.screen.mode, Steps)
        there = [w for w in app.widgets if w.rect == MIDDLE]
        assert len(there) == 1, [w.id for w in there]
        w = there[0]
        words = w.lines or [w.label]
        assert any(character("carter") in x for x in words), words
        said.append(words)
        assert not any(w.label == "Characters" and w.rect != LEFT for w in app.widgets)
    first, then = said
    assert first == ["Next Carter action"] and then == ["Pay one more coin:", "Carter"]
    more = next(w for w in app.widgets if w.id == "more")
    if not more.enabled:  # no coin buys one: greyed with the rules' reason, in its place
        assert more.why_not
    assert next(w for w in app.widgets if w.id == "continue").rect == LEFT  # the characters
    app.close()
