"""Property: any mutation of a valid replay either loads or raises ReplayError, nothing else."""

from __future__ import annotations

import json
from typing import Any

import fastjsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from splendor_nb.cards import CARDS, NOBLES
from splendor_nb.replay import Replay, ReplayError
from splendor_nb.replay.replay_schema import schema as replay_schema
from support.games import random_replay


def _game(players: int, seed: int) -> str:
    replay = random_replay(players, seed, max_turns=300)
    replay.annotate(3, comment="a comment", glyph="!?")
    return replay.dumps()


GAMES = [_game(2, 1), _game(3, 2), _game(4, 3)]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**20) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from([c.id for c in CARDS] + [n.id for n in NOBLES]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=8,
)
CARD_IDS = st.sampled_from([c.id for c in CARDS] + ["1w99", "4w1", "", "1W1"])


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON document."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*prefix, index)))
    return found


@st.composite
def mutated(draw: st.DrawFn) -> str | bytes:
    text = draw(st.sampled_from(GAMES))
    document = json.loads(text)
    turns = document["turns"]
    kind = draw(st.sampled_from(["drop", "swap", "corrupt", "card", "truncate", "byte",
                                 "move-text", "reveal"]))
    if kind == "truncate":
        return text.encode()[:draw(st.integers(0, len(text.encode()) - 1))]
    if kind == "byte":
        data = bytearray(text.encode())
        data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return bytes(data)
    if kind == "drop":
        del turns[draw(st.integers(0, len(turns) - 1))]
    elif kind == "swap":
        i, j = draw(st.integers(0, len(turns) - 1)), draw(st.integers(0, len(turns) - 1))
        turns[i], turns[j] = turns[j], turns[i]
    elif kind == "corrupt":
        path = draw(st.sampled_from(_paths(document)[1:]))
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = draw(JSON_VALUES)
    elif kind == "card":
        paths = [p for p in _paths(document) if p and p[0] in ("setup", "turns")
                 and isinstance(_at(document, p), str) and p[-1] != "comment"]
        path = draw(st.sampled_from(paths))
        old = _at(document, path)
        new = draw(CARD_IDS)
        _at(document, path[:-1])[path[-1]] = old[:1] + new if path[-1] == "move" else new
    elif kind == "move-text":
        index = draw(st.integers(0, len(turns) - 1))
        turns[index]["move"] = draw(st.text(alphabet="+-RB?=N0123456789wbgrkyx pas ", max_size=12))
    else:
        index = draw(st.integers(0, len(turns) - 1))
        turns[index]["revealed"] = draw(CARD_IDS)
    return json.dumps(document, ensure_ascii=draw(st.booleans()))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_replays_load_or_raise_replay_error(data: str | bytes) -> None:
    try:
        replay = Replay.loads(data)
    except ReplayError as error:
        assert str(error)
        if error.partial is not None:
            assert error.turn is not None and len(error.partial) == error.turn - 1
            assert Replay.loads(error.partial.dumps()).dumps() == error.partial.dumps()
    else:
        assert len(replay.states()) == len(replay) + 1


def test_the_shipped_schema_is_a_valid_json_schema() -> None:
    schema = replay_schema()
    fastjsonschema.compile(schema)  # raises JsonSchemaDefinitionException on a bad schema
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["properties"]["format"] == {"const": "splendor-nb-replay"}


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document
