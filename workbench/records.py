"""What every saved-game record shares: a digest, a fingerprint, and field checks.

A game's record (see :mod:`workbench.games.record`) is JSON-ready data. These helpers let
each game refuse a damaged or edited record with a message that says what is wrong,
instead of loading it as another game. The digest guards against accidents, not against
someone who recomputes it.
"""

from __future__ import annotations

import hashlib
import json
import os
import reprlib
from collections.abc import Mapping
from typing import Any

__all__ = ["MAX_RECORD_BYTES", "MAX_RECORD_DEPTH", "check_fields", "check_plain", "digest",
           "fingerprint", "read_record", "shown"]  # fmt: skip

MAX_RECORD_BYTES = 16 << 20
"""The largest saved game read (16 MiB; a whole game of Ticket to Ride is under 100 KiB)."""
MAX_RECORD_DEPTH = 32
"""The deepest nesting of lists and mappings a saved game may hold (records use 3 or 4)."""


_SHORT = reprlib.Repr()
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlist, _SHORT.maxdict, _SHORT.maxlevel = 60, 60, 4, 4, 2


def shown(value: Any) -> str:
    """``repr(value)`` cut short, so a message about a damaged record stays one line.

    Examples
    --------
    >>> shown("x" * 100)[:10], shown([[[[[1]]]]])
    ("'xxxxxxxxx", '[[[...]]]')
    """
    return _SHORT.repr(value)


def check_plain(record: Any) -> None:
    """Refuse (``ValueError``) a record that is not plain JSON data nested at most
    :data:`MAX_RECORD_DEPTH` deep (mappings with text keys, lists, text, numbers, true,
    false, null), before anything else reads it; walked without recursion.

    Examples
    --------
    >>> check_plain({"a": [1, "x", None]})
    >>> deep = 1
    >>> for _ in range(100_000):
    ...     deep = [deep]
    >>> check_plain({"actions": deep})
    Traceback (most recent call last):
    ...
    ValueError: the saved game is nested more than 32 deep (at 'actions'): it is damaged or ...
    """
    stack: list[tuple[Any, int, str]] = [(record, 0, "")]
    while stack:
        value, depth, where = stack.pop()
        if depth > MAX_RECORD_DEPTH:
            raise ValueError(
                f"the saved game is nested more than {MAX_RECORD_DEPTH} deep (at {where!r}): "
                "it is damaged or not a saved game"
            )
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise ValueError(f"the saved game has the key {shown(key)}: keys are text")
                stack.append((item, depth + 1, where or key))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, where) for item in value)
        elif isinstance(value, float) and value != value:
            raise ValueError(f"the saved game holds NaN (at {where!r}): it is damaged")
        elif not isinstance(value, (str, int, float, bool, type(None))):
            raise ValueError(
                f"the saved game holds {type(value).__name__} {shown(value)}: a saved game is "
                "plain JSON data"
            )


def _depth(text: str) -> tuple[int, int]:
    """The deepest nesting of ``[`` and ``{`` in JSON ``text`` (strings skipped), and the
    offset where it is first reached."""
    deepest, where, depth, i, n = 0, 0, 0, 0, len(text)
    while i < n:
        # jump to the next character that matters
        j = min((k for k in (text.find(c, i) for c in '[{]}"') if k >= 0), default=n)
        if j >= n:
            break
        c = text[j]
        if c == '"':
            k = j + 1
            while True:
                k = text.find('"', k)
                if k < 0:
                    return deepest, where
                back = k - 1
                while text[back] == "\\":
                    back -= 1
                if (k - 1 - back) % 2 == 0:
                    break
                k += 1
            i = k + 1
            continue
        if c in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, j
        else:
            depth -= 1
        i = j + 1
    return deepest, where


def read_record(path: str | os.PathLike[str]) -> Any:
    """The JSON value of the saved game at ``path``, read safely: regular files only (a
    FIFO is refused before it is opened), at most :data:`MAX_RECORD_BYTES`, UTF-8, nested
    at most :data:`MAX_RECORD_DEPTH` deep; anything else is a ``ValueError`` that names the
    file and, for bad JSON, the line and column (``OSError`` for a file that cannot be read).

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "game.json")
    ...     _ = open(path, "wb").write(b'{"game": "pig", "format": 1}')
    ...     ok = read_record(path)
    ...     _ = open(path, "wb").write(b"[" * 100 + b"]" * 100)
    ...     try:
    ...         read_record(path)
    ...     except ValueError as e:
    ...         deep = str(e).split(": ", 1)[1]
    >>> ok
    {'game': 'pig', 'format': 1}
    >>> deep
    'the file is nested 100 deep, more than a saved game ever is (32) (is this a saved game?)'
    """
    from workbench.files import read_regular

    data = read_regular(path, MAX_RECORD_BYTES)
    if len(data) > MAX_RECORD_BYTES:
        raise ValueError(
            f"{path}:1:1: the file is over {MAX_RECORD_BYTES:,} bytes, more than a saved game "
            "ever takes (is this a saved game?)"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise ValueError(
            f"{path}:{line}:{column}: byte 0x{data[e.start]:02x} is not UTF-8: a saved game "
            "is UTF-8 JSON (is this a saved game?)"
        ) from None
    deepest, at = _depth(text)
    if deepest > MAX_RECORD_DEPTH:
        line = text.count("\n", 0, at) + 1
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        raise ValueError(
            f"{path}:{line}:{column}: the file is nested {deepest} deep, more than a saved "
            f"game ever is ({MAX_RECORD_DEPTH}) (is this a saved game?)"
        )
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}:{e.lineno}:{e.colno}: not a saved game (JSON): {e.msg}") from None
    except (ValueError, RecursionError) as e:  # an integer of too many digits, NaN
        raise ValueError(f"{path}:1:1: not a saved game: {e}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a saved game holds")


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
            raise ValueError(f"the saved game's {key!r} is {shown(value)}: it should be {words}")
    unknown = sorted(set(record) - set(required) - set(optional))
    if unknown:
        raise ValueError(f"the saved game has unknown keys {unknown!r}")


def check_record(
    record: Any,
    *,
    game: str,
    version: int,
    required: Mapping[str, type | tuple[type, ...]],
    optional: Mapping[str, type | tuple[type, ...]] | None = None,
    example: str = "",
) -> None:
    """Refuse (``ValueError``) a record that is not a saved game of ``game`` in format
    ``version`` with the ``required`` (and ``optional``) fields, its actions all text.

    Examples
    --------
    >>> fields = {"format": int, "game": str, "actions": list}
    >>> check_record({"format": 2, "game": "pig", "actions": ["roll"]}, game="pig",
    ...              version=2, required=fields)
    >>> check_record({"format": 2, "game": "chess", "actions": []}, game="pig",
    ...              version=2, required=fields)
    Traceback (most recent call last):
    ...
    ValueError: the saved game is a game of 'chess', not of 'pig'
    """
    if not isinstance(record, Mapping):
        raise ValueError(f"a saved game is a mapping of keys, not {type(record).__name__}")
    check_plain(record)
    form = record.get("format")
    if isinstance(form, bool) or form != version:
        raise ValueError(f"saved game format is {shown(form)}: this reader reads {version}")
    check_fields(record, required, optional)
    if record["game"] != game:
        raise ValueError(f"the saved game is a game of {shown(record['game'])}, not of {game!r}")
    if not all(isinstance(a, str) for a in record["actions"]):
        such = f" such as {example!r}" if example else ""
        raise ValueError(f"the saved game's actions should all be text{such}")


def check_count(record: Mapping[str, Any]) -> None:
    """Refuse a record whose log does not hold the number of actions it says.

    Examples
    --------
    >>> check_count({"action_count": 2, "actions": ["a"]})
    Traceback (most recent call last):
    ...
    ValueError: the saved game records 2 actions but holds 1: its log was cut or extended
    """
    if record["action_count"] != len(record["actions"]):
        raise ValueError(
            f"the saved game records {record['action_count']} actions but holds "
            f"{len(record['actions'])}: its log was cut or extended"
        )


def check_digest(record: Mapping[str, Any], what: str) -> None:
    """Refuse a record changed after it was saved; ``what`` names its fields for the message.

    Examples
    --------
    >>> record = {"seed": 1}
    >>> check_digest({**record, "digest": digest(record)}, "seed")
    >>> check_digest({"seed": 2, "digest": digest(record)}, "seed")
    Traceback (most recent call last):
    ...
    ValueError: the saved game was changed after it was saved (its digest does not match): \
its seed are not the ones played
    """
    if record["digest"] != digest(record):
        raise ValueError(
            "the saved game was changed after it was saved (its digest does not match): "
            f"its {what} are not the ones played"
        )


def check_over(record: Mapping[str, Any], over: bool) -> None:
    """Refuse a record whose ``over`` flag disagrees with its replayed log (``over``).

    Examples
    --------
    >>> check_over({"over": True, "actions": ["a", "b"]}, False)
    Traceback (most recent call last):
    ...
    ValueError: the saved game says the game was over after 2 actions, but its log does not \
end there: the log was cut or extended
    """
    if bool(over) != record["over"]:
        said = "over" if record["over"] else "still going"
        raise ValueError(
            f"the saved game says the game was {said} after {len(record['actions'])} actions, "
            "but its log does not end there: the log was cut or extended"
        )
