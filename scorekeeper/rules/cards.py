"""The 32-card pack of Piquet: ranks A K Q J 10 9 8 7 in four suits.

Card text is a rank (``A K Q J T 9 8 7``, ``10`` also accepted) followed by
a suit (``S H D C`` or ``♠ ♥ ♦ ♣``), in any case: ``"AS"``, ``"td"``,
``"10♥"``. `format_card` always writes the short form, e.g. ``"TD"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Final

from .errors import MalformedInput
from .phrases import N_, Phrase, phrase


class Suit(StrEnum):
    """A suit, valued by its letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def label(self) -> Phrase:
        """The suit's name, e.g. "hearts"."""
        return _SUIT_NAMES[self]


class Rank(IntEnum):
    """A rank, valued by its order (the ace is highest)."""

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The rank as written on a card, e.g. "T" for the ten."""
        return _RANK_LETTERS[self]

    @property
    def point_value(self) -> int:
        """What the card counts toward the point: A 11, K Q J 10 10, else face value."""
        return 11 if self is Rank.ACE else min(int(self), 10)

    @property
    def label(self) -> Phrase:
        """The rank's name, e.g. "king" or "10"."""
        return _RANK_NAMES[self][0]

    @property
    def plural(self) -> Phrase:
        """The rank's plural name, e.g. "kings"."""
        return _RANK_NAMES[self][1]


_RANK_LETTERS: Final = {
    Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J",
    Rank.TEN: "T", Rank.NINE: "9", Rank.EIGHT: "8", Rank.SEVEN: "7",
}
_RANK_BY_TEXT: Final = {letter: rank for rank, letter in _RANK_LETTERS.items()} | {"10": Rank.TEN}
_SUIT_BY_TEXT: Final = {suit.value: suit for suit in Suit} | {
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
}
_SUIT_NAMES: Final = {
    Suit.SPADES: phrase(N_("spades")),
    Suit.HEARTS: phrase(N_("hearts")),
    Suit.DIAMONDS: phrase(N_("diamonds")),
    Suit.CLUBS: phrase(N_("clubs")),
}
_RANK_NAMES: Final = {  # the rank's name, then its plural
    Rank.ACE: (phrase(N_("ace")), phrase(N_("aces"))),
    Rank.KING: (phrase(N_("king")), phrase(N_("kings"))),
    Rank.QUEEN: (phrase(N_("queen")), phrase(N_("queens"))),
    Rank.JACK: (phrase(N_("jack")), phrase(N_("jacks"))),
    Rank.TEN: (phrase(N_("10")), phrase(N_("tens"))),
    Rank.NINE: (phrase(N_("9")), phrase(N_("nines"))),
    Rank.EIGHT: (phrase(N_("8")), phrase(N_("eights"))),
    Rank.SEVEN: (phrase(N_("7")), phrase(N_("sevens"))),
}


@dataclass(frozen=True, order=True)
class Card:
    """One card of the pack; cards sort by suit, then rank."""

    suit: Suit
    rank: Rank

    @property
    def label(self) -> Phrase:
        """The card's name, e.g. "10 of hearts"."""
        return phrase(N_("%(rank)s of %(suit)s"), rank=self.rank.label, suit=self.suit.label)

    def __str__(self) -> str:
        return format_card(self)


PACK: Final = tuple(Card(suit, rank) for suit in Suit for rank in sorted(Rank, reverse=True))


def parse_rank(text: object, field: str = "rank") -> Rank:
    """A rank from ``"A"``, ``"k"``, ``"T"``, ``"10"`` or ``"7"``.

    >>> parse_rank("t")
    <Rank.TEN: 10>

    :raises MalformedInput: naming *field* when the text is not a rank.
    """
    rank = _RANK_BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
    if rank is None:
        raise MalformedInput.single(field, phrase(N_("Enter a rank: A, K, Q, J, 10, 9, 8 or 7.")))
    return rank


def parse_card(text: object, field: str = "card") -> Card:
    """A card from text such as ``"AS"``, ``"td"`` or ``"10♥"``.

    >>> parse_card("10♥")
    Card(suit=<Suit.HEARTS: 'H'>, rank=<Rank.TEN: 10>)

    :raises MalformedInput: naming *field* when the text is not a card of the pack.
    """
    cleaned = text.strip().upper() if isinstance(text, str) else ""
    rank = _RANK_BY_TEXT.get(cleaned[:-1])
    suit = _SUIT_BY_TEXT.get(cleaned[-1:])
    if rank is None or suit is None:
        raise MalformedInput.single(field, phrase(N_("Enter a card such as AS, TD or 10♥.")))
    return Card(suit, rank)


def format_card(card: Card) -> str:
    """The card's short text: rank letter and suit letter.

    >>> format_card(Card(Suit.DIAMONDS, Rank.TEN))
    'TD'
    """
    return card.rank.letter + card.suit.value
