"""The bots' moves without blocking the kernel (:class:`BotRunner`).

In a kernel (a notebook, Voila), :meth:`BotRunner.wake` starts an asyncio task on the kernel's
event loop: it waits a short pause, so that a person sees their own move before the reply,
then runs :meth:`~splendor_nb.play.PlaySession.bot_step` in a worker thread, and again while
bots are to move. The kernel keeps answering clicks meanwhile (a take back drops the bot's
stale move). Widgets are not thread-safe, so whatever the session tells from the worker thread
reaches the widgets through :meth:`BotRunner.on_loop`, on the loop's own thread.

Without a running event loop (a script, a test) the bots play at once, in the caller's thread.

>>> import tempfile
>>> from splendor_nb.play import PlaySession
>>> session = PlaySession(["easy", "Ann"], seed=3, games_dir=tempfile.mkdtemp())
>>> BotRunner(lambda: session).wake(); session.state.turn, session.bot_to_move
(1, False)
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import TypeVar

from splendor_nb.i18n import translator
from splendor_nb.play import PlaySession

PAUSE = 0.6
"""Seconds between a move and the bot's reply starting, so that each move can be seen."""
T = TypeVar("T")


class BotRunner:
    """Plays the bots of ``session()`` (the widget's current session, or None) after ``pause``
    seconds each; ``on_error(text)`` hears a failure in words (never a traceback), in
    ``language``."""

    def __init__(self, session: Callable[[], PlaySession | None], pause: float = PAUSE,
                 on_error: Callable[[str], None] | None = None, *,
                 language: str | None = None) -> None:
        self.language = translator(language).language
        self.session = session
        self.pause = pause
        self.on_error = on_error
        self.task: asyncio.Task[None] | None = None
        """The running task, while bots are being played in a kernel."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None
        self._busy = False

    def wake(self) -> None:
        """Play the bots if one is to move and they are not being played already."""
        session = self.session()
        if session is None or self._busy or not session.bot_to_move:
            return
        self._busy = True
        if self._running_loop() is not None:
            self.task = asyncio.get_running_loop().create_task(self._play(session))
            return
        try:
            session.play_bots()
        except Exception as problem:  # said in words, never a traceback
            self._failed(problem)
        finally:
            self._busy = False

    def in_thread(self, work: Callable[[], T], done: Callable[[T], None] | None = None) -> None:
        """Run ``work()`` in a worker thread (in the caller's without a loop), then ``done``
        with its result on the loop's thread."""
        loop = self._running_loop()
        if loop is None:
            try:
                result = work()
            except Exception as problem:  # said in words
                self._failed(problem)
                return
            if done is not None:
                done(result)
            return

        def finished(future: asyncio.Future[T]) -> None:
            problem = future.exception()
            if problem is not None:
                self._failed(problem)
            elif done is not None:
                done(future.result())

        loop.run_in_executor(None, work).add_done_callback(finished)

    def on_loop(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` now if this is the loop's thread (or there is no loop), else soon
        on the loop's thread."""
        if self._loop is None or threading.get_ident() == self._loop_thread:
            callback()
        else:
            self._loop.call_soon_threadsafe(callback)

    async def settle(self) -> None:
        """Wait until no bot is being played (for tests and scripts in a loop)."""
        while self.task is not None:
            await asyncio.shield(self.task)

    async def _play(self, session: PlaySession) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.session() is session and session.bot_to_move:
                await asyncio.sleep(self.pause)
                if self.session() is not session or not session.bot_to_move:
                    break
                await loop.run_in_executor(None, session.bot_step)
        except Exception as problem:  # said in words, never a traceback
            self._failed(problem)
        finally:
            self._busy = False
            self.task = None

    def _running_loop(self) -> asyncio.AbstractEventLoop | None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None
        self._loop, self._loop_thread = loop, threading.get_ident()
        return loop

    def _failed(self, problem: BaseException) -> None:
        if self.on_error is not None:
            self.on_error(translator(self.language).gettext("The bot could not move: {problem}",
                                                            problem=problem))
