"""Text in boards and rules: what may be written, and which names a person tells apart.

Every text of a file is read in Unicode normal form C, so ``"Å"`` typed as one code point or
as ``A`` plus a ring is the same text. Text never holds control characters (other than tab
and newline in free text), lone surrogates or the bidirectional overrides that make text read
differently from how it is stored. Names (of cities and card colors) are stricter: they are
shown on the board, typed in actions and compared, so they must be visible, without spaces
around them and without invisible characters; two names that differ only in case, in
look-alike forms (``"ﬁ"`` and ``"fi"``) or in runs of spaces name the same thing.
"""

from __future__ import annotations

import unicodedata

__all__ = ["name_key", "name_problem", "text_problem"]

_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
"""Bidirectional controls: embeddings, overrides, isolates and marks."""


def _code(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def text_problem(text: str, free: bool = True) -> tuple[str, str] | None:
    """Why ``text`` cannot be stored, as ``(what, how to fix it)``, or None if it can.

    ``free`` text (notes, descriptions) may hold tabs and line breaks.

    Examples
    --------
    >>> text_problem("ferry over the river\\nin summer") is None
    True
    >>> text_problem("red\\x1b[31m")[0]
    'it holds the control character U+001B'
    >>> text_problem("abc\\u202edef")[0]
    'it holds the bidirectional control U+202E (RIGHT-TO-LEFT OVERRIDE)'
    """
    for ch in text:
        category = unicodedata.category(ch)
        if ch in "\t\n" and free:
            continue
        if category == "Cc":
            return (f"it holds the control character {_code(ch)}", "delete that character")
        if category == "Cs":
            return (f"it holds the lone surrogate {_code(ch)}", "write the character itself")
        if ch in _BIDI:
            return (
                f"it holds the bidirectional control {_code(ch)}",
                "delete it; text is shown in the order it is written",
            )
    return None


def name_problem(name: str) -> tuple[str, str] | None:
    """Why ``name`` cannot name a city or a color, as ``(what, how to fix it)``, or None.

    Examples
    --------
    >>> name_problem("Alder") is None
    True
    >>> name_problem(" Alder")[0]
    'it has spaces before or after it'
    >>> name_problem("Alder\\u200b")[0]
    'it holds the invisible character U+200B (ZERO WIDTH SPACE)'
    >>> name_problem("A\\u030a")[0]
    'it is not in Unicode normal form C'
    """
    if not name.strip():
        return ("it is blank", "write a name people can read")
    if name != name.strip():
        return ("it has spaces before or after it", "remove them")
    problem = text_problem(name, free=False)
    if problem:
        return problem
    for ch in name:
        if unicodedata.category(ch) in ("Cf", "Co", "Cn", "Zl", "Zp") or (
            ch.isspace() and ch != " "
        ):
            return (f"it holds the invisible character {_code(ch)}", "delete that character")
    if unicodedata.normalize("NFC", name) != name:
        return ("it is not in Unicode normal form C", "type the name again")
    return None


def name_key(name: str) -> str:
    """The form in which two names that a person reads alike are equal.

    Examples
    --------
    >>> name_key("Åland") == name_key("A\\u030aLAND") == name_key("åland")
    True
    >>> name_key("New  York") == name_key("new york")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())
