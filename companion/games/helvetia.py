"""Helvetia behind the ``GameKind`` interface: its rules are ``companion.engine``, its screens
``companion.display.screens`` (the default ones)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..engine import Game, GameState, legal_actions
from ..engine.catalogue import merge
from ..engine.messages import Message
from ..engine.round_end import track_before_last_scoring
from ..engine.state import OVER, PLAY, REVEAL, SCHOOL
from ..engine.summary import summary as state_summary
from ..hw.events import ButtonEvent
from ..hw.leds import RGB, Layout, bars_between, frame
from .kind import Changed, Decision, GameKind, LedMoment, Played, TableKeeper
from .seating import places, sitter

if TYPE_CHECKING:
    from ..display.contract import AppView, Screen
    from ..display.words.table_log import GameLog
    from ..history.summary import GameSummary


class Helvetia(GameKind):
    name = "helvetia"
    title = "Helvetia"
    catalogued = True

    def recognises(self, header: Any) -> bool:
        return isinstance(header, Mapping) and header.get("game", self.name) == self.name

    def new(self, header: Mapping[str, Any]) -> Game:
        return Game(header)

    def prepare(self, header: Mapping[str, Any], learned: Mapping[str, Any]) -> dict[str, Any]:
        """The costs learned on this device go into a new game's catalogue."""
        out = dict(header)
        if learned:
            out["catalogue"] = merge(learned, out.get("catalogue", {}))
        return out

    def replay(self, lines: Sequence[str], *overrides: Mapping[str, Any]) -> Game:
        return Game.from_record(lines, *overrides)

    def result(self, game: Played) -> dict[str, Any]:
        s: GameState = game.state
        out: dict[str, Any] = {"winners": s.winners, "tie_break": s.tie_break,
                               "scores": dict(s.track)}
        if s.ended_by:
            out["ended_by"] = s.ended_by  # a deadlock, or the table agreed to stop
        return out

    def abandoned(self, game: Played) -> dict[str, Any]:
        return {"abandoned": True, "winners": [], "tie_break": None,
                "scores": dict(game.state.track)}

    def summary(self, game: Played) -> dict[str, Any]:
        return state_summary(game.state)

    def summarize(self, game_id: int, lines: list[str], started_at: str, ended_at: str | None,
                  result: Mapping[str, Any] | None) -> GameSummary:
        from ..history.summary import summarize

        return summarize(game_id, lines, started_at, ended_at, result)

    def changed(self, before: GameState, after: GameState) -> Changed:
        scored = after.track != before.track or (after.game_over and not before.game_over)
        setup_done = before.phase not in (PLAY, SCHOOL, REVEAL, OVER) and after.phase == PLAY
        costs = {t: dict(c) for t, c in after.learned_costs.items()  # read off a tile
                 if before.learned_costs.get(t) != c}
        return Changed(scored=scored, summary=scored or setup_done,
                       backup=after.round != before.round or after.game_over, costs=costs)

    def seat_decision(self, game: Played, event: ButtonEvent, seats: Sequence[str],
                      chosen: Any) -> Decision:
        """A button belongs to whoever sits at its place (``games.seating``)."""
        from ..controls import NOBODY_HERE, button_decision

        sat = sitter(event, game.header, seats)
        if sat is None:
            return Decision(message=Message(NOBODY_HERE, {}))
        return replace(button_decision(game.state, sat), seat=sat.seat)

    def table_steps(self, game: Played) -> GameLog:
        """The turn's (or the round end's, the setup's) steps as the record has them."""
        from ..display.words.table_log import GameLog

        return GameLog.of(game)

    def table_keeper(self) -> TableKeeper:
        """The ticks, the checklist open, the reveal grid's taps (``games.table_keep``)."""
        from .table_keep import TableKeep

        return TableKeep()

    def scores_before(self, game: Played) -> dict[Any, int]:
        """The VP before the newest round end's scoring (a game ended by agreement scores
        nothing more: its last round end's change stands)."""
        return track_before_last_scoring(game.states)

    def forced(self, game: Played) -> Any:
        """A school return with one way only (``engine.undo_reach``)."""
        from ..engine.undo_reach import forced

        return legal_actions(game.state)[0] if forced(game.state) else None

    def led_frame(self, game: Played, layout: Layout, moment: LedMoment) -> list[RGB]:
        bars = None if moment.filling is None else bars_between(
            moment.scores_before, game.state.track, moment.filling)
        return frame(game.state, layout, t=moment.t, bars=bars,
                     seats=places(game.header, moment.seats), thinking=moment.thinking)

    def undo_question(self) -> Screen:
        from ..display.screens.menu.undo import UndoConfirm

        return UndoConfirm()

    def screen_for(self, app: AppView) -> Screen:
        from ..display.screens import helvetia_screen_for

        return helvetia_screen_for(app)
