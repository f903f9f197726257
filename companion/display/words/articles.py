"""Articles before the names of buildings and goods: "Blau nimmt die Mühle", "le coût du
moulin", "pas d'étable".

A name shown to the players is a ``Noun``: a ``str`` (the name as printed on the tile,
"Mühle", "Étable") that also knows its language and gender. A translation asks for the form
its sentence needs with a format spec: the spec is the word as it would stand before a
masculine name, and the name's own gender (and in French its first sound) picks the form
written::

    "{who} nimmt {building:den}"      -> "Blau nimmt den Brunnenmeister" / "die Mühle" /
                                         "das Wirtshaus"
    "Auf {building:dem} steht …"      -> "Auf dem Kuhstall" / "Auf der Mühle" / "Auf dem Backhaus"
    "{player} hat {building:keinen}." -> "Anna hat keinen Kuhstall." / "keine Mühle." / "kein
                                         Backhaus."
    "Le coût {building:du} …"         -> "Le coût du moulin" / "de la mairie" / "de l'étable"
    "{player} prend {building:le}"    -> "Anna prend le moulin" / "la mairie" / "l'église"

A spec written with a capital ("{building:Der}") starts the result with a capital. Without a
spec a name is written as it is ("Plättchen {building}" -> "Plättchen Mühle"). French, Italian
and Spanish write the name in lower case after an article ("le moulin"), as running text does;
French and Italian elide before a vowel ("l'église", "l'osteria"), Italian says "lo" before
s+consonant or z ("lo stagno"). The genders are data, next to the names in
``companion/engine/data/catalogue.json`` (``"gender": {"de": "f", "fr": "m", …}``; Italian
"mp" for a plural name, "i latticini"); English needs none. ``problems`` is what the catalogue
check (``python -m companion.display.words.catalogues --check``) says of a translation that asks for
a form that does not exist.
"""

from __future__ import annotations

import string
from collections.abc import Iterable

GENDERS = {"de": ("m", "f", "n"), "fr": ("m", "f"), "it": ("m", "f", "mp", "fp"),
           "es": ("m", "f")}
"""The genders a name can have in each language that has articles ("mp": a masculine plural,
Italian "Latticini": "i latticini")."""

# German: each spec (the word before a masculine name) -> the forms before a masculine,
# feminine and neuter name. In every language a form ending in "'" joins the name without a
# space (elision: "l'église").
_DE: dict[str, tuple[str | None, ...]] = {
    "der": ("der", "die", "das"), "den": ("den", "die", "das"), "dem": ("dem", "der", "dem"),
    "ein": ("ein", "eine", "ein"), "einen": ("einen", "eine", "ein"),
    "einem": ("einem", "einer", "einem"),
    "kein": ("kein", "keine", "kein"), "keinen": ("keinen", "keine", "kein"),
    "keinem": ("keinem", "keiner", "keinem"),
    "vom": ("vom", "von der", "vom"), "zum": ("zum", "zur", "zum"), "im": ("im", "in der", "im"),
    "ins": ("ins", "in die", "ins"), "am": ("am", "an der", "am"),
    "beim": ("beim", "bei der", "beim"),
}
# French: (masculine, feminine, before a vowel or a mute h).
_FR: dict[str, tuple[str | None, ...]] = {
    "le": ("le", "la", "l'"), "du": ("du", "de la", "de l'"), "au": ("au", "à la", "à l'"),
    "de": ("de", "de", "d'"), "un": ("un", "une", None), "aucun": ("aucun", "aucune", None),
    "ce": ("ce", "cette", None),
}
# Spanish: (masculine, feminine); "el agua": a feminine name on a stressed a- takes "el".
_ES: dict[str, tuple[str | None, ...]] = {
    "el": ("el", "la"), "del": ("del", "de la"), "al": ("al", "a la"), "un": ("un", "una"),
    "ningún": ("ningún", "ninguna"),
}
# Italian: (masculine, before s+consonant, z, gn, ps, x, y ("lo"), before a vowel; feminine,
# before a vowel; masculine plural, its "gli" form; feminine plural).
_IT: dict[str, tuple[str | None, ...]] = {
    "il": ("il", "lo", "l'", "la", "l'", "i", "gli", "le"),
    "del": ("del", "dello", "dell'", "della", "dell'", "dei", "degli", "delle"),
    "al": ("al", "allo", "all'", "alla", "all'", "ai", "agli", "alle"),
    "sul": ("sul", "sullo", "sull'", "sulla", "sull'", "sui", "sugli", "sulle"),
    "nel": ("nel", "nello", "nell'", "nella", "nell'", "nei", "negli", "nelle"),
    "dal": ("dal", "dallo", "dall'", "dalla", "dall'", "dai", "dagli", "dalle"),
    "un": ("un", "uno", "un", "una", "un'", "dei", "degli", "delle"),
}
FORMS: dict[str, dict[str, tuple[str | None, ...]]] = {"de": _DE, "fr": _FR, "es": _ES,
                                                      "it": _IT}
"""Per language, each spec a translation may write and its forms."""

NOUN_FIELDS = frozenset({"building", "good", "input", "made", "source"})
GENDERED_FIELDS = frozenset({"sex"})
"""Fields worded as a ``gendered.Gendered`` villager: their spec is a choice of two forms,
"masculine/feminine" (``{sex:un aldeano/una aldeana}``), not an article."""
"""The fields whose value is always one name (a ``Noun``): only these take a spec."""

_VOWELS = "aeiouyàâäéèêëîïôöùûüœæ"
_FR_MUTE_H: frozenset[str] = frozenset()  # names on a mute h elide too ("l'hôtel"): none yet
_ES_STRESSED_A = frozenset({"agua"})


class Noun(str):
    """A name with its grammar: ``format(noun, "den")`` is the name with the article the
    spec asks for, ``str(noun)`` the name itself.

    >>> mill = Noun("Mühle", "de", "f")
    >>> f"Blau nimmt {mill:den}"
    'Blau nimmt die Mühle'
    >>> f"{Noun('Étable', 'fr', 'f'):du}"
    "de l'étable"
    """

    lang: str
    gender: str

    def __new__(cls, text: str, lang: str, gender: str) -> Noun:
        if gender not in GENDERS.get(lang, ()):
            raise ValueError(f"{text!r}: no gender {gender!r} in {lang!r} "
                             f"(one of {', '.join(GENDERS.get(lang, ())) or 'none'})")
        self = super().__new__(cls, text)
        self.lang, self.gender = lang, gender
        return self

    def __getnewargs__(self) -> tuple[str, str, str]:  # type: ignore[override]  # copy, pickle
        return str(self), self.lang, self.gender

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        return with_article(self, spec)


def with_article(noun: Noun, spec: str) -> str:
    """The name with the form ``spec`` names (see the module's examples); a spec the language
    does not have is a ``ValueError`` that names the ones it has."""
    table = FORMS.get(noun.lang, {})
    key = spec[:1].lower() + spec[1:]
    if key not in table:
        raise ValueError(f"no article form {spec!r} in {noun.lang!r}; there are "
                         f"{', '.join(table) or 'none'}")
    word = _form(noun, table[key])
    text = str(noun) if noun.lang == "de" else str(noun)[:1].lower() + str(noun)[1:]
    out = word + text if word.endswith("'") else f"{word} {text}"
    return out[:1].upper() + out[1:] if spec[:1].isupper() else out


def _form(noun: Noun, forms: tuple[str | None, ...]) -> str:
    first = str(noun)[:1].lower()
    lower = str(noun).lower()
    if noun.lang == "de":
        return str(forms["mfn".index(noun.gender)])
    if noun.lang == "fr":
        m, f, elided = forms
        vowel = first in _VOWELS or any(lower.startswith(h) for h in _FR_MUTE_H)
        if vowel and elided is not None:
            return elided
        return str(m if noun.gender == "m" else f)
    if noun.lang == "it":
        return _italian(noun, forms)
    m, f = forms[:2]  # Spanish
    stressed_a = lower.split(" ")[0] in _ES_STRESSED_A
    return str(m if noun.gender == "m" or (stressed_a and m in ("el", "del", "al", "un"))
               else f)


def _italian(noun: Noun, forms: tuple[str | None, ...]) -> str:
    m, lo, m_vowel, f, f_vowel, mp, gli, fp = forms
    lower = str(noun).lower()
    vowel = lower[:1] in _VOWELS
    lo_sound = (lower[:1] in "zxy" or lower[:2] in ("gn", "ps", "pn")
                or (lower[:1] == "s" and lower[1:2] not in _VOWELS))
    by_gender = {"m": m_vowel if vowel else lo if lo_sound else m, "f": f_vowel if vowel else f,
                 "mp": gli if vowel or lo_sound else mp, "fp": fp}
    return str(by_gender[noun.gender])


class _Formatter(string.Formatter):
    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec and not isinstance(value, Noun) and _is_article(format_spec):
            return str(value)  # "nothing" for a missing good: written as it is
        return str(super().format_field(value, format_spec))


def _is_article(spec: str) -> bool:
    key = spec[:1].lower() + spec[1:]
    return any(key in table for table in FORMS.values())


def fill(template: str, **values: object) -> str:
    """``template.format(**values)``, where a value that is not a ``Noun`` (a name the
    catalogue has no gender for, or "nothing" where a good is missing) takes an article spec
    as no spec at all rather than failing.

    >>> fill("{who} nimmt {building:den}", who="Blau", building=Noun("Mühle", "de", "f"))
    'Blau nimmt die Mühle'
    >>> fill("pas {good:de}", good="rien")
    'pas rien'
    """
    return str(_FORMATTER.vformat(template, (), values))


_FORMATTER = _Formatter()


def problems(text: str, allowed_fields: Iterable[str], lang: str) -> list[str]:
    """What is wrong with the fields of a translation ``text`` whose English has
    ``allowed_fields``: a field the English does not have, a spec on a field that is not
    a name, a spec the language does not have. Empty when all is well.

    >>> problems("{who} nimmt {building:den}", {"who", "building"}, "de")
    []
    >>> problems("{who} nimmt {building:le}", {"who", "building"}, "de")[0][:40]
    "{building:le}: no article form 'le' in '"
    """
    out = []
    allowed = set(allowed_fields)
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        return [f"{text!r}: {exc}"]
    for _lit, field, spec, _conv in parsed:
        if field is None:
            continue
        shown = "{" + field + (f":{spec}" if spec else "") + "}"
        if field not in allowed:
            out.append(f"{shown}: the English has no {{{field}}}")
        elif spec and field in GENDERED_FIELDS:
            if spec.count("/") != 1:
                out.append(f"{shown}: a villager's word takes 'masculine/feminine' "
                           "(``gendered.Gendered``)")
        elif spec and field not in NOUN_FIELDS:
            out.append(f"{shown}: only a name ({', '.join(sorted(NOUN_FIELDS))}) takes an "
                       "article")
        elif spec and spec[:1].lower() + spec[1:] not in FORMS.get(lang, {}):
            out.append(f"{shown}: no article form {spec!r} in {lang!r}; there are "
                       f"{', '.join(FORMS.get(lang, {})) or 'none'}")
    return out
