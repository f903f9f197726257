"""A virtual player's screen shows what the table still has to do before its turn (play-test
2026-11-25, replay): a person's last setup action and what it set off, e.g. couple 3 and the
dowry, are not lost when a virtual player moves next; and what a virtual player's "Done"
confirmed is not asked again on the next virtual player's screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.display import i18n
from companion.display.app import App
from companion.display.describe import action_text
from companion.display.screens.virtual import VirtualScreen
from companion.engine import Game
from companion.engine.actions import ThirdCouple
from companion.engine.table import TableStep, steps
from tests.virtual_play import play

DATA = Path(__file__).parent / "data"
LANGUAGES = ("en", "de", "fr", "it", "es")


def codes(shown: list[tuple[TableStep, object, bool]]) -> list[str]:
    return [s.message.code for s, _st, _back in shown]


class Enough(Exception):
    """The game has shown what the test looks at."""


def test_a_person_s_couple_3_and_the_dowry_come_before_a_virtual_turn(tmp_path: Path) -> None:
    seen: list[list[str]] = []

    def watch(app: App, screen: VirtualScreen) -> None:
        game = app.session.game if app.session else None
        assert game is not None and screen.table is not None
        if screen.reading is not None or screen.state.phase != "play":
            return
        last = next(a for a in reversed(game.actions) if a.type != "tile_cost")
        at = game.actions.index(last)
        if isinstance(last, ThirdCouple) and last.player != screen.colour:
            before, after = game.states[at], game.states[at + 1]
            expected = [s.message.code for s in steps(before, last, after)]
            assert "table.dowry" in expected, expected
            shown = codes(screen.table.shown()[: screen.table.own])
            # after the setup's earlier steps the table has not ticked off (kept together)
            assert shown[len(shown) - len(expected):] == expected, (shown, expected)
            seen.append(shown)
        raise Enough  # the first turn has come: the setup is over

    for seed in range(4, 40):
        try:
            app, _t = play(["red", "blue", "yellow"], {"yellow": "easy"}, seed,
                           tmp_path / str(seed), watch=watch)
            app.close()
        except Enough:
            pass
        if seen:
            break
    assert seen, "no virtual turn came right after a person's couple 3"


def test_what_a_virtual_player_s_done_confirmed_is_not_asked_again(tmp_path: Path) -> None:
    after_last: list[int] = [-1]
    checked: list[int] = []

    def watch(app: App, screen: VirtualScreen) -> None:
        assert screen.table is not None
        if screen.reading is not None:
            return
        game = app.session.game if app.session else None
        assert game is not None
        done = [a for a in game.actions if a.type != "tile_cost"]
        before = codes(screen.table.shown()[: screen.table.own])
        if len(done) == after_last[0] and app.table.key and app.table.key[0] != "round":
            # nothing happened since the last virtual player's "Done": nothing to catch up on
            assert before == [], f"steps asked again: {before}"
            checked.append(len(done))
        after_last[0] = len(done) + len(screen.plan)

    app, _t = play(["red", "blue", "yellow", "white"],
                   {"blue": "easy", "yellow": "easy", "white": "easy"}, 7, tmp_path,
                   watch=watch)
    app.close()
    assert len(checked) >= 8  # the setup's virtual decisions one after the other


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_recorded_action_has_words_of_the_language(lang: str) -> None:
    """The virtual player's summary and the undo question word every action; none falls back
    to the record's English type ("first couple" in a Spanish game)."""
    i18n.use(lang)
    try:
        for path in sorted(DATA.glob("game-*.jsonl")):
            game = Game.from_record(path.read_text(encoding="utf-8").splitlines())
            for before, action in zip(game.states, game.actions, strict=False):
                words = action_text(action, before)
                assert action.type.replace("_", " ") not in words, (path.name, words)
    finally:
        i18n.use("en")
