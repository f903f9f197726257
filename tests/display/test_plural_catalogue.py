"""A message worded by its count (``ngettext``) finds its words only in a catalogue entry that
has a plural: asked as a plural pair, an entry without ``msgid_plural`` is never found and the
player reads English. Every code whose template is a (singular, plural) pair must have its
plural entry, translated, in all five languages; and the round's reasons are worded in the
table's language."""

from __future__ import annotations

import pytest

from companion.display.words import catalogues, i18n
from companion.engine.messages import Message

LANGUAGES = list(i18n.LANGUAGES)
PLURALS = {code: t for code, t in i18n.templates().items() if isinstance(t, (tuple, list))}


@pytest.fixture(autouse=True)
def english_afterwards() -> object:
    yield
    i18n.use("en")


def test_there_are_plural_templates_to_check() -> None:
    assert PLURALS, "no message is worded by its count: this check would check nothing"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_asked_has_a_plural_entry(lang: str) -> None:
    cat = catalogues.read(lang)
    wrong = []
    for code, (singular, plural) in sorted(PLURALS.items()):
        m = cat.get(singular)
        if m is None:
            wrong.append(f"{code}: no entry")
        elif not isinstance(m.id, (tuple, list)):
            wrong.append(f"{code}: asked as a plural, the entry has no msgid_plural")
        elif tuple(m.id) != (singular, plural):
            wrong.append(f"{code}: the entry's plural is {m.id[1]!r}, not {plural!r}")
        elif not all(m.string):
            wrong.append(f"{code}: a plural form untranslated")
    assert not wrong, f"{lang}: " + "; ".join(wrong)


ROUND_ENDS = [
    Message("round.one_holder", {"player": "red", "held": 1}),
    Message("round.one_holder", {"player": "red", "held": 3}),
    Message("round.all_passed", {"colours": ["red", "blue"]}),
    Message("round.neutral_holder", {}),
    Message("round.no_coins", {}),
]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("msg", ROUND_ENDS, ids=lambda m: f"{m.code}-{m.params.get('n', '')}")
def test_why_a_round_ends_is_in_the_tables_language(lang: str, msg: Message) -> None:
    i18n.use("en")
    english = i18n.say(msg)
    i18n.use(lang)
    worded = i18n.say(msg)
    assert worded != english, f"{lang} shows {msg.code} in English: {worded!r}"
    assert "{" not in worded
