"""What the Drunter & Drüber engine says, as data: codes with parameters (``Message``, shared
with Helvetia's engine), one English template each; the display words them through gettext.

Every code starts with ``drunter.`` so that it never meets one of Helvetia's. Parameters whose
words depend on the language (a tile, a road, a square, a card) are *terms*: ``TERM_KINDS``
turns such a value into a message of its own (``"drunter.word.*"``), which the display words
like any other (``display/i18n.py`` reads ``TERM_KINDS``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.engine.messages import N_, Message, Template, fields_of

__all__ = ["ENGLISH", "PARAM_KINDS", "TERM_KINDS", "Message", "english", "fields_of"]

REFUSALS: dict[str, Template] = {
    # the game as a whole
    "drunter.not_a_player": N_("{player} is not a player in this game."),
    "drunter.wrong_phase": N_("That is not possible now: {phase}."),
    "drunter.not_your_turn": N_("It is {active}'s turn, not {player}'s."),
    "drunter.reveal_early": N_("The building cards are revealed only at the end, when nobody "
                               "can place a tile any more; now {phase}."),
    "drunter.vote_variant": N_("The variant has no votes: a tile covers a public toilet like "
                               "any other square."),
    "drunter.no_vote": N_("There is no vote now: only a tile announced over a public toilet "
                          "calls one; now {phase}."),
    "drunter.choose_basic": N_("Objectives are chosen only in the variant: in the basic game "
                               "each player has one building card."),
    "drunter.choose_early": N_("The objectives are chosen when the first road is finished "
                               "(its worker leaves the map); now {phase}."),
    "drunter.nothing_to_undo": N_("There is nothing to undo."),
    "drunter.choose_first": N_("Choose a tile and where it goes first; then the seat button "
                               "places it."),
    # placing a tile (§D4)
    "drunter.tile_not_held": N_("{player} has no {tile} left."),
    "drunter.wrong_kind": N_("A {tile} cannot extend {road}: each road is built with tiles of "
                             "its own kind."),
    "drunter.road_finished": N_("{road} is finished: its worker has left the map."),
    "drunter.not_next_to_worker": N_("A tile starts next to the worker of {road} ({worker}), "
                                     "not at {square}."),
    "drunter.off_map": N_("The tile would leave the map at {square}."),
    "drunter.on_start": N_("{square} is {start}, where {road} begins: no tile covers a road's "
                           "start."),
    "drunter.overlap": N_("{square} is covered by {road} already: a tile never covers "
                          "another road."),
    "drunter.not_a_bridge": N_("There is no bridge of another road at {square} to pass "
                               "under."),
    "drunter.own_bridge": N_("{road} cannot pass under its own bridge ({square})."),
    "drunter.nowhere.blocked": N_("No {tile} fits next to the worker of {road} ({square}): "
                                  "every way from there is blocked or too short."),
    "drunter.can_place": N_("{player} can still place a tile ({n} placement is possible): "
                            "only a player who cannot place misses the turn.",
                            "{player} can still place a tile ({n} placements are possible): "
                            "only a player who cannot place misses the turn."),
    "drunter.can_place_toilet": N_(
        "{player} can still place a tile over a public toilet ({n} placement is possible): "
        "announce it and everyone votes; only a player who cannot place misses the turn.",
        "{player} can still place a tile over a public toilet ({n} placements are possible, "
        "all over toilets): announce one and everyone votes; only a player who cannot place "
        "misses the turn."),
    # the toilet vote (§D5)
    "drunter.must_vote": N_("{player} has not voted: everyone plays at least one card (\"..?\" "
                            "to abstain)."),
    "drunter.card_not_held": N_("{player} does not hold the {card} card."),
    "drunter.card_twice": N_("{player} played the {card} card twice."),
    "drunter.jeeiin_side": N_("{player} played JEEIIN: say whether it counts as yes or no."),
    "drunter.no_jeeiin": N_("{player} did not play JEEIIN: there is no side to choose."),
    "drunter.both_sides": N_("{player} showed yes and no votes: a player votes one way, with "
                             "JA cards or with NE cards (a JEEIIN on the same side)."),
    "drunter.vote_shows_yes": N_("{player} votes yes already: one way only. To vote no, first "
                                 "tap the yes cards again."),
    "drunter.vote_shows_no": N_("{player} votes no already: one way only. To vote yes, first tap "
                                "the no cards again."),
    # the end (§D6, §D8)
    "drunter.reveal_missing": N_("{player} has not revealed its card yet."),
    "drunter.reveal_count": N_("{player} reveals exactly {n} card.",
                               "{player} reveals exactly {n} cards: the objective first, then "
                               "the second card."),
    "drunter.card_taken": N_("{player} cannot reveal the {objective}: {other} revealed it "
                             "already, and there is one of each card."),
    "drunter.same_card": N_("{player} revealed the {objective} twice."),
    "drunter.variant_card": N_("The {objective} is only played in the variant."),
    # setup: the players' tiles (§D2)
    "drunter.deal_count": N_("{player} was dealt {given_n} tiles of {n} square; with this many "
                             "players each gets {expected}.",
                             "{player} was dealt {given_n} tiles of {n} squares; with this many "
                             "players each gets {expected}."),
    "drunter.player_count": N_("Drunter & Drüber is played by 2 to 4 players, not {given_n}."),
    # the board (§D9)
    "drunter.board.size": N_("The map is {width} by {height} squares: each side has {min} to "
                             "{max} squares."),
    "drunter.board.off_map": N_("{square} lies outside the {width} by {height} map."),
    "drunter.board.start_not_on_edge": N_("The start of {road} ({square}) must lie on the edge "
                                          "of the map."),
    "drunter.board.start_missing": N_("The start of {road} is missing."),
    "drunter.board.square_twice": N_("{square} holds two things: at most one building, toilet "
                                     "or start per square."),
    "drunter.board.bad_value": N_("A building's value is a whole number from 1 to {max}, not "
                                  "{value}."),
}
"""Why an action, a header or a board is refused: code → template."""

OPTIONS: dict[str, Template] = {
    "drunter.option.place": N_("Place a {tile} on {road} from {square}"),
    "drunter.option.place_vote": N_("Place a {tile} on {road} from {square}, over a public "
                                    "toilet: a vote"),
    "drunter.option.cannot_place": N_("{player} cannot place any tile and misses this turn"),
}
"""What an offered action does."""

PHASES: dict[str, Template] = {
    "drunter.phase.play": N_("it is {player}'s turn"),
    "drunter.phase.vote": N_("everyone votes on {player}'s tile over a public toilet"),
    "drunter.phase.choose": N_("each player chooses its objective card"),
    "drunter.phase.reveal": N_("the players reveal their building cards"),
    "drunter.phase.over": N_("the game is over"),
}
"""What the game waits for: ``"drunter.phase." + state.phase`` → template."""

TABLE: dict[str, Template] = {
    "drunter.table.move_worker": N_("Move the worker of {road} onto the tile's end ({square})."),
    "drunter.table.worker_leaves": N_("Take the worker of {road} off the map: no way on, "
                                      "{road} is finished."),
    "drunter.table.vote": N_("A vote: everyone chooses one or more citizen cards in secret, "
                             "then all reveal them at once."),
    "drunter.table.vote_won": N_("The yes votes win, {yes} to {no}: the tile stays."),
    "drunter.table.vote_lost": N_("The no votes win, {no} to {yes}: {player}, take your tile "
                                  "back; your turn is over."),
    "drunter.table.cards_out": N_("Put the citizen cards played in the box; \"..?\" goes "
                                  "back to its owner's hand."),
    "drunter.table.abstain_back": N_("Everyone played \"..?\": each takes it back into the "
                                     "hand."),
    "drunter.table.missed": N_("{player} cannot place a tile and misses this turn."),
    "drunter.table.choose": N_("Everyone: choose one of your two cards as your objective, in "
                               "secret, and put the other under it."),
    "drunter.table.reveal": N_("Nobody can place a tile any more: the game is over. Everyone: "
                               "reveal your building card."),
    "drunter.table.reveal_variant": N_("Nobody can place a tile any more: the game is over. "
                                       "Everyone: reveal your objective, then your second "
                                       "card."),
}
"""What the table does with the pieces after an action (``table.steps``)."""

BACK: dict[str, Template] = {
    "drunter.table.back.tile": N_("{player}: take your {tile} off {road} ({square}) back into "
                                  "your hand."),
    "drunter.table.back.tile_again": N_("{player}: lay your {tile} on {road} from {square} "
                                        "again: it is voted on again."),
    "drunter.table.back.revote": N_("{player}'s {tile} on {road} ({square}) stays where it "
                                    "lies: it is voted on again."),
    "drunter.table.back.worker": N_("Move the worker of {road} back to {square}."),
    "drunter.table.back.worker_returns": N_("Put the worker of {road} back on the map at "
                                            "{square}: {road} is not finished after all."),
    "drunter.table.back.cards": N_("{player}: take {cards} out of the box back into your "
                                   "hand."),
    "drunter.table.back.choose": N_("The objectives are not chosen yet after all: everyone "
                                    "keeps both cards."),
    "drunter.table.back.reveal": N_("The game goes on after all: everyone, hide your cards "
                                    "again."),
    "drunter.table.back.nothing": N_("Nothing to take back on the table: no piece moved."),
}
"""What the table does to take an undone action back (``table.back_steps``): red on the
screens, as Helvetia's ``table.back.*``."""

UNDONE: dict[str, Template] = {
    "drunter.undone.vote": N_("The vote on {player}'s {tile} on {road} from {square} (yes "
                              "{yes}, no {no})."),
    "drunter.undone.missed": N_("{player}'s missed turn."),
    "drunter.undone.choose": N_("The objectives chosen."),
    "drunter.undone.reveal": N_("The cards revealed and the scores."),
}
"""What an undo takes back, as the undo question names it (``table.undone``); a tile laid
or announced is named by its option (``drunter.option.place*``)."""

WORDS: dict[str, Template] = {
    "drunter.word.tile.street": N_("street tile ({n} square)", "street tile ({n} squares)"),
    "drunter.word.tile.wall": N_("wall tile ({n} square)", "wall tile ({n} squares)"),
    "drunter.word.tile.canal": N_("canal tile ({n} square)", "canal tile ({n} squares)"),
    "drunter.word.road.street": N_("the street"),
    "drunter.word.road.wall_1": N_("the first wall"),
    "drunter.word.road.wall_2": N_("the second wall"),
    "drunter.word.road.canal": N_("the canal"),
    "drunter.word.square": N_("column {col}, row {row}"),
    "drunter.word.start.street": N_("the inn"),
    "drunter.word.start.wall_1": N_("the first guard post"),
    "drunter.word.start.wall_2": N_("the second guard post"),
    "drunter.word.start.canal": N_("the water source"),
    "drunter.word.cards.1": N_("{c1}"),
    "drunter.word.cards.2": N_("{c1} and {c2}"),
    "drunter.word.cards.3": N_("{c1}, {c2} and {c3}"),
    "drunter.word.cards.4": N_("{c1}, {c2}, {c3} and {c4}"),
    "drunter.word.cards.5": N_("{c1}, {c2}, {c3}, {c4} and {c5}"),
    "drunter.word.cards.6": N_("{c1}, {c2}, {c3}, {c4}, {c5} and {c6}"),
    "drunter.word.cards.7": N_("{c1}, {c2}, {c3}, {c4}, {c5}, {c6} and {c7}"),
    "drunter.word.side.yes": N_("yes"),
    "drunter.word.side.no": N_("no"),
    "drunter.word.card.ja": N_("JA"),
    "drunter.word.card.jaa": N_("JAA"),
    "drunter.word.card.jaaa": N_("JAAA"),
    "drunter.word.card.jeeiin": N_("JEEIIN"),
    "drunter.word.card.ne": N_("NE"),
    "drunter.word.card.nee": N_("NEE"),
    "drunter.word.card.neee": N_("NEEE"),
    "drunter.word.card.abstain": N_("..?"),
    "drunter.word.objective.type": N_("building card {type}"),
    "drunter.word.objective.max3": N_("special card \"all 3er buildings\""),
    "drunter.word.objective.max4": N_("special card \"all 4er buildings\""),
    "drunter.word.objective.lowest": N_("special card \"the lowest of each type\""),
    "drunter.word.objective.one_point": N_("special card \"every standing building 1 point\""),
}
"""The words of terms (see ``TERM_KINDS``)."""

ENGLISH: dict[str, Template] = {**REFUSALS, **OPTIONS, **PHASES, **TABLE, **BACK, **UNDONE, **WORDS}
REASON_CODES = frozenset(REFUSALS)
PHASE_CODES = frozenset(PHASES)
CODES = frozenset(ENGLISH)

PARAM_KINDS: dict[str, str] = {
    "player": "colour", "active": "colour", "other": "colour",
    "phase": "phase",
    "tile": "drunter_tile", "road": "drunter_road", "square": "drunter_square",
    "worker": "drunter_square", "card": "drunter_card", "side": "drunter_side",
    "objective": "drunter_objective", "start": "drunter_start", "cards": "drunter_cards",
    "c1": "drunter_card", "c2": "drunter_card", "c3": "drunter_card", "c4": "drunter_card",
    "c5": "drunter_card", "c6": "drunter_card", "c7": "drunter_card",
    "n": "count", "given_n": "number", "expected": "number", "col": "number", "row": "number",
    "width": "number", "height": "number", "min": "number", "max": "number",
    "type": "raw", "value": "raw", "yes": "number", "no": "number",
}
"""The kind of each parameter: how it is worded (names shared with Helvetia's mean the same)."""


def _tile(value: Any) -> Message:
    kind, length = value
    return Message(f"drunter.word.tile.{kind}", {"n": int(length)})


def _objective(value: Any) -> Message:
    if f"drunter.word.objective.{value}" in WORDS:
        return Message(f"drunter.word.objective.{value}")
    return Message("drunter.word.objective.type", {"type": value})


def _cards(value: Any) -> Message:
    cards = list(value)
    return Message(f"drunter.word.cards.{len(cards)}",
                   {f"c{i}": c for i, c in enumerate(cards, 1)})


TERM_KINDS: dict[str, Callable[[Any], Message]] = {
    "drunter_tile": _tile,
    "drunter_road": lambda v: Message(f"drunter.word.road.{v}"),
    "drunter_square": lambda v: Message("drunter.word.square", {"col": v[0] + 1, "row": v[1] + 1}),
    "drunter_card": lambda v: Message(f"drunter.word.card.{v}"),
    "drunter_side": lambda v: Message(f"drunter.word.side.{v}"),
    "drunter_objective": _objective,
    "drunter_start": lambda v: Message(f"drunter.word.start.{v}"),
    "drunter_cards": _cards,
}
"""Parameter kinds worded as a message of their own: kind → (value → message). A tile is
``(kind, length)``; a square ``(x, y)`` from 0, worded from 1 as column and row; cards a
list of 1 to 7 citizen cards (a player's cards in one vote, "..?" never among them)."""


def english(msg: Message, templates: Mapping[str, Template] | None = None) -> str:
    """The English text of a message (CLI, logs, tests)."""
    template = (templates or ENGLISH).get(msg.code)
    if template is None:
        return f"{msg.code} {dict(msg.params)}"
    if isinstance(template, tuple):
        template = template[0] if msg.params.get("n") == 1 else template[1]
    words = {k: _english_param(k, v) for k, v in msg.params.items()}
    text = template.format(**words)
    return text[:1].upper() + text[1:] if template.startswith("{") else text


def _english_param(key: str, value: Any) -> str:
    kind = PARAM_KINDS.get(key, "raw")
    if value is None:
        return "nothing"
    if kind == "colour":
        return str(value).capitalize()
    if kind == "phase" and isinstance(value, Message):
        return english(value)
    term = TERM_KINDS.get(kind)
    if term is not None:
        try:
            return english(term(value))
        except (TypeError, ValueError, IndexError):
            return str(value)
    return str(value)
