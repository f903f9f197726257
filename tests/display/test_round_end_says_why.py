"""A round end says first why it ended (who still holds coins and the rule), as a paragraph of
its own above the token's step: a group whose player still held coins read the checklist as
the companion skipping her (issue 32); glued to the end of the token's step it was missed."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.display.contract import helvetia_state
from companion.display.words import i18n
from companion.display.words.i18n import LANGUAGES, say
from tests.display.test_checklist_layout import round_end
from tests.display.test_turn_words import texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_reason_is_the_first_paragraph_of_the_round_end(tmp_path: Path,
                                                            language: str) -> None:
    app, _d = round_end(tmp_path, language)
    try:
        assert helvetia_state(app) is not None and helvetia_state(app).round_ended is not None
        why = say(helvetia_state(app).round_ended)
        # the lines drawn, in order (French draws its narrow no-break spaces before ":")
        shown = " ".join(texts(app)).replace("\u202f", " ")
        assert why in shown, f"{why!r} is not on the round end's screen"
        assert why + " 1. " in shown, shown  # then the first step, numbered 1
        assert i18n.language == language
    finally:
        app.close()
