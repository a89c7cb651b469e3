"""The wheel a user installs (``pip install .``): built from this tree and installed in a fresh
venv, it finds its own data (the rulebook, the shipped replays) and builds the app.

The installed copy runs from outside the repository, in isolated mode (``python -I``), in a venv
of its own. For its dependencies, that venv's one ``.pth`` file names this environment's
site-packages: a path added that way is searched after the venv's own, and the ``.pth`` files
inside it (the editable install of this tree among them) are not run. So only the wheel's files
can answer, and a file the wheel forgot is missing there.
"""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

from splendor_nb.app import build_app
from splendor_nb.replay import Replay
from splendor_nb.rulebook import rule_text
from splendor_nb.ui import shipped_replays

REPO = Path(__file__).resolve().parent.parent
BUILD_LEFTOVERS = ("build", "dist", "splendor_nb.egg-info")
"""What a build backend may leave in the tree it builds from."""

# Run by the installed copy: each fact, or the error that stopped it, as one JSON object.
FACTS = """
import importlib.util, json, sys
facts = {}

def fact(name, compute):
    try:
        facts[name] = compute()
    except Exception as error:
        facts[name] = f"{type(error).__name__}: {error}"

def rulebook():
    from splendor_nb.rulebook import rule_text
    return rule_text("R-TAKE2")

def replays():
    from splendor_nb.replay import Replay
    from splendor_nb.ui import shipped_replays
    return {name: [str(path), len(Replay.load(path))] for name, path in shipped_replays().items()}

def app():
    from splendor_nb.app import build_app
    built = build_app()
    return [type(built).__name__, list(built.titles)]

import splendor_nb
fact("package", lambda: splendor_nb.__file__)
fact("sys.path", lambda: sys.path)
fact("tree modules", lambda: [name for name in ("support", "tests", "benchmarks")
                              if importlib.util.find_spec(name) is not None])
fact("R-TAKE2", rulebook)
fact("replays", replays)
fact("app", app)
print(json.dumps(facts))
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Build the wheel, install it in a fresh venv, and return what its copy says (``FACTS``),
    with the venv's site-packages and the build's leftovers in the tree."""
    there = tmp_path_factory.mktemp("wheel")
    before = {name for name in BUILD_LEFTOVERS if (REPO / name).exists()}
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "--quiet",
                    "--wheel-dir", str(there / "dist"), str(REPO)], check=True)
    (wheel,) = (there / "dist").glob("splendor_nb-*.whl")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(there / "venv")],
                   check=True)
    python = there / "venv" / "bin" / "python"
    subprocess.run([*pip, "--python", str(python), "install", "--no-deps", "--no-index",
                    "--quiet", str(wheel)], check=True)
    site_packages = Path(subprocess.run(
        [python, "-I", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True).stdout.strip())
    ours = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
    (site_packages / "dependencies.pth").write_text("".join(f"{path}\n" for path in ours))
    run = subprocess.run([python, "-I", "-c", FACTS], cwd=there, check=True,
                         capture_output=True, text=True)
    facts: dict[str, Any] = json.loads(run.stdout)
    facts["site-packages"] = str(site_packages)
    facts["left in the tree"] = sorted(
        {name for name in BUILD_LEFTOVERS if (REPO / name).exists()} - before)
    return facts


def test_the_installed_copy_answers_not_the_tree(installed: dict[str, Any]) -> None:
    assert Path(installed["package"]).is_relative_to(installed["site-packages"])
    assert str(REPO) not in installed["sys.path"] and "" not in installed["sys.path"]
    assert installed["tree modules"] == []
    assert installed["left in the tree"] == []


def test_the_installed_copy_reads_the_rulebook(installed: dict[str, Any]) -> None:
    assert installed["R-TAKE2"] == rule_text("R-TAKE2")


def test_the_installed_copy_builds_the_app(installed: dict[str, Any]) -> None:
    app = build_app()
    assert installed["app"] == [type(app).__name__, list(app.titles)]


def test_the_installed_copy_loads_the_shipped_replays(installed: dict[str, Any]) -> None:
    here = {name: len(Replay.load(path)) for name, path in shipped_replays().items()}
    assert here, "no shipped replays in the tree"
    there = installed["replays"]
    assert isinstance(there, dict), there
    assert {name: turns for name, (_, turns) in there.items()} == here
    assert all(Path(path).is_relative_to(installed["site-packages"])
               for path, _ in there.values())
