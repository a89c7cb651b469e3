"""Cards and decks: a face-up card, a reserved one (small, or face down when blind), a tier's
deck, and the market of three tiers beside their decks (R-REFILL, R-RESERVE-HIDDEN)."""

from __future__ import annotations

from functools import cache
from html import escape

from splendor_nb.cards import CARD_BY_ID, GEMS, Card
from splendor_nb.engine import GameState
from splendor_nb.i18n import SOURCE_LANGUAGE, Translator, translator
from splendor_nb.palette import GEM_LIGHT, GLOW, TIER_DARK, TIER_LIGHT
from splendor_nb.render.board_interaction import (
    Interaction,
    MoveTouches,
    action_attributes,
    also_words,
    card_can,
    card_marks,
    clickable,
    raised,
)
from splendor_nb.render.board_layout import (
    CARD_H,
    CARD_W,
    COLUMN,
    FONT,
    HINT,
    LEFT,
    MINI_H,
    MINI_W,
    PICKED,
    TIER_NAME,
    TIER_Y,
)
from splendor_nb.render.board_words import card_words
from splendor_nb.render.last_move import LastMove
from splendor_nb.render.svg_shapes import (
    cost_pip,
    focus_rect,
    gem_shape,
    glow,
    ring,
    suggestion_mark,
    tag,
    tier_dots,
)


def card_svg(card: Card, language: str = SOURCE_LANGUAGE) -> str:
    """One face-up card as a standalone SVG (cached: cards are immutable singletons), its
    tooltip in ``language``.

    >>> from splendor_nb.cards import CARD_BY_ID
    >>> 'data-card="2g4"' in card_svg(CARD_BY_ID["2g4"])
    True
    """
    return _card_svg(card.id, translator(language).language)


def draw_market(out: list[str], state: GameState, marks: LastMove, interaction: Interaction | None,
                hint: MoveTouches, suggested: MoveTouches, words: Translator) -> None:
    """The three tiers, III on top, each its deck then its four face-up cards, with the last
    move's marks (the slot refilled, R-REFILL; the deck of a blind reserve) and the suggestion."""
    drawn = state.last_drawn  # the card that refilled the highlighted slot (R-REFILL)
    language = words.language
    for tier in (3, 2, 1):
        y = TIER_Y[tier]
        count = len(state.decks[tier - 1])
        deck = _deck(tier, count, interaction, hint, words)
        out.append(f'<g transform="translate({LEFT},{y})">{deck}')
        if marks.deck == tier:
            out.append(glow(0, 0, CARD_W, CARD_H, 8))
        if suggested.deck == tier:
            out.append(suggestion_mark(CARD_W, CARD_H, 8, words))
        out.append("</g>")
        for slot, card in enumerate(state.market_rows[tier - 1]):
            x = LEFT + (slot + 1) * COLUMN
            out.append(f'<g transform="translate({x},{y})" data-slot="{tier}-{slot}">')
            if card is None:
                out.append(f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="8" '
                           'fill="none" stroke="#c4b8a5" stroke-width="1.5" '
                           'stroke-dasharray="6 5"/>')
            elif interaction is None:
                out.append(card_fragment(card.id, language))
            else:
                out.append(_market_card(card, interaction, hint, words))
            if marks.slot == (tier, slot):
                out.append(glow(0, 0, CARD_W, CARD_H, 8))
                if card is not None and card is drawn:
                    out.append(tag(CARD_W / 2, 0, words.pgettext("tag", "new"), GLOW))
            if card is not None and suggested.card == card.id:
                out.append(suggestion_mark(CARD_W, CARD_H, 8, words))
            out.append("</g>")


def _market_card(card: Card, interaction: Interaction, hint: MoveTouches, words: Translator) -> str:
    """A face-up card the player to move may click: to buy or reserve it (R-BUY, R-RESERVE)."""
    picked = interaction.picked_card == card.id
    hinted = hint.card == card.id
    can, nothing = card_can(interaction, card.id, words)
    name = [card_words(card.id, words.language), can, *also_words(words, picked, hinted)]
    attributes = action_attributes("card", ", ".join(name), nothing)
    marks = card_marks(CARD_W, CARD_H, 8, words, buyable=card.id in interaction.buyable,
                       picked=picked, hinted=hinted)
    body = clickable(card_fragment(card.id, words.language), attributes, marks)
    return raised(body, CARD_W, CARD_H, 8, 8) if picked else body


def _deck(tier: int, count: int, interaction: Interaction | None, hint: MoveTouches,
          words: Translator) -> str:
    """A tier's deck; clickable to reserve its top card blind (R-RESERVE-HIDDEN)."""
    fragment = deck_fragment(tier, count, words.language)
    if interaction is None or not count:
        return fragment
    reservable = tier in interaction.reservable_decks
    picked = interaction.picked_deck == tier
    hinted = hint.deck == tier
    name = [words.gettext("tier {tier} deck", tier=tier),
            words.ngettext("{count} card", "{count} cards", count),
            words.gettext("can be reserved blind") if reservable
            else words.gettext("cannot be reserved now"), *also_words(words, picked, hinted)]
    marks = [focus_rect(CARD_W, CARD_H, 8)]
    if hinted:
        marks.append(ring(-7, -7, CARD_W + 14, CARD_H + 14, 14, HINT, "hint", dashed=True))
    if picked:
        marks.append(ring(-2, -2, CARD_W + 4, CARD_H + 4, 10, PICKED, "picked", width_=4))
    elif reservable:
        marks.append(ring(-3, -3, CARD_W + 6, CARD_H + 6, 11, PICKED, "reservable",
                          dashed=True))
    tags = [w for w, on in ((words.pgettext("tag", "picked"), picked),
                            (words.pgettext("tag", "reserve"), reservable and not picked),
                            (words.pgettext("tag", "hint"), hinted)) if on]
    if tags:  # inside the deck, clear of the deck below
        marks.append(tag((CARD_W - 4) / 2, CARD_H - 18, " \u00b7 ".join(tags),
                         PICKED if picked or reservable else HINT, "action-tag"))
    attributes = action_attributes("deck", ", ".join(name), not reservable, tier=tier)
    return clickable(fragment, attributes, "".join(marks))


# Every cached fragment that holds words takes the language: it is part of each cache key.


@cache
def _card_svg(card_id: str, language: str) -> str:
    """A card's standalone ``<svg>``, for :func:`card_svg`."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_W} {CARD_H}" '
            f'width="{CARD_W}" height="{CARD_H}" font-family="{FONT}">'
            f'{card_fragment(card_id, language)}</svg>')


@cache
def card_fragment(card_id: str, language: str) -> str:
    """A face-up card, its top left corner at the origin: points, bonus, cost."""
    card = CARD_BY_ID[card_id]
    colour = card.bonus
    tier = card.tier
    parts = [
        f'<g class="card" data-card="{card.id}" data-tier="{tier}" data-bonus="{colour}" '
        f'data-points="{card.points}"><title>{escape(card_words(card_id, language))}</title>',
        f'<rect x="0.75" y="0.75" width="{CARD_W - 1.5}" height="{CARD_H - 1.5}" rx="8" '
        f'fill="{GEM_LIGHT[colour]}" stroke="#8f8373" stroke-width="1.5"/>',
        f'<path d="M0.75,36 V8.75 A8,8 0 0 1 8.75,0.75 H{CARD_W - 8.75} '
        f'A8,8 0 0 1 {CARD_W - 0.75},8.75 V36 Z" fill="{TIER_LIGHT[tier]}"/>',
        f'<rect x="0.75" y="34" width="{CARD_W - 1.5}" height="3" fill="{TIER_DARK[tier]}"/>',
        gem_shape(CARD_W / 2 + 6, 70, 22, colour, 0.16),
    ]
    if card.points:
        parts.append(f'<text x="9" y="28" font-size="25" font-weight="800" fill="#2f2a25">'
                     f'{card.points}</text>')
    parts.append(gem_shape(CARD_W - 18, 17, 12, colour, letter=13))
    costs = [(GEMS[i], n) for i, n in enumerate(card.costs) if n]
    for k, (gem, n) in enumerate(costs):
        parts.append(cost_pip(13 + k * 22, CARD_H - 15, 10.5, gem, n, 12))
    parts.append("</g>")
    return "".join(parts)


@cache
def mini_card(card_id: str, blind: bool, language: str) -> str:
    """A reserved card, small, on its owner's panel (dashed when it was reserved blind)."""
    card = CARD_BY_ID[card_id]
    colour = card.bonus
    dash = ' stroke-dasharray="4 3"' if blind else ""
    flag = ' data-blind="1"' if blind else ""
    label = card_words(card_id, language)
    if blind:
        label = translator(language).gettext("{card}, reserved blind", card=label)
    parts = [
        f'<g class="mini-card" data-card="{card.id}"{flag}><title>{escape(label)}</title>',
        f'<rect x="0.5" y="0.5" width="{MINI_W - 1}" height="{MINI_H - 1}" rx="5" '
        f'fill="{GEM_LIGHT[colour]}" stroke="#8f8373" stroke-width="1.2"{dash}/>',
        f'<path d="M0.5,20 V5.5 A5,5 0 0 1 5.5,0.5 H{MINI_W - 5.5} A5,5 0 0 1 {MINI_W - 0.5},5.5 '
        f'V20 Z" fill="{TIER_LIGHT[card.tier]}"/>',
        f'<rect x="0.5" y="19" width="{MINI_W - 1}" height="2" fill="{TIER_DARK[card.tier]}"/>',
    ]
    if card.points:
        parts.append(f'<text x="5" y="16" font-size="14" font-weight="800" fill="#2f2a25">'
                     f'{card.points}</text>')
    parts.append(gem_shape(MINI_W - 11, 10, 8, colour, letter=9))
    costs = [(GEMS[i], n) for i, n in enumerate(card.costs) if n]
    for k, (gem, n) in enumerate(costs):
        parts.append(cost_pip(13 + (k % 2) * 24, 36 + (k // 2) * 20, 9.5, gem, n, 11))
    parts.append("</g>")
    return "".join(parts)


@cache
def mini_back(tier: int, language: str) -> str:
    """A blind reserve seen by another player: its back, which shows only its tier."""
    title = escape(translator(language).gettext("a tier {tier} card reserved blind", tier=tier))
    return (f'<g class="mini-card face-down" data-hidden-tier="{tier}">'
            f'<title>{title}</title>'
            f'<rect x="0.5" y="0.5" width="{MINI_W - 1}" height="{MINI_H - 1}" rx="5" '
            f'fill="{TIER_DARK[tier]}" stroke="#5b4f40" stroke-width="1.2"/>'
            f'<rect x="5" y="5" width="{MINI_W - 10}" height="{MINI_H - 10}" rx="3" fill="none" '
            'stroke="#ffffff" stroke-opacity="0.5"/>'
            f'<text x="{MINI_W / 2}" y="{MINI_H / 2 + 8}" text-anchor="middle" font-size="22" '
            'font-weight="800" fill="#ffffff">?</text>'
            f'{tier_dots(MINI_W / 2, 15, tier, 2, "#ffffff")}</g>')


@cache
def deck_fragment(tier: int, count: int, language: str) -> str:
    """A tier's deck, face down, with how many cards are left in it."""
    words = translator(language)
    if not count:
        title = escape(words.gettext("tier {tier} deck, empty", tier=tier))
        empty = escape(words.pgettext("deck", "empty"))
        return (f'<g class="deck" data-deck="{tier}" data-count="0">'
                f'<title>{title}</title>'
                f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="8" '
                'fill="none" stroke="#c4b8a5" stroke-width="1.5" stroke-dasharray="6 5"/>'
                f'<text x="{CARD_W / 2}" y="{CARD_H / 2 + 5}" text-anchor="middle" font-size="13" '
                f'fill="#a89a86">{empty}</text></g>')
    dark = TIER_DARK[tier]
    title = escape(words.ngettext("tier {tier} deck, {count} card face down",
                                  "tier {tier} deck, {count} cards face down", count, tier=tier))
    in_deck = escape(words.gettext("in deck"))
    return (f'<g class="deck" data-deck="{tier}" data-count="{count}">'
            f'<title>{title}</title>'
            f'<rect x="5" y="5" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="8" fill="{dark}" '
            'opacity="0.45"/>'
            f'<rect x="2.5" y="2.5" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="8" '
            f'fill="{dark}" opacity="0.7"/>'
            f'<rect x="0" y="0" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="8" fill="{dark}" '
            'stroke="#4a3f33" stroke-width="1"/>'
            f'<rect x="6" y="6" width="{CARD_W - 16}" height="{CARD_H - 16}" rx="5" fill="none" '
            'stroke="#ffffff" stroke-opacity="0.45"/>'
            f'<text x="{(CARD_W - 4) / 2}" y="32" text-anchor="middle" font-size="16" '
            f'font-weight="700" fill="#ffffff" letter-spacing="2">{TIER_NAME[tier]}</text>'
            f'<text x="{(CARD_W - 4) / 2}" y="78" text-anchor="middle" font-size="32" '
            f'font-weight="800" fill="#ffffff">{count}</text>'
            f'<text x="{(CARD_W - 4) / 2}" y="98" text-anchor="middle" font-size="12" '
            f'fill="#ffffff" fill-opacity="0.85">{in_deck}</text></g>')
