"""The undo question says what will be undone, whose it is and what the table then takes back,
in words a first-time player reads (issue 32): the moves the screen shows in red after the
undo, as many as fit in the question, the rest counted; an action that moved nothing on the
table says so."""

from __future__ import annotations

from pathlib import Path

from companion.display.kit import text_reports as ui
from companion.display.screens.menu.undo import undo_words
from companion.display.words import i18n
from companion.display.words.table_log import step_text
from companion.engine import table as table_rules
from tests.display.test_turn_flow import LINES, app_for
from tests.ui_driver import Driver


def asked(tmp_path: Path, stop: int, language: str = "en") -> tuple[str, list[str]]:
    """The undo question's words at action ``stop`` of the two-player game, opened by the
    Undo button; and the moves to take back, as the engine says them."""
    app = app_for(LINES, tmp_path)
    try:
        i18n.use(language)
        d = Driver(app)
        d.reach(LINES, stop=stop)
        d.tap("undo")
        game = app.session.game if app.session is not None else None
        assert game is not None
        back = [step_text(s, True) for s in table_rules.back_steps(
            game.states[-2], game.actions[-1], game.states[-1])]
        ui.DRAWN.clear()
        app.dirty = True
        app.draw()
        return " ".join(t for t, _r in ui.DRAWN).replace("\u202f", " "), back
    finally:
        i18n.use("en")
        app.close()


def test_the_question_names_the_action_whose_it_is_and_the_moves_to_take_back(
        tmp_path: Path) -> None:
    words, back = asked(tmp_path, 24)  # Ben: 2 coins on the Carter, one delivery
    assert "This takes back Ben's last action: " in words, words
    assert "Then take back on the table:" in words, words
    assert back and all(step in words for step in back), (back, words)


def test_coins_on_a_character_are_taken_back_into_the_hand(tmp_path: Path) -> None:
    words, back = asked(tmp_path, 23)  # Ben: 2 coins on the Carter
    assert "This takes back Ben's last action: 2 coins on the Carter." in words, words
    assert "Ben: take your 2 coins off the Carter back into your hand." in words, words
    assert back


def test_an_action_that_moved_nothing_says_so(tmp_path: Path) -> None:
    app = app_for(LINES, tmp_path)
    try:
        Driver(app).reach(LINES, stop=len(LINES) - 1)
        game = app.session.game if app.session is not None else None
        assert game is not None
        for k in range(1, len(game.actions) + 1):
            said, back = undo_words(game.states[:k + 1], game.actions[:k])
            if not back:
                assert said.endswith("Nothing on the table moves back."), said
                break
        else:
            raise AssertionError("no action in the game moves nothing on the table")
    finally:
        app.close()


def test_every_language_says_it_in_its_own_words(tmp_path: Path) -> None:
    english, _back = asked(tmp_path / "en", 23)
    for language in ("de", "fr", "it", "es"):
        words, back = asked(tmp_path / language, 23, language)
        assert words != english and back and back[0] in words, (language, words)


def test_with_no_room_for_a_move_the_count_stands_alone() -> None:
    """Where not one move fits, the question counts them all ("12 moves: ..."), never "And 12
    more moves" under no move at all (seen at a round end's undo)."""
    import pygame

    from companion.display.kit import widgets
    from companion.display.screens.menu.undo import fitting

    pygame.init()
    widgets.reset_fonts()  # a font from an earlier test's closed app is no use
    ui_back = ["Take the Builder tile back.", "Put 2 coins back on the Builder."] * 6
    words = fitting(ui_back, pygame.Rect(0, 0, 560, 62))
    assert words.startswith("12 moves: the screen shows them after the undo."), words
    assert fitting([], pygame.Rect(0, 0, 560, 62)) == ""  # never "0 moves: ..."
    words = fitting(ui_back, pygame.Rect(0, 0, 560, 150))
    assert words.startswith(ui_back[0]) and "more moves" in words, words
