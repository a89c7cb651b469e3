"""The Voila app: ``build_app()`` returns the root widget (a Tab with the DOM class
``splendor-app``) with five tabs: Replay, the replay viewer with a replay picker; Play, a game
against the bots or other people (:class:`~splendor_nb.ui.PlayWidget`, its games saved in the
folder :func:`~splendor_nb.play.store.games_folder`, ``$SPLENDOR_GAMES`` or the user's data
folder, as the terminal's); Learn, the lessons and the
puzzles (:class:`~splendor_nb.ui.learn_tab.LearnTab`); Analyse, corpora of bot games
(:class:`~splendor_nb.ui.analyse_tab.AnalyseTab`); and Rules, the rulebook (docs/rules.md) by
rule id. The Replay tab's *Play from here* and the Play tab's *Review this
game* go from one to the other; a refusal's rule id opens the Rules tab.

A deep link ``?replay=NAME&turn=N`` opens the shipped replay NAME (a file in the package's
replays folder, :data:`~splendor_nb.ui.replays.REPLAYS_DIR`, named without ``.json``) at turn N.
NAME can only name a shipped replay: anything else, a path included, gets a message in the app
and no file outside that folder is ever read. ``?rule=R-TAKE2`` opens the Rules tab at that rule.
``?play=NAME&turn=N`` opens the Play tab on a game from the shipped replay NAME's position after
N turns (as *Play from here* does), with ``&seats=ann,easy`` (default: a person for the player
to move, bots for the others) and ``&seed=S`` (the shuffle of the cards nobody has seen);
``?play`` alone opens the Play tab. ``?lesson=NAME`` (or ``?chapter=NAME``) opens the Learn
tab at a chapter, named by its id (``actions``) or its number from 1, or at the puzzles
(``puzzles``). A link's values are read cut to :data:`LINK_TEXT_MAX` characters, its numbers
up to :data:`LINK_NUMBER_MAX`: anything else gets a message in the tab the link opens.

With ``SPLENDOR_DEMO=1`` in the environment (the public demo, ``make demo``: see
splendor_nb.server and docs/deploy.md) replays are read-only: Save is off, Download works; and
games are not saved on the server (so no visitor is offered another's unfinished game).

>>> parse_deep_link("replay=duel&turn=12", ["duel"])
DeepLink(name='duel', turn=12, error='', rule=None)
>>> parse_deep_link("replay=../../pyproject.toml", ["duel"]).error
"There is no shipped replay named '../../pyproject.toml'. Shipped replays: duel."
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple, TypeVar
from urllib.parse import parse_qs, parse_qsl, urlencode

import ipywidgets as widgets

from splendor_nb.engine import new_game
from splendor_nb.i18n import gettext, ngettext, translator, use_language
from splendor_nb.play import PlaySession, Seat, parse_seats
from splendor_nb.play.store import GAMES_ENV as GAMES_ENV  # the app's settings, in one place
from splendor_nb.play.store import games_folder
from splendor_nb.replay import Replay
from splendor_nb.rulebook import RULE_IDS
from splendor_nb.ui import REPLAYS_DIR, PlayWidget, ReplayController, ReplayViewer, shipped_replays
from splendor_nb.ui.analyse_tab import AnalyseTab, corpora_folder, corpus_link
from splendor_nb.ui.language_picker import LanguageSwitch, parse_language_link
from splendor_nb.ui.learn_tab import LearnTab
from splendor_nb.ui.play_tab.from_here import default_seats
from splendor_nb.ui.rules_view import WHOLE_BOOK, RulesView
from splendor_nb.ui.voila_request import request_query

APP_CLASS = "splendor-app"
"""The DOM class of the app's root element (what the browser tests wait for)."""
FIRST_REPLAY = "teacher-2p"
"""The shipped replay the app opens without a deep link (an annotated game), when shipped."""
DEMO_ENV = "SPLENDOR_DEMO"
"""The environment variable that makes the app a public demo when it is "1"."""
TABS = ("Replay", "Play", "Learn", "Analyse", "Rules")
"""The tabs' titles in English (:func:`tab_titles` says them in a language)."""
REPLAY_TAB, PLAY_TAB, LEARN_TAB, ANALYSE_TAB, RULES_TAB = range(len(TABS))
TabView = ReplayViewer | PlayWidget | LearnTab | AnalyseTab | RulesView
"""A tab's view."""
View = TypeVar("View", bound=TabView)
LEARN_KEYS = ("lesson", "chapter")
"""The query keys that open the Learn tab at a chapter (either one)."""
LINK_TEXT_MAX = 64
"""The most characters of a link's value read (longer ones are cut, and shown cut with "…")."""
LINK_NUMBER_MAX = 999_999_999
"""The largest turn or seed a link may ask for."""


class DeepLink(NamedTuple):
    """What a page's query string asks for: a shipped replay's name and a turn, or an error."""

    name: str | None = None
    turn: int | None = None
    error: str = ""
    rule: str | None = None
    """A rule id to open in the Rules tab."""


class PlayLink(NamedTuple):
    """What ``?play=...`` asks for: a game from a shipped replay's turn (``name`` None: the Play
    tab only), or an error."""

    name: str | None = None
    turn: int = 0
    seats: str | None = None
    seed: int | None = None
    error: str = ""


def build_app(query: str | None = None, folder: Path = REPLAYS_DIR,
              lang: str | None = None) -> SplendorApp:
    """The app's root widget; ``query`` defaults to the Voila page's query string.

    It opens the deep-linked replay, else ``FIRST_REPLAY`` (or the first shipped one), at the
    asked turn. The app is
    built before the query string is read, so that a pre-heated Voila kernel has it ready
    when the page is asked for. ``lang`` is its language (default English) unless the query's
    ``lang=`` asks for another; the picker above the tab bar switches at run time
    (:class:`~splendor_nb.ui.language_picker.LanguageSwitch`).

    >>> app = build_app("replay=../../pyproject.toml")
    >>> "splendor-app" in app._dom_classes, app.titles
    (True, ('Replay', 'Play', 'Learn', 'Analyse', 'Rules'))
    >>> build_app("lang=tr").titles[LEARN_TAB], build_app(lang="fr").language.language
    ('Öğren', 'fr')
    """
    shipped = shipped_replays(folder)
    demo = os.environ.get(DEMO_ENV) == "1"
    controller = ReplayController(Replay.from_state(new_game()), name="new game",
                                  read_only=demo)
    if shipped:
        controller.open_file(shipped.get(FIRST_REPLAY) or next(iter(shipped.values())))
    else:
        controller.error = gettext("No replays are shipped: open a replay file.")  # no path
    app = SplendorApp(layout=widgets.Layout(width="100%"))
    app.add_class(APP_CLASS)
    app.layout.margin = "0"  # a widget's 2 px margin beside its 100% width scrolled the page
    tabs = app.tab_views = _Tabs(app, controller, folder, demo)
    # observed before the switch builds a tab's view on its first showing, so that _opened
    # tells a tab shown again from one just built
    app.observe(lambda change: _opened(app, change["new"]), names="selected_index")
    app.language = LanguageSwitch(app, tabs.view, tab_titles, lang, on_shown=tabs.release)
    query = bounded_query(request_query() if query is None else query)
    asked = parse_language_link(query)
    if asked is not None:
        app.language.on_shown = None  # the page may still be loading the views built before
        app.language.switch(asked.code)  # the request (a pre-heated kernel): they stay open,
        app.language.on_shown = tabs.release  # closed at the next switch, and stop following
        for view in tabs.retired:  # the controller now
            if isinstance(view, ReplayViewer):
                view.detach()
        app.language.picker.problem = asked.error
    controller.reread()  # a pre-heated kernel read the file before the page was asked for
    if app.language.built(PLAY_TAB):
        app.play.form.refresh()  # ... and the games folder
    with use_language(app.language.language):  # the links' messages
        link = parse_deep_link(query, list(shipped))
        _follow(controller, link, shipped)
        if link.rule is not None:
            app.rules.show(link.rule)
            app.selected_index = RULES_TAB
        _follow_play(app, parse_play_link(query, list(shipped)), shipped)
        _follow_lesson(app, parse_lesson_link(query))
        corpus = corpus_link(query)
        if corpus is not None:
            app.selected_index = ANALYSE_TAB
            app.analyse.show_corpus(corpus)
    return app


def _opened(app: SplendorApp, tab: int) -> None:
    """A tab just opened: the Play tab shown again reads the unfinished games again (built
    now, it reads them as it is built); the Analyse tab builds its content the first time
    (pandas and plotly are imported only then)."""
    if tab == PLAY_TAB and app.language.built(PLAY_TAB):
        app.play.form.refresh()
    elif tab == ANALYSE_TAB:
        app.analyse.load()


def tab_titles(language: str) -> tuple[str, ...]:
    """The tabs' titles in ``language``.

    >>> tab_titles("ru")
    ('Просмотр', 'Игра', 'Обучение', 'Анализ', 'Правила')
    """
    words = translator(language)  # the gettext context "tab": a tab's title is a short noun
    return (words.pgettext("tab", "Replay"), words.pgettext("tab", "Play"),
            words.pgettext("tab", "Learn"), words.pgettext("tab", "Analyse"),
            words.pgettext("tab", "Rules"))


class SplendorApp(widgets.Tab):  # type: ignore[misc]  # ipywidgets is untyped
    """The app's root widget: the tabs, each tab's view (built when first asked for: see
    :class:`~splendor_nb.ui.language_picker.LanguageSwitch`) and the language switch."""

    language: LanguageSwitch
    tab_views: _Tabs

    @property
    def viewer(self) -> ReplayViewer:
        """The Replay tab's viewer (the tests and the notebook reach the controller through
        it)."""
        return self._view(REPLAY_TAB, ReplayViewer)

    @property
    def play(self) -> PlayWidget:
        """The Play tab's view."""
        return self._view(PLAY_TAB, PlayWidget)

    @property
    def learn(self) -> LearnTab:
        """The Learn tab's view."""
        return self._view(LEARN_TAB, LearnTab)

    @property
    def analyse(self) -> AnalyseTab:
        """The Analyse tab's view."""
        return self._view(ANALYSE_TAB, AnalyseTab)

    @property
    def rules(self) -> RulesView:
        """The Rules tab's view."""
        return self._view(RULES_TAB, RulesView)

    def _view(self, index: int, kind: type[View]) -> View:
        self.language.view(index)  # built now if it was not
        view = self.tab_views.last[index]
        assert isinstance(view, kind)
        return view


class _Tabs:
    """The app's state (the replay controller, the game being played, the lessons' progress,
    the rule shown) and the tabs' views, each built in a language over that state when it is
    needed, and again on a switch; the last view of each tab holds what the next one takes
    over."""

    def __init__(self, app: SplendorApp, controller: ReplayController, folder: Path,
                 demo: bool) -> None:
        self.app, self.controller, self.folder, self.demo = app, controller, folder, demo
        self.retired: list[ReplayViewer | AnalyseTab] = []
        """Views replaced by a switch, closed once the new ones are shown (:meth:`release`)."""
        self.last: dict[int, TabView] = {}
        """Each tab's latest view, by the widget it shows."""

    def release(self) -> None:
        """Close the views a switch replaced: they stop following the controller and their
        widgets go (after the new views are in the tabs, so that the page never waits on a
        closed widget)."""
        retired, self.retired = self.retired, []
        for view in retired:
            view.close()

    def view(self, index: int, language: str) -> widgets.Widget:
        """Tab ``index``'s view in ``language``, built over the state its previous view held
        (which is let go of)."""
        app, controller, old = self.app, self.controller, self.last.get(index)
        view: TabView
        if index == REPLAY_TAB:
            if isinstance(old, ReplayViewer):
                self.retired.append(old)
            view = ReplayViewer(controller, folder=self.folder, keyboard="page",
                                language=language)
            view.charts.prepare()  # a pre-heated kernel builds the charts before its visitor
            view.play_from_here.on_play = lambda replay, turn, seats, source: _play_from(
                app, replay, turn, seats, source)
        elif index == PLAY_TAB:
            session = old.session if isinstance(old, PlayWidget) else None  # the game goes on
            view = PlayWidget(games_dir=games_folder(),
                              autosave=not self.demo, language=language, session=session)
            if isinstance(old, PlayWidget):
                old.close()  # lets go of the game (no widget closed)
                if old.setup.layout.display != "none":
                    view.show_form()
            view.on_review = lambda session: _review(app, session)
            view.on_rule = lambda rule_id: _show_rule(app, rule_id)
        elif index == LEARN_TAB:
            view = LearnTab(language=language, keep="browser",
                            state=old.state if isinstance(old, LearnTab) else None,
                            on_replay=lambda replay, name, turn: _open_game(
                                app, controller, replay, name, turn))
        elif index == ANALYSE_TAB:
            if isinstance(old, AnalyseTab):
                self.retired.append(old)
            view = AnalyseTab(language, folder=None if self.demo else corpora_folder(),
                              on_replay=lambda replay, name: _open_game(app, controller,
                                                                        replay, name),
                              state=old.state if isinstance(old, AnalyseTab) else None,
                              lazy=True)
        else:
            view = RulesView(old.picker.value if isinstance(old, RulesView) else WHOLE_BOOK,
                             language=language)
        self.last[index] = view
        return view.widget


def parse_deep_link(query: str, names: list[str]) -> DeepLink:
    """Read ``replay=NAME&turn=N`` from a query string; NAME must be one of ``names``.

    >>> parse_deep_link("", ["duel"])
    DeepLink(name=None, turn=None, error='', rule=None)
    >>> parse_deep_link("replay=duel.json&turn=x", ["duel"]).error
    "turn must be a whole number, not 'x'."
    >>> parse_deep_link("rule=R-TAKE2", []).rule, parse_deep_link("rule=take2", []).error[:24]
    ('R-TAKE2', "There is no rule 'take2'")
    """
    params = _link_params(query)
    rule = params.get("rule", [None])[-1]
    if rule is not None:
        if rule not in RULE_IDS:
            return DeepLink(error=gettext("There is no rule {rule}; rule ids look like R-TAKE2 "
                                          "(see the Rules tab).", rule=repr(rule)))
        return DeepLink(rule=rule)
    name = params.get("replay", [None])[-1]
    turn_text = params.get("turn", [None])[-1]
    if name is not None:
        name = name.removesuffix(".json")
        if name not in names:
            listed = ", ".join(names[:12]) + (", …" if len(names) > 12 else "")
            return DeepLink(None, None, " ".join((
                gettext("There is no shipped replay named {name}.", name=repr(name)),
                _shipped_sentence(listed))))
    if turn_text is None:
        return DeepLink(name)
    try:
        turn = int(turn_text)
    except ValueError:
        return DeepLink(name, None, gettext("turn must be a whole number, not {text}.",
                                            text=repr(turn_text)))
    if turn < 0:
        return DeepLink(name, None, gettext("turn must be 0 (the setup) or more, not {turn}.",
                                            turn=turn))
    if turn > LINK_NUMBER_MAX:
        return DeepLink(name, None, _too_large("turn", turn_text))
    return DeepLink(name, turn)


def _link_params(query: str) -> dict[str, list[str]]:
    """A query string's values by key, each cut to :data:`LINK_TEXT_MAX` characters."""
    return parse_qs(bounded_query(query), keep_blank_values=True)


def _too_large(key: str, text: str) -> str:
    """The message for a link's number past :data:`LINK_NUMBER_MAX`."""
    return gettext("{key} must be at most {most}, not {text}.", key=key, most=LINK_NUMBER_MAX,
                   text=repr(text))


def bounded_query(query: str) -> str:
    """``query`` with every value cut to :data:`LINK_TEXT_MAX` characters and a "…" (a link
    of any length reads no more; the messages show what was read), for the parsers below.

    >>> bounded_query("turn=" + "9" * 5000) == "turn=" + "9" * 64 + "%E2%80%A6"
    True
    >>> bounded_query("?replay=duel&turn=3&turn=4&play")
    'replay=duel&turn=3&turn=4&play='
    """
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    return urlencode([(key[:LINK_TEXT_MAX], value if len(value) <= LINK_TEXT_MAX
                       else value[:LINK_TEXT_MAX] + "…") for key, value in pairs])


def _shipped_sentence(listed: str) -> str:
    """The shipped replays' names in a sentence, or that there are none."""
    if not listed:
        return gettext("No replays are shipped.")
    return gettext("Shipped replays: {names}.", names=listed)


def parse_play_link(query: str, names: list[str]) -> PlayLink | None:
    """Read ``play=NAME&turn=N&seats=...&seed=S`` from a query string (``None`` without
    ``play``); NAME must be one of ``names``.

    >>> parse_play_link("play=duel&turn=40&seats=Ann,easy&seed=3", ["duel"])
    PlayLink(name='duel', turn=40, seats='Ann,easy', seed=3, error='')
    >>> parse_play_link("play", []), parse_play_link("replay=duel", ["duel"])
    (PlayLink(name=None, turn=0, seats=None, seed=None, error=''), None)
    >>> parse_play_link("play=/etc/passwd", ["duel"]).error
    "There is no shipped replay named '/etc/passwd' to play from. Shipped replays: duel."
    """
    params = _link_params(query)
    if "play" not in params:
        return None
    name = params["play"][-1].removesuffix(".json") or None
    if name is not None and name not in names:
        return PlayLink(error=" ".join((
            gettext("There is no shipped replay named {name} to play from.", name=repr(name)),
            _shipped_sentence(", ".join(names[:12])))))
    numbers: dict[str, int | None] = {}
    for key in ("turn", "seed"):
        text = params.get(key, [""])[-1]
        if text and not (text.isascii() and text.isdigit()):
            return PlayLink(error=gettext("{key} must be a whole number from 0 on, not {text}.",
                                          key=key, text=repr(text)))
        if text and int(text) > LINK_NUMBER_MAX:
            return PlayLink(error=_too_large(key, text))
        numbers[key] = int(text) if text else None
    seats = params.get("seats", [""])[-1] or None
    return PlayLink(name, numbers["turn"] or 0, seats, numbers["seed"])


def parse_lesson_link(query: str) -> str | None:
    """The chapter that ``lesson=NAME`` or ``chapter=NAME`` names (``None`` without either).

    >>> parse_lesson_link("lesson=actions"), parse_lesson_link("chapter=3&turn=2")
    ('actions', '3')
    >>> parse_lesson_link("replay=duel") is None, parse_lesson_link("lesson")
    (True, '')
    """
    params = _link_params(query)
    named = [params[key][-1] for key in LEARN_KEYS if key in params]
    return named[0].strip() if named else None


def _follow(controller: ReplayController, link: DeepLink, shipped: dict[str, Path]) -> None:
    if link.name is not None and link.name != controller.name:
        controller.open_file(shipped[link.name], turn=link.turn or 0)
    elif link.turn is not None:
        controller.go(link.turn)
    if link.turn is not None and link.turn > len(controller.replay):
        controller.error = gettext("Turn {turn} is past the end of {name} ({turns}): showing the "
                                   "last position.", turn=link.turn, name=controller.name,
                                   turns=ngettext("{count} turn", "{count} turns",
                                                  len(controller.replay)))
    if link.error:
        controller.error = " ".join(filter(None, [link.error, controller.error]))


def _play_from(app: SplendorApp, replay: Replay, turn: int, seats: tuple[Seat, ...],
               source: str) -> None:
    """Play from here: the Replay tab's position, played on in the Play tab."""
    app.play.play_from(replay, turn, seats, source=source)
    app.selected_index = PLAY_TAB


def _review(app: SplendorApp, session: PlaySession) -> None:
    """Review this game: the game just played, opened in the Replay tab and reviewed."""
    controller = app.viewer.controller
    if session.autosave and session.path.exists():
        controller.open_file(session.path, turn=1)  # asks first if comments are unsaved
    else:
        controller.open(Replay.loads(session.replay.dumps()), name=session.path.stem, turn=1)
    if not controller.waiting and controller.name == session.path.stem:
        app.viewer.review.run()  # the game just played, reviewed in a thread
    app.selected_index = REPLAY_TAB


def _show_rule(app: SplendorApp, rule_id: str) -> None:
    """A refusal's rule id, opened in the Rules tab."""
    app.rules.show(rule_id)
    app.selected_index = RULES_TAB


def _open_game(app: SplendorApp, controller: ReplayController, replay: Replay,
               name: str, turn: int = 0) -> None:
    """A game of the Analyse tab, or a puzzle's source game at its ``turn``, opened in the
    Replay tab (which asks first when something is unsaved), the page at its top."""
    controller.open_or_ask(replay, name=name, turn=turn)
    app.selected_index = REPLAY_TAB
    app.viewer.address.top()


def _follow_play(app: SplendorApp, link: PlayLink | None,
                 shipped: dict[str, Path]) -> None:
    if link is None:
        return
    app.selected_index = PLAY_TAB
    play = app.play
    if link.error:
        play.form.problem(link.error)
        return
    if link.name is None:
        return
    replay = Replay.load(shipped[link.name])
    turn = min(link.turn, len(replay))
    try:
        seats = parse_seats(link.seats) if link.seats else default_seats(replay, turn)
        play.play_from(replay, turn, seats, source=f"{link.name}.json", seed=link.seed)
    except ValueError as problem:  # the wrong number of seats, a finished position
        play.form.problem(gettext("Cannot play from turn {turn} of {name}: {problem}",
                                  turn=turn, name=link.name, problem=problem))


def _follow_lesson(app: SplendorApp, name: str | None) -> None:
    """Open the Learn tab at the chapter named, or say there is no such chapter."""
    if name is None:
        return
    app.selected_index = LEARN_TAB
    learn = app.learn
    if not name:
        return
    try:
        learn.open(name)
    except KeyError as problem:
        learn.problem(str(problem.args[0]))
