"""What the person to move may click on the board (:class:`Interaction`), and the marks and
the accessible names of what they may act on."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from splendor_nb.i18n import Translator
from splendor_nb.moves import Move
from splendor_nb.render.board_layout import AFFORDABLE, HINT, PICKED
from splendor_nb.render.svg_shapes import focus_rect, ring, tag, tag_width


@dataclass(frozen=True, slots=True)
class Interaction:
    """What the person to move may click on the board now, and what they have picked so far.

    >>> Interaction(takeable=frozenset({"red"})).picked_tokens
    (0, 0, 0, 0, 0, 0)
    """

    takeable: frozenset[str] = frozenset()
    """Gem colours ("white"...) whose pile may be picked now (R-TAKE3, R-TAKE2)."""
    picked_tokens: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    """Tokens picked for a take so far, per colour in COLOURS order."""
    buyable: frozenset[str] = frozenset()
    """Card ids (market or the mover's reserved) affordable now."""
    reservable: frozenset[str] = frozenset()
    """Face-up card ids that may be reserved now."""
    reservable_decks: frozenset[int] = frozenset()
    """Tiers whose deck may be reserved blind."""
    picked_card: str | None = None
    """The card picked, awaiting Buy or Reserve."""
    hint: str | None = None
    """A move in the notation to highlight as a hint."""
    picked_deck: int | None = None
    """The tier of the deck picked, awaiting Reserve (R-RESERVE-HIDDEN)."""


@dataclass(frozen=True, slots=True)
class MoveTouches:
    """What a hinted move touches on the board."""

    colours: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    card: str | None = None
    deck: int | None = None


NO_TOUCHES = MoveTouches()


def hint_touches(interaction: Interaction | None) -> MoveTouches:
    """What the hint of ``interaction`` touches (nothing without one)."""
    if interaction is None or interaction.hint is None:
        return NO_TOUCHES
    return move_touches(interaction.hint)


def move_touches(text: str | None) -> MoveTouches:
    """What the move ``text`` (the notation) touches on the board."""
    if text is None:
        return NO_TOUCHES
    move = Move.parse(text)
    if move.kind == "take":
        return MoveTouches(colours=move.gems)
    if move.kind == "reserve" and move.card is None:
        return MoveTouches(deck=move.tier)
    return MoveTouches(card=move.card)


def action_attributes(action: str, label: str, disabled: bool = False, **data: str | int) -> str:
    """The attributes that make an element clickable and focusable, named in words."""
    ids = "".join(f' data-{key}="{value}"' for key, value in data.items())
    off = ' aria-disabled="true"' if disabled else ""
    return (f'data-action="{action}"{ids} tabindex="0" role="button" '
            f'aria-label="{escape(label)}"{off}')


def clickable(fragment: str, attributes: str, children: str) -> str:
    """A cached ``<g ...>...</g>`` fragment with attributes added to its opening tag and
    children drawn over it."""
    return f"<g {attributes} {fragment[3:-4]}{children}</g>"


def card_marks(width: float, height: float, rx: float, words: Translator, *, buyable: bool,
               picked: bool, hinted: bool) -> str:
    """The rings and the tag of a card the player to move may act on, and the focus ring.

    The tag says the marks in words, as many as fit the card's width (the first always).
    """
    parts = [focus_rect(width, height, rx)]
    if hinted:
        parts.append(ring(-7, -7, width + 14, height + 14, rx + 6, HINT, "hint", dashed=True))
    if buyable:
        parts.append(ring(-3, -3, width + 6, height + 6, rx + 3, AFFORDABLE, "affordable"))
    if picked:
        parts.append(ring(-1.5, -1.5, width + 3, height + 3, rx + 1.5, PICKED, "picked",
                          width_=4))
    tags = [w for w, on in ((words.pgettext("tag", "picked"), picked),
                            (words.pgettext("tag", "buy"), buyable),
                            (words.pgettext("tag", "hint"), hinted)) if on]
    if tags:
        colour = PICKED if picked else AFFORDABLE if buyable else HINT
        text = tags[0]
        for word in tags[1:]:
            if tag_width(f"{text} \u00b7 {word}") > width:
                break
            text = f"{text} \u00b7 {word}"
        parts.append(tag(width / 2, height, text, colour, "action-tag"))
    return "".join(parts)


def raised(body: str, width: float, height: float, rx: float, lift: float) -> str:
    """A picked card, lifted off the board over its shadow."""
    return (f'<rect class="lift-shadow" x="2" y="3" width="{width}" height="{height}" '
            f'rx="{rx}" fill="#000000" fill-opacity="0.22"/>'
            f'<g transform="translate(0,{-lift})">{body}</g>')


def card_can(interaction: Interaction, card_id: str, words: Translator) -> tuple[str, bool]:
    """What may be done with a face-up card, in words, and whether nothing may."""
    buyable, reservable = card_id in interaction.buyable, card_id in interaction.reservable
    if buyable and reservable:
        return words.gettext("can be bought or reserved"), False
    if buyable:
        return words.gettext("can be bought"), False
    if reservable:
        return words.gettext("can be reserved"), False
    return words.gettext("cannot be bought or reserved now"), True


def also_words(words: Translator, picked: bool, hinted: bool) -> list[str]:
    """The last words of a clickable thing's name: whether it is picked, whether it is the
    hint."""
    return [*([words.gettext("picked")] if picked else []),
            *([words.gettext("the hint")] if hinted else [])]
