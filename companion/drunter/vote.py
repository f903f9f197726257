"""§D5, the toilet vote: every player shows one or more citizen cards; yes and no votes are
added up (JEEIIN counts 2 for the side its owner names after the reveal, "..?" 0); yes wins
ties. Every card played leaves the game, except "..?", which goes back to its owner's hand.

``tally`` is the one count: the engine's checked vote and the vote screen's running count both
ask it, so the screen never announces a result the engine would not reach."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .actions import Vote
from .board import Square
from .errors import refuse
from .messages import Message
from .state import (
    ABSTAIN,
    CARD_VOTES,
    JEEIIN,
    NO_CARDS,
    YES_CARDS,
    DrunterState,
    Tally,
    VoteResult,
)
from .values import CitizenCard, Colour, Side


def needs_vote(state: DrunterState, squares: Iterable[Square]) -> bool:
    """Whether a tile on ``squares`` calls a vote: it covers a public toilet, and the game is
    not the variant (§D8: no votes)."""
    return not state.variant and not state.board.toilets.isdisjoint(squares)


def side_of(cards: Iterable[CitizenCard], jeeiin_side: Side | None) -> Side | None:
    """The way a player's cards vote: "yes", "no", or ``None`` (only "..?", or a JEEIIN whose
    side is not said yet). Several sides at once: the first found (``count_vote`` refuses)."""
    shown = set(cards)
    if shown & YES_CARDS:
        return "yes"
    if shown & NO_CARDS:
        return "no"
    return jeeiin_side if JEEIIN in shown else None


def sides_shown(cards: Iterable[CitizenCard], jeeiin_side: Side | None) -> set[Side]:
    """The sides ``cards`` vote for, card by card (a JEEIIN with ``jeeiin_side``; "..?"
    none): more than one breaks R12 (docs/drunter-rulings.md: yes cards or no cards)."""
    return {s for c in cards if (s := side_of([c], jeeiin_side)) is not None}


def why_not_card(player: Colour, cards: Sequence[CitizenCard], jeeiin_side: Side | None,
                 card: CitizenCard) -> Message | None:
    """R12 at the tap: why ``player``, showing ``cards`` (its JEEIIN on ``jeeiin_side``),
    may not show ``card`` too, or ``None``. A card of the other side is refused, naming the
    side shown; a JEEIIN never is (it takes the side of the cards beside it), nor "..?"."""
    if card in cards:
        return None
    shown = sides_shown(cards, jeeiin_side)
    if not shown or not sides_shown([card], None) - shown:
        return None
    if "yes" in shown:
        return Message("drunter.vote_shows_yes", {"player": player})
    return Message("drunter.vote_shows_no", {"player": player})


def tally(cards: Mapping[Colour, Sequence[CitizenCard]], sides: Mapping[Colour, Side]) -> Tally:
    """The yes and no votes of the cards shown (colour -> cards) with each JEEIIN's side
    (colour -> "yes"/"no"); a JEEIIN with no side yet counts for neither."""
    yes = no = 0
    for colour, played in cards.items():
        for card in played:
            if card in YES_CARDS or (card == JEEIIN and sides.get(colour) == "yes"):
                yes += CARD_VOTES[card]
            elif card in NO_CARDS or (card == JEEIIN and sides.get(colour) == "no"):
                no += CARD_VOTES[card]
    return Tally(yes, no)


def count_vote(state: DrunterState, action: Vote) -> VoteResult:
    """The checked vote: every player played at least one card it holds, none twice, a side
    for each JEEIIN and none without, and no player voted both ways (``IllegalAction`` names
    the first problem)."""
    cards = dict(action.cards)
    sides = dict(action.sides)
    for colour in list(cards) + list(sides):
        if colour not in state.colours:
            raise refuse("drunter.not_a_player", player=colour)
    for p in state.players:
        played = cards.get(p.colour, ())
        if not played:
            raise refuse("drunter.must_vote", player=p.colour)
        for card in played:
            if played.count(card) > 1:
                raise refuse("drunter.card_twice", player=p.colour, card=card)
            if card not in p.cards:
                raise refuse("drunter.card_not_held", player=p.colour, card=card)
        if JEEIIN in played and p.colour not in sides:
            raise refuse("drunter.jeeiin_side", player=p.colour)
        if JEEIIN not in played and p.colour in sides:
            raise refuse("drunter.no_jeeiin", player=p.colour)
        if len(sides_shown(played, sides.get(p.colour))) > 1:  # R12: Ja cards or Nein cards
            raise refuse("drunter.both_sides", player=p.colour)
    total = tally(cards, sides)
    order = state.colours
    return VoteResult(state.active,
                      tuple((c, tuple(cards[c])) for c in order),
                      tuple((c, sides[c]) for c in order if c in sides), total.yes, total.no)


def spend_cards(state: DrunterState, result: VoteResult) -> None:
    """The cards played leave the game, "..?" excepted (it is back in the hand)."""
    for colour, played in result.cards:
        p = state.player(colour)
        for card in played:
            if card != ABSTAIN:
                p.cards.discard(card)
                state.spent.setdefault(colour, []).append(card)


def votes_left(state: DrunterState, colour: Colour) -> int:
    """The votes printed on the cards still in the hand (§D6's tie-break)."""
    return sum(CARD_VOTES[c] for c in state.player(colour).cards)
