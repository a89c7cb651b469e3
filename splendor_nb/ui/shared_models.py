"""Fewer widget models for a view's build: within :func:`sharing`, the widgets made without a
``layout`` (or a ``style``) share one frozen Layout (one Style of each kind), and
:func:`fixed_layout` gives widgets of identical layouts one frozen Layout between them.

Every ipywidgets model is a comm the kernel opens and a message the page waits for: a
DOMWidget's default Layout and Style are two more models each, all of them the same empty
state. A shared one is frozen: changing one of its traits raises ``TraitError`` rather than
change every widget that shares it, so a widget whose layout code changes later (its
``display`` shown and hidden) is given its own ``widgets.Layout(...)``.

Outside :func:`sharing` nothing is shared: :func:`fixed_layout` is ``widgets.Layout``.
Sharing holds for one build, in the thread that builds (the kernel's), so a view built again
(another language) gets its own shared models, and nothing is shared between views that may
be closed apart.

>>> import ipywidgets as widgets
>>> with sharing():
...     first, second = widgets.HTML("a"), widgets.Button(layout=fixed_layout(width="auto"))
...     third = widgets.Button(layout=fixed_layout(width="auto"))
>>> first.layout is second.layout, second.layout is third.layout, first.style is second.style
(False, True, False)
>>> widgets.HTML().layout is first.layout, fixed_layout(width="auto") is third.layout
(False, False)
>>> third.layout.display = "none"
Traceback (most recent call last):
...
traitlets.traitlets.TraitError: a shared Layout is frozen: give this widget its own Layout
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as widgets
import traitlets

_MODEL_TRAITS = ("layout", "style")
"""The traits whose default model a build shares."""
_frozen_classes: dict[type, type] = {}
_shared: dict[Any, widgets.Widget] | None = None
"""The models of the build in progress, by class (a default) or by layout (fixed_layout)."""


@contextmanager
def sharing() -> Iterator[None]:
    """Within it, widgets built without a ``layout`` or a ``style`` share frozen ones, and
    :func:`fixed_layout` shares identical layouts. Within another, it shares that one's."""
    global _shared
    if _shared is not None:
        yield
        return
    _shared = {}
    traits = _default_traits()
    try:
        for trait in traits:
            trait.make_dynamic_default = _default_maker(trait.klass)
        yield
    finally:
        for trait in traits:
            del trait.make_dynamic_default
        _shared = None


def fixed_layout(**values: str) -> widgets.Layout:
    """A Layout of these values that no code changes later: within :func:`sharing`, one
    frozen Layout for every widget given the same values; outside, a new ``widgets.Layout``."""
    if _shared is None:
        return widgets.Layout(**values)
    key = ("layout", tuple(sorted(values.items())))
    if key not in _shared:
        _shared[key] = _frozen(widgets.Layout, values)
    layout = _shared[key]
    assert isinstance(layout, widgets.Layout)
    return layout


def _default_maker(klass: type) -> Any:
    def make() -> widgets.Widget:
        assert _shared is not None
        if klass not in _shared:
            _shared[klass] = _frozen(klass, {})
        return _shared[klass]
    return make


def _frozen(klass: type, values: dict[str, str]) -> widgets.Widget:
    """An instance of ``klass`` (a Layout or Style) whose traits cannot change after it is
    made."""
    if klass not in _frozen_classes:
        _frozen_classes[klass] = type(f"Frozen{klass.__name__}", (_Frozen, klass), {})
    model = _frozen_classes[klass](**values)
    model._frozen = True
    assert isinstance(model, widgets.Widget)
    return model


class _Frozen:
    """Refuses to set a trait once ``_frozen`` (the class a shared model is made of)."""

    _frozen = False

    def __setattr__(self, name: str, value: object) -> None:
        if self._frozen and isinstance(getattr(type(self), name, None), traitlets.TraitType):
            kind = "Layout" if isinstance(self, widgets.Layout) else "Style"
            raise traitlets.TraitError(
                f"a shared {kind} is frozen: give this widget its own {kind}")
        super().__setattr__(name, value)


def _default_traits() -> list[Any]:
    """The ``layout`` and ``style`` traits of every widget class, each trait once."""
    found: dict[int, Any] = {}
    pending: list[Any] = [widgets.DOMWidget]
    while pending:
        klass = pending.pop()
        pending.extend(klass.__subclasses__())
        for name in _MODEL_TRAITS:
            trait = klass.class_traits().get(name)
            if isinstance(trait, traitlets.Instance) and isinstance(trait.klass, type) \
                    and issubclass(trait.klass, widgets.Widget):
                found[id(trait)] = trait
    return list(found.values())
