"""The replay viewer: one controller holds a replay and the current turn; every view observes it.

:class:`ReplayController` is plain traitlets (no widget): ``turn``, ``replay``, ``viewer`` (whose
eyes the board is drawn through, ``None`` for all-seeing) and the file the replay came from.
The views are ipywidgets that observe it and write back to it: the board, the turn diagram,
the navigation bar (buttons, slider), the move list, the keyboard shortcuts, the comment box,
the charts, and the toolbar that opens, saves and downloads replays. :class:`ReplayViewer`
assembles them.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> replay = Replay.from_state(new_game(players=2, seed=7))
>>> _ = replay.play("+wbg"); _ = replay.play("+rr")
>>> controller = ReplayController(replay)
>>> controller.forward(); controller.turn
1
>>> controller.last(); controller.state.last_move
Move.parse('+rr')
"""

from __future__ import annotations

import html
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import anywidget
import ipywidgets as widgets
import traitlets

from splendor_nb.cards import GEMS
from splendor_nb.diagram import diagram_svg, turn_path
from splendor_nb.engine import GameState
from splendor_nb.palette import PLAYER_COLOURS
from splendor_nb.render import board_html
from splendor_nb.replay import GLYPHS, Replay, ReplayError, Turn

if TYPE_CHECKING:  # pandas and plotly load with the charts, not with the viewer
    import pandas as pd
    import plotly.graph_objects as go

    from splendor_nb.analysis.charts import charts_figure as charts_figure
else:
    def __getattr__(name: str) -> object:
        """``charts_figure``, now in splendor_nb.analysis, loaded when first asked for."""
        if name == "charts_figure":
            from splendor_nb.analysis.charts import charts_figure

            return charts_figure
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

REPLAYS_DIR = Path(__file__).resolve().parent.parent / "replays"
"""The replays shipped with splendor_nb (the repository's replays/ folder)."""

CHART_WIDTH = 470
"""The charts' width in pixels (they sit in the viewer's right-hand column)."""
KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last"}
"""Keyboard shortcuts of the viewer: key -> controller method."""


def shipped_replays(folder: Path = REPLAYS_DIR) -> dict[str, Path]:
    """The replay files directly in ``folder``, by name (the file name without ``.json``).

    Only regular files that really live in the folder count (a symlink out of it does not).

    >>> shipped_replays(Path("/no/such/folder"))
    {}
    """
    if not folder.is_dir():
        return {}
    home = folder.resolve()
    return {path.stem: path for path in sorted(folder.glob("*.json"))
            if path.is_file() and path.resolve().parent == home}


class ReplayController(traitlets.HasTraits):
    """A replay and the current turn; views observe ``turn``, ``replay`` and ``viewer``.

    ``turn`` counts the moves played (0 = the setup) and is clamped to the replay. Opening a
    file that is not a valid replay sets ``error`` (the :class:`ReplayError` message) and keeps
    the replay already open.

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg")
    >>> controller = ReplayController(replay)
    >>> controller.turn = 99; controller.turn
    1
    >>> controller.open_bytes("bad.json", b"{}"); controller.error
    False
    'bad.json: not a splendor-nb replay: format is None. The replay already open stays open.'
    >>> len(controller.replay)
    1
    """

    replay = traitlets.Instance(Replay)
    turn = traitlets.Int(0)
    viewer = traitlets.Int(None, allow_none=True)
    """Whose view the board shows (a player index), or None for the all-seeing view."""
    path = traitlets.Instance(Path, allow_none=True)
    """The file the replay was opened from and saves to; None for an upload."""
    name = traitlets.Unicode("")
    """The replay's name as shown (its file name without .json)."""
    revision = traitlets.Int(0)
    """Bumped on every comment or glyph written."""
    dirty = traitlets.Bool(False)
    """Whether comments or glyphs were written since the last save."""
    error = traitlets.Unicode("")
    """The last error to show (a bad file, a bad deep link); "" when there is none."""
    status = traitlets.Unicode("")
    """The last thing done (opened, saved), for a status line."""
    waiting = traitlets.Unicode("")
    """The name of a replay held back because comments are unsaved ("" when none): the viewer
    asks whether to save them first, open anyway or stay (see :meth:`resolve`)."""
    _held: tuple[Replay, Path | None, str, int] | None = None

    def __init__(self, replay: Replay, *, path: Path | None = None, name: str = "",
                 turn: int = 0) -> None:
        super().__init__(replay=replay, path=path, name=name)
        self.turn = turn

    # --- the position -----------------------------------------------------------------------

    @traitlets.validate("turn")
    def _clamp_turn(self, proposal: Any) -> int:
        return max(0, min(int(proposal["value"]), len(self.replay)))

    @property
    def state(self) -> GameState:
        """The position after the current turn (kept by the replay, so this is a lookup)."""
        return self.replay.state(self.turn)

    @property
    def current(self) -> Turn | None:
        """The recorded turn that led to the current position; None at the setup."""
        return self.replay.turns[self.turn - 1] if self.turn else None

    def go(self, turn: int) -> None:
        """Show the position after ``turn`` turns (clamped to the replay)."""
        self.turn = turn

    def first(self) -> None:
        """Go to the setup."""
        self.turn = 0

    def back(self) -> None:
        """Go back one turn."""
        self.turn -= 1

    def forward(self) -> None:
        """Go forward one turn."""
        self.turn += 1

    def last(self) -> None:
        """Go to the last position."""
        self.turn = len(self.replay)

    # --- opening ----------------------------------------------------------------------------

    def open(self, replay: Replay, *, path: Path | None = None, name: str = "",
             turn: int = 0) -> None:
        """Show another replay, at ``turn``, whatever is unsaved; views hear one ``replay``
        change, then ``turn``. The viewer opens through :meth:`open_file` and
        :meth:`open_bytes`, which ask first.
        """
        dropped = f" (the unsaved comments on {self.name} were dropped)" if self.dirty else ""
        self._held = None
        with self.hold_trait_notifications():
            self.waiting = ""
            self.replay = replay
            self.path = path
            self.name = name
            self.viewer = None
            self.turn = turn
            self.dirty = False
            self.error = ""
            self.status = (f"Opened {name}" if name else "") + dropped

    def open_file(self, path: Path, *, turn: int = 0) -> bool:
        """Open a replay file, or hold it in ``waiting`` while comments are unsaved; on a
        :class:`ReplayError`, set ``error`` and keep the current one. True if the file was read.
        """
        try:
            replay = Replay.load(path)
        except ReplayError as problem:
            self.error = _error_text(problem)
            return False
        self._open_unless_unsaved(replay, path=path, name=path.stem, turn=turn)
        return True

    def open_bytes(self, filename: str, data: bytes) -> bool:
        """Open an uploaded replay (no path: it can be downloaded, not saved in place), or hold
        it in ``waiting`` as :meth:`open_file` does.
        """
        try:
            replay = Replay.loads(data)
        except ReplayError as problem:
            problem.args = (f"{filename}: {problem}",)
            self.error = _error_text(problem)
            return False
        self._open_unless_unsaved(replay, name=Path(filename).stem or "upload")
        return True

    def _open_unless_unsaved(self, replay: Replay, *, path: Path | None = None, name: str,
                             turn: int = 0) -> None:
        self.error = ""
        if self.dirty:
            self._held = (replay, path, name, turn)
            self.waiting = name
        else:
            self.open(replay, path=path, name=name, turn=turn)

    def resolve(self, choice: Literal["save", "open", "stay"]) -> None:
        """Settle a replay held in ``waiting``: ``"save"`` the comments into the file, then open
        it; ``"open"`` it, dropping the comments; or ``"stay"`` on this replay, comments kept.

        >>> from splendor_nb.engine import new_game
        >>> replay = Replay.from_state(new_game(players=2, seed=7))
        >>> _ = replay.play("+wbg")
        >>> controller = ReplayController(replay, name="mine", turn=1)
        >>> controller.annotate(comment="worth keeping")
        >>> controller.open_bytes("other.json", Replay.from_state(new_game(seed=1)).dumps())
        True
        >>> controller.name, controller.waiting
        ('mine', 'other')
        >>> controller.resolve("stay")
        >>> controller.name, controller.waiting, controller.replay.turns[0].comment
        ('mine', '', 'worth keeping')
        """
        if choice not in ("save", "open", "stay"):
            raise ValueError(f"choose 'save', 'open' or 'stay', not {choice!r}")
        if self._held is None:
            return
        if choice == "save":
            self.save()  # raises, and the replay stays held, when the comments cannot be saved
        replay, path, name, turn = self._held
        self._held = None
        self.waiting = ""
        if choice != "stay":
            self.open(replay, path=path, name=name, turn=turn)

    # --- annotating and saving --------------------------------------------------------------

    def annotate(self, comment: str | None = None, glyph: str | None = None) -> None:
        """Write a comment and/or glyph on the current move (the setup takes none)."""
        if self.turn == 0:
            raise ValueError("the setup is not a move: step to a move to comment on it")
        turn = self.replay.turns[self.turn - 1]
        if (comment is None or comment == turn.comment) and (glyph is None or glyph == turn.glyph):
            return
        self.replay.annotate(self.turn, comment=comment, glyph=glyph)
        self.dirty = True
        self.revision += 1

    def save(self) -> Path:
        """Save the replay atomically to the file it was opened from; returns that path."""
        if self.path is None:
            raise ValueError("this replay was uploaded, not opened from a file: download it")
        self.replay.save(self.path)
        self.dirty = False
        self.status = f"Saved {self.path.name}"
        return self.path


class BoardView:
    """The board of the current position, the last move highlighted (``.widget``: an HTML)."""

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.widget = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.widget.add_class("splendor-board-view")
        controller.observe(self._show, names=["turn", "replay", "viewer"])
        self._show()

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        turn = controller.turn
        previous = controller.replay.state(turn - 1) if turn else None
        self.widget.value = board_html(controller.state, viewer=controller.viewer,
                                       highlight=True, previous=previous,
                                       names=controller.replay.names)


class DiagramView:
    """The rulebook's turn diagram with the current move's path lit (``.widget``: an HTML)."""

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.widget = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.widget.add_class("splendor-diagram-view")
        controller.observe(self._show, names=["turn", "replay"])
        self._show()

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        turn = controller.current
        if turn is None:
            self.widget.value = diagram_svg()
            return
        before = controller.replay.state(controller.turn - 1)
        self.widget.value = diagram_svg(turn_path(before, turn.move, controller.state))


class NavigationBar:
    """First / back / forward / last buttons, a slider and where we are (``.widget``)."""

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.buttons: dict[str, widgets.Button] = {}
        for action, icon, tip in (("first", "step-backward", "First: the setup (Home)"),
                                  ("back", "caret-left", "Back one turn (←)"),
                                  ("forward", "caret-right", "Forward one turn (→)"),
                                  ("last", "step-forward", "Last turn (End)")):
            button = widgets.Button(icon=icon, tooltip=tip, layout=widgets.Layout(width="44px"))
            button.add_class(f"splendor-{action}")
            button.on_click(lambda _button, act=action: getattr(controller, act)())
            self.buttons[action] = button
        self.slider = widgets.IntSlider(min=0, max=max(len(controller.replay), 1),
                                        readout=False, continuous_update=True,
                                        layout=widgets.Layout(flex="1 1 auto", min_width="120px"))
        self.slider.add_class("splendor-slider")
        self.label = widgets.HTML()
        self.label.add_class("splendor-where")
        self._updating = False
        self.slider.observe(self._slid, names="value")
        controller.observe(self._show, names=["turn", "replay"])
        self.widget = widgets.HBox([*self.buttons.values(), self.slider, self.label],
                                   layout=widgets.Layout(align_items="center", width="100%"))
        self.widget.add_class("splendor-nav")
        self._show()

    def _slid(self, change: Mapping[str, Any]) -> None:
        if not self._updating:
            self.controller.go(change["new"])

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        turn, total = controller.turn, len(controller.replay)
        self._updating = True
        try:
            self.slider.max = max(total, 1)
            self.slider.value = turn
        finally:
            self._updating = False
        for action in ("first", "back"):
            self.buttons[action].disabled = turn == 0
        for action in ("forward", "last"):
            self.buttons[action].disabled = turn >= total
        self.label.value = _where(controller)


class MoveList(anywidget.AnyWidget):
    """The moves as a clickable list; the current one is highlighted and kept in view.

    ``rows`` are ``[turn, player, name, move text, glyph, comment]`` (turn 0 is the setup,
    player -1); clicking a row sets ``turn``. Text goes into the page as text, never as HTML.
    """

    _esm = """
function render({ model, el }) {
  const list = document.createElement("div");
  list.className = "splendor-moves";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Moves");
  el.appendChild(list);
  let items = [];
  let current = null;
  const cell = (cls, text) => {
    const span = document.createElement("span");
    span.className = "splendor-move-" + cls;
    span.textContent = text;
    return span;
  };
  function build() {
    items = model.get("rows").map(([turn, player, name, text, glyph, comment]) => {
      const item = document.createElement("div");
      item.className = "splendor-move" + (player >= 0 ? " splendor-p" + player : "");
      item.dataset.turn = String(turn);
      item.setAttribute("role", "option");
      item.append(cell("num", turn ? String(turn) : ""), cell("who", name), cell("text", text),
                  cell("glyph", glyph), cell("note", comment ? "\\u270e" : ""));
      if (comment) {
        item.title = comment;
        item.classList.add("has-comment");
        item.append(cell("comment", comment));
      }
      return item;
    });
    list.replaceChildren(...items);
    current = null;
    select();
  }
  function select() {
    if (current) { current.classList.remove("current"); current.removeAttribute("aria-selected"); }
    current = items[model.get("turn")] || null;
    if (!current) return;
    current.classList.add("current");
    current.setAttribute("aria-selected", "true");
    const top = current.offsetTop, bottom = top + current.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = bottom - list.clientHeight;
    }
  }
  list.addEventListener("click", (event) => {
    const item = event.target.closest(".splendor-move");
    if (!item) return;
    model.set("turn", Number(item.dataset.turn));
    model.save_changes();
  });
  model.on("change:rows", build);
  model.on("change:turn", select);
  build();
  return () => { model.off("change:rows", build); model.off("change:turn", select); };
}
export default { render };
"""
    _css = """
.splendor-moves { position: relative; overflow-y: auto; height: 100%; font-size: 13px;
  border: 1px solid #d0d4da; border-radius: 6px; background: #fff; }
.splendor-move { display: grid; grid-template-columns: 2.4em minmax(3em, 9em) 1fr 1.8em 1.2em;
  gap: 0.4em; padding: 2px 8px; cursor: pointer; border-bottom: 1px solid #f0f1f3;
  align-items: baseline; }
.splendor-move:hover { background: #eef4fb; }
.splendor-move.current { background: #1f6feb; color: #fff; }
.splendor-move-num { text-align: right; color: #8a9099; font-variant-numeric: tabular-nums; }
.splendor-move.current .splendor-move-num { color: #dbe7fb; }
.splendor-move-who { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.splendor-move-text { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
.splendor-move-glyph { font-weight: 700; color: #b4490e; }
.splendor-move.current .splendor-move-glyph { color: #ffd8a8; }
.splendor-move-note { color: #6b7280; }
.splendor-move-comment { grid-column: 2 / -1; font-style: italic; color: #4b5563;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-size: 12px; }
.splendor-move.current .splendor-move-comment { color: #e8eefc; }
.splendor-move.current .splendor-move-note { color: #fff; }
.splendor-move.current .splendor-move-who::before { color: #fff; }
""" + "".join(f".splendor-p{i} .splendor-move-who::before {{ content: '\\25cf\\00a0'; "
              f"color: {colour}; }}\n" for i, colour in enumerate(PLAYER_COLOURS))
    rows: traitlets.List[list[object]] = traitlets.List().tag(sync=True)
    turn = traitlets.Int(0).tag(sync=True)

    def __init__(self, controller: ReplayController) -> None:
        super().__init__(layout=widgets.Layout(height="100%", width="100%"))
        self.controller = controller
        self.add_class("splendor-movelist")
        self.observe(lambda change: controller.go(change["new"]), names="turn")
        controller.observe(self._show_rows, names=["replay", "revision"])
        controller.observe(self._show_turn, names="turn")
        self._show_rows()

    def _show_rows(self, _change: object = None) -> None:
        replay = self.controller.replay
        names = replay.names
        rows: list[list[object]] = [[0, -1, "Setup", "", "", ""]]
        for number, turn in enumerate(replay.turns, start=1):
            player = replay.state(number - 1).current_player
            rows.append([number, player, names[player], str(turn.move), turn.glyph, turn.comment])
        with self.hold_sync():
            self.rows = rows
            self.turn = self.controller.turn

    def _show_turn(self, change: Mapping[str, Any]) -> None:
        self.turn = change["new"]


class KeyboardShortcuts(anywidget.AnyWidget):
    """Arrow keys and Home/End step the controller (see ``KEYS``); the widget itself is hidden.

    ``scope="page"`` listens to the whole page (the Voila app); ``"viewer"`` only after a click
    inside the viewer, so that a notebook keeps its own arrow keys elsewhere. Keys typed into a
    text box, a list or the slider are left alone.
    """

    _esm = """
const KEYS = %s;
const EDITING = "input, textarea, select, [contenteditable=''], [contenteditable='true'], " +
                "[role='slider'], .noUi-handle";
function render({ model, el }) {
  const id = model.get("instance");
  let inside = false;
  const onPointer = (event) => {
    const viewer = el.closest(".splendor-viewer");
    inside = !!viewer && viewer.contains(event.target);
  };
  const onKey = (event) => {
    const action = KEYS[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target instanceof Element && event.target.closest(EDITING)) return;
    if (model.get("scope") !== "page" && !inside) return;
    const seen = event.splendorKeys || (event.splendorKeys = new Set());
    if (seen.has(id)) return;
    seen.add(id);
    event.preventDefault();
    model.send({ action });
  };
  document.addEventListener("pointerdown", onPointer, true);
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("pointerdown", onPointer, true);
    document.removeEventListener("keydown", onKey);
  };
}
export default { render };
""" % ("{" + ", ".join(f'"{key}": "{action}"' for key, action in KEYS.items()) + "}")
    scope = traitlets.Enum(("page", "viewer"), "viewer").tag(sync=True)
    instance = traitlets.Unicode().tag(sync=True)

    def __init__(self, controller: ReplayController, scope: str = "viewer") -> None:
        super().__init__(scope=scope, instance=uuid.uuid4().hex,
                         layout=widgets.Layout(display="none"))
        self.controller = controller
        self.on_msg(self._pressed)

    def _pressed(self, _widget: object, content: Mapping[str, Any], _buffers: object) -> None:
        action = content.get("action")
        if isinstance(action, str) and action in KEYS.values():
            getattr(self.controller, action)()


class Downloader(anywidget.AnyWidget):
    """Hands a text file to the browser as a download (``download(filename, text)``)."""

    _esm = """
function render({ model }) {
  const onMessage = (message) => {
    if (message.type !== "download") return;
    const url = URL.createObjectURL(new Blob([message.text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = message.filename;
    link.style.display = "none";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}
export default { render };
"""

    def __init__(self) -> None:
        super().__init__(layout=widgets.Layout(display="none"))

    def download(self, filename: str, text: str) -> None:
        """Make the browser save ``text`` as ``filename``."""
        self.send({"type": "download", "filename": filename, "text": text})


class AnnotationEditor:
    """A glyph picker and a comment box writing into the current move (``.widget``)."""

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.heading = widgets.HTML()
        self.heading.add_class("splendor-annotation-heading")
        self.glyph = widgets.ToggleButtons(
            options=[("—", ""), *((glyph, glyph) for glyph in GLYPHS)], value="",
            tooltips=["no glyph", "good move", "mistake", "brilliant move", "blunder",
                      "interesting move", "dubious move"],
            style={"button_width": "38px"})
        self.glyph.add_class("splendor-glyph")
        self.comment = widgets.Textarea(placeholder="Write a comment on this move…",
                                        continuous_update=False,
                                        layout=widgets.Layout(width="100%", height="64px"))
        self.comment.add_class("splendor-comment")
        self._updating = False
        self.glyph.observe(self._written, names="value")
        self.comment.observe(self._written, names="value")
        controller.observe(self._show, names=["turn", "replay"])
        self.widget = widgets.VBox([self.heading, self.glyph, self.comment],
                                   layout=widgets.Layout(width="100%"))
        self.widget.add_class("splendor-annotation")
        self._show()

    def _written(self, _change: object) -> None:
        if not self._updating:
            self.controller.annotate(comment=self.comment.value, glyph=self.glyph.value)

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        turn = controller.current
        self._updating = True
        try:
            self.glyph.value = turn.glyph if turn else ""
            self.comment.value = turn.comment if turn else ""
        finally:
            self._updating = False
        self.glyph.disabled = self.comment.disabled = turn is None
        if turn is None:
            self.heading.value = "<b>Comment</b> <span class='splendor-muted'>— step to a move " \
                                 "to comment on it</span>"
        else:
            player = controller.replay.state(controller.turn - 1).current_player
            who = html.escape(controller.replay.names[player])
            self.heading.value = (f"<b>Comment on move {controller.turn}</b> "
                                  f"<span class='splendor-muted'>{who}: "
                                  f"<code>{html.escape(str(turn.move))}</code></span>")


class ReplayCharts:
    """Points per turn and bonus growth per colour in one FigureWidget (``.widget``); on
    request (:meth:`show_chances`, the *Who was winning?* button), each player's chance to win
    and the moves after which it fell most, as buttons that jump there.

    A dotted line marks the current turn and moves in place; clicking a point jumps there
    (every point carries its turn as ``customdata``). The bonus chart shows everyone or one
    player (``players`` buttons).

    The figure is created by :meth:`load`, which runs when a browser has drawn the viewer (the
    :class:`Shown` widget tells): the board shows without waiting for plotly's 5 MB of
    JavaScript, and the figure is never changed while Voila runs the notebook (such changes
    do not reach the page).
    """

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.figure: go.FigureWidget | None = None
        self.chances: pd.DataFrame | None = None
        """The replay's :func:`~splendor_nb.analysis.win_chances`, once asked for."""
        self.ask = widgets.Button(description="Who was winning?", icon="line-chart",
                                  tooltip="Rate every position with the hard bot's search "
                                          "(about a second per 40 turns)",
                                  layout=widgets.Layout(width="auto"))
        self.ask.add_class("splendor-ask-chances")
        self.ask.on_click(lambda _button: self.show_chances())
        self.progress = widgets.IntProgress(layout=widgets.Layout(width="160px",
                                                                  display="none"))
        self.falls = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                        align_items="center"))
        self.falls.add_class("splendor-falls")
        self.players = widgets.ToggleButtons(style={"button_width": "auto"})
        self.players.add_class("splendor-bonus-players")
        self._updating = False
        self._show_players()
        self.players.observe(self._picked, names="value")
        controller.observe(self._show_turn, names="turn")
        controller.observe(self._refill, names="replay")
        loading = widgets.HTML("<div class='splendor-muted splendor-charts-loading'>"
                               "Loading the charts…</div>")
        self.box = widgets.Box([loading], layout=widgets.Layout(width="100%",
                                                                min_height="520px"))
        self.box.add_class("splendor-figure")
        self.shown = Shown(self.load)
        self.widget = widgets.VBox(
            [widgets.HBox([widgets.HTML("<span class='splendor-muted'>Bonuses of</span>"),
                           self.players], layout=widgets.Layout(align_items="center")),
             self.box,
             widgets.HBox([self.ask, self.progress], layout=widgets.Layout(align_items="center")),
             self.falls, self.shown], layout=widgets.Layout(width="100%"))
        self.widget.add_class("splendor-charts")

    def load(self) -> None:
        """Create the figure from the current replay and turn (once) and show it."""
        if self.figure is not None:
            return
        import plotly.graph_objects as go

        self.figure = go.FigureWidget(self._fresh())
        self._listen(self.figure)
        self.box.children = (self.figure,)

    def show_chances(self) -> None:
        """Rate every position of the replay (a progress bar shows how far), then chart who
        was winning and list the biggest falls."""
        from splendor_nb.analysis import turning_points, win_chances

        def advance(done: int, total: int) -> None:
            self.progress.max, self.progress.value = total, done

        self.ask.disabled = True
        self.controller.error = ""
        self.progress.layout.display = "flex"
        try:
            self.chances = win_chances(self.controller.replay, progress=advance)
        except Exception as problem:  # a message in the app, never a traceback; ask again
            self.controller.error = f"Could not rate the positions: {problem}"
            self.ask.disabled = False
            return
        finally:
            self.progress.layout.display = "none"
        self.ask.layout.display = "none"
        buttons = []
        for turn, name, move, before, after in turning_points(self.chances)[
                ["turn", "name", "move", "before", "after"]].itertuples(index=False):
            button = widgets.Button(description=f"Turn {turn}: {name} {move}",
                                    tooltip=f"{name}'s chance to win: {before:.0%} when about "
                                            f"to play this move, {after:.0%} a round later",
                                    layout=widgets.Layout(width="auto"))
            button.add_class("splendor-fall")
            button.on_click(lambda _button, turn=int(turn): self.controller.go(turn))
            buttons.append(button)
        self.falls.children = (
            widgets.HTML("<span class='splendor-muted'>Biggest falls:</span>"), *buttons
        ) if buttons else ()
        self._redraw()

    def _fresh(self) -> go.Figure:
        from splendor_nb.analysis import charts_figure

        controller = self.controller
        figure = charts_figure(controller.replay, controller.turn, self.chances,
                               width=CHART_WIDTH)
        self._show_bonuses(figure, self.players.value)
        return figure

    def _show_bonuses(self, figure: go.Figure, shown: int) -> None:
        players = self.controller.replay.players
        for index, trace in enumerate(figure.data[players:players + players * len(GEMS)]):
            trace.visible = shown < 0 or index // len(GEMS) == shown

    def _listen(self, figure: go.FigureWidget) -> None:
        for trace in figure.data:
            trace.on_click(self._clicked)

    def _show_players(self) -> None:
        self._updating = True
        try:
            self.players.options = [("everyone", -1), *((name, i) for i, name in
                                                        enumerate(self.controller.replay.names))]
            self.players.value = -1
        finally:
            self._updating = False

    def _picked(self, change: Mapping[str, Any]) -> None:
        if self._updating or self.figure is None:
            return
        with self.figure.batch_update():
            self._show_bonuses(self.figure, change["new"])

    def _refill(self, _change: object = None) -> None:
        self._show_players()
        self.chances = None
        self.falls.children = ()
        self.ask.disabled = False
        self.ask.layout.display = "flex"
        self._redraw()

    def _redraw(self) -> None:
        if self.figure is None:
            return
        fresh = self._fresh()
        self.figure.data = ()
        with self.figure.batch_update():
            self.figure.add_traces(list(fresh.data))
            self.figure.layout = fresh.layout
        self._listen(self.figure)

    def _show_turn(self, _change: object = None) -> None:
        if self.figure is not None:
            turn = self.controller.turn
            self.figure.plotly_relayout({"shapes[0].x0": turn, "shapes[0].x1": turn})

    def _clicked(self, trace: Any, points: Any, _selector: object) -> None:
        for index in points.point_inds:
            value = trace.customdata[index]
            self.controller.go(int(value[0] if isinstance(value, Sequence) else value))
            return


class Shown(anywidget.AnyWidget):
    """A hidden widget that calls ``on_shown()`` once a browser has drawn it (and its page)."""

    _esm = """
function render({ model }) {
  model.send({ type: "shown" });
}
export default { render };
"""

    def __init__(self, on_shown: Callable[[], None]) -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.on_msg(lambda _widget, content, _buffers: on_shown()
                    if content.get("type") == "shown" else None)


class ViewSwitch:
    """Hidden information: the all-seeing board or one player's view (``.widget``)."""

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.widget = widgets.ToggleButtons(style={"button_width": "auto"},
                                            tooltips=[], layout=widgets.Layout(width="auto"))
        self.widget.add_class("splendor-view-switch")
        self._updating = False
        self.widget.observe(self._picked, names="value")
        controller.observe(self._show, names=["replay", "viewer"])
        self._show()

    def _picked(self, change: Mapping[str, Any]) -> None:
        if not self._updating:
            self.controller.viewer = None if change["new"] < 0 else change["new"]

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        options = [("All-seeing", -1), *((f"{name}'s view", i)
                                         for i, name in enumerate(controller.replay.names))]
        self._updating = True
        try:
            if list(self.widget.options) != options:
                self.widget.options = options
            self.widget.value = -1 if controller.viewer is None else controller.viewer
        finally:
            self._updating = False


class ReplayToolbar:
    """Open a shipped replay or a file, save in place, download; errors in a banner."""

    def __init__(self, controller: ReplayController, folder: Path = REPLAYS_DIR) -> None:
        self.controller = controller
        self.folder = folder
        self.shipped = shipped_replays(folder)
        self.picker = widgets.Dropdown(options=[("Choose a replay…", ""),
                                                *((name, name) for name in self.shipped)],
                                       value="", description="Replay",
                                       layout=widgets.Layout(width="320px"))
        self.picker.add_class("splendor-picker")
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         description="Open file…",
                                         tooltip="Open a replay file (.json) from your computer")
        self.upload.add_class("splendor-upload")
        self.save_button = widgets.Button(description="Save", icon="",
                                          tooltip="Save the comments into the replay's file")
        self.save_button.add_class("splendor-save")
        self.download_button = widgets.Button(description="Download",
                                              tooltip="Download the replay with its comments")
        self.download_button.add_class("splendor-download")
        self.status = widgets.HTML()
        self.status.add_class("splendor-status")
        self.message = widgets.HTML(layout=widgets.Layout(flex="1 1 auto"))
        self.dismiss = widgets.Button(icon="times", tooltip="Dismiss",
                                      layout=widgets.Layout(width="36px"))
        self.dismiss.add_class("splendor-dismiss")
        self.dismiss.on_click(lambda _button: setattr(controller, "error", ""))
        self.banner = widgets.HBox([self.message, self.dismiss],
                                   layout=widgets.Layout(width="100%", align_items="center"))
        self.banner.add_class("splendor-error")
        self.question = widgets.HTML(layout=widgets.Layout(flex="1 1 auto"))
        self.keep_button = widgets.Button(button_style="primary",
                                          layout=widgets.Layout(width="auto"))
        self.keep_button.add_class("splendor-keep")
        self.drop_button = widgets.Button(description="Open without them",
                                          layout=widgets.Layout(width="auto"))
        self.drop_button.add_class("splendor-drop")
        self.stay_button = widgets.Button(description="Stay here",
                                          layout=widgets.Layout(width="auto"))
        self.stay_button.add_class("splendor-stay")
        self.keep_button.on_click(self._keep_then_open)
        self.drop_button.on_click(lambda _button: controller.resolve("open"))
        self.stay_button.on_click(lambda _button: controller.resolve("stay"))
        self.asking = widgets.HBox([self.question, self.keep_button, self.drop_button,
                                    self.stay_button],
                                   layout=widgets.Layout(width="100%", align_items="center",
                                                         flex_flow="row wrap"))
        self.asking.add_class("splendor-question")
        self.downloader = Downloader()
        self._updating = False
        self.picker.observe(self._picked, names="value")
        self.upload.observe(self._uploaded, names="value")
        self.save_button.on_click(self._save)
        self.download_button.on_click(self._download)
        controller.observe(self._show, names=["replay", "path", "name", "dirty", "status",
                                              "waiting"])
        controller.observe(self._show_error, names="error")
        row = widgets.HBox([self.picker, self.upload, self.save_button, self.download_button,
                            self.status, self.downloader],
                           layout=widgets.Layout(align_items="center", flex_flow="row wrap",
                                                 width="100%"))
        row.add_class("splendor-toolbar")
        self.widget = widgets.VBox([row, self.asking, self.banner],
                                   layout=widgets.Layout(width="100%"))
        self._show()
        self._show_error()

    def _picked(self, change: Mapping[str, Any]) -> None:
        path = self.shipped.get(change["new"])
        if path is not None and not self._updating:
            self.controller.open_file(path)

    def _uploaded(self, change: Mapping[str, Any]) -> None:
        if not change["new"]:
            return
        upload = change["new"][0]
        self.controller.open_bytes(upload["name"], bytes(upload["content"]))
        self.upload.value = ()

    def _save(self, _button: object) -> None:
        try:
            self.controller.save()
        except (OSError, ValueError) as problem:
            self.controller.error = f"Could not save: {problem}"

    def _download(self, _button: object) -> None:
        controller = self.controller
        self.downloader.download(f"{controller.name or 'replay'}.json", controller.replay.dumps())
        if controller.path is None:  # for an upload, the download is where the comments live
            controller.dirty = False
        controller.status = f"Downloaded {controller.name or 'replay'}.json"

    def _keep_then_open(self, _button: object) -> None:
        controller = self.controller
        if controller.path is None:
            self._download(None)
            controller.resolve("open")
            return
        try:
            controller.resolve("save")
        except (OSError, ValueError) as problem:
            controller.error = f"Could not save: {problem}. Nothing was opened."

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        self._updating = True
        try:
            shipped = controller.path is not None and self.shipped.get(controller.name) == \
                controller.path
            self.picker.value = controller.name if shipped else ""
        finally:
            self._updating = False
        self.save_button.disabled = controller.path is None or not controller.dirty
        self.save_button.tooltip = (f"Save into {controller.path}" if controller.path
                                    else "An uploaded replay cannot be saved in place: download it")
        status = controller.status
        if controller.dirty:
            status = "Unsaved comments" + ("" if controller.path else ": download to keep them")
        self.status.value = f"<span class='splendor-muted'>{html.escape(status)}</span>"
        self.asking.layout.display = "flex" if controller.waiting else "none"
        if controller.waiting:
            self.question.value = (
                f"<div class='splendor-question-text' role='alert'><b>Your comments on "
                f"{html.escape(controller.name or 'this replay')} are not saved.</b> Keep them "
                f"before opening {html.escape(controller.waiting)}?</div>")
            self.keep_button.description = ("Save them, then open" if controller.path
                                            else "Download them, then open")

    def _show_error(self, _change: object = None) -> None:
        error = self.controller.error
        self.message.value = (f"<div class='splendor-error-text' role='alert'>"
                              f"{html.escape(error)}</div>" if error else "")
        self.banner.layout.display = "flex" if error else "none"


class ReplayViewer:
    """The whole viewer on one controller: toolbar, board, navigation, moves, comments,
    diagram and charts (``.widget``, a VBox with the DOM class ``splendor-viewer``).

    >>> from splendor_nb.engine import new_game
    >>> replay = Replay.from_state(new_game(players=2, seed=7))
    >>> _ = replay.play("+wbg")
    >>> viewer = ReplayViewer(ReplayController(replay))
    >>> viewer.navigation.buttons["forward"].click()
    >>> viewer.controller.turn, 'data-turn="1"' in viewer.board.widget.value
    (1, True)
    """

    def __init__(self, controller: ReplayController, *, folder: Path = REPLAYS_DIR,
                 keyboard: str = "viewer") -> None:
        self.controller = controller
        self.toolbar = ReplayToolbar(controller, folder)
        self.board = BoardView(controller)
        self.navigation = NavigationBar(controller)
        self.view_switch = ViewSwitch(controller)
        self.moves = MoveList(controller)
        self.keyboard = KeyboardShortcuts(controller, scope=keyboard)
        self.annotation = AnnotationEditor(controller)
        self.diagram = DiagramView(controller)
        self.charts = ReplayCharts(controller)
        self.title = widgets.HTML()
        self.title.add_class("splendor-title")
        controller.observe(self._show_title, names=["replay", "name"])
        self._show_title()
        board_column = widgets.VBox(
            [self.board.widget, self.navigation.widget, self.view_switch.widget,
             _heading("Turn diagram"), self.diagram.widget],
            layout=widgets.Layout(flex="1 1 560px", min_width="420px", max_width="1000px"))
        board_column.add_class("splendor-board-column")
        moves_box = widgets.Box([self.moves], layout=widgets.Layout(height="280px", width="100%"))
        side_column = widgets.VBox(
            [_heading("Moves"), moves_box, self.annotation.widget, _heading("Charts"),
             self.charts.widget],
            layout=widgets.Layout(flex=f"0 0 {CHART_WIDTH + 16}px"))
        side_column.add_class("splendor-side-column")
        main = widgets.HBox([board_column, side_column],
                            layout=widgets.Layout(flex_flow="row wrap", width="100%",
                                                  align_items="flex-start"))
        self.widget = widgets.VBox(
            [widgets.HTML(_STYLE), self.toolbar.widget, self.title, main, self.keyboard],
            layout=widgets.Layout(width="100%"))
        self.widget.add_class("splendor-viewer")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _show_title(self, _change: object = None) -> None:
        replay = self.controller.replay
        headers = replay.headers
        players = " vs ".join(html.escape(name) for name in replay.names)
        details = [str(headers[key]) for key in ("event", "date") if headers.get(key)]
        final = replay.state(len(replay))
        if final.is_over:
            details.append("final score " + "–".join(map(str, final.scores)))
        else:
            details.append(f"{len(replay)} turns, unfinished")
        self.title.value = (f"<div class='splendor-title-text'><b>{players}</b> "
                            f"<span class='splendor-muted'>· "
                            f"{html.escape(' · '.join(details))}</span></div>")


_STYLE = """<style>
.splendor-viewer { font-family: system-ui, "DejaVu Sans", sans-serif; color: #1f2328; }
.splendor-viewer .splendor-muted { color: #6b7280; font-weight: normal; }
.splendor-viewer .splendor-title-text { font-size: 16px; margin: 4px 0 6px 2px; }
.splendor-viewer .splendor-section { font-weight: 600; font-size: 13px; margin: 6px 0 2px 2px;
  color: #374151; text-transform: uppercase; letter-spacing: 0.04em; }
.splendor-viewer .splendor-error { background: #fdecea; border: 1px solid #f5c2c0;
  border-radius: 6px; margin: 4px 0; padding: 2px 4px 2px 12px; box-sizing: border-box; }
.splendor-viewer .splendor-error-text { color: #8a1c14; white-space: pre-wrap; }
.splendor-viewer .splendor-dismiss { background: transparent; color: #8a1c14; }
.splendor-viewer .splendor-question { background: #fff8e1; border: 1px solid #f0d68a;
  border-radius: 6px; margin: 4px 0; padding: 4px 4px 4px 12px; box-sizing: border-box;
  gap: 4px; }
.splendor-viewer .splendor-question-text { color: #5c4400; }
.splendor-viewer .splendor-nav button { font-size: 15px; }
.splendor-viewer .splendor-where { margin-left: 8px; white-space: nowrap; }
.splendor-viewer .splendor-side-column { padding-left: 12px; box-sizing: border-box; }
.splendor-viewer .splendor-diagram-view svg { width: 100%; height: auto; }
.splendor-viewer .splendor-board-view > div, .splendor-viewer .splendor-board-view svg {
  max-width: 100%; }
.splendor-viewer .splendor-glyph button { padding: 0 4px; font-weight: 700; }
.splendor-viewer .splendor-upload { font-size: 0; }  /* hides ipywidgets' "(0)" file count */
.splendor-viewer .splendor-upload i, .splendor-viewer .splendor-upload::after {
  font-size: var(--jp-widgets-font-size, 13px); }
.splendor-viewer .splendor-upload::after { content: "Open file…"; margin-left: 6px; }
</style>"""


def _heading(text: str) -> widgets.HTML:
    return widgets.HTML(f"<div class='splendor-section'>{html.escape(text)}</div>")


def _where(controller: ReplayController) -> str:
    turn, total = controller.turn, len(controller.replay)
    state = controller.state
    names = controller.replay.names
    if turn == 0:
        doing = "setup"
    else:
        mover = controller.replay.state(turn - 1).current_player
        move = html.escape(str(state.last_move))
        doing = f"{html.escape(names[mover])} played <code>{move}</code>"
    if state.is_over:
        winners = " and ".join(html.escape(names[i]) for i in state.winners)
        doing += f" · <b>{winners} won</b>" if winners else " · game over"
    return (f"<span data-turn='{turn}'><b>Turn {turn}</b> of {total} · "
            f"round {state.round} · {doing}</span>")


def _error_text(problem: ReplayError) -> str:
    text = str(problem)
    if problem.partial is not None and len(problem.partial):
        text += f" (the {len(problem.partial)} turns before it are valid)"
    return text + ". The replay already open stays open."

