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
from companion.engine.messages import message

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


def test_one_term_for_the_start_buildings_and_the_village_centre() -> None:
    """Italian: "di partenza" as the rulebook's "Edifici di partenza", never "iniziale"; the
    village centre "centro villaggio", in lower case inside a sentence. Spanish: the village is
    "aldea" (never "pueblo"), its centre "centro de la aldea" in lower case."""
    it = [s for _i, s in texts("it")]
    assert [s for s in it if re.search(r"\b(edifici[oi]|tesser[ae]) iniziali?\b", s)] == []
    assert [s for s in it if re.search(r"(?<![.:?!] )(?<!^)\bCentr[oi]\b", s)] == []
    assert [s for s in it if "centro del villaggio" in s or "centro del tuo" in s] == []
    es = [s for _i, s in texts("es")]
    assert [s for s in es if re.search(r"\bpueblos?\b", s, re.I)] == []
    assert [s for s in es if re.search(r"(?<![.:?!] )(?<!^)\bCentros?\b", s)] == []
    assert [s for s in es if re.search(r"\bcentros? de aldea\b", s)] == []


def test_every_spanish_question_opens_with_its_mark() -> None:
    questions = [s for _i, s in texts("es") if "?" in s.replace("..?", "")]
    assert questions
    assert [s for s in questions if s.count("¿") != s.replace("..?", "").count("?")] == []
    # a form's heading that asks ("Dónde va", "Quién se muda") is a question too
    assert [s for _i, s in texts("es")
            if re.match(r"(Qué|Dónde|Quién|Cuál|Cuánt|Cómo)\b", s)] == []


def test_french_table_steps_say_tu_like_the_steps_to_a_player() -> None:
    """Every step at the table, addressed to a player ("Rouge : pose...") or not ("Couche
    l'habitant..."), and the setup checklist, in the imperative; buttons keep the infinitive."""
    with catalogues.po_path("fr").open("rb") as f:
        cat = read_po(f, locale="fr")
    steps = [s for m in cat if m.id and (
        any(c.startswith("table.") for c in m.auto_comments)
        or any(p.endswith("setup/checklist.py") for p, _ in m.locations))
        for s in map(str, m.string if isinstance(m.string, tuple) else (m.string,))
        if s.endswith(".")]
    assert len(steps) > 60
    infinitive = re.compile(r"(^|[.:;] )(Poser|Placer|Mettre|Remettre|Prendre|Retourner|Coucher|"
                            r"Relever|Recoucher|Avancer|Retirer|Ressortir|Ramener|Sortir|Laisser|"
                            r"Déplacer|Rendre|Trier|Mélanger|Étaler|Tirer|poser|coucher|placer)\b"
                            r"|\b(le|la|les) (placer|poser|mettre)\b")
    assert [s for s in steps if infinitive.search(s)] == []


def test_a_cost_writes_its_goods_in_lower_case_in_running_text() -> None:
    from companion.display.words import i18n

    try:
        for lang, words in (("fr", "1 pierre + 1 bois"), ("it", "1 pietra + 1 legno"),
                            ("es", "1 piedra + 1 madera"), ("de", "1 Stein + 1 Holz")):
            i18n.use(lang)
            assert i18n.cost((("stone", 1), ("wood", 1))) == words
            assert i18n.say(message("pay.cost", cost=(("stone", 1), ("wood", 1)))).endswith(words)
    finally:
        i18n.use("en")


def test_two_leftover_start_tiles_of_a_type_are_two_steps_not_one_twice() -> None:
    """The same step for each leftover tile of a type: "a leftover tile", never "the unused
    tile" (read twice, that was one step said twice)."""
    indefinite = {"en": "Put a leftover start tile ", "de": "Lege ein übriges Startgebäude ",
                  "fr": "Remets une tuile de départ ", "it": "Rimetti nella scatola una tessera ",
                  "es": "Devuelve a la caja una ficha "}
    for lang, start in indefinite.items():
        with catalogues.po_path(lang).open("rb") as f:
            cat = read_po(f, locale=lang)
        steps = [m for m in cat if "table.start_tile_to_box" in m.auto_comments]
        assert len(steps) == 1 and str(steps[0].string).startswith(start), lang
