"""Every word on the screens, in the players' language.

English is written in the code and marked with ``_`` (shown now), ``N_`` (marked where it is
defined, translated where shown) or ``ngettext`` (a count). The engine speaks in data:
``say`` turns one of its messages (a code and its parameters) into a sentence in the current
language. The translations are ``locale/<lang>/LC_MESSAGES/helvetia.po``, each in the terms of
that language's rulebook; ``python -m companion.display.words.catalogues`` brings them up to date.
"""

from __future__ import annotations

import gettext
import importlib
import json
import re
import string
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from ... import games
from ...engine.catalogue import Catalogue
from ...engine.grid import ring
from ...engine.values import Cell, Sex
from ...store import messages as store_messages
from .articles import GENDERS, Noun, fill
from .gendered import Gendered

LOCALE = Path(__file__).parent.parent / "locale"
DOMAIN = "helvetia"
CATALOGUE_FILE = Path(__file__).parent.parent.parent / "engine" / "data" / "catalogue.json"

LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "it": "Italiano",
             "es": "Español"}
"""Each language offered, named in itself (as the new-game screen shows it)."""

_translation: gettext.NullTranslations = gettext.NullTranslations()
language = "en"
_names: dict[str, str] = {}


def use(lang: str) -> None:
    """Switch the language of every text from now on."""
    global _translation, language
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; there are {', '.join(LANGUAGES)}")
    language = lang
    _translation = gettext.translation(DOMAIN, LOCALE, languages=[lang], fallback=True)


def _(text: str) -> str:
    return _translation.gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a text for the count ``n`` (the language's own plural rule)."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, text: str) -> str:
    """A short text whose meaning only its context gives (``"colour initial"``, ``"R"``)."""
    return _translation.pgettext(context, text)


def N_(text: str) -> str:
    """Marks a text for translation where it is defined; ``_`` translates it where shown."""
    return text


COLOUR_NAMES = {"red": N_("Red"), "blue": N_("Blue"), "yellow": N_("Yellow"),
                "white": N_("White"), "neutral": N_("neutral")}
CHARACTER_NAMES = {"builder": N_("Builder"), "carter": N_("Carter"),
                   "night_watchman": N_("Night Watchman"), "priest": N_("Priest"),
                   "midwife": N_("Midwife")}
QUARTER_NAMES = {"top_left": N_("top left"), "top_right": N_("top right"),
                 "bottom_left": N_("bottom left"), "bottom_right": N_("bottom right")}
SEX_NAMES = {Sex.M: N_("man"), Sex.F: N_("woman")}
CHILD_NAMES = {Sex.M: N_("boy"), Sex.F: N_("girl")}


def colour_name(c: str) -> str:
    """The colour itself in words ("Rot"); for a player, ``colour`` (its name)."""
    return _(COLOUR_NAMES[c])


def initial(c: str) -> str:
    """The colour's initial in the current language: the second cue beside the colour. Each
    language picks letters that differ (French Bleu and Blanc: "Bl" and "Bc")."""
    initials = {"red": pgettext("colour initial", "R"), "blue": pgettext("colour initial", "B"),
                "yellow": pgettext("colour initial", "Y"),
                "white": pgettext("colour initial", "W"),
                "neutral": pgettext("colour initial", "N")}
    return initials[c]


# --- the players by name -------------------------------------------------------------------

def set_players(players: Iterable[Any]) -> None:
    """The names of the game's players (anything with ``colour`` and ``name``), from now on
    shown wherever a player is meant."""
    _names.clear()
    _names.update({p.colour: p.name for p in players})


def name(c: str) -> str:
    """A player (or a village) by name: the name entered for it, else its colour's name in the
    current language. Draw the colour badge beside it wherever the screen can."""
    n = _names.get(c)
    if n and n != c.capitalize():  # "Red" is the record's default name, not a chosen one
        return n
    return colour_name(c)


colour = name
"""The player of a colour, in words: by name where one was entered (the screens' old
``colour(c)`` calls show the names this way); the colour's own word is ``colour_name``."""


def character(ch: str) -> str:
    return _(CHARACTER_NAMES[ch])


def quarter(q: str) -> str:
    return _(QUARTER_NAMES[q])


def sex(s: str) -> str:
    """"man" or "woman"; a translation agrees with it: "{sex:un aldeano/una aldeana}"."""
    return Gendered(_(SEX_NAMES[Sex(s)]), Sex(s) is Sex.F)


def child(s: str) -> str:
    """A child by its sex: "boy" or "girl" (the figure it grows into is a man or a woman)."""
    return Gendered(_(CHILD_NAMES[Sex(s)]), Sex(s) is Sex.F)


# --- the catalogue's names -------------------------------------------------------------------

@cache
def _catalogue_names() -> dict[str, dict[str, dict[str, str]]]:
    """Names of buildings, goods and branches by id and language, as ``catalogue.json`` gives
    them (the engine itself needs only the English)."""
    data = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    return {kind: {k: dict(v.get("name", {})) for k, v in data.get(kind, {}).items()}
            for kind in ("buildings", "goods", "branches")}


@cache
def _catalogue_genders() -> dict[str, dict[str, dict[str, str]]]:
    """The grammatical gender of each name of a building or good, by id and language (what
    ``articles`` needs to put "die" before "Mühle")."""
    data = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    return {kind: {k: dict(v.get("gender", {})) for k, v in data.get(kind, {}).items()}
            for kind in ("buildings", "goods")}


def _named(kind: str, key: str, fallback: str) -> str:
    """A name in the current language; a building's or good's is a ``Noun``, so that a
    translation can ask for its article ("{building:den}", see ``articles``)."""
    names = _catalogue_names()[kind].get(key, {})
    text = names.get(language) or names.get("en") or fallback
    gender = _catalogue_genders().get(kind, {}).get(key, {}).get(language)
    if gender and language in GENDERS and names.get(language):
        return Noun(text, language, gender)
    return text


def building(catalogue: Catalogue, type_id: str) -> str:
    b = catalogue.building(type_id)
    return _named("buildings", type_id, str(b.name))


def good(catalogue: Catalogue, good_id: str) -> str:
    g = catalogue.goods[good_id]
    return _named("goods", good_id, str(g.name))


def branch(branch_id: str) -> str:
    return _named("branches", branch_id, branch_id)


# --- the engine's messages -------------------------------------------------------------------

COLOURS = frozenset(COLOUR_NAMES)
STORE_REASONS = store_messages.REASONS
MESSAGE_MODULES = ("companion.engine.messages", "companion.engine.table",
                   "companion.store.messages", "companion.controls")
"""Where the engine's message codes live, each module with ``ENGLISH`` (code -> template)
and ``PARAM_KINDS`` (parameter name -> kind)."""


@cache
def _modules() -> tuple[Any, ...]:
    out = []
    for module in dict.fromkeys((*MESSAGE_MODULES, *games.message_modules())):
        try:
            out.append(importlib.import_module(module))
        except ModuleNotFoundError as exc:
            if exc.name != module:  # the module is there but broken: say so
                raise
            # not written yet: its codes are then shown in English
    return tuple(out)


def templates() -> dict[str, Any]:
    """Every message code with its English template: the engine's messages and the table's
    steps (a template is a text, or (singular, plural) for one with a count ``n``)."""
    out: dict[str, Any] = {}
    for mod in _modules():
        out.update(getattr(mod, "ENGLISH", {}))
    return out


@cache
def param_kinds() -> dict[str, str]:
    out: dict[str, str] = {}
    for mod in _modules():
        out.update(getattr(mod, "PARAM_KINDS", {}))
    return out


@cache
def child_codes() -> frozenset[str]:
    """The messages whose ``sex`` is a child's (the engine's ``CHILD_CODES``): worded "boy" /
    "girl", not "man" / "woman"."""
    return frozenset(c for mod in _modules() for c in getattr(mod, "CHILD_CODES", ()))


@cache
def term_kinds() -> dict[str, Any]:
    """Parameter kinds an engine words as a message of its own (its ``TERM_KINDS``: kind ->
    a function from the value to a message), e.g. a game's tiles and squares."""
    return {k: f for mod in _modules() for k, f in getattr(mod, "TERM_KINDS", {}).items()}


@cache
def template(code: str) -> Any:
    return templates().get(code)


RING1_WORDS = {(-1, -1): N_("top-left corner"), (0, -1): N_("above the centre, left"),
               (1, -1): N_("above the centre, right"), (2, -1): N_("top-right corner"),
               (-1, 0): N_("left of the centre"), (2, 0): N_("right of the centre"),
               (-1, 1): N_("bottom-left corner"), (0, 1): N_("below the centre, left"),
               (1, 1): N_("below the centre, right"), (2, 1): N_("bottom-right corner")}


def where(cell: tuple[int, int]) -> str:
    """A cell of a village in words, as the players see it around the village centre (which
    covers (0, 0) and (1, 0)): "left of the centre", "outer ring, top, 3 from the left".
    Every cell has its own words."""
    cell = (int(cell[0]), int(cell[1]))
    if cell in RING1_WORDS:
        return _(RING1_WORDS[cell])
    x, y = cell
    n = ring(Cell(x, y))
    if n == 0:
        return _("the village centre")
    ring_name = _("outer ring") if n == 2 else _("ring {n}").format(n=n)
    corner = {(-n, -n): N_("{ring}, top-left corner"), (n + 1, -n): N_("{ring}, top-right corner"),
              (-n, n): N_("{ring}, bottom-left corner"),
              (n + 1, n): N_("{ring}, bottom-right corner")}.get(cell)
    if corner:
        return _(corner).format(ring=ring_name)
    if y == -n:
        return _("{ring}, top, {k} from the left").format(ring=ring_name, k=x + n)
    if y == n:
        return _("{ring}, bottom, {k} from the left").format(ring=ring_name, k=x + n)
    if x == -n:
        return _("{ring}, left side, {k} from the top").format(ring=ring_name, k=y + n)
    return _("{ring}, right side, {k} from the top").format(ring=ring_name, k=y + n)


def village(c: str) -> str:
    """A village by its owner: "Anna's village"; the neutral one is "the neutral village"."""
    if c == "neutral":
        return _("the neutral village")
    return elide(_("{colour}'s village").format(colour=name(c)))


def village_title(c: str) -> str:
    """A village as a title (over its picture): "Village d'Anna", "Neutrales Dorf"; a name
    keeps its own letters."""
    s = village(c)
    if c != "neutral" and s.startswith(name(c)):
        return s
    return s[:1].upper() + s[1:]


def _guess(value: Any) -> str:
    """The kind of a parameter the code does not name, told by its value."""
    if isinstance(value, bool) or not isinstance(value, (str, tuple, list)):
        return "number" if isinstance(value, int) else "raw"
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(i, int) for i in value):
        return "cell"
    if isinstance(value, (tuple, list)):
        return "list"
    if value in COLOURS:
        return "colour"
    if value in CHARACTER_NAMES:
        return "character"
    if value in QUARTER_NAMES:
        return "quarter"
    if value in SEX_NAMES:
        return "sex"
    names = _catalogue_names()
    return next((k[:-1] for k in ("buildings", "goods") if value in names[k]), "raw")


SOURCE_GENDERS = {"de": {"centre": "f", "school": "f"}, "it": {"centre": "m", "school": "f"}}
"""Where a villager comes from (the village centre, the school) as a name with its gender, in
the languages whose words for them carry no article ("{source:dal}": "dal centro villaggio",
"dalla scuola")."""


def word(key: str, value: Any) -> str:
    """One parameter of a message in words, by its kind (named by the engine's
    ``PARAM_KINDS``, else told by its value)."""
    kind = param_kinds().get(key) or _guess(value)
    if value is None:
        return _("nothing")
    if kind in term_kinds():
        return say(term_kinds()[kind](value))
    if kind == "colour":
        return name(value)
    if kind == "village":
        return village(value)
    if kind == "colours":
        return ", ".join(name(c) for c in value)
    if kind == "building":
        return _named("buildings", value, str(value))
    if kind == "good":
        return _named("goods", value, str(value))
    if kind == "goods":
        return ", ".join(_named("goods", g, str(g)) for g in value)
    if kind == "cost":
        return cost(value)
    if kind == "buildings":
        return ", ".join(f"{n} {_named('buildings', b, str(b))}" for b, n in value)
    if kind == "character":
        return character(value)
    if kind == "quarter":
        return quarter(value)
    if kind == "cell":
        return where(value)
    if kind == "sex":
        return sex(value)
    if kind == "sexes":
        return _("men") if value == Sex.M else _("women")
    if kind == "source":
        text = _("village centre") if value == "centre" else _("school")
        gender = SOURCE_GENDERS.get(language, {}).get(value)
        return Noun(text, language, gender) if gender else text  # "dalla scuola"
    if kind == "phase":
        return say(value)
    if kind == "list":
        return ", ".join(word("", v) for v in value)
    if kind == "store_reason":
        return _(STORE_REASONS.get(value, STORE_REASONS["io"]))
    if kind == "seat_counts":
        return ", ".join(f"{name(c) if c in COLOURS else _('unknown')} {n}" for c, n in value)
    return str(value)


LOWER_GOODS = ("fr", "it", "es")
"""The languages that write a good in lower case in running text ("coût : 1 pierre + 1 bois");
its name in the catalogue is a title ("Pierre"), and German writes every noun with a capital."""


def cost(pairs: Iterable[Any]) -> str:
    """Goods with their counts, e.g. "2 Ziegel + 1 Stein", "1 pierre + 1 bois"; nothing:
    "nothing"."""
    def good_in_line(g: str) -> str:
        text = str(_named("goods", g, g))
        return text[:1].lower() + text[1:] if language in LOWER_GOODS else text

    parts = [f"{n} {good_in_line(g)}" for g, n in pairs]
    return " + ".join(parts) or _("nothing")


def say(message: Any) -> str:
    """An engine message (``code`` and ``params``) in the current language: gettext on its
    English template (``ngettext`` by ``n`` where it has a plural), each parameter worded by
    its kind. A code without a template shows its English rendering."""
    code = str(getattr(message, "code", ""))
    params = dict(getattr(message, "params", None) or {})
    tmpl = template(code)
    if tmpl is None:
        return str(message)
    words = {k: word(k, v) for k, v in params.items()}
    if code in child_codes() and "sex" in params:
        words["sex"] = child(params["sex"])
    if isinstance(tmpl, (tuple, list)):
        n = params.get("n", 1)
        text = ngettext(tmpl[0], tmpl[1], n if isinstance(n, int) else 1)
    else:
        text = _(tmpl)
    out = elide(fill(text, **words))
    first = next((f for _, f, _, _ in string.Formatter().parse(text) if f is not None), None)
    if text.startswith("{") and first and param_kinds().get(first) not in ("colour", "raw"):
        out = out[:1].upper() + out[1:]  # "Village d'Anna : ...", never a name changed
    return out


def elide(text: str) -> str:
    """French elides "de" before a name with a vowel: "village d'Anna", "coût d'Étable", not
    "de Anna" (also in a text put together on the screen: ``ui.draw_text`` calls this)."""
    if language != "fr" or "e " not in text:
        return text
    buildings = (n.get("fr", "") for n in _catalogue_names()["buildings"].values())
    for n in {*_names.values(), *buildings}:
        if n[:1].lower() in "aeiouyhéèêâîôû" and n in text:
            text = re.sub(rf"(?<![\w'\u2019])([Dd])e (?={re.escape(n)})",
                          lambda m: m.group(1) + "'", text)
    return text


_FR_COLON = re.compile(r"(?<=[\w)»%])[ \u00a0]?:(?=\s|$)")
_FR_MARK = re.compile(r"(?<=[\w)»%])[ \u00a0]?([;?!])(?=\s|$|[)»\u201d\"'.,:])")
"""French ";", "?" and "!" after a word: the same thin space that never breaks (also in a text
joined on the screen: "Architecte ; Chèvrerie"); "..?" and "a;b" stay as they are."""


def punctuate(text: str) -> str:
    """The colon as each language sets it, in texts put together on the screen too (a prompt
    and ":", "Bois: 2"): French with a thin space before it that never breaks ("Qui : Anna",
    U+202F), the others without; never a colon right after a question mark ("Wer?:" is "Wer?").
    French sets ";", "?" and "!" the same way ("Qui ?", "Architecte ; Mine")."""
    if language == "fr":
        text = _FR_MARK.sub("\u202f\\1", text)
    if ":" not in text:
        return text
    text = re.sub(r"([?!])[ \u00a0\u202f]?:(?=\s|$)", r"\1", text)
    if language == "fr":
        return _FR_COLON.sub("\u202f:", text)
    return text


def has_name(text: str) -> bool:
    """Whether ``text`` holds a player's name: then the screen never breaks a word of it with
    a hyphen ("Jür-gen")."""
    words = set(text.replace("\n", " ").split(" "))
    return any(w in words or w + "," in words or w + "." in words
               for n in _names.values() for w in n.split(" ") if len(w) > 1)


def colours_in(message: Any) -> list[str]:
    """The colours a message names, in order: the badges to draw beside its text."""
    out: list[str] = []
    for v in (getattr(message, "params", None) or {}).values():
        for x in (v if isinstance(v, (tuple, list)) else (v,)):
            if isinstance(x, str) and x in COLOURS and x not in out:
                out.append(x)
    return out


def error_text(exc: BaseException) -> str:
    """A refusal (an engine error) for the screen: its message worded, else its text."""
    msg = getattr(exc, "msg", None)
    if msg is not None and template(msg.code) is not None:
        return say(msg)
    return _(str(exc))


# --- the store's words -----------------------------------------------------------------------


def store_text(notices: Iterable[Any] | None) -> str | None:
    """What the store said at open (its messages: ``Notices``) in the current language."""
    if not notices:
        return None
    return " ".join(say(m) for m in notices)
