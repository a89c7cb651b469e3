"""What-if, from the replay viewer (:class:`PlayFromHere`): *Play from here* at any turn asks
who plays each seat, then hands the position to a Play widget (the app switches to its Play
tab). The button shows once something takes the game (``on_play``).

>>> from splendor_nb.replay import Replay
>>> from splendor_nb.ui.controller import ReplayController
>>> from splendor_nb.ui.replays import shipped_replays
>>> path = shipped_replays()["teacher-2p"]
>>> controller = ReplayController(Replay.load(path), name="teacher-2p", turn=10)
>>> asked = []
>>> here = PlayFromHere(controller, on_play=lambda *game: asked.append(game[1:]))
>>> here.button.click(); here.start.click(); asked
[(10, (Seat('Player 1'), Seat('Medium bot', level='medium')), 'teacher-2p.json')]
>>> here.detach()  # a viewer rebuilt in another language makes its own
>>> PlayFromHere(controller, language="ru").button.description
'Играть отсюда'
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from splendor_nb.ai.names import bot_name
from splendor_nb.i18n import spoken, translator
from splendor_nb.play import Seat, parse_seats
from splendor_nb.replay import Replay
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.play_tab.play_labels import say
from splendor_nb.ui.play_tab.seats_form import SeatsForm
from splendor_nb.ui.shared_models import fixed_layout

PlayFrom = Callable[[Replay, int, tuple[Seat, ...], str], None]
"""``play(replay, turn, seats, source)``: start a what-if game (``source``: the file's name)."""
DEFAULT_LEVEL = "medium"
"""The level of a seat that a person played in the replay, when a bot takes it."""


def default_seats(replay: Replay, turn: int) -> tuple[Seat, ...]:
    """The seats offered at ``turn``: a person for the player to move (named as in the replay
    when a person played there), the replay's bots (or medium ones) for the others; the names
    in the current language.

    >>> from splendor_nb import new_game
    >>> default_seats(Replay.from_state(new_game(players=3, seed=1)), 0)
    (Seat('Player 1'), Seat('Medium bot', level='medium'), Seat('Medium bot', level='medium'))
    """
    entries = replay.headers.get("players")
    seats = [Seat.from_header(entry) for entry in entries] if isinstance(entries, list) and \
        len(entries) == replay.players else [Seat(name) for name in replay.names]
    mover = replay.state(turn).current_player
    chosen = []
    for index, seat in enumerate(seats):
        if index == mover:
            chosen.append(seat if not seat.is_bot else
                          Seat(say("name_placeholder", number=index + 1)))
        else:
            level = seat.level or DEFAULT_LEVEL
            chosen.append(Seat(bot_name(level), level))
    return tuple(chosen)


class PlayFromHere:
    """*Play from here* under the replay viewer's board (``.widget``), for the controller's
    current turn; hidden until :attr:`on_play` is set."""

    def __init__(self, controller: ReplayController, on_play: PlayFrom | None = None, *,
                 language: str | None = None) -> None:
        self.language = translator(language).language
        self.controller = controller
        self._build()
        self._on_play: PlayFrom | None = None
        self.on_play = on_play
        controller.observe(self._changed, names=["turn", "replay"])
        self._show()

    @spoken
    def _build(self) -> None:
        self.button = widgets.Button(description=say("play_from_here"), icon="code-fork",
                                     layout=fixed_layout(width="auto"))
        self.button.add_class("splendor-play-from-here")
        self.button.on_click(lambda _button: self.open())
        self.form = widgets.VBox(layout=widgets.Layout(display="none", width="100%"))
        """The question, built when first asked (:meth:`open`)."""
        self.form.add_class("splendor-play-from-form")
        self.widget = widgets.VBox([self.button, self.form], layout=widgets.Layout(
            width="100%", display="none", align_items="flex-start"))
        self.widget.add_class("splendor-play-from")

    def detach(self) -> None:
        """Stop following the controller (a viewer rebuilt in another language makes its own).
        """
        self.controller.unobserve(self._changed, names=["turn", "replay"])

    @property
    def on_play(self) -> PlayFrom | None:
        """What starts the game; ``None`` hides the button."""
        return self._on_play

    @on_play.setter
    def on_play(self, value: PlayFrom | None) -> None:
        self._on_play = value
        self.widget.layout.display = "flex" if value is not None else "none"

    @spoken
    def open(self) -> None:
        """Ask who plays each seat from the current turn on."""
        if not self.form.children:
            self._build_form()
        controller = self.controller
        self.seats.set(default_seats(controller.replay, controller.turn))
        title = say("play_from_title", turn=controller.turn, name=controller.name or "?")
        self.title.value = (f"<div class='splendor-section' role='heading' aria-level='3'>"
                            f"{html.escape(title)}</div>")
        self.message.value = ""
        self.form.layout.display = "flex"

    def _build_form(self) -> None:
        """The question's widgets: hidden until asked, so not built before (a page's first
        models are the ones it waits for)."""
        self.title = widgets.HTML()
        self.seats = SeatsForm(fixed=True, language=self.language)
        self.start = widgets.Button(description=say("start"), icon="play",
                                    button_style="primary", layout=widgets.Layout(width="auto"))
        self.start.add_class("splendor-play-from-start")
        self.start.on_click(lambda _button: self._start())
        self.cancel = widgets.Button(description=say("cancel"),
                                     layout=widgets.Layout(width="auto"))
        self.cancel.add_class("splendor-play-from-cancel")
        self.cancel.on_click(lambda _button: self.close())
        self.message = widgets.HTML()
        self.form.children = (self.title, self.seats.widget,
                              widgets.HBox([self.start, self.cancel]), self.message)

    def close(self) -> None:
        """Put the question away."""
        self.form.layout.display = "none"

    def _changed(self, _change: object) -> None:
        self._show()

    @spoken
    def _show(self) -> None:
        controller = self.controller
        over = controller.state.is_over
        self.button.disabled = over
        self.button.tooltip = say("play_from_here_over" if over else "play_from_here_help")
        if over or self.form.layout.display != "none":
            self.close()

    @spoken
    def _start(self) -> None:
        controller = self.controller
        if self._on_play is None:
            return
        try:
            seats = parse_seats(self.seats.chosen())
            self._on_play(controller.replay, controller.turn, seats,
                          f"{controller.name}.json" if controller.name else "")
        except ValueError as problem:
            self.message.value = (f"<div class='splendor-error-text' role='alert'>"
                                  f"{html.escape(str(problem))}</div>")
            return
        self.close()
