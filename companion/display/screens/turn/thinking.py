"""The companion's thoughts for Helvetia's turn screens: a virtual player's plan and the
strong level's hint, each worked out beside the screen's thread (the app's worker,
``AppView.beside``) and handed over as a ``Thought``; the turn's options listed likeliest
first. The bot is imported here, with the first thought (the app's start stays quick); the
screens call these, never the bot's searches."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ....engine import Action, GameState, Message, Option
    from ...app.beside import Job
    from ...contract import AppView, Screen


@dataclass(frozen=True)
class Thought:
    """What the companion worked out, for a screen to show."""

    plan: tuple[Action, ...] = ()
    """The actions, in order (a virtual player's whole turn; the hint's turn)."""
    costs: tuple[str, ...] = ()
    """Building types whose costs must be read off their tiles first (then no plan)."""
    why: Message | None = None
    """The hint's one line why."""


def likeliest_first(state: GameState, options: Iterable[Option]) -> list[Option]:
    """The options best first, by what each brings (the bot's measure: ``bot.likely``;
    quick: on the screen's thread)."""
    from ....bot.likely import likeliest_first as likeliest

    return likeliest(state, options)


def virtual_plan(app: AppView, asker: Screen, state: GameState, colour: str, level: str,
                 seed: int, without: tuple[str, ...] = ()) -> Job[Thought]:
    """``colour``'s whole turn (or setup or round-end choices) at ``level``, planned once
    beside the screen for ``asker`` (withdrawn when it goes); ``without``: buildings of
    unknown cost the table did not read off now (left out of the plan)."""
    def work(withdrawn: Callable[[], bool]) -> Thought:
        from ....bot import CostNeeded, whole_turn

        try:
            plan = whole_turn(state, colour, level=level, seed=seed, without=without,
                              withdrawn=withdrawn)
        except CostNeeded as need:
            return Thought(costs=tuple(need.buildings))
        return Thought(plan=plan)
    return app.beside.run(asker, work)


def strong_hint(app: AppView, asker: Screen, state: GameState, colour: str) -> Job[Thought]:
    """The strong level's turn for ``colour`` and why, beside the screen for ``asker``;
    no plan and no costs: no hint now."""
    def work(withdrawn: Callable[[], bool]) -> Thought:
        from ....bot import CostNeeded, hint
        from ....engine import HelvetiaError

        try:
            h = hint(state, colour)
        except CostNeeded as need:
            return Thought(costs=tuple(need.buildings))
        except HelvetiaError:  # not its turn (NothingToDecide), nothing to hint
            return Thought()
        return Thought(plan=tuple(h.plan), why=h.why)
    return app.beside.run(asker, work)
