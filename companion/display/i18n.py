"""Text through gettext: English in the code, German from ``locale/de`` (the rulebook's own
terms: Baumeister, Fuhrmann, Nachtwächter, Pfarrer, Hebamme)."""

from __future__ import annotations

import gettext
from pathlib import Path

LOCALE = Path(__file__).parent / "locale"
DOMAIN = "helvetia"

_translation: gettext.NullTranslations = gettext.NullTranslations()
language = "en"


def use(lang: str) -> None:
    """Switch the language of every text from now on."""
    global _translation, language
    language = lang
    _translation = gettext.translation(DOMAIN, LOCALE, languages=[lang], fallback=True)


def _(text: str) -> str:
    return _translation.gettext(text)


def N_(text: str) -> str:
    """Marks a text for translation where it is defined; ``_`` translates it where shown."""
    return text


COLOUR_NAMES = {"red": N_("Red"), "blue": N_("Blue"), "yellow": N_("Yellow"),
                "white": N_("White")}
CHARACTER_NAMES = {"builder": N_("Builder"), "carter": N_("Carter"),
                   "night_watchman": N_("Night Watchman"), "priest": N_("Priest"),
                   "midwife": N_("Midwife")}


def colour(c: str) -> str:
    return _(COLOUR_NAMES[c])


def initial(c: str) -> str:
    """The colour's initial in the current language: the second cue beside the colour."""
    return colour(c)[0]


def character(ch: str) -> str:
    return _(CHARACTER_NAMES[ch])


def building(catalogue: object, type_id: str) -> str:
    b = catalogue.building(type_id)  # type: ignore[attr-defined]
    return str(b.name_de if language == "de" else b.name)


def good(catalogue: object, good_id: str) -> str:
    g = catalogue.goods[good_id]  # type: ignore[attr-defined]
    return str(g.name_de if language == "de" else g.name)
