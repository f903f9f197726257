"""Race to Ten behind the table's one interface (``companion.games.GameKind``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.controls import NOT_IN_PLAY
from companion.display.contract import AppView, Screen
from companion.engine.messages import Message
from companion.games import Decision, GameKind, LedMoment, Played
from companion.history.summary import ABANDONED, FINISHED, IN_PLAY, GameSummary, Seat, play_id
from companion.hw.events import HOLD, NEXT, ButtonEvent
from companion.hw.leds import OFF, PLAYER, RGB, Layout

from .rules import GOAL, RaceGame, RaceState, Step


class RaceToTen(GameKind):
    name = "race"
    title = "Race to Ten"

    def new(self, header: Mapping[str, Any]) -> RaceGame:
        return RaceGame(header)

    def replay(self, lines: Sequence[str], *overrides: Mapping[str, Any]) -> RaceGame:
        return RaceGame.from_record(lines)

    def result(self, game: Played) -> dict[str, Any]:
        s: RaceState = game.state
        return {"game": self.name, "winners": list(s.winners), "tie_break": None,
                "scores": {p.colour: int(p.colour in s.winners) for p in s.players}}

    def summary(self, game: Played) -> dict[str, Any]:
        s: RaceState = game.state
        return {"count": s.count, "active": s.active, "winners": list(s.winners)}

    def summarize(self, game_id: int, lines: list[str], started_at: str, ended_at: str | None,
                  result: Mapping[str, Any] | None) -> GameSummary:
        game = RaceGame.from_record(lines)
        s = game.state
        status = FINISHED if s.game_over else ABANDONED if result else IN_PLAY
        seats = tuple(Seat(colour=p.colour, name=p.name, vp=int(p.colour in s.winners),
                           by_source={}, awake=0, rank=1 if p.colour in s.winners else 2,
                           winner=p.colour in s.winners, coins={}, marriages=0)
                      for p in s.players)
        return GameSummary(game_id, status, started_at, ended_at, self.name, False, None,
                           s.players[0].colour, seats, s.winners, None, (),
                           len(game.actions), len(game.actions), play_id(started_at, lines[0]),
                           extra={"game": self.name})

    def seat_decision(self, game: Played, event: ButtonEvent, seats: Sequence[str],
                      chosen: Any) -> Decision:
        """Held: undo. Pressed by the player whose turn it is: the step chosen on the screen
        (1 if none is)."""
        s: RaceState = game.state
        if event.kind == HOLD:
            return Decision(undo=True)
        if s.game_over:
            return Decision(message=Message(NOT_IN_PLAY, {"what": Message("race.over", {})}))
        who = s.active if event.seat == NEXT else event.seat
        if who != s.active:
            return Decision(message=Message("not_your_turn", {"active": s.active,
                                                              "player": who}))
        by = chosen if chosen in (1, 2) and s.count + chosen <= GOAL else 1
        return Decision(action=Step(who, by), seat=who)

    def led_frame(self, game: Played, layout: Layout, moment: LedMoment) -> list[RGB]:
        """The active player's seat lit; at the end the winner's."""
        s: RaceState = game.state
        pixels: list[RGB] = [OFF] * layout.count
        lit = s.winners[0] if s.game_over else s.active
        for seg, colour in zip(layout.seats, moment.seats, strict=False):
            if colour == lit:
                pixels[seg.seat] = PLAYER[colour]
        return pixels

    def screen_for(self, app: AppView) -> Screen:
        from .screens import RaceScreen

        return RaceScreen()

    def undo_question(self) -> Screen:
        from .screens import RaceUndo

        return RaceUndo()

    def setup_screen(self, app: AppView, back: Screen, seated: Sequence[tuple[str, str]]
                     ) -> Screen:
        from .screens import RaceSetup

        return RaceSetup(back, list(seated))
