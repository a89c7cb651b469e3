"""The translations as an installed wheel finds them: the catalogues and the translated
rulebooks are package resources, read through ``importlib.resources`` with no build step, so
they work even from the wheel itself on ``sys.path`` (a zip file: no path on disk to lean on)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from splendor_nb.i18n import LANGUAGES, translator
from splendor_nb.rulebook import rulebook

REPO = Path(__file__).resolve().parent.parent
SAMPLE = "{name} to move."

# Run against the wheel: what each language says, read from inside the zip.
FACTS = """
import json, sys
sys.path.insert(0, sys.argv[1])
import splendor_nb.i18n, splendor_nb.rulebook
from splendor_nb.i18n import LANGUAGES, translator
facts = {"module": splendor_nb.i18n.__file__, "said": {}, "books": {}}
for code, _ in LANGUAGES:
    facts["said"][code] = translator(code).gettext(sys.argv[2], name="Ada")
    facts["books"][code] = splendor_nb.rulebook.rulebook(code)
print(json.dumps(facts))
"""


@pytest.fixture(scope="module")
def from_the_wheel(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    there = tmp_path_factory.mktemp("i18n-wheel")
    subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "wheel",
                    "--no-deps", "--no-build-isolation", "--no-index", "--quiet",
                    "--wheel-dir", str(there), str(REPO)], check=True)
    (wheel,) = there.glob("splendor_nb-*.whl")
    run = subprocess.run([sys.executable, "-c", FACTS, str(wheel), SAMPLE], cwd=there,
                         check=True, capture_output=True, text=True)
    facts: dict[str, Any] = json.loads(run.stdout)
    facts["wheel"] = str(wheel)
    return facts


def test_the_package_is_imported_from_the_wheel(from_the_wheel: dict[str, Any]) -> None:
    assert from_the_wheel["module"].startswith(from_the_wheel["wheel"])


def test_every_language_is_translated_from_the_wheel(from_the_wheel: dict[str, Any]) -> None:
    expected = {code: translator(code).gettext(SAMPLE, name="Ada") for code, _ in LANGUAGES}
    assert from_the_wheel["said"] == expected
    assert len(set(expected.values())) == len(LANGUAGES)  # each in its own words


def test_every_rulebook_is_read_from_the_wheel(from_the_wheel: dict[str, Any]) -> None:
    assert from_the_wheel["books"] == {code: rulebook(code) for code, _ in LANGUAGES}
