"""The rulebook's turn diagram (docs/rules.md, "A turn, step by step") as SVG, with a move's
path through it.

``diagram_svg()`` draws the diagram: the choice of action, then the end-of-turn checks in their
order (R-LIMIT10, R-NOBLE, R-END-TRIGGER). Each node shows its rule ids and carries
``data-node="<id>"``; its text comes from ``LABELS`` (keyed by node id, so it can be
translated). ``turn_path(before, move, after)`` finds the nodes a move went through, with short
notes (the tokens taken, the noble that visited), and ``diagram_svg(path)`` highlights them.
``diagram_svg(step=StepView(...))`` draws a turn being walked (see ``splendor_nb.learn.walk``):
the nodes walked so far, the current one, the next choices, and the branches closed in this
position greyed with their reason. ``clickable=True`` makes every node a focusable button
(``tabindex``, ``role``, an ``aria-label`` in words, ``data-rules`` with its rule ids).

>>> from splendor_nb import new_game, Move
>>> before = new_game(seed=7)
>>> move = Move.parse("+rr")
>>> path = turn_path(before, move, before.apply(move))
>>> path.nodes[:5]
('start', 'q_action', 'q_four', 'q_take2', 'take2')
>>> 'data-node="take2" data-on="1"' in diagram_svg(path)
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from html import escape
from html import unescape as html_unescape
from itertools import pairwise
from typing import Literal

from splendor_nb.cards import CARD_BY_ID, LETTERS
from splendor_nb.engine import GameState
from splendor_nb.moves import Move
from splendor_nb.palette import GLOW
from splendor_nb.rules import (
    RESERVE_GOLD,
    RESERVE_LIMIT,
    TAKE2_COUNT,
    TAKE2_MIN_SUPPLY,
    TAKE3_COUNT,
    TOKEN_LIMIT,
    WINNING_POINTS,
)

LABELS: dict[str, str] = {
    "title": "A turn",
    "start": "Start of the turn",
    "q_action": "Take a card or gems?",
    "q_reserved": f"Fewer than {RESERVE_LIMIT} reserved cards?",
    "q_reserve": "Reserve a card?",
    "reserve": "Reserve a card (face-up or deck top)",
    "gold": f"Take {RESERVE_GOLD} gold (if any left)",
    "q_buy": "Buy a card?",
    "buy": "Buy a card",
    "pay": "Pay tokens",
    "q_four": f"{TAKE2_MIN_SUPPLY} or more of one colour available?",
    "q_take2": f"Take {TAKE2_COUNT} of the same colour?",
    "take2": f"Take {TAKE2_COUNT} of one colour",
    "take3": f"Take {TAKE3_COUNT} different colours",
    "pass": "Pass (nothing is legal)",
    "end_section": "End of turn, in this order",
    "end": "End of turn",
    "q_over10": f"More than {TOKEN_LIMIT} tokens?",
    "return": f"Return tokens until {TOKEN_LIMIT} left",
    "q_noble": "A noble's requirement met?",
    "noble": "Receive one noble (choose if several)",
    "q_15": f"{WINNING_POINTS} or more points?",
    "finish": "Finish the round",
    "next": "Next player",
    "game_over": "Game over: most points wins",
    "edge_card": "card",
    "edge_gems": "gems",
    "edge_nothing": "nothing legal",
    "edge_yes": "yes",
    "edge_no": "no",
    "edge_round_done": "round complete",
    "edge_all_passed": "all passed",
    "note_gold": "+{count} gold",
    "note_no_gold": "none left",
    "note_deck": "tier {tier} deck",
    "note_free": "free",
    "note_points": "{points} pts",
    "note_last_round": "last round",
}
"""Every text of the diagram, keyed by node id (edge labels by ``edge_*``, the notes' words
by ``note_*``: templates whose numbers the note fills)."""
_NOTES = {key: re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>\\d+)", re.escape(text)))
          for key, text in LABELS.items() if key.startswith("note_")}
"""The English notes read back: a note in words is said again in the labels' language."""

Shape = Literal["terminal", "decision", "action"]
Route = Literal["down", "across", "turn_down", "bus", "back_up", "under"]

_X = {"A": 90, "B": 285, "C": 485, "D": 680, "E": 858}
_Y = {0: 32, 1: 106, 2: 192, 3: 278, 4: 364, 5: 450, "end": 572, "branch": 662}
_BUS = 506
WIDTH, HEIGHT = 950, 740

NODES: dict[str, tuple[Shape, int, int, tuple[str, ...]]] = {
    # id: (shape, centre x, centre y, rule ids)
    "start": ("terminal", _X["B"], _Y[0], ()),
    "q_action": ("decision", _X["B"], _Y[1], ("R-TAKE3", "R-TAKE2", "R-RESERVE", "R-BUY")),
    "q_reserved": ("decision", _X["A"], _Y[2], ("R-RESERVE-LIMIT",)),
    "q_reserve": ("decision", _X["A"], _Y[3], ("R-RESERVE",)),
    "reserve": ("action", _X["A"], _Y[4], ("R-RESERVE", "R-RESERVE-HIDDEN", "R-REFILL")),
    "gold": ("action", _X["A"], _Y[5], ("R-RESERVE",)),
    "q_buy": ("decision", _X["B"], _Y[3], ("R-BUY",)),
    "buy": ("action", _X["B"], _Y[4], ("R-BUY", "R-REFILL")),
    "pay": ("action", _X["B"], _Y[5], ("R-BUY", "R-BUY-GOLD")),
    "q_four": ("decision", _X["C"], _Y[2], ("R-TAKE2",)),
    "q_take2": ("decision", _X["C"], _Y[3], ("R-TAKE2",)),
    "take2": ("action", _X["C"], _Y[4], ("R-TAKE2",)),
    "take3": ("action", _X["D"], _Y[3], ("R-TAKE3",)),
    "pass": ("action", _X["E"], _Y[1], ("R-PASS",)),
    "end": ("terminal", _X["A"], _Y["end"], ()),
    "q_over10": ("decision", _X["B"], _Y["end"], ("R-LIMIT10",)),
    "return": ("action", _X["B"], _Y["branch"], ("R-LIMIT10",)),
    "q_noble": ("decision", _X["C"], _Y["end"], ("R-NOBLE",)),
    "noble": ("action", _X["C"], _Y["branch"], ("R-NOBLE",)),
    "q_15": ("decision", _X["D"], _Y["end"], ("R-END-TRIGGER",)),
    "finish": ("action", _X["D"], _Y["branch"], ("R-END-TRIGGER",)),
    "next": ("terminal", _X["E"], _Y["end"], ()),
    "game_over": ("action", _X["E"], _Y["branch"], ("R-END-WIN",)),
}
"""The nodes: shape, centre and the rules (docs/rules.md) each one applies."""

EDGES: dict[tuple[str, str], tuple[str, Route, int]] = {
    # (from, to): (label key, how the arrow runs, the segment its label sits on)
    ("start", "q_action"): ("", "down", 0),
    ("q_action", "q_reserved"): ("edge_card", "turn_down", 0),
    ("q_action", "q_four"): ("edge_gems", "turn_down", 1),
    ("q_action", "pass"): ("edge_nothing", "across", 0),
    ("q_reserved", "q_reserve"): ("edge_yes", "down", 0),
    ("q_reserved", "q_buy"): ("edge_no", "turn_down", 0),
    ("q_reserve", "reserve"): ("edge_yes", "down", 0),
    ("q_reserve", "q_buy"): ("edge_no", "across", 0),
    ("reserve", "gold"): ("", "down", 0),
    ("gold", "end"): ("", "down", 0),
    ("q_buy", "buy"): ("edge_yes", "down", 0),
    ("q_buy", "q_four"): ("edge_no", "back_up", 1),
    ("buy", "pay"): ("", "down", 0),
    ("pay", "end"): ("", "bus", 0),
    ("q_four", "q_take2"): ("edge_yes", "down", 0),
    ("q_four", "take3"): ("edge_no", "turn_down", 0),
    ("q_take2", "take2"): ("edge_yes", "down", 0),
    ("q_take2", "take3"): ("edge_no", "across", 0),
    ("take2", "end"): ("", "bus", 0),
    ("take3", "end"): ("", "bus", 0),
    ("pass", "end"): ("", "bus", 0),
    ("end", "q_over10"): ("", "across", 0),
    ("q_over10", "return"): ("edge_yes", "down", 0),
    ("q_over10", "q_noble"): ("edge_no", "across", 0),
    ("return", "q_noble"): ("", "back_up", 0),
    ("q_noble", "noble"): ("edge_yes", "down", 0),
    ("q_noble", "q_15"): ("edge_no", "across", 0),
    ("noble", "q_15"): ("", "back_up", 0),
    ("q_15", "finish"): ("edge_yes", "down", 0),
    ("q_15", "next"): ("edge_no", "across", 0),
    ("finish", "next"): ("", "back_up", 0),
    ("finish", "game_over"): ("edge_round_done", "under", 1),
    ("next", "game_over"): ("edge_all_passed", "down", 0),
}
"""The arrows: label key, the route drawn and which of its segments carries the label."""

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
_SIZE: dict[Shape, tuple[int, int]] = {"terminal": (62, 18), "decision": (84, 28),
                                       "action": (82, 28)}
_FILL: dict[Shape, tuple[str, str]] = {"terminal": ("#ece6dc", "#9b8f80"),
                                       "decision": ("#fff3d1", "#c69a2e"),
                                       "action": ("#e3edf9", "#6a8dbd")}


@dataclass(frozen=True, slots=True)
class TurnPath:
    """The nodes one move went through, in order, with short notes shown beside some nodes.

    >>> TurnPath(("start", "q_action")).edges
    (('start', 'q_action'),)
    """

    nodes: tuple[str, ...]
    notes: tuple[tuple[str, str], ...] = ()
    """(node id, note) pairs, e.g. ``("take2", "+rr")`` or ``("noble", "N3")``."""
    move: str = ""

    def __post_init__(self) -> None:
        for node in self.nodes:
            if node not in NODES:
                raise ValueError(f"{node!r} is not a node of the turn diagram")
        for edge in self.edges:
            if edge not in EDGES:
                raise ValueError(f"the turn diagram has no arrow from {edge[0]!r} to {edge[1]!r}")

    @property
    def edges(self) -> tuple[tuple[str, str], ...]:
        """The arrows taken: consecutive pairs of nodes."""
        return tuple(pairwise(self.nodes))


def turn_path(before: GameState, move: Move, after: GameState) -> TurnPath:
    """The path of ``move`` (played in ``before``, giving ``after``) through the diagram.

    >>> from splendor_nb import new_game, Move
    >>> before = new_game(seed=7)
    >>> turn_path(before, Move.parse("R?2"), before.apply(Move.parse("R?2"))).nodes[:7]
    ('start', 'q_action', 'q_reserved', 'q_reserve', 'reserve', 'gold', 'end')
    """
    mover = before.current_player
    effects = after.last_turn
    if effects is None or effects.player != mover:
        raise ValueError("after must be the position that follows before")
    nodes = ["start", "q_action"]
    notes: list[tuple[str, str]] = []
    if move.kind == "pass":
        nodes.append("pass")
    elif move.kind == "take":
        nodes.append("q_four")
        if any(n >= TAKE2_MIN_SUPPLY for n in before.supply_counts[:5]):
            nodes.append("q_take2")
        done = "take2" if max(move.gems) == TAKE2_COUNT else "take3"
        nodes.append(done)
        notes.append((done, "+" + _letters(move.gems)))
    else:
        nodes.append("q_reserved")
        if len(before.players[mover].reserved) < RESERVE_LIMIT:
            nodes.append("q_reserve")
        if move.kind == "reserve":
            nodes += ["reserve", "gold"]
            notes.append(("reserve", move.card
                          or LABELS["note_deck"].format(tier=move.tier)))
            notes.append(("gold", LABELS["note_gold"].format(count=effects.gold_gained)
                          if effects.gold_gained else LABELS["note_no_gold"]))
        else:
            nodes += ["q_buy", "buy", "pay"]
            card = CARD_BY_ID[move.card or ""]
            notes.append(("buy", card.id))
            notes.append(("pay", "-" + _letters(effects.paid) if any(effects.paid)
                          else LABELS["note_free"]))
    nodes += ["end", "q_over10"]
    if any(move.returned):
        nodes.append("return")
        notes.append(("return", "-" + _letters(move.returned)))
    nodes.append("q_noble")
    if effects.noble is not None:
        nodes.append("noble")
        notes.append(("noble", effects.noble.id))
    nodes.append("q_15")
    points = after.players[mover].points
    if any(p.points >= WINNING_POINTS for p in after.players):
        nodes.append("finish")
        notes.append(("q_15", LABELS["note_points"].format(points=points)
                      if points >= WINNING_POINTS else LABELS["note_last_round"]))
        nodes.append("game_over" if after.over else "next")
    else:
        nodes.append("next")
        if after.over:
            nodes.append("game_over")
    return TurnPath(tuple(nodes), tuple(notes), str(move))


@dataclass(frozen=True, slots=True)
class StepView:
    """A turn being walked through the diagram, as far as it has gone.

    >>> view = StepView(("start", "q_action"), closed=(("q_action", "pass", "not now"),))
    >>> view.current, view.closed_nodes
    ('q_action', ('pass',))
    """

    nodes: tuple[str, ...]
    """The nodes walked, in order, the current one last."""
    closed: tuple[tuple[str, str, str], ...] = ()
    """(from, to, why): the arrows closed in this position, with the reason."""
    notes: tuple[tuple[str, str], ...] = ()
    """(node id, note) pairs shown beside nodes: the choices made (``+wbg``, ``N3``)."""
    choices: tuple[str, ...] = ()
    """The nodes the walk may go to next (the open ways from the current node)."""
    move: str = ""

    def __post_init__(self) -> None:
        TurnPath(self.nodes)  # the nodes must follow the arrows
        for src, dst, _ in self.closed:
            if (src, dst) not in EDGES:
                raise ValueError(f"the turn diagram has no arrow from {src!r} to {dst!r}")

    @property
    def current(self) -> str:
        """The node the walk stands on."""
        return self.nodes[-1]

    @property
    def closed_nodes(self) -> tuple[str, ...]:
        """The nodes not walked that only closed arrows lead to: closed in this position."""
        shut = {(src, dst) for src, dst, _ in self.closed}
        walked = set(self.nodes)
        found: list[str] = []
        for node in NODES:  # NODES lists every node after the nodes leading to it
            arrows = [edge for edge in EDGES if edge[1] == node]
            if node not in walked and arrows and all(
                    edge in shut or edge[0] in found for edge in arrows):
                found.append(node)
        return tuple(found)


def diagram_svg(path: TurnPath | None = None, labels: Mapping[str, str] = LABELS, *,
                step: StepView | None = None, clickable: bool = False) -> str:
    """The turn diagram as an SVG string (``class="splendor-diagram"``, ``width="100%"``).

    With a ``path``, its nodes and arrows are highlighted and the others faded; ``labels``
    replaces the texts (missing keys fall back to ``LABELS``). With a ``step``, the walk so
    far: walked nodes lit and numbered, the current one ringed (``data-current``), the next
    choices marked (``data-choice``), closed arrows dashed and closed nodes greyed
    (``data-closed``, the reason in ``data-why`` and a ``<title>``). ``clickable`` makes the
    nodes focusable buttons.

    >>> svg = diagram_svg()
    >>> svg.count("data-node=") == len(NODES)
    True
    >>> 'tabindex="0"' in diagram_svg(clickable=True)
    True
    """
    if path is not None and step is not None:
        raise ValueError("draw a path or a step, not both")
    if path is None and step is None and labels is LABELS:
        return _plain(clickable)
    return _draw(path, step, labels, clickable)


# --- drawing ---------------------------------------------------------------------------------

_Mode = Literal["plain", "on", "off", "current", "closed"]
"""How a node or arrow is drawn: no path shown, on the path, off it (faded), the current node
of a walk, or closed in the position walked (greyed)."""


@cache
def _plain(clickable: bool) -> str:
    return _draw(None, None, LABELS, clickable)


def _draw(path: TurnPath | None, step: StepView | None, labels: Mapping[str, str],
          clickable: bool) -> str:
    walked = path.nodes if path else step.nodes if step else ()
    on_edges = dict.fromkeys(pairwise(walked))
    notes = dict(path.notes if path else step.notes if step else ())
    steps = {node: k for k, node in enumerate(walked, start=1)}
    shut = {(src, dst): why for src, dst, why in step.closed} if step else {}
    shut_nodes = set(step.closed_nodes) if step else set()
    choices = set(step.choices) if step else set()
    move = path.move if path else step.move if step else ""
    rest: _Mode = "off" if path else "plain"

    def text(key: str) -> str:
        return escape(labels.get(key, LABELS[key]))

    def edge_mode(edge: tuple[str, str]) -> _Mode:
        if edge in shut:
            return "closed"
        if step and edge[0] in steps and edge[0] != step.current:
            return "off"  # a way not taken at a node walked past
        return rest

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="splendor-diagram" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" font-family="{FONT}" role="img" '
        f'aria-label="{text("title")}" data-path="{" ".join(walked)}"'
        + (f' data-current="{step.current}"' if step else "") + ">",
        _frame(text("end_section")),
        f'<text x="14" y="26" font-size="16" font-weight="700" fill="#4a4036">{text("title")}',
    ]
    if move:
        out.append(f' <tspan fill="{GLOW}" font-family="ui-monospace, Menlo, Consolas, '
                   f'monospace">{escape(move)}</tspan>')
    out.append("</text>")
    # arrows off the path first, so the highlighted ones are drawn over shared segments
    for edge, (label, _, _) in EDGES.items():
        if edge not in on_edges:
            drawn = _edge(edge, edge_mode(edge), text(label) if label else "")
            out.append(_with_reason(drawn, shut[edge]) if edge in shut else drawn)
    for edge in on_edges:  # in path order
        out.append(_edge(edge, "on", text(EDGES[edge][0]) if EDGES[edge][0] else ""))
    for node in NODES:
        number = steps.get(node)
        mode: _Mode = ("current" if step and node == step.current else "on" if number
                       else "closed" if node in shut_nodes else rest)
        why = _closed_reason(node, shut) if mode == "closed" else ""
        out.append(_node(node, mode, text(node), clickable, node in choices, why))
        if number is not None:
            out.append(_step(node, number))
        note = notes.get(node)
        if note:
            out.append(_note(node, _said(note, labels)))
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def _said(note: str, labels: Mapping[str, str]) -> str:
    """A note in the labels' language: its words translated, its numbers kept; a note in the
    notation (``+wbg``, ``N3``) as it is."""
    for key, english in _NOTES.items():
        found = english.fullmatch(note)
        if found:
            return labels.get(key, LABELS[key]).format(**found.groupdict())
    return note


def _closed_reason(node: str, shut: Mapping[tuple[str, str], str]) -> str:
    """Why a closed node is closed: the reason of the first closed arrow into it, if any."""
    return next((why for (_, dst), why in shut.items() if dst == node), "")


def _with_reason(edge_svg: str, why: str) -> str:
    """A closed arrow's group, carrying its reason as ``data-why`` and a tooltip."""
    head, rest = edge_svg.split(">", 1)
    return f'{head} data-closed="1" data-why="{escape(why)}"><title>{escape(why)}</title>{rest}'


@cache
def _frame(caption: str) -> str:
    return (f'<rect width="{WIDTH}" height="{HEIGHT}" rx="12" fill="#fbf8f2"/>'
            f'<rect x="6" y="{_BUS + 14}" width="{WIDTH - 12}" height="{HEIGHT - _BUS - 20}" '
            'rx="10" fill="#f1ebe0"/>'
            + "".join(f'<text x="18" y="{_Y["branch"] - 8 + 16 * k}" font-size="12" '
                      'font-weight="700" '
                      f'fill="#8a7d6d">{line}</text>' for k, line in enumerate(_wrap(caption, 14))))


@cache
def _edge(edge: tuple[str, str], mode: _Mode, label: str) -> str:
    src, dst = edge
    points = _route(edge)
    on = mode == "on"
    colour = GLOW if on else _EDGE_COLOUR.get(mode, "#8a7d6d")
    width = 3.2 if on else 1.4
    line = " ".join(f"{x},{y}" for x, y in points)
    dashes = ' stroke-dasharray="5 4"' if mode == "closed" else ""
    css = " on" if on else " closed" if mode == "closed" else ""
    parts = [f'<g class="edge{css}" data-edge="{src} {dst}">'
             f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="{width}" '
             f'stroke-linejoin="round"{dashes}/>'
             f'{_arrowhead(points[-2], points[-1], colour, 4 + width)}']
    if label:
        (x0, y0), (x1, y1) = points[EDGES[edge][2]:EDGES[edge][2] + 2]
        if x0 == x1:  # a vertical segment: the label on its left
            x, y, anchor = x0 - 7, (y0 + y1) // 2 + 4, "end"
        else:
            x, y, anchor = (x0 + x1) // 2, y0 - 6, "middle"
        parts.append(f'<text x="{x}" y="{y}" font-size="11" '
                     f'font-weight="{700 if on else 400}" fill="{"#b35400" if on else "#7a6e60"}" '
                     f'text-anchor="{anchor}" paint-order="stroke" stroke="#fbf8f2" '
                     f'stroke-width="4">{label}</text>')
    parts.append("</g>")
    return "".join(parts)


@cache
def _route(edge: tuple[str, str]) -> tuple[tuple[int, int], ...]:
    """The polyline of an arrow, from the nodes' places and the route kind."""
    src, dst = edge
    route = EDGES[edge][1]
    _, x0, y0, _ = NODES[src]
    _, x1, y1, _ = NODES[dst]
    w0, h0 = _SIZE[NODES[src][0]]
    w1, h1 = _SIZE[NODES[dst][0]]
    if route == "down":
        return (x0, y0 + h0), (x1, y1 - h1)
    if route == "across":
        return (x0 + w0, y0), (x1 - w1, y1)
    if route == "turn_down":
        side = x0 - w0 if x1 < x0 else x0 + w0
        return (side, y0), (x1, y0), (x1, y1 - h1)
    if route == "bus":
        return (x0, y0 + h0), (x0, _BUS), (x1, _BUS), (x1, y1 - h1)
    if route == "back_up":
        middle = (x0 + w0 + x1 - w1) // 2
        return (x0 + w0, y0), (middle, y0), (middle, y1), (x1 - w1, y1)
    below = y0 + h0 + 20
    return (x0, y0 + h0), (x0, below), (x1, below), (x1, y1 + h1)


@cache
def _node(node: str, mode: _Mode, label: str, clickable: bool = False, choice: bool = False,
          why: str = "") -> str:
    """A node's group, left open for the step number and note of a path."""
    shape, x, y, rules = NODES[node]
    hw, hh = _SIZE[shape]
    fill, stroke = _FILL[shape]
    on = mode in ("on", "current")
    if on:
        fill, stroke = "#ffe2bf", GLOW
    elif mode == "closed":
        fill, stroke = "#eeebe6", "#c4bcb1"
    flags = ' data-on="1"' if on else ""
    if mode == "current":
        flags += ' data-current="1" aria-current="step"'
    if mode == "closed":
        flags += f' data-closed="1" data-why="{escape(why)}"'
    if choice:
        flags += ' data-choice="1"'
    if clickable:
        flags += _button(node, label, rules, choice, why)
    opacity = ' opacity="0.55"' if mode == "off" else ' opacity="0.45"' if mode == "closed" \
        else ""
    out = [f'<g class="node {shape}" data-node="{node}"{flags}{opacity}>']
    if mode == "closed" and why:
        out.append(f"<title>{escape(why)}</title>")
    if choice:  # a dashed halo: the walk may go here next
        out.append(f'<rect x="{x - hw - 6}" y="{y - hh - 6}" width="{2 * hw + 12}" '
                   f'height="{2 * hh + 12}" rx="10" fill="none" stroke="{GLOW}" '
                   'stroke-width="2" stroke-dasharray="4 3"/>')
    width = 4 if mode == "current" else 3 if on else 1.4
    if shape == "decision":
        d = 14
        out.append(f'<polygon points="{x - hw},{y} {x - hw + d},{y - hh} {x + hw - d},{y - hh} '
                   f'{x + hw},{y} {x + hw - d},{y + hh} {x - hw + d},{y + hh}" fill="{fill}" '
                   f'stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round"/>')
    else:
        rx = hh if shape == "terminal" else 7
        out.append(f'<rect x="{x - hw}" y="{y - hh}" width="{2 * hw}" height="{2 * hh}" '
                   f'rx="{rx}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>')
    lines = _wrap(label, 21 if shape != "decision" else 20)
    rule_lines = _wrap(" ".join(rules), 27) if rules else []
    top = y - (len(lines) * 14 + len(rule_lines) * 10) / 2 + 10
    for k, line in enumerate(lines):
        out.append(f'<text x="{x}" y="{top + k * 14:.0f}" text-anchor="middle" font-size="12" '
                   f'font-weight="{700 if on else 500}" fill="#2f2a25">{line}</text>')
    for k, line in enumerate(rule_lines):
        out.append(f'<text x="{x}" y="{top + len(lines) * 14 + k * 10 - 2:.0f}" '
                   'text-anchor="middle" font-size="8.5" fill="#7a6e60" letter-spacing="0.2">'
                   f'{line}</text>')
    return "".join(out)


def _button(node: str, label: str, rules: tuple[str, ...], choice: bool, why: str) -> str:
    """The attributes that make a node a button: focusable, named in words, its rule ids."""
    words = html_unescape(label)
    if rules:
        words += ". Rules: " + ", ".join(rules)
    if choice:
        words = "Go to: " + words
    if why:
        words += ". Closed here: " + why
    return (f' tabindex="0" role="button" data-rules="{" ".join(rules)}" '
            f'aria-label="{escape(words)}"')


_EDGE_COLOUR: dict[str, str] = {"off": "#b9afa2", "closed": "#c9c1b6"}


@cache
def _step(node: str, step: int) -> str:
    shape, x, y, _ = NODES[node]
    hw, hh = _SIZE[shape]
    return (f'<circle cx="{x - hw + 2}" cy="{y - hh + 2}" r="8" fill="{GLOW}"/>'
            f'<text x="{x - hw + 2}" y="{y - hh + 5.5}" text-anchor="middle" font-size="10" '
            f'font-weight="700" fill="#ffffff">{step}</text>')


def _note(node: str, note: str) -> str:
    shape, x, y, _ = NODES[node]
    hw, hh = _SIZE[shape]
    width = 10 + 6.6 * len(note)
    return (f'<g class="note"><rect x="{x + hw - width:.1f}" y="{y - hh - 18}" '
            f'width="{width:.1f}" height="16" rx="8" fill="{GLOW}"/>'
            f'<text x="{x + hw - width / 2:.1f}" y="{y - hh - 6}" text-anchor="middle" '
            'font-size="11" font-weight="700" fill="#ffffff" '
            f'font-family="ui-monospace, Menlo, Consolas, monospace">{escape(note)}</text></g>')


def _arrowhead(start: tuple[int, int], end: tuple[int, int], colour: str, size: float) -> str:
    (x0, y0), (x, y) = start, end
    dx = (x > x0) - (x < x0)
    dy = (y > y0) - (y < y0)
    back_x, back_y = x - dx * size, y - dy * size
    side_x, side_y = -dy * size * 0.6, dx * size * 0.6
    return (f'<polygon points="{x},{y} {back_x + side_x:.1f},{back_y + side_y:.1f} '
            f'{back_x - side_x:.1f},{back_y - side_y:.1f}" fill="{colour}"/>')


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _letters(counts: tuple[int, ...]) -> str:
    return "".join(letter * n for letter, n in zip(LETTERS, counts, strict=False))
