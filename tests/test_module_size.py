"""No god modules: every module of the package fits in 700 lines and every function in 80, so
that a reader can hold one in mind (split by what the parts hold when one grows past)."""

from __future__ import annotations

import ast
from pathlib import Path

import splendor_nb

PACKAGE = Path(splendor_nb.__file__).parent
MAX_MODULE_LINES = 700
MAX_FUNCTION_LINES = 80


def test_no_module_is_over_700_lines() -> None:
    lengths = {_name(path): len(path.read_text(encoding="utf-8").splitlines())
               for path in PACKAGE.rglob("*.py")}
    assert {name: n for name, n in lengths.items() if n > MAX_MODULE_LINES} == {}


def test_no_function_is_over_80_lines() -> None:
    long = {name: n for name, n in _function_lengths().items() if n > MAX_FUNCTION_LINES}
    assert long == {}


def test_the_lengths_count_a_function_from_its_def_to_its_last_line() -> None:
    source = "class A:\n    @staticmethod\n    def f():\n        x = 1\n\n        return x\n"
    tree = ast.parse(source)
    assert _lengths(tree, "m.py") == {"m.py:A.f": 4}


def _function_lengths() -> dict[str, int]:
    """``{"path:Class.function": lines}`` for every function and method of the package."""
    lengths: dict[str, int] = {}
    for path in PACKAGE.rglob("*.py"):
        lengths.update(_lengths(ast.parse(path.read_text(encoding="utf-8")), _name(path)))
    return lengths


def _lengths(tree: ast.AST, module: str) -> dict[str, int]:
    found: dict[str, int] = {}
    waiting: list[tuple[ast.AST, str]] = [(tree, "")]
    while waiting:
        node, prefix = waiting.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = prefix + child.name
                if not isinstance(child, ast.ClassDef):
                    last = child.end_lineno or child.lineno
                    found[f"{module}:{name}"] = last - child.lineno + 1
                waiting.append((child, name + "."))
            else:
                waiting.append((child, prefix))
    return found


def _name(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()
