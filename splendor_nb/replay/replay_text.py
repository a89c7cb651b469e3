"""A replay's file text: stable key order, one turn per line, built in pieces so that a file
over :data:`~splendor_nb.replay.strict_json.MAX_BYTES` is refused before it is built whole.

>>> from splendor_nb.moves import Move
>>> turn_line(Turn(Move.parse("B1w3"), revealed="1g2", glyph="!"))
'  {"move": "B1w3", "revealed": "1g2", "glyph": "!"}'
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING

from splendor_nb.cards import Card
from splendor_nb.replay.move_tree import Turn
from splendor_nb.replay.replay_errors import FORMAT_RULE, ReplayError
from splendor_nb.replay.replay_schema import FORMAT
from splendor_nb.replay.stored_analysis import Analysis
from splendor_nb.replay.strict_json import MAX_BYTES, first_refusal

if TYPE_CHECKING:
    from splendor_nb.replay.game_record import Replay

_HEADERS_ENCODER = json.JSONEncoder(indent=1, ensure_ascii=False, allow_nan=False)
_quote = json.encoder.encode_basestring  # a JSON string, as json.dumps(ensure_ascii=False)


def text_parts(replay: Replay) -> Iterator[str]:
    """The replay's file text in pieces, so that a file over the limit is refused before it is
    built whole: headers are re-indented, which can make them many times longer.
    """
    start = replay.state(0)
    setup_data = {
        "players": replay.players,
        "nobles": [noble.id for noble in start.nobles],
        "market": [[_card_id(card) for card in row] for row in start.market_rows],
    }
    yield f'{{\n "format": "{FORMAT}",\n "version": {replay.version},\n "headers": '
    for piece in _HEADERS_ENCODER.iterencode(replay.headers):
        yield piece.replace("\n", "\n ")
    yield f',\n "setup": {json.dumps(setup_data, ensure_ascii=False)},\n "turns": ['
    if replay.turns:
        yield "\n" + ",\n".join(map(_turn_text, replay.turns)) + "\n ]"
    else:
        yield "]"
    if replay.analysis is not None:
        yield from _analysis_text(replay.analysis)
    yield "\n}\n"


def file_bytes(replay: Replay) -> bytes:
    """The file as :meth:`~splendor_nb.replay.Replay.save` writes it; a :class:`ReplayError`
    when it would be larger than :data:`MAX_BYTES` (stopping there) or holds what JSON text
    cannot: a lone surrogate, NaN, an integer Python will not write, a value that is not JSON.
    """
    pieces: list[bytes] = []
    size = 0
    try:
        for text in text_parts(replay):
            pieces.append(text.encode("utf-8"))
            size += len(pieces[-1])
            if size > MAX_BYTES:
                raise ReplayError(f"written out, this replay would be over {MAX_BYTES} "
                                  "bytes, the limit of a replay file", rule=FORMAT_RULE)
    except ReplayError:
        raise
    except UnicodeEncodeError:
        values = {"headers": replay.headers, "turns": [turn.to_json() for turn in replay.turns],
                  "analysis": replay.analysis.to_json() if replay.analysis else {}}
        where = first_refusal(values) or "a lone surrogate (half of a UTF-16 pair: not text)"
        raise ReplayError(f"cannot be saved: {where}", rule=FORMAT_RULE) from None
    except (TypeError, ValueError, RecursionError) as error:
        raise ReplayError(f"cannot be saved: the headers hold what JSON cannot: {error}",
                          rule=FORMAT_RULE) from error
    return b"".join(pieces)


def turn_line(turn: Turn, indent: str = "  ") -> str:
    """The turn's line in the file, its variations left out: ``json.dumps(turn.to_json(),
    ensure_ascii=False)``, indented, built directly (five times faster; loading a file measures
    it as it would save).
    """
    line = indent + '{"move": ' + _quote(str(turn.move))
    if turn.revealed is not None:
        line += ', "revealed": ' + _quote(turn.revealed)
    if turn.comment:
        line += ', "comment": ' + _quote(turn.comment)
    if turn.glyph:
        line += ', "glyph": ' + _quote(turn.glyph)
    return line + "}"


def _turn_text(turn: Turn, indent: str = "  ") -> str:
    """The turn in the file: one line, or with variations, each of their turns on a line of
    its own, indented a step deeper per level."""
    line = turn_line(turn, indent)
    if not turn.variations:
        return line
    inner = indent + " "
    lines = [f"{inner}[\n" + ",\n".join(_turn_text(t, inner + " ") for t in variation)
             + f"\n{inner}]" for variation in turn.variations]
    return f'{line[:-1]}, "variations": [\n' + ",\n".join(lines) + f"\n{indent}]}}"


def _analysis_text(analysis: Analysis) -> Iterator[str]:
    """The analysis in the file: its header on one line, then a line per position."""
    yield (f',\n "analysis": {{"engine": {_quote(analysis.engine)}, "budget": '
           f'{json.dumps(analysis.budget)}, "positions": [')
    if analysis.positions:
        yield "\n" + ",\n".join("  " + json.dumps(entry.to_json(), ensure_ascii=False,
                                                  allow_nan=False)
                                for entry in analysis.positions) + "\n ]}"
    else:
        yield "]}"


def _card_id(card: Card | None) -> str:
    if card is None:
        raise ValueError("a replay starts with a full market")
    return card.id
