"""The Voila app: ``build_app()`` returns the root widget (a Tab with the DOM class
``splendor-app``). For now it has one tab, Replay: the replay viewer with a replay picker.

A deep link ``?replay=NAME&turn=N`` opens the shipped replay NAME (a file in replays/, named
without ``.json``) at turn N. NAME can only name a shipped replay: anything else, a path
included, gets a message in the app and no file outside replays/ is ever read.

>>> parse_deep_link("replay=duel&turn=12", ["duel"])
DeepLink(name='duel', turn=12, error='')
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
from splendor_nb.widgets import REPLAYS_DIR, ReplayController, ReplayViewer, shipped_replays

APP_CLASS = "splendor-app"
"""The DOM class of the app's root element (what the browser tests wait for)."""


class DeepLink(NamedTuple):
    """What a page's query string asks for: a shipped replay's name and a turn, or an error."""

    name: str | None = None
    turn: int | None = None
    error: str = ""


def build_app(query: str | None = None, folder: Path = REPLAYS_DIR) -> widgets.Tab:
    """The app's root widget; ``query`` defaults to the Voila page's query string.

    It opens the deep-linked replay, else the first shipped one, at the asked turn.

    >>> app = build_app("replay=../../pyproject.toml")
    >>> "splendor-app" in app._dom_classes, app.titles
    (True, ('Replay',))
    """
    shipped = shipped_replays(folder)
    link = parse_deep_link(request_query() if query is None else query, list(shipped))
    controller = _controller(shipped, link, folder)
    viewer = ReplayViewer(controller, folder=folder, keyboard="page")
    app = widgets.Tab(children=[viewer.widget], titles=("Replay",),
                      layout=widgets.Layout(width="100%"))
    app.add_class(APP_CLASS)
    app.viewer = viewer  # the tests and the notebook reach the controller through it
    return app


def parse_deep_link(query: str, names: list[str]) -> DeepLink:
    """Read ``replay=NAME&turn=N`` from a query string; NAME must be one of ``names``.

    >>> parse_deep_link("", ["duel"])
    DeepLink(name=None, turn=None, error='')
    >>> parse_deep_link("replay=duel.json&turn=x", ["duel"])
    DeepLink(name='duel', turn=None, error="turn must be a whole number, not 'x'.")
    """
    params = parse_qs(query.lstrip("?"), keep_blank_values=True)
    name = params.get("replay", [None])[-1]
    turn_text = params.get("turn", [None])[-1]
    errors = []
    if name is not None:
        name = name.removesuffix(".json")
        if name not in names:
            listed = ", ".join(names[:12]) + (", …" if len(names) > 12 else "")
            errors.append(f"There is no shipped replay named {name!r}. "
                          + (f"Shipped replays: {listed}." if names else "No replays are shipped."))
            return DeepLink(None, None, errors[0])
    turn = None
    if turn_text is not None:
        try:
            turn = int(turn_text)
        except ValueError:
            errors.append(f"turn must be a whole number, not {turn_text!r}.")
        else:
            if turn < 0:
                errors.append(f"turn must be 0 (the setup) or more, not {turn}.")
                turn = None
    return DeepLink(name, turn, " ".join(errors))


def request_query() -> str:
    """The query string of the Voila request ("" outside Voila).

    A pre-heated Voila kernel runs the notebook before anyone asks for the page; it waits here
    for the request (everything imported before this point is already warm).
    """
    if os.environ.get("VOILA_PREHEAT") == "True":
        from voila.utils import wait_for_request

        wait_for_request()
    return os.environ.get("QUERY_STRING", "")


def _controller(shipped: dict[str, Path], link: DeepLink, folder: Path) -> ReplayController:
    controller = ReplayController(Replay.from_state(new_game()), name="new game")
    name = link.name or next(iter(shipped), None)
    if name is None:
        controller.error = f"No replays are shipped in {folder}: open a replay file."
    elif controller.open_file(shipped[name], turn=link.turn or 0) and link.turn is not None \
            and link.turn > len(controller.replay):
        controller.error = (f"Turn {link.turn} is past the end of {name} "
                            f"({len(controller.replay)} turns): showing the last position.")
    if link.error:
        controller.error = " ".join(filter(None, [link.error, controller.error]))
    return controller
