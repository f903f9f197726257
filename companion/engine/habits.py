"""The table's habit: where neither the rules nor what an option brings tell the sexes apart
(who moves into a new building, the neutral villager on a neutral building, a child), the
likeliest choice is the one this table made the last time it stood before the same choice:
the player's own last choice of that kind, else anyone's. It is read from the game's record,
so a restart or an undo keeps it right; the engine's default stands until the table chose."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .actions import Action
from .moves import Option
from .options import TurnOptions
from .values import Sex

SEX_FIELD = {"build": "mover", "neutral_build": "sex", "birth": "sex"}
"""The actions whose sex is a free choice, and the field that holds it."""


def last_sexes(record: Iterable[Action]) -> dict[tuple[str, str | None], Sex]:
    """Each kind of choice's last sex in the record: by (action type, player), and by
    (action type, None) for anyone's."""
    last: dict[tuple[str, str | None], Sex] = {}
    for a in record:
        name = SEX_FIELD.get(a.type)
        sex = getattr(a, name, None) if name else None
        if sex is not None:
            player = getattr(a, "player", None)
            last[(a.type, player)] = last[(a.type, None)] = sex
    return last


def habitual_option(option: Option, last: dict[tuple[str, str | None], Sex]) -> Option:
    """The option with its sex preset to the table's habit, where it has a choice of sexes."""
    a = option.action
    name = SEX_FIELD.get(a.type)
    if name is None or len(option.choices) < 2:
        return option
    player = getattr(a, "player", None)
    sex = last.get((a.type, player), last.get((a.type, None)))
    if sex is None or sex not in option.choices or sex == getattr(a, name):
        return option
    return Option(option.character, option.via, replace(a, **{name: sex}), option.coins,
                  option.sleepers, option.affordable, option.needs_cost, option.choices,
                  words=option.words)


def habitual(options: TurnOptions, record: Sequence[Action]) -> TurnOptions:
    """The turn's options with every free choice of sex preset as the table last made it."""
    last = last_sexes(record)
    if not last:
        return options

    def each(opts: tuple[Option, ...]) -> tuple[Option, ...]:
        return tuple(habitual_option(o, last) for o in opts)

    return replace(options, regular={k: each(v) for k, v in options.regular.items()},
                   tiles={k: each(v) for k, v in options.tiles.items()},
                   neutral=each(options.neutral))
