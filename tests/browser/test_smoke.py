"""Smoke test of the browser chain: voila serves a notebook, chromium renders its widgets,
a click reaches the kernel and the kernel's answer reaches the page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from support.screenshots import shoot

NOTEBOOK = Path(__file__).resolve().parent / "one_button.ipynb"


def test_button_click_updates_label(
    voila_server_factory: Callable[..., Any], open_voila: Callable[..., Any]
) -> None:
    server = voila_server_factory(NOTEBOOK)
    root = open_voila(server, ".smoke-root")

    label = root.locator(".smoke-label")
    expect(label).to_have_text("not clicked")
    root.locator(".smoke-button").click()
    expect(label).to_have_text("clicked 1", timeout=15_000)
    root.locator(".smoke-button").click()
    expect(label).to_have_text("clicked 2", timeout=15_000)

    shoot(root, "smoke.png")
