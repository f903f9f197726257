"""The engine speaks in data: every refusal, option and phase is a code with parameters, with
one English template each; the set of codes is complete and every template can be rendered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import CODES, ENGLISH, IllegalAction, Message, english, turn_options
from companion.engine.messages import (
    OPTION_KINDS,
    PARAM_KINDS,
    PHASE_CODES,
    REASON_CODES,
    fields_of,
    templates,
)
from companion.engine.state import (
    COUPLES,
    DRAFT,
    NEUTRAL,
    OVER,
    PLACE,
    PLAY,
    REVEAL,
    SCHOOL,
    START_BUILDINGS,
    START_PLAYER,
)
from tests.helpers import Table, set_up

ENGINE = Path(__file__).parent.parent.parent / "companion" / "engine"

# A value of each parameter kind, for rendering every template.
SAMPLE = {
    "colour": "red", "village": "neutral", "colours": ("red", "blue"), "building": "butcher",
    "good": "cheese", "goods": ("milk", "meat"), "character": "midwife", "quarter": "top_left",
    "cell": (-1, 0), "sex": "f", "sexes": "m", "source": "school",
    "cost": (("brick", 2), ("stone", 1)), "buildings": (("mill", 1), ("inn", 2)),
    "phase": Message("phase.play", {"player": "blue"}), "count": 2, "number": 3, "raw": "x",
}


def _source() -> str:
    return "\n".join(p.read_text() for p in ENGINE.glob("*.py") if p.name != "messages.py")


def test_every_code_the_engine_uses_has_a_template_and_every_refusal_is_used() -> None:
    src = _source()
    used = set(re.findall(r'(?:refuse|message)\(\s*"([\w.]+)"', src))
    assert used and used <= CODES, used - CODES
    # "malformed" is MalformedAction's own code (a record line not of the format).
    assert REASON_CODES - used == {"malformed"}, "refusal codes nobody raises"


def test_the_code_sets() -> None:
    phases = (START_PLAYER, DRAFT, START_BUILDINGS, NEUTRAL, PLACE, COUPLES, PLAY, SCHOOL, REVEAL,
              OVER)
    assert {f"phase.{p}" for p in phases} == PHASE_CODES
    kinds = ("build", "deliver", "wake", "marry", "birth", "neutral_build", "neutral_marry")
    assert {f"option.{t}" for t in kinds} == OPTION_KINDS
    assert REASON_CODES | OPTION_KINDS | PHASE_CODES <= CODES == set(ENGLISH)
    assert len(list(templates())) == len(CODES)


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_template_renders_from_data(code: str) -> None:
    template = ENGLISH[code]
    names = fields_of(template)
    assert names <= set(PARAM_KINDS), names - set(PARAM_KINDS)
    if isinstance(template, tuple):
        assert "n" in names and fields_of(template[0]) == fields_of(template[1])
        for n in (1, 2):
            text = english(Message(code, {k: n if k == "n" else SAMPLE[PARAM_KINDS[k]]
                                          for k in names}))
            assert "{" not in text
    else:
        assert "n" not in names, "a count n needs a plural form"
        text = english(Message(code, {k: SAMPLE[PARAM_KINDS[k]] for k in names}))
        assert "{" not in text and text


def test_a_refusal_is_data_with_an_english_rendering() -> None:
    t = Table(set_up(("red", "blue", "yellow"), start="red").state)
    with pytest.raises(IllegalAction) as info:
        t.do("choose", player="red", character="carter", coins=5)
    exc = info.value
    assert exc.code == "not_enough_coins" and dict(exc.params) == {"player": "red", "n": 4}
    assert exc.msg == Message("not_enough_coins", {"player": "red", "n": 4})
    assert str(exc) == "Red has only 4 coins to use this turn."
    assert hash(exc.msg) == hash(Message("not_enough_coins", {"n": 4, "player": "red"}))


def test_options_are_described_by_data() -> None:
    t = Table(set_up(("red", "blue", "yellow"), start="red").state)
    t.edit(lambda s: s.offer.update(butcher=1))
    opts = turn_options(t.state).all()
    assert opts and all(o.kind in OPTION_KINDS for o in opts)
    butcher = next(o for o in opts if o.message == Message("option.build",
                                                           {"building": "butcher"}))
    assert butcher.details[0].code == "pay.cost"
    assert {d.code for d in butcher.details} <= CODES
    # No English inside the data: every parameter is an id, a colour, a cell, a count, a cost.
    for o in opts:
        for m in (o.message, *o.details):
            for k, v in m.params.items():
                assert k in PARAM_KINDS and not (isinstance(v, str) and " " in v)


def test_every_parameter_kind_is_used() -> None:
    used = {f for t in ENGLISH.values() for f in fields_of(t)}
    assert used == set(PARAM_KINDS)
