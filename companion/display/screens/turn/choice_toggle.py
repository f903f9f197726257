"""A choice "Do it" would otherwise make unasked, shown beside it: the child's sex (§9
Midwife) and which coin of the village centre the Priest takes (§9 Priest). Its button names
the choice as it stands; a tap turns it to the next, so the default costs no tap and another
costs one. The choices are the engine's (``Option.choices``); the words are the form's."""

from __future__ import annotations

from typing import Any

import pygame

from ....engine import Action, Birth, GameState, Marry, Option
from ...kit.forms import Field, Form, option_form
from ...kit.widgets import Widget, text_height

NAMES = ("sex", "dowry")
"""The fields of a form that are a choice "Do it" makes for the player."""


class ChoiceToggle:
    """The one choice of an option's form that "Do it" makes, starting at ``action``'s."""

    def __init__(self, form: Form, field: Field, action: Action) -> None:
        self.form = form
        self.field = field
        value = getattr(action, field.name, field.value)
        if value in [c.value for c in field.choices]:
            form.set(field.name, value)

    def label(self) -> str:
        return f"{self.field.prompt}: {self.field.label()}"

    def action(self) -> Action:
        return self.form.action()

    def turn(self) -> Action:
        """To the next choice (the first after the last); the action it makes now."""
        values = [c.value for c in self.field.choices]
        i = values.index(self.field.value) if self.field.value in values else -1
        self.form.set(self.field.name, values[(i + 1) % len(values)])
        return self.action()

    def height(self, width: int) -> int:
        """As tall as its longest choice: turning it never moves what is above."""
        return max(max(text_height(f"{self.field.prompt}: {c.label}", width - 16)
                       for c in self.field.choices) + 8, 56)

    def widget(self, rect: pygame.Rect, on_turn: Any) -> Widget:
        """``field:<name>``, its value the field (as on a form): a tap turns it."""
        return Widget(f"field:{self.field.name}", rect, self.label(), on_turn,
                      value=self.field)


def choice_toggle(state: GameState, option: Option, action: Action) -> ChoiceToggle | None:
    """The choice "Do it" makes for ``option`` as ``action`` (a child's sex, a dowry coin),
    when the player has one (more than one way); else None."""
    if not isinstance(option.action, (Birth, Marry)) or len(option.choices) < 2:
        return None
    form = option_form(state, option)
    field = next((f for f in form.fields if f.name in NAMES and len(f.choices) > 1), None)
    return None if field is None else ChoiceToggle(form, field, action)
