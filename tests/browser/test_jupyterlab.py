"""The tutorial in a real JupyterLab in chromium: start ``jupyter lab`` on a free port with a
token, open notebooks/tutorial.ipynb (a copy, so that the repository's stays without outputs),
run all its cells from the Run menu, and check that its widgets render: every lesson, the
puzzles and the walks drawn, the board and the diagram visible, no "Loading widget..." left, no
error output, and a click on a walk answered by the kernel. Screenshots go to screenshots/.

JupyterLab runs with its own settings, workspaces and config folders: notebook windowing off
(every cell is kept in the page, so that all the outputs can be checked at once), and no news
or update check (the machine has no internet).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from splendor_nb.learn.puzzle_trainer import load_record, record_file
from support.board_clicks import solve_by_the_solution
from support.screenshots import shoot
from support.voila_server import REPO_ROOT, free_port, port_open

TUTORIAL = REPO_ROOT / "notebooks" / "tutorial.ipynb"
TOKEN = "splendor-test-token"
START_S = 120.0
"""How long JupyterLab may take to listen (a loaded machine)."""
RUN_MS = 300_000
"""How long running every cell may take on a loaded machine (not a speed check)."""
UPDATE_MS = 30_000
DATA: list[Path] = []
"""The user data folder (``XDG_DATA_HOME``) of the JupyterLab started: the lessons' progress
and the puzzle trainer's record are kept there."""
SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False},
}

ALL_RUN = """(count) => {
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
    .map((prompt) => prompt.textContent.trim());
  return prompts.length === count && prompts.every((text) => /^\\[\\d+\\]:$/.test(text));
}"""
STARTED = """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
  .some((prompt) => prompt.textContent.trim() !== '[ ]:')"""
NO_LOADING = """() => !document.querySelector('.jp-Notebook').innerText
  .includes('Loading widget')"""


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab serving a copy of the tutorial; yields its base URL (its user data folder
    is :data:`DATA`'s ``jupyterlab*`` folder of the test's temporary folders)."""
    home = tmp_path_factory.mktemp("jupyterlab")
    DATA.append(home / "data")
    notebooks = home / "notebooks"
    notebooks.mkdir()
    shutil.copy(TUTORIAL, notebooks / TUTORIAL.name)
    for name, values in SETTINGS.items():
        path = home / "settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    port = free_port()
    env = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
           "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_PLATFORM_DIRS": "1",
           "XDG_DATA_HOME": str(home / "data")}  # the lessons' progress, kept on disk
    log = (home / "lab.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
         "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
         f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={notebooks}"],
        cwd=notebooks, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True)
    try:
        deadline = time.monotonic() + START_S
        while not port_open(port):
            if process.poll() is not None or time.monotonic() > deadline:
                log.flush()
                pytest.fail("JupyterLab did not start:\n"
                            + (home / "lab.log").read_text(errors="replace")[-3000:],
                            pytrace=False)
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        for sig in (signal.SIGTERM, signal.SIGKILL):  # the server and its kernels
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)
                break
        log.close()


def run_all(page: Page) -> None:
    """Run ▸ Run All Cells, once the kernel is connected: cells run before it are skipped (they
    keep an empty prompt), so the menu is used again if none has started after a while."""
    kernel = page.locator(".jp-StatusBar-Item", has_text="Python 3 (ipykernel) | Idle")
    expect(kernel).to_be_visible(timeout=180_000)
    for _ in range(3):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        try:
            page.wait_for_function(STARTED, timeout=60_000, polling=500)
            return
        except PlaywrightTimeoutError:
            continue


def test_the_tutorial_runs_in_jupyterlab_and_its_widgets_render(page: Page,
                                                                 jupyterlab: str) -> None:
    cells = json.loads(TUTORIAL.read_text(encoding="utf-8"))["cells"]
    code_cells = sum(1 for cell in cells if cell["cell_type"] == "code")
    page.set_viewport_size({"width": 1366, "height": 2400})  # a section fits, for its picture
    page.goto(f"{jupyterlab}/lab/tree/{TUTORIAL.name}?token={TOKEN}", timeout=120_000)
    notebook = page.locator(".jp-NotebookPanel .jp-Notebook")
    expect(notebook).to_be_visible(timeout=120_000)
    run_all(page)
    try:
        page.wait_for_function(ALL_RUN, arg=code_cells, timeout=RUN_MS, polling=500)
    except PlaywrightTimeoutError:
        shot = shoot(page, "jupyterlab-timeout.png")
        prompts = page.locator(".jp-CodeCell .jp-InputPrompt").all_inner_texts()
        pytest.fail(f"the cells did not all run: prompts {prompts}; the page: {shot}",
                    pytrace=False)

    lessons = notebook.locator(".splendor-lesson")
    expect(lessons).to_have_count(7, timeout=UPDATE_MS)
    expect(notebook.locator(".splendor-puzzles")).to_have_count(1)
    expect(notebook.locator(".splendor-walk")).to_have_count(5)  # 4 in lessons, 1 on its own
    page.wait_for_function(NO_LOADING, timeout=UPDATE_MS, polling=500)
    errors = notebook.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter'
                              '.stderr"], .jp-OutputArea-output.jp-mod-error')
    expect(errors).to_have_count(0)

    board = lessons.first.locator(".splendor-board svg").first
    board.scroll_into_view_if_needed()
    expect(board).to_be_visible()
    assert (board.bounding_box() or {}).get("width", 0) > 300
    walk = lessons.nth(1).locator(".splendor-walk")
    diagram = walk.locator(".splendor-walk-diagram svg")
    diagram.scroll_into_view_if_needed()
    expect(diagram).to_be_visible()
    expect(diagram.locator('[data-node="q_action"]')).to_be_visible()
    # beside the board the diagram was squeezed to 455 px, its labels unreadable: it goes
    # under the board at a notebook's width, as wide as the output
    assert (diagram.bounding_box() or {}).get("width", 0) > 700
    for part in ("points", "bonus", "cost", "tier"):  # chapter 1's labelled card
        expect(lessons.first.locator(f'.splendor-labelled [data-part="{part}"]')).to_have_count(1)
    walk.locator(".splendor-walk-next").click()  # the kernel answers in JupyterLab too
    expect(walk.locator(".splendor-walk-step")).to_contain_text("Both are open",
                                                                 timeout=UPDATE_MS)
    section = lessons.first.locator(".splendor-lesson-section").nth(2)
    section.scroll_into_view_if_needed()
    shoot(section, "jupyterlab-tutorial-section.png")
    shoot(walk, "jupyterlab-tutorial-walk.png")

    # the puzzle trainer: a puzzle solved on the board, the record kept in the data folder
    trainer = notebook.locator(".splendor-trainer")
    trainer.scroll_into_view_if_needed()
    expect(trainer.locator(".splendor-answer-board svg")).to_be_visible()
    solve_by_the_solution(trainer, UPDATE_MS)
    shoot(trainer, "jupyterlab-tutorial-trainer.png")
    record = load_record(record_file(DATA[-1] / "splendor_nb"))
    assert record.streak == 1 and len(record.history) == 1
