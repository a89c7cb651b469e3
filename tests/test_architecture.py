"""docs/architecture.md tells the package as it is: its layers are the import contract's, in
the same order, and it names every top-level module, every package and subpackage, and only
names that exist."""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path

import splendor_nb

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(splendor_nb.__file__).parent
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
NAMED = set(re.findall(r"`(splendor_nb(?:\.\w+)+)`", ARCHITECTURE))
"""The dotted names the document writes in backticks: ``splendor_nb.ui.play_tab``, ..."""


def contract_layers() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        contracts = tomllib.load(file)["tool"]["importlinter"]["contracts"]
    (layers,) = [contract["layers"] for contract in contracts if contract["type"] == "layers"]
    return [" ".join(layer.split()) for layer in layers]


def documented_layers() -> list[str]:
    section = ARCHITECTURE.split("\n## The layers\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\d+\. `([^`]+)`", section, flags=re.MULTILINE)


def top_level_modules() -> set[str]:
    return ({path.stem for path in PACKAGE.glob("*.py") if path.name != "__init__.py"}
            | {path.parent.name for path in PACKAGE.glob("*/__init__.py")})


def packages() -> set[str]:
    return {".".join(("splendor_nb", *path.parent.relative_to(PACKAGE).parts))
            for path in PACKAGE.rglob("__init__.py") if path.parent != PACKAGE}


def test_the_layers_are_the_import_contracts_top_to_bottom() -> None:
    assert documented_layers() == contract_layers()


def test_the_layers_hold_every_top_level_module_once() -> None:
    names = [name for layer in contract_layers() for name in re.split(r"\s*[|:]\s*", layer)]
    assert sorted(names) == sorted(top_level_modules())


def test_every_top_level_module_and_every_package_is_described() -> None:
    wanted = {f"splendor_nb.{name}" for name in top_level_modules()} | packages()
    assert wanted - NAMED == set()


def test_every_name_it_gives_exists() -> None:
    for name in sorted(NAMED):
        parts = name.split(".")
        for end in range(len(parts), 0, -1):  # the longest importable prefix, then attributes
            try:
                found: object = importlib.import_module(".".join(parts[:end]))
            except ModuleNotFoundError:
                continue
            for attribute in parts[end:]:
                assert hasattr(found, attribute), name
                found = getattr(found, attribute)
            break
