"""Carry mutation results over to modules that moved, function by function.

    python scripts/mutate_carry.py [--from REV] [--dry-run]

``scripts/mutate.py`` keys a result by its module's path and the digest of the whole file,
so a module that moves (or changes one import line) loses every result. This script keeps
the ones that still hold: for each module of :data:`MOVES` it reads the old file at
``REV``, finds each function whose code is unchanged in the new file (the same lines, byte
for byte, but for its docstring, which no mutant touches; only the class names of
:data:`RENAMED` may differ in its qualified name), and
for every mutant of such a function whose result was recorded for the old file's digest,
appends a result for the same mutant at the new path, line and digest, saying where it
came from (``"carried": {"from": old id, "commit": REV}``). The explanations of equivalent
mutants (``docs/mutation.md``, ``docs/mutation/*.md``) get the new ids beside the old.
Mutants of functions whose text changed are left for a new run; the script lists them by
module.
"""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import mutate as M

ROOT = M.ROOT

TE = "workbench/games/trans_europa"
MOVES: dict[str, str] = {
    "workbench/engine/actions.py": f"{TE}/actions.py",
    "workbench/engine/game.py": f"{TE}/game.py",
    "workbench/engine/state.py": f"{TE}/state.py",
    "workbench/engine/record.py": f"{TE}/record.py",
    "workbench/rules/rules.py": f"{TE}/rules.py",
    "workbench/rules/cards.py": f"{TE}/cards.py",
    "workbench/rules/scoring.py": f"{TE}/scoring.py",
    "workbench/rules/io.py": f"{TE}/rules_io.py",
    "workbench/bots/base.py": f"{TE}/bots/base.py",
    "workbench/bots/greedy.py": f"{TE}/bots/greedy.py",
    "workbench/bots/lazy.py": f"{TE}/bots/lazy_greedy.py",
    "workbench/bots/shrewd.py": f"{TE}/bots/shrewd.py",
    "workbench/bots/random_bot.py": "workbench/bots/random_bot.py",
}
"""Old path -> new path (issue 26: Trans Europa moved into its game package)."""

RENAMED = {"Game": "TransEuropa", "State": "TransEuropaState"}
"""Classes renamed by the move (old -> new), as they appear in functions' qualified names."""


def _functions(text: str) -> dict[str, tuple[int, list[str]]]:
    """Each function's qualified name (``Class.method``) -> its first line and its code: its
    lines without its docstring (no mutant touches a docstring; its examples are tests, and
    the move renamed names in them)."""
    out: dict[str, tuple[int, list[str]]] = {}
    lines = text.splitlines()

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef) and name not in out:
                    first, last = child.lineno, child.end_lineno or child.lineno
                    body = child.body[0] if child.body else None
                    doc: range = range(0)
                    if (
                        isinstance(body, ast.Expr)
                        and isinstance(body.value, ast.Constant)
                        and isinstance(body.value.value, str)
                    ):
                        doc = range(body.lineno, (body.end_lineno or body.lineno) + 1)
                    code = [
                        lines[i - 1] if i not in doc else "<docstring>"
                        for i in range(first, last + 1)
                    ]
                    out[name] = (first, code)
                walk(child, f"{name}.")

    walk(ast.parse(text), "")
    return out


def _sites(rel: str, text: str) -> list[tuple[M.Site, str]]:
    """The mutation sites of ``text`` as module ``rel``, each with its id (as mutate.py's)."""
    walker = M._Sites(rel)
    walker.visit(ast.parse(text))
    lines = text.splitlines()
    seen: Counter[str] = Counter()
    out = []
    for site in walker.sites:
        key = site.key(lines[site.line - 1])
        seen[key] += 1
        out.append((site, key if seen[key] == 1 else f"{key}#{seen[key]}"))
    return out


def _new_name(qualname: str) -> str:
    head, _, rest = qualname.partition(".")
    return f"{RENAMED.get(head, head)}.{rest}" if rest else qualname


def carry(rev: str, dry_run: bool = False) -> dict[str, dict[str, Any]]:
    """Append the carried results; return, per new module, what was carried and left."""
    results = M.load_results()
    carried: list[dict[str, Any]] = []
    renames: dict[str, str] = {}
    summary: dict[str, dict[str, Any]] = {}
    for old, new in MOVES.items():
        old_text = subprocess.run(
            ["git", "show", f"{rev}:{old}"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        new_path = ROOT / new
        new_text = new_path.read_text()
        old_digest = M.hashlib.sha256(old_text.encode()).hexdigest()[:16]
        new_digest = M.digest(new_path)
        old_funcs, new_funcs = _functions(old_text), _functions(new_text)
        same: dict[str, tuple[int, int]] = {}  # old qualname -> (old first line, new first)
        for name, (first, code) in old_funcs.items():
            twin = new_funcs.get(_new_name(name))
            if twin and twin[1] == code:
                same[name] = (first, twin[0])
        # the old sites by (function, offset in it, operator, occurrence)
        slots: dict[tuple[str, int, str, int], str] = {}
        count: Counter[tuple[str, int, str]] = Counter()
        for site, sid in _sites(old, old_text):
            if site.function in same:
                spot = (site.function, site.line - same[site.function][0], site.operator)
                count[spot] += 1
                slots[(*spot, count[spot])] = sid
        count.clear()
        mine = summary.setdefault(new, {"carried": 0, "left": Counter()})
        for site, sid in _sites(new, new_text):
            old_name = next((n for n in same if _new_name(n) == site.function), None)
            if old_name is None:
                mine["left"][site.function] += 1
                continue
            spot = (old_name, site.line - same[old_name][1], site.operator)
            count[spot] += 1
            old_id = slots.get((*spot, count[spot]))
            row = results.get(old_id) if old_id else None
            if row is None or row.get("digest") != old_digest:
                mine["left"][site.function] += 1
                continue
            moved = dict(row)
            moved.update(
                id=sid,
                path=new,
                line=site.line,
                function=site.function,
                digest=new_digest,
                carried={"from": old_id, "commit": rev},
            )
            carried.append(moved)
            renames[old_id] = sid
            mine["carried"] += 1
    if not dry_run:
        with M.RESULTS.open("a") as out:
            for row in carried:
                out.write(json.dumps(row) + "\n")
        for f in [M.EXPLAINED, *sorted(M.EXPLAINED_MORE.glob("*.md"))]:
            _explain_again(f, renames)
    return summary


def _explain_again(path: Path, renames: dict[str, str]) -> None:
    """After each explained old id, a line with its new id and the same explanation."""
    lines = path.read_text().splitlines(keepends=True)
    out: list[str] = []
    done = {line.split("`")[1] for line in lines if line.startswith("- `")}
    for line in lines:
        out.append(line)
        if line.startswith("- `"):
            old_id = line.split("`")[1]
            new_id = renames.get(old_id)
            if new_id and new_id not in done:
                out.append(line.replace(f"`{old_id}`", f"`{new_id}`", 1))
                done.add(new_id)
    path.write_text("".join(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="rev", default="c21c1f8", help="the revision before")
    parser.add_argument("--dry-run", action="store_true", help="say what would be carried")
    args = parser.parse_args()
    summary = carry(args.rev, args.dry_run)
    left_by: dict[str, Counter[str]] = defaultdict(Counter)
    for new, what in summary.items():
        left = sum(what["left"].values())
        print(f"{new:<48} carried {what['carried']:>5}   to run again {left:>4}")
        left_by[new] = what["left"]
    for new, left in left_by.items():
        if left:
            print(f"  {new}: " + ", ".join(f"{f} ({n})" for f, n in sorted(left.items())))


if __name__ == "__main__":
    main()
