"""Opening and keeping replays: a shipped replay or a file from the user's computer, save in
place, download; errors in a banner, and a question before unsaved comments are dropped or a
changed file is overwritten (:class:`ReplayToolbar`). With a read-only controller (the public
demo) Save is off and says why; Download always works.

>>> from splendor_nb.engine import new_game
>>> from splendor_nb.replay import Replay
>>> toolbar = ReplayToolbar(ReplayController(Replay.from_state(new_game())))
>>> toolbar.picker.options[0], "teacher-2p" in toolbar.shipped
(('Choose a replay…', ''), True)
>>> ReplayToolbar(toolbar.controller, language="es").download_button.description
'Descargar'
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from splendor_nb.i18n import Translator, translator
from splendor_nb.replay import FileChangedError
from splendor_nb.ui.controller import ReplayController
from splendor_nb.ui.controller_view import ControllerView
from splendor_nb.ui.downloader import Downloader, Uploader
from splendor_nb.ui.replays import REPLAYS_DIR, shipped_replays
from splendor_nb.ui.shared_models import fixed_layout


class ReplayToolbar(ControllerView[widgets.VBox]):
    """Open a shipped replay or a file, save in place, download; errors in a banner."""

    def __init__(self, controller: ReplayController, folder: Path = REPLAYS_DIR,
                 language: str | None = None) -> None:
        super().__init__(controller)
        words = self.words = translator(language)
        self.folder = folder
        self.shipped = shipped_replays(folder)
        self.picker = widgets.Dropdown(options=[(words.gettext("Choose a replay…"), ""),
                                                *((name, name) for name in self.shipped)],
                                       value="", description=words.gettext("Replay"),
                                       layout=fixed_layout(width="320px"))
        self.picker.add_class("splendor-picker")
        self.upload = Uploader(self._uploaded, self._refused, accept=".json,application/json",
                               description=words.gettext("Open file…"),
                               tooltip=words.gettext(
                                   "Open a replay file (.json) from your computer"),
                               language=language)
        self.upload.add_class("splendor-upload")
        self.save_button = widgets.Button(description=words.gettext("Save"), icon="",
                                          tooltip=words.gettext(
                                              "Save the comments into the replay's file"))
        self.save_button.add_class("splendor-save")
        self.download_button = widgets.Button(description=words.gettext("Download"),
                                              tooltip=words.gettext(
                                                  "Download the replay with its comments"))
        self.download_button.add_class("splendor-download")
        self.status = widgets.HTML()
        self.status.add_class("splendor-status")
        self.banner = self._banner()
        self.asking = self._question_before_open()
        self.asking_stale = self._question_on_a_changed_file()
        self.downloader = Downloader()
        self._updating = False
        self.picker.observe(self._picked, names="value")
        self.save_button.on_click(self._save)
        self.download_button.on_click(self._download)
        self.follow(self._show, names=["replay", "path", "name", "dirty", "status", "waiting",
                                       "stale", "read_only", "comments_only"])
        self.follow(self._show_error, names="error")
        row = widgets.HBox([self.picker, self.upload, self.save_button, self.download_button,
                            self.status, self.downloader],
                           layout=fixed_layout(align_items="center", flex_flow="row wrap",
                                                 width="100%"))
        row.add_class("splendor-toolbar")
        self.widget = widgets.VBox([row, self.asking, self.asking_stale, self.banner],
                                   layout=fixed_layout(width="100%"))
        self._show()
        self._show_error()

    def _banner(self) -> widgets.HBox:
        """The error banner, with its Dismiss button."""
        self.message = widgets.HTML(layout=fixed_layout(flex="1 1 auto"))
        self.dismiss = widgets.Button(icon="times", tooltip=self.words.gettext("Dismiss"),
                                      layout=fixed_layout(width="36px"))
        self.dismiss.add_class("splendor-dismiss")
        self.dismiss.on_click(lambda _button: setattr(self.controller, "error", ""))
        banner = widgets.HBox([self.message, self.dismiss],
                              layout=widgets.Layout(width="100%", align_items="center"))
        banner.add_class("splendor-error")
        return banner

    def _question_before_open(self) -> widgets.HBox:
        """The question before unsaved work is dropped: keep it, open without it, or stay."""
        words, controller = self.words, self.controller
        self.question = widgets.HTML(layout=fixed_layout(flex="1 1 auto"))
        self.keep_button = widgets.Button(button_style="primary",
                                          layout=fixed_layout(width="auto"))
        self.keep_button.add_class("splendor-keep")
        self.drop_button = widgets.Button(description=words.gettext("Open without them"),
                                          layout=fixed_layout(width="auto"))
        self.drop_button.add_class("splendor-drop")
        self.stay_button = widgets.Button(description=words.gettext("Stay here"),
                                          layout=fixed_layout(width="auto"))
        self.stay_button.add_class("splendor-stay")
        self.keep_button.on_click(self._keep_then_open)
        self.drop_button.on_click(lambda _button: controller.resolve("open"))
        self.stay_button.on_click(lambda _button: controller.resolve("stay"))
        asking = widgets.HBox([self.question, self.keep_button, self.drop_button,
                               self.stay_button],
                              layout=widgets.Layout(width="100%", align_items="center",
                                                    flex_flow="row wrap"))
        asking.add_class("splendor-question")
        return asking

    def _question_on_a_changed_file(self) -> widgets.HBox:
        """The question when the file changed on disk since it was opened: save a copy, or not
        now."""
        words = self.words
        self.stale_question = widgets.HTML(layout=fixed_layout(flex="1 1 auto"))
        self.copy_button = widgets.Button(description=words.gettext("Save a copy"),
                                          button_style="primary",
                                          layout=fixed_layout(width="auto"))
        self.copy_button.add_class("splendor-save-copy")
        self.not_now_button = widgets.Button(description=words.gettext("Not now"),
                                             layout=fixed_layout(width="auto"))
        self.not_now_button.add_class("splendor-not-now")
        self.copy_button.on_click(self._save_copy)
        self.not_now_button.on_click(lambda _button: self.controller.keep_stale())
        asking = widgets.HBox([self.stale_question, self.copy_button, self.not_now_button],
                              layout=widgets.Layout(width="100%", align_items="center",
                                                    flex_flow="row wrap"))
        asking.add_class("splendor-question")
        asking.add_class("splendor-stale")
        return asking

    def _picked(self, change: Mapping[str, Any]) -> None:
        path = self.shipped.get(change["new"])
        if path is not None and not self._updating:
            self.controller.open_file(path)

    def _uploaded(self, name: str, data: bytes) -> None:
        self.controller.open_bytes(name, data)

    def _refused(self, message: str) -> None:
        self.controller.error = self.words.gettext(
            "{problem} The replay already open stays open.", problem=message)

    def _save(self, _button: object) -> None:
        try:
            self.controller.save()
        except FileChangedError:
            pass  # the controller's ``stale`` is set: the question shows
        except (OSError, ValueError) as problem:
            self.controller.error = self.words.gettext("Could not save: {problem}",
                                                       problem=problem)

    def _save_copy(self, _button: object) -> None:
        try:
            self.controller.save_copy()
        except (OSError, ValueError) as problem:
            self.controller.error = self.words.gettext("Could not save a copy: {problem}",
                                                       problem=problem)

    def _download(self, _button: object) -> None:
        controller = self.controller
        self.downloader.download(f"{controller.name or 'replay'}.json", controller.replay.dumps())
        if not controller.can_save:  # an upload, or the demo: the download keeps the comments
            controller.dirty = False
        controller.status = self.words.gettext("Downloaded {file}",
                                               file=f"{controller.name or 'replay'}.json")

    def _keep_then_open(self, _button: object) -> None:
        controller = self.controller
        if not controller.can_save:
            self._download(None)
            controller.resolve("open")
            return
        try:
            controller.resolve("save")
        except FileChangedError:
            pass  # the question about the changed file shows; the other replay stays held
        except (OSError, ValueError) as problem:
            controller.error = self.words.gettext("Could not save: {problem}. Nothing was "
                                                  "opened.", problem=problem)

    def _show(self, _change: object = None) -> None:
        controller = self.controller
        self._updating = True
        try:
            shipped = controller.path is not None and self.shipped.get(controller.name) == \
                controller.path
            self.picker.value = controller.name if shipped else ""
        finally:
            self._updating = False
        words = self.words
        self.save_button.disabled = not controller.can_save or not controller.dirty
        self.save_button.tooltip = _save_tooltip(controller, words)
        status = controller.status
        if controller.dirty:
            status = _unsaved(controller, words)
        self.status.value = f"<span class='splendor-muted'>{html.escape(status)}</span>"
        self.asking.layout.display = "flex" if controller.waiting else "none"
        if controller.waiting:
            name = controller.name or words.gettext("this replay")
            bold = (words.gettext("Your comments on {name} are not saved.", name=name)
                    if controller.comments_only else
                    words.gettext("Your changes to {name} (a review, side lines) are not saved.",
                                  name=name))
            rest = words.gettext("Keep them before opening {name}?", name=controller.waiting)
            self.question.value = (
                f"<div class='splendor-question-text' role='alert'><b>{html.escape(bold)}</b> "
                f"{html.escape(rest)}</div>")
            self.keep_button.description = (words.gettext("Save them, then open")
                                             if controller.can_save
                                             else words.gettext("Download them, then open"))
        self.asking_stale.layout.display = "flex" if controller.stale else "none"
        if controller.stale:
            bold = words.gettext("{file} changed since you opened it", file=controller.stale)
            rest = words.gettext(
                "(another page or program saved it), so your comments were not saved over "
                "it. Save them as a copy beside it, leaving {file} as it is?",
                file=controller.stale)
            self.stale_question.value = (
                f"<div class='splendor-question-text' role='alert'><b>{html.escape(bold)}</b> "
                f"{html.escape(rest)}</div>")

    def _show_error(self, _change: object = None) -> None:
        error = self.controller.error
        self.message.value = (f"<div class='splendor-error-text' role='alert'>"
                              f"{html.escape(error)}</div>" if error else "")
        self.banner.layout.display = "flex" if error else "none"


def _unsaved(controller: ReplayController, words: Translator) -> str:
    """The status line while something is unsaved: comments alone, or other changes."""
    if controller.comments_only:
        return (words.gettext("Unsaved comments") if controller.can_save
                else words.gettext("Unsaved comments: download to keep them"))
    return (words.gettext("Unsaved changes") if controller.can_save
            else words.gettext("Unsaved changes: download to keep them"))


def _save_tooltip(controller: ReplayController, words: Translator) -> str:
    """Why Save is on or off; a file is named, never its folder (a page shows no server path)."""
    if controller.read_only:
        return words.gettext("Saving is off in this public demo: Download keeps the replay "
                             "with your comments")
    if controller.path is None:
        return words.gettext("An uploaded replay cannot be saved in place: download it")
    return words.gettext("Save the comments into {file}", file=controller.path.name)
