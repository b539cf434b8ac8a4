"""What every saved-game record shares: a digest, a fingerprint, and field checks.

A game's record (see :mod:`workbench.games.record`) is JSON-ready data. These helpers let
each game refuse a damaged or edited record with a message that says what is wrong,
instead of loading it as another game. The digest guards against accidents, not against
someone who recomputes it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

__all__ = ["check_fields", "digest", "fingerprint"]

_WORDS = {
    int: "a whole number",
    str: "text",
    list: "a list",
    bool: "true or false",
    dict: "a mapping",
    type(None): "null",
}


def fingerprint(text: str) -> str:
    """A short fingerprint of a text (the first 16 hex digits of its SHA-256).

    Examples
    --------
    >>> fingerprint("name: x\\n")
    'a2a79ea37edb1963'
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def digest(record: Mapping[str, Any]) -> str:
    """The digest of every field of ``record`` but ``digest`` itself.

    Examples
    --------
    >>> digest({"a": 1, "digest": "x"}) == digest({"a": 1})
    True
    >>> digest({"a": 1}) == digest({"a": 2})
    False
    """
    body = {k: v for k, v in record.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def check_fields(
    record: Any,
    required: Mapping[str, type | tuple[type, ...]],
    optional: Mapping[str, type | tuple[type, ...]] | None = None,
) -> None:
    """Refuse (``ValueError``) a record that is not a mapping with the ``required`` fields
    and no others but the ``optional`` ones, each of its type (``True`` is not a whole
    number here).

    Examples
    --------
    >>> check_fields({"format": 2}, {"format": int})
    >>> check_fields({"format": True}, {"format": int})
    Traceback (most recent call last):
    ...
    ValueError: the saved game's 'format' is True: it should be a whole number
    >>> check_fields({"format": 2, "x": 1}, {"format": int})
    Traceback (most recent call last):
    ...
    ValueError: the saved game has unknown keys ['x']
    """
    if not isinstance(record, Mapping):
        raise ValueError(f"a saved game is a mapping of keys, not {type(record).__name__}")
    optional = optional or {}
    for key, kind in {**required, **optional}.items():
        if key not in record:
            if key in optional:
                continue
            raise ValueError(f"the saved game has no {key!r}: it is damaged or not a saved game")
        value = record[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            words = " or ".join(_WORDS.get(k, k.__name__) for k in kinds)
            raise ValueError(f"the saved game's {key!r} is {value!r}: it should be {words}")
    unknown = sorted(set(record) - set(required) - set(optional))
    if unknown:
        raise ValueError(f"the saved game has unknown keys {unknown!r}")
