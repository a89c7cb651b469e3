"""The Voila app: ``build_app()`` returns the root widget (a Tab with the DOM class
``splendor-app``) with two tabs: Replay, the replay viewer with a replay picker, and Rules, the
rulebook (docs/rules.md) by rule id.

A deep link ``?replay=NAME&turn=N`` opens the shipped replay NAME (a file in the package's
replays folder, :data:`~splendor_nb.ui.replays.REPLAYS_DIR`, named without ``.json``) at turn N.
NAME can only name a shipped replay: anything else, a path included, gets a message in the app
and no file outside that folder is ever read. ``?rule=R-TAKE2`` opens the Rules tab at that rule.

With ``SPLENDOR_DEMO=1`` in the environment (the public demo, ``make demo``: see
splendor_nb.server and docs/deploy.md) replays are read-only: Save is off, Download works.

>>> parse_deep_link("replay=duel&turn=12", ["duel"])
DeepLink(name='duel', turn=12, error='', rule=None)
>>> parse_deep_link("replay=../../pyproject.toml", ["duel"]).error
"There is no shipped replay named '../../pyproject.toml'. Shipped replays: duel."
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple
from urllib.parse import parse_qs

import ipywidgets as widgets

from splendor_nb.engine import new_game
from splendor_nb.replay import Replay
from splendor_nb.rulebook import RULE_IDS
from splendor_nb.ui import REPLAYS_DIR, ReplayController, ReplayViewer, shipped_replays
from splendor_nb.ui.rules_view import RulesView

APP_CLASS = "splendor-app"
"""The DOM class of the app's root element (what the browser tests wait for)."""
FIRST_REPLAY = "teacher-2p"
"""The shipped replay the app opens without a deep link (an annotated game), when shipped."""
DEMO_ENV = "SPLENDOR_DEMO"
"""The environment variable that makes the app a public demo when it is "1"."""


class DeepLink(NamedTuple):
    """What a page's query string asks for: a shipped replay's name and a turn, or an error."""

    name: str | None = None
    turn: int | None = None
    error: str = ""
    rule: str | None = None
    """A rule id to open in the Rules tab."""


def build_app(query: str | None = None, folder: Path = REPLAYS_DIR) -> widgets.Tab:
    """The app's root widget; ``query`` defaults to the Voila page's query string.

    It opens the deep-linked replay, else ``FIRST_REPLAY`` (or the first shipped one), at the
    asked turn. The app is
    built before the query string is read, so that a pre-heated Voila kernel has it ready
    when the page is asked for.

    >>> app = build_app("replay=../../pyproject.toml")
    >>> "splendor-app" in app._dom_classes, app.titles
    (True, ('Replay', 'Rules'))
    """
    shipped = shipped_replays(folder)
    controller = ReplayController(Replay.from_state(new_game()), name="new game",
                                  read_only=os.environ.get(DEMO_ENV) == "1")
    if shipped:
        controller.open_file(shipped.get(FIRST_REPLAY) or next(iter(shipped.values())))
    else:
        controller.error = "No replays are shipped: open a replay file."  # no server path shown
    viewer = ReplayViewer(controller, folder=folder, keyboard="page")
    rules = RulesView()
    app = widgets.Tab(children=[viewer.widget, rules.widget], titles=("Replay", "Rules"),
                      layout=widgets.Layout(width="100%"))
    app.add_class(APP_CLASS)
    app.viewer = viewer  # the tests and the notebook reach the controller through it
    app.rules = rules
    link = parse_deep_link(request_query() if query is None else query, list(shipped))
    controller.reread()  # a pre-heated kernel read the file before the page was asked for
    _follow(controller, link, shipped)
    if link.rule is not None:
        rules.show(link.rule)
        app.selected_index = 1
    return app


def parse_deep_link(query: str, names: list[str]) -> DeepLink:
    """Read ``replay=NAME&turn=N`` from a query string; NAME must be one of ``names``.

    >>> parse_deep_link("", ["duel"])
    DeepLink(name=None, turn=None, error='', rule=None)
    >>> parse_deep_link("replay=duel.json&turn=x", ["duel"]).error
    "turn must be a whole number, not 'x'."
    >>> parse_deep_link("rule=R-TAKE2", []).rule, parse_deep_link("rule=take2", []).error[:24]
    ('R-TAKE2', "There is no rule 'take2'")
    """
    params = parse_qs(query.lstrip("?"), keep_blank_values=True)
    rule = params.get("rule", [None])[-1]
    if rule is not None:
        if rule not in RULE_IDS:
            return DeepLink(error=f"There is no rule {rule!r}; rule ids look like R-TAKE2 "
                            "(see the Rules tab).")
        return DeepLink(rule=rule)
    name = params.get("replay", [None])[-1]
    turn_text = params.get("turn", [None])[-1]
    if name is not None:
        name = name.removesuffix(".json")
        if name not in names:
            listed = ", ".join(names[:12]) + (", …" if len(names) > 12 else "")
            return DeepLink(None, None, f"There is no shipped replay named {name!r}. "
                            + (f"Shipped replays: {listed}." if names
                               else "No replays are shipped."))
    if turn_text is None:
        return DeepLink(name)
    try:
        turn = int(turn_text)
    except ValueError:
        return DeepLink(name, None, f"turn must be a whole number, not {turn_text!r}.")
    if turn < 0:
        return DeepLink(name, None, f"turn must be 0 (the setup) or more, not {turn}.")
    return DeepLink(name, turn)


def request_query() -> str:
    """The query string of the Voila request ("" outside Voila).

    A pre-heated Voila kernel runs the notebook before anyone asks for the page; it waits here
    for the request (what was built before this point is ready when the page is asked for).
    """
    if os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import wait_for_request

        wait_for_request()
    return os.environ.get("QUERY_STRING", "")


def _follow(controller: ReplayController, link: DeepLink, shipped: dict[str, Path]) -> None:
    if link.name is not None and link.name != controller.name:
        controller.open_file(shipped[link.name], turn=link.turn or 0)
    elif link.turn is not None:
        controller.go(link.turn)
    if link.turn is not None and link.turn > len(controller.replay):
        controller.error = (f"Turn {link.turn} is past the end of {controller.name} "
                            f"({len(controller.replay)} turns): showing the last position.")
    if link.error:
        controller.error = " ".join(filter(None, [link.error, controller.error]))
