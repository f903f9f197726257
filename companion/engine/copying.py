"""A state's copy, derived from its fields' types: no list of fields to keep in step by hand.

``derive_clone(cls)`` writes (once, at import) the source of a ``clone`` method that copies every
field of a mutable dataclass by its annotated type: immutable values (numbers, strings, tuples,
frozen dataclasses) are shared, lists, sets and dicts are copied element by element as deep as
their element types need, mutable dataclasses by their own ``clone``. A field of a type it cannot
copy safely is an error at import, never a silent share (``Literal`` words such as a colour are
strings: shared). The generated code is as fast as a hand-written copy: the clone is on the hot
path of ``apply`` and of every search.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from typing import Any, TypeVar

T = TypeVar("T")

_IMMUTABLE_ATOMS = (int, str, bool, float, type(None))


def _is_frozen_dataclass(tp: Any) -> bool:
    params = getattr(tp, "__dataclass_params__", None)
    return params is not None and params.frozen


def is_immutable(tp: Any) -> bool:
    """Whether values of the type can be shared between a state and its copy."""
    if tp in _IMMUTABLE_ATOMS or _is_frozen_dataclass(tp):
        return True
    if isinstance(tp, type) and issubclass(tp, Enum):  # Sex, NeutralCoin, ...: str values
        return issubclass(tp, (int, str))
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):  # Cell
        return all(is_immutable(a) for a in typing.get_type_hints(tp).values())
    origin = typing.get_origin(tp)
    if origin is typing.Literal:  # Colour, Character, Phase, ...: words of the game
        return all(type(a) in _IMMUTABLE_ATOMS for a in typing.get_args(tp))
    if origin in (typing.Union, types.UnionType) or origin is tuple:
        return all(a is Ellipsis or is_immutable(a) for a in typing.get_args(tp))
    return False


def _copy_expr(tp: Any, expr: str, depth: int, names: dict[str, Any]) -> str:
    """A Python expression that copies ``expr``, a value of type ``tp`` (``names``: the classes
    the expression calls)."""
    if is_immutable(tp):
        return expr
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    v = f"v{depth}"
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1 and len(args) == 2:
            return f"(None if {expr} is None else {_copy_expr(inner[0], expr, depth + 1, names)})"
    if origin is list:
        (item,) = args
        if is_immutable(item):
            return f"{expr}[:]"
        return f"[{_copy_expr(item, v, depth + 1, names)} for {v} in {expr}]"
    if origin is set:
        (item,) = args
        if is_immutable(item):
            return f"set({expr})"
    if origin is dict:
        key, value = args
        if is_immutable(key):
            if is_immutable(value):
                return f"{expr}.copy()"
            k = f"k{depth}"
            copied = _copy_expr(value, v, depth + 1, names)
            return f"{{{k}: {copied} for {k}, {v} in {expr}.items()}}"
    if isinstance(tp, type) and hasattr(tp, "__derived_clone__"):
        return _construct(tp, expr, depth, names)
    raise TypeError(f"cannot derive a copy of a field of type {tp!r}")


def _construct(cls: type, expr: str, depth: int, names: dict[str, Any]) -> str:
    """The call that builds a copy of ``expr``, a value of the dataclass ``cls``: positional,
    through ``__init__``, so the attributes keep the interpreter's compact layout."""
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        raise TypeError(f"{cls.__name__}: every field must be an argument of __init__")
    name = f"_{cls.__name__}"
    names[name] = cls
    items = [_copy_expr(hints[f.name], f"{expr}.{f.name}", depth, names) for f in fields]
    return f"{name}({', '.join(items)})"


def derive_clone(cls: type[T]) -> type[T]:
    """Class decorator: gives a mutable dataclass a ``clone`` derived from its fields."""
    names: dict[str, Any] = {}
    # One expression, nested values' copies written inline: as fast as a hand-written copy.
    source = f"def clone(self):\n    return {_construct(cls, 'self', 0, names)}\n"
    namespace = dict(names)
    exec(compile(source, f"<clone of {cls.__name__}>", "exec"), namespace)
    clone = namespace["clone"]
    clone.__doc__ = f"A copy of the {cls.__name__} that shares no mutable object with it."
    clone.__qualname__ = f"{cls.__name__}.clone"
    clone.source = source
    # Set on the class after it is made (the classes declare ``clone`` for the type checker).
    setattr(cls, "clone", clone)  # noqa: B010
    setattr(cls, "__derived_clone__", True)  # noqa: B010
    return cls
