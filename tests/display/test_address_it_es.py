"""Italian and Spanish speak to the table in one address, as French does: "tu" / "tú" (the
imperative singular) in every instruction and request; never "voi" / "vosotros", and never an
infinitive that tells someone to move a piece. One word for the stacks (pila / montón) and
for Helvetia's tiles in Spanish (ficha). The rule is written at the top of each catalogue.
Drunter's own texts are left to its screens' wording (they still say "voi"/"vosotros" to the
whole group, "Tutti: rivelate...")."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from companion.display.words import catalogues

DRUNTER = ("companion/drunter/", "companion/display/screens/drunter/")

VOI = re.compile(r"\b(vostr[oaie]|volete|potete|avete|siete|[Ss]cegliete|[Tt]occate\w*|"
                 r"[Mm]ettete\w*|[Rr]imettete|[Mm]uovete|[Ll]eggete\w*|[Pp]iazzate|[Pp]escate|"
                 r"[Ss]orteggiate|[Cc]ontrollate|[Ii]nserite\w*|[Cc]orreggete)\b")
VOSOTROS = re.compile(r"\b(vuestr[oa]s?|queréis|podéis|tenéis|sois|estáis|"
                      r"\w+(ad|ed|id)(l[oa]s?)?)\b")
NOT_VOSOTROS = {"ciudad", "verdad", "mitad", "red", "pared", "sed", "usted", "ustedes", "edad",
                "cantidad", "posibilidad", "variedad", "comunidad", "unidad", "propiedad",
                "oportunidad", "actividad", "capacidad", "velocidad", "seguridad", "prioridad",
                "Madrid", "David", "id", "ad", "ed", "cid", "lid", "vid"}
# An instruction (a sentence) that begins with an infinitive: a table step of an earlier
# catalogue. A button or a title names its action with the infinitive, as in French.
IT_STEP = re.compile(r"(^|[.:;] )(Mettere|Rimettere|Togliere|Girare|Portare|Riportare|Sdraiare|"
                     r"Alzare|Rialzare|Prendere un|Riprendere|Piazzare|Dividere|Mescolare|"
                     r"Disporre|Estrarre|mettere|toccare)\b")
ES_STEP = re.compile(r"(^|[.:;] )(Poner|Devolver|Quitar|Tumbar|Levantar|Mover|Separar|Barajar|"
                     r"Sortear|Volver a|poner)\b|Colocar la ficha \{\}:")


def texts(lang: str) -> list[tuple[str, str]]:
    with catalogues.po_path(lang).open("rb") as f:
        cat = read_po(f, locale=lang)
    out: list[tuple[str, str]] = []
    for m in cat:
        if not m.id or all(any(d in p for d in DRUNTER) for p, _ in m.locations):
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(str(ids[0]), re.sub(r"\{[^{}]*\}", "{}", str(s)))  # the fields left out
                for s in strings if s]
    return out


def test_italian_says_tu_never_voi_nor_an_infinitive_step() -> None:
    it = texts("it")
    assert [s for _i, s in it if VOI.search(s)] == []
    assert [s for _i, s in it if s.endswith(".") and IT_STEP.search(s)] == []  # a label may


def test_spanish_says_tu_never_vosotros_nor_an_infinitive_step() -> None:
    es = texts("es")
    assert [s for _i, s in es
            if any(m.group(0) not in NOT_VOSOTROS and m.group(0).lower() not in NOT_VOSOTROS
                   for m in VOSOTROS.finditer(s))] == []
    assert [s for _i, s in es if s.endswith(".") and ES_STEP.search(s)] == []  # "Sortear"


def test_one_word_for_the_stacks_and_the_tiles() -> None:
    assert [s for _i, s in texts("it") if re.search(r"\bmazz[oi]\b", s, re.I)] == []
    assert [s for _i, s in texts("es") if re.search(r"\bpilas?\b", s, re.I)] == []
    assert [s for _i, s in texts("es") if re.search(r"\blosetas?\b", s, re.I)] == []


def test_the_rule_heads_each_catalogue() -> None:
    for lang, words in (("it", ("tu", "round", "pila")), ("es", ("tú", "montón", "ficha"))):
        head = catalogues.po_path(lang).read_text(encoding="utf-8").split('msgid ""')[0]
        assert all(f'"{w}"' in head for w in words), lang
