"""Drunter & Drüber behind the ``GameKind`` interface: its rules are ``companion.drunter``, its
screens ``companion.display.screens.drunter_*``, its LEDs ``companion.hw.drunter_leds``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .. import drunter
from ..drunter.buttons import button_decision
from ..drunter.table import TableLog
from ..hw.drunter_leds import drunter_frame
from ..hw.events import ButtonEvent
from ..hw.leds import RGB, Layout
from .kind import Decision, GameKind, LedMoment, Played

if TYPE_CHECKING:
    from ..display.contract import AppView, Screen
    from ..history.summary import GameSummary


class Drunter(GameKind):
    name = "drunter"
    title = "Drunter & Drüber"
    buttons_under_questions = False

    def new(self, header: Mapping[str, Any]) -> drunter.Game:
        return drunter.Game(header)

    def replay(self, lines: Sequence[str], *overrides: Mapping[str, Any]) -> drunter.Game:
        return drunter.Game.from_record(lines)  # no catalogue: nothing to override

    def result(self, game: Played) -> dict[str, Any]:
        s = game.state
        return {"game": self.name, "winners": list(s.winners), "tie_break": s.tie_break,
                "scores": dict(s.scores)}

    def summary(self, game: Played) -> dict[str, Any]:
        return drunter.summary(game.state)

    def summarize(self, game_id: int, lines: list[str], started_at: str, ended_at: str | None,
                  result: Mapping[str, Any] | None) -> GameSummary:
        from ..history.drunter import summarize_drunter

        return summarize_drunter(game_id, lines, started_at, ended_at, result)

    def seat_decision(self, game: Played, event: ButtonEvent, seats: Sequence[str],
                      chosen: Any) -> Decision:
        return button_decision(game.state, event, chosen)

    def table_steps(self, game: Played) -> TableLog:
        """The last action's steps (the same after a restart as before it); the session
        adds each action done and taken back."""
        log = TableLog()
        states, actions = game.states, game.actions
        if actions:
            log.done(states[-2], actions[-1], states[-1])
        return log

    def led_frame(self, game: Played, layout: Layout, moment: LedMoment) -> list[RGB]:
        last = game.actions[-1] if game.actions else None
        return drunter_frame(game.state, last, layout, t=moment.t, seats=moment.seats)

    def undo_question(self) -> Screen:
        from ..display.screens.drunter.undo import DrunterUndoConfirm

        return DrunterUndoConfirm()

    def screen_for(self, app: AppView) -> Screen:
        from ..display.screens.drunter.screen_for import drunter_screen_for

        return drunter_screen_for(app)

    def setup_screen(self, app: AppView, back: Screen, seated: Sequence[tuple[str, str]]
                     ) -> Screen:
        from ..display.screens.drunter.setup import DrunterSetupScreen

        return DrunterSetupScreen(app, back, list(seated))
