"""Mutation testing of the core: plant one small bug at a time and see whether a test fails.

    python scripts/mutate.py --prepare        # copy the checkout, per-test coverage (once)
    python scripts/mutate.py --prepare-jit    # the numba kernels' lines, JIT off (once)
    python scripts/mutate.py [--module PATH ...] [--match TEXT ...]   # run (resumes)
    python scripts/mutate.py --report         # per module; exit 1 while one is unexplained
    python scripts/mutate.py --survivors [--tests T ...] [--all-tests] [--fresh]
    python scripts/mutate.py --jit-off --module workbench/algorithms/_kernels.py  # kernels

With ``--jit-off`` the numba kernels' mutants run as plain Python (``NUMBA_DISABLE_JIT``),
patched in place like any other function, with the tests and clean times measured by
``--prepare-jit``: no compilation per mutant. Each result line says ``"jit": "off"`` and,
for a kill, the failing test's error type (``"error"``): plain Python checks every index
and compiled code does not, so a mutant killed only by an ``IndexError`` (or an
``OverflowError``) would read outside an array silently when compiled. ``--report``
counts both per module.

Each *mutant* is the package with one operator applied at one place of one module: a
comparison turned (``<`` to ``<=``, ``==`` to ``!=``), an operator swapped (``+`` to ``-``,
``and`` to ``or``), ``min`` made ``max``, a sort reversed, a ``not`` dropped, a small
number changed, a call statement or an augmented assignment removed. A mutant runs only
the tests that execute its line (measured once with coverage.py, a context per test),
quickest first, with ``-x``, in a forked child that patches the mutated functions' code in
place; a test running far past its clean time counts as noticing a hang. A mutant no test
notices *survives*: a bug of that shape would ship green. A line no test executes is a
``no coverage`` survivor. Results go to ``docs/mutation-results.jsonl`` as they come, so a
stopped run loses nothing and the next one resumes.

Survivors explained as equivalent (the mutant behaves exactly as the original) are listed
by id in ``docs/mutation.md`` (and ``docs/mutation/*.md``) and reported apart; ``--report``
exits 1 while a survivor is not explained or a mutant is not run. See ``docs/mutation.md``
for how it all works.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import fcntl
import functools
import hashlib
import importlib
import json
import linecache
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import types
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable

MODULES = (
    "workbench/games/trans_europa/rules.py",
    "workbench/games/trans_europa/cards.py",
    "workbench/games/trans_europa/scoring.py",
    "workbench/games/trans_europa/rules_io.py",
    "workbench/games/trans_europa/actions.py",
    "workbench/games/trans_europa/game.py",
    "workbench/games/trans_europa/record.py",
    "workbench/games/trans_europa/state.py",
    "workbench/analysis",
    "workbench/algorithms",
    "workbench/maps/check.py",
    "workbench/bots",
    "workbench/games/trans_europa/bots",
    "workbench/teach",
)
"""What is mutated: packages (every module in them) and single modules."""

SELECTION: dict[str, tuple[str, ...]] = {
    "workbench/maps/check.py": (
        "tests/maps/test_check.py",
        "tests/maps/test_broken.py",
        "tests/maps/test_shipped.py",
    ),
    "workbench/games/trans_europa": ("tests/games/trans_europa",),
    "workbench/analysis": ("tests/analysis",),
    "workbench/algorithms": (
        "tests/algorithms",
        "tests/analysis/test_costs.py",
        "tests/analysis/test_costmodel.py",  # the rails kernel serves the cost model
    ),
    "workbench/bots": ("tests/bots", "tests/games/trans_europa/bots"),
    "workbench/games/trans_europa/bots": ("tests/games/trans_europa/bots",),
    "workbench/teach": ("tests/teach",),
}
"""The tests run for a mutant of a module, by the longest matching prefix; the module's
own doctests run too."""

SKIP_FUNCTIONS = {"__repr__", "_repr_html_", "__str__"}
"""Functions not mutated: their text is looked at, not their logic."""

EXPLAINED = ROOT / "docs" / "mutation.md"
EXPLAINED_MORE = ROOT / "docs" / "mutation"
"""Equivalent mutants are explained in docs/mutation.md and in one file per area under
docs/mutation/ (so that runs on different areas can be merged without conflicts)."""


# ---------------------------------------------------------------------- operators

_COMPARE = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BINARY = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Add,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitOr,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}
_BOOL = {ast.And: ast.Or, ast.Or: ast.And}
_SYMBOL = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+",
    ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
    ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>",
    ast.And: "and", ast.Or: "or",
}  # fmt: skip


@dataclass(frozen=True)
class Site:
    """One place a mutation can be made: the module, where, and what the mutation does."""

    path: str
    index: int  # the site's number in the module, in the order the sites are found
    line: int
    function: str
    operator: str
    end_line: int = 0  # the mutated node's last line (coverage of any of its lines counts)

    def key(self, source_line: str) -> str:
        """A stable id: module, function, operator and the line's text (not its number)."""
        text = " ".join(source_line.split())
        return f"{self.path}::{self.function}::{self.operator}::{text}"


def _mutations(node: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    """``(operator, mutated copy of node)`` for every mutation of ``node`` itself."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            other = _COMPARE.get(type(op))
            if other is not None:
                new = copy.deepcopy(node)
                new.ops[i] = other()
                yield f"{_SYMBOL[type(op)]} -> {_SYMBOL[other]}", new
    elif isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        other = _BINARY[type(node.op)]
        new = copy.deepcopy(node)
        new.op = other()
        yield f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[other]}", new
    elif isinstance(node, ast.AugAssign) and type(node.op) in _BINARY:
        other = _BINARY[type(node.op)]
        new = copy.deepcopy(node)
        new.op = other()
        yield f"{_SYMBOL[type(node.op)]}= -> {_SYMBOL[other]}=", new
    elif isinstance(node, ast.BoolOp):
        other = _BOOL[type(node.op)]
        new = copy.deepcopy(node)
        new.op = other()
        yield f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[other]}", new
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not x -> x", copy.deepcopy(node.operand)
    elif isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name) and func.id in ("min", "max"):
            new = copy.deepcopy(node)
            assert isinstance(new.func, ast.Name)
            new.func.id = "max" if func.id == "min" else "min"
            yield f"{func.id} -> {new.func.id}", new
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in ("sorted", "sort"):
            new = copy.deepcopy(node)
            kept = [k for k in new.keywords if k.arg != "reverse"]
            if len(kept) == len(new.keywords):
                kept.append(ast.keyword("reverse", ast.Constant(True)))
                yield (
                    f"{name}() reversed",
                    ast.copy_location(ast.Call(new.func, new.args, kept), node),
                )
            else:
                yield (
                    f"{name}() not reversed",
                    ast.copy_location(ast.Call(new.func, new.args, kept), node),
                )
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            yield f"{value} -> {not value}", ast.Constant(not value)
        elif isinstance(value, int) and abs(value) < 10**6:
            other = 1 if value == 0 else 0 if value == 1 else value + 1
            yield f"{value} -> {other}", ast.Constant(other)


def _is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)


class _Sites(ast.NodeTransformer):
    """Walks a module in a fixed order, numbering the mutation sites inside functions;
    with ``target`` set, replaces that site's node by its mutation."""

    def __init__(self, path: str, target: int | None = None) -> None:
        self.path, self.target = path, target
        self.sites: list[Site] = []
        self.scope: list[str] = []
        self.functions = 0  # depth inside functions that are mutated

    # scopes ---------------------------------------------------------------
    def _scoped(self, node: ast.AST, name: str, is_function: bool) -> ast.AST:
        skip = name in SKIP_FUNCTIONS
        self.scope.append(name)
        if is_function and not skip:
            self.functions += 1
        if not skip:
            # decorators, annotations and defaults are left alone: only the body
            body = node.body  # type: ignore[attr-defined]
            node.body = [self.visit(s) for s in body]  # type: ignore[attr-defined]
        if is_function and not skip:
            self.functions -= 1
        self.scope.pop()
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return self._scoped(node, node.name, True)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        return self._scoped(node, node.name, True)

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        return self._scoped(node, node.name, False)

    # what is never mutated -------------------------------------------------
    def visit_Assert(self, node: ast.Assert) -> ast.AST:
        return node  # a weakened assertion is not a behaviour

    def visit_Raise(self, node: ast.Raise) -> ast.AST:
        return node  # error messages are checked by their own tests

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        if node.value is not None:
            node.value = self.visit(node.value)
        return node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return node  # text

    # sites -----------------------------------------------------------------
    def _site(self, node: ast.AST, operator: str, mutated: ast.AST | None) -> ast.AST | None:
        index = len(self.sites)
        self.sites.append(
            Site(
                self.path,
                index,
                getattr(node, "lineno", 0),
                ".".join(self.scope),
                operator,
                getattr(node, "end_lineno", None) or getattr(node, "lineno", 0),
            )
        )
        if index == self.target:
            return mutated
        return None

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if self.functions:
            if isinstance(node, ast.stmt) and not _is_docstring(node):
                removable = (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)) or (
                    isinstance(node, ast.AugAssign)
                )
                if removable:
                    done = self._site(node, "statement removed", ast.Pass())
                    if done is not None:
                        return ast.copy_location(done, node)
            if not (isinstance(node, ast.Constant) and not isinstance(node.value, int)):
                for operator, mutated in _mutations(node):
                    done = self._site(node, operator, mutated)
                    if done is not None:
                        return ast.copy_location(done, node)
        return super().generic_visit(node)

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        if _is_docstring(node):
            return node
        return self.generic_visit(node)


def sites_of(path: Path) -> list[Site]:
    rel = str(path.relative_to(ROOT))
    walker = _Sites(rel)
    walker.visit(ast.parse(path.read_text()))
    return walker.sites


def mutated_source(path: Path, index: int) -> str:
    tree = ast.parse(path.read_text())
    walker = _Sites(str(path.relative_to(ROOT)), index)
    tree = walker.visit(tree)
    ast.fix_missing_locations(tree)
    return ast.unparse(tree) + "\n"


def _ids(
    sites: list[tuple[Path, Site]], lines: dict[Path, list[str]]
) -> dict[tuple[str, int], str]:
    """Each site's stable id; a second site with the same id in a module gets ``#2``, ..."""
    out: dict[tuple[str, int], str] = {}
    seen: dict[str, int] = {}
    for f, site in sites:
        key = site.key(lines[f][site.line - 1])
        seen[key] = seen.get(key, 0) + 1
        out[site.path, site.index] = key if seen[key] == 1 else f"{key}#{seen[key]}"
    return out


# ---------------------------------------------------------------------- running

STATE = ROOT / ".mutation"
"""The runner's own folder (gitignored): the copy of the checkout mutants run in, the
coverage map and the results, one JSON line per mutant, so a stopped run loses nothing."""
WORK = ROOT / os.environ.get("MUTATE_WORK", ".mutation/work")
"""A second copy (``MUTATE_WORK=.mutation/work2``) lets a second runner check a few
mutants while a long run goes on; both append to the same results."""
COVERAGE_MAP = STATE / "coverage.json"
DURATIONS = STATE / "durations.json"
RESULTS = ROOT / "docs" / "mutation-results.jsonl"
"""The results, one JSON line per mutant run (committed: the report, and what a later run
resumes from)."""
NUMBA_CACHE = STATE / "numba-cache"

JIT_TESTS = (
    "tests/algorithms",
    "tests/analysis/test_costs.py",
    "tests/analysis/test_costmodel.py",
    "tests/analysis/test_hands.py",
    "tests/analysis/test_hands_exact.py::test_random_edits_of_tiny_are_exact",
    "tests/analysis/test_hands_ties.py",
    "tests/analysis/test_mutants__doctor.py",  # the doctor's cross kernel
    # the hand kernels' generator and shared usage, pinned (not the test that runs the
    # compiled kernels' .py_func: with the JIT off there is none)
    "tests/analysis/test_mutants__hands.py::test_a_hands_generator_is_seeded_by_splitmix64s_finaliser",
    "tests/analysis/test_mutants__hands.py::test_the_draws_are_xorshift64s",
    "tests/analysis/test_mutants__hands.py::test_costs_within_a_billionth_are_the_same",
    "tests/analysis/test_mutants__hands.py::test_the_shared_usage_around_a_ring_is_pinned",
    "tests/analysis/test_mutants__hands.py::test_the_shared_usage_of_a_branch_and_a_path_is_pinned",
    "tests/analysis/test_mutants__hands.py::test_the_usage_on_tiny_is_pinned",
    "tests/analysis/test_mutants__hands.py::test_the_kernels_default_to_every_hand_of_a_mask_and_return_the_next_row",
    "tests/analysis/test_mutants__hands_kern.py",
)
"""Run again with the JIT off by ``--prepare-jit``, in a copy of its own: the lines of numba
kernels are measured there (compiled code is invisible to coverage). The tests on Europe's
every hand are left out: without the JIT they take many minutes."""
WORK_NOJIT = STATE / "work-nojit"
DURATIONS_NOJIT = STATE / "durations-nojit.json"
"""Each test's clean time with the JIT off (``--prepare-jit``): ``--jit-off``'s time limits."""
JIT_ONLY_ERRORS = ("IndexError", "OverflowError")
"""Errors plain Python raises where compiled numba code goes on silently: an index out of
bounds (numba does not check bounds), a float too large for an integer (numba converts it
to whatever the machine gives). A mutant killed only by one of these with the JIT off is
counted as killed but named apart by ``--report``: compiled, it reads or writes outside an
array, or computes with a garbage integer, and whether a test then fails is luck."""

COPIED = ("workbench", "tests", "maps", "pyproject.toml")
PRELOADED = ("numpy", "pandas", "networkx", "numba", "shapely", "yaml", "hypothesis", "pytest")
"""Imported once by the runner, before it forks a child per mutant; the children re-import
``workbench`` and the tests (fresh, so they see the mutant) but not these."""


def modules(selected: list[str]) -> list[Path]:
    out: list[Path] = []
    for entry in selected:
        p = ROOT / entry
        files = sorted(p.rglob("*.py")) if p.is_dir() else [p]
        out += [f for f in files if f.name != "__init__.py" or f.stat().st_size > 2000]
    return out


def selection(rel: str) -> tuple[str, ...]:
    best = max((k for k in SELECTION if rel.startswith(k)), key=len)
    return SELECTION[best]


def all_tests() -> list[str]:
    return sorted({t for sel in SELECTION.values() for t in sel})


def explained() -> set[str]:
    """Survivor ids explained in docs/mutation.md and docs/mutation/*.md (each in backticks at
    a line's start)."""
    files = [EXPLAINED, *sorted(EXPLAINED_MORE.glob("*.md"))]
    return {
        key
        for f in files
        if f.exists()
        for key in re.findall(r"^- `([^`]+)`", f.read_text(), flags=re.M)
    }


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def commit() -> str:
    done = subprocess.run(
        ["git", "log", "-1", "--format=%h", "--", "workbench"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    return done.stdout.strip() or "?"


def sync(work: Path = WORK) -> None:
    """Bring the copy up to date, file by file, keeping the times of unchanged files (so
    compiled bytecode and numba's cache stay valid)."""
    for name in COPIED:
        src = ROOT / name
        if src.is_file():
            files = [src]
        else:
            files = [
                p
                for p in src.rglob("*")
                if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc",)
            ]
        for p in files:
            dest = work / p.relative_to(ROOT)
            if dest.exists() and dest.read_bytes() == p.read_bytes():
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, dest)


def _jitted_lines(path: Path) -> set[int]:
    """The lines of the functions a numba decorator compiles."""
    out: set[int] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef) and any(
            "jit" in ast.unparse(d) for d in node.decorator_list
        ):
            out.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return out


def _measure(data_file: Path, tests: list[str], jit: bool, cwd: Path) -> None:
    env = dict(
        os.environ,
        NUMBA_CACHE_DIR=str(NUMBA_CACHE),
        PYTHONPATH=str(ROOT / "scripts"),
        MUTATE_DURATIONS=str(DURATIONS if jit else DURATIONS_NOJIT),
        PYTHONHASHSEED="0",
    )
    if not jit:
        env["NUMBA_DISABLE_JIT"] = "1"
    cmd = [
        PYTHON, "-m", "coverage", "run", f"--data-file={data_file}", "--source=workbench",
        "-m", "pytest", *tests, "-p", "mutate_contexts", "-q", "-p", "no:cacheprovider",
        "-o", "addopts=", "--doctest-modules", "--hypothesis-seed=0", "--no-header",
    ]  # fmt: skip
    print(f"measuring ({'JIT on' if jit else 'JIT off'}): {' '.join(tests)}", flush=True)
    done = subprocess.run(cmd, cwd=cwd, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the clean run failed ({done.returncode}): fix it before mutating")


def prepare(files: list[Path], jit: bool, reuse: bool = False) -> None:
    """Copy the checkout, run the tests once under coverage with a context per test, and
    write which tests execute each line of each mutated module. With ``jit`` false, the
    kernels' tests run with the JIT off in a second copy, and their kernels' lines are
    added to the map."""
    import coverage

    STATE.mkdir(exist_ok=True)
    work = WORK if jit else WORK_NOJIT
    sync(work)
    rels = [str(f.relative_to(ROOT)) for f in files]
    jitted = {rel: _jitted_lines(ROOT / rel) for rel in rels}
    name = "coverage-jit" if jit else "coverage-nojit"
    if reuse and (STATE / name).exists():
        pass  # measured already (a run stopped while writing the map)
    elif jit:
        tests = sorted({t for rel in rels for t in selection(rel)})
        _measure(STATE / name, tests + rels, True, work)  # the modules' doctests too
    else:
        _measure(STATE / name, [*JIT_TESTS, *(r for r in rels if jitted[r])], False, work)
    out: dict[str, Any] = json.loads(COVERAGE_MAP.read_text()) if COVERAGE_MAP.exists() else {}
    data = coverage.CoverageData(basename=str(STATE / name))
    data.read()
    for rel in rels:
        by_line = data.contexts_by_lineno(str(work / rel))
        entry = out.setdefault(rel, {"lines": {}})
        if entry.get("digest") != digest(ROOT / rel):
            entry.update(digest=digest(ROOT / rel), lines={})
        mine = entry["lines"]
        for line, contexts in by_line.items():
            if (line in jitted[rel]) != jit:
                mine[str(line)] = sorted(c for c in contexts if c)
        if jitted[rel]:
            entry["jit measured"] = entry.get("jit measured", False) or not jit
    COVERAGE_MAP.write_text(json.dumps(out, indent=0, sort_keys=True))
    print(f"wrote {COVERAGE_MAP.relative_to(ROOT)}")


def chosen_tests(site: Site, cover: dict[str, Any], durations: dict[str, float]) -> list[str]:
    """The tests that execute the mutated lines, the quickest first (grouped by file); the
    whole selection when the line runs only at import; none when no test executes it.

    A line that also runs at import (a test module loading a board) may matter to tests
    that never execute it themselves: survivors are run again with ``--all-tests``."""
    lines = cover.get(site.path, {}).get("lines", {})
    contexts: set[str] = set()
    for line in range(site.line, max(site.end_line, site.line) + 1):
        contexts.update(lines.get(str(line), ()))
    tests = [c for c in contexts if "::" in c]
    if not tests and contexts & {"<collect>", "<between>"}:
        return [*selection(site.path), site.path]  # runs only at import: every test may see it
    first: dict[str, float] = {}
    for t in tests:
        file = t.split("::")[0]
        first[file] = min(first.get(file, 1e9), durations.get(t, 1.0))
    return sorted(
        tests, key=lambda t: (first[t.split("::")[0]], t.split("::")[0], durations.get(t, 1.0), t)
    )


def _patch(module: str, source: str, filename: str) -> bool:
    """Give every function of the imported ``module`` its mutated code, in place, so that
    whatever holds it (an import elsewhere, a bound method, a table) runs the mutant.
    False when a function cannot take its new code (its closure changed)."""
    fresh = compile(source, filename, "exec")
    codes: dict[str, types.CodeType] = {}
    stack = [fresh]
    while stack:
        for const in stack.pop().co_consts:
            if isinstance(const, types.CodeType):
                codes[const.co_qualname] = const
                stack.append(const)
    seen: set[int] = set()

    def visit(obj: Any) -> None:
        if id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, types.FunctionType):
            if obj.__module__ == module and obj.__code__.co_qualname in codes:
                obj.__code__ = codes[obj.__code__.co_qualname]
            if hasattr(obj, "__wrapped__"):
                visit(obj.__wrapped__)
        elif isinstance(obj, type):
            if obj.__module__ == module:
                for value in list(vars(obj).values()):
                    visit(value)
        elif isinstance(obj, staticmethod | classmethod):
            visit(obj.__func__)
        elif isinstance(obj, property):
            for f in (obj.fget, obj.fset, obj.fdel):
                visit(f)
        elif isinstance(obj, (functools.cached_property, functools.partial)):  # read on first use
            visit(obj.func)
        elif isinstance(obj, dict):  # a table of closures made at import, say
            for value in list(obj.values()):
                visit(value)
        elif isinstance(obj, list | tuple | set | frozenset):
            for value in list(obj):
                visit(value)
        elif callable(obj) and hasattr(obj, "__wrapped__"):  # functools.cache and the like
            visit(obj.__wrapped__)

    try:
        for value in list(vars(sys.modules[module]).values()):
            visit(value)
    except ValueError:
        return False
    return True


def _child(args: list[str], log: Path, site: Site, source: str, numba_cache: str | None) -> None:
    """In the forked child: put the mutant in place, run pytest, exit with its code.

    A module without numba kernels is patched in place (the runner imported the package and
    the tests already, so nothing is imported again); a kernel's module is imported afresh
    with the package and the tests, its kernels compiled into a copy of the cache."""
    code = 99
    try:
        os.setpgid(0, 0)
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        sys.dont_write_bytecode = True
        linecache.clearcache()
        module = site.path.removesuffix(".py").replace("/", ".")
        if FRESH or numba_cache or not _patch(module, source, str(WORK / site.path)):
            for name in list(sys.modules):
                if name.split(".")[0] in ("workbench", "tests", "conftest"):
                    del sys.modules[name]
        if numba_cache:
            import numba.core.config

            numba.core.config.CACHE_DIR = numba_cache  # type: ignore[attr-defined]
        os.chdir(WORK)
        code = int(pytest_main(args))
    except BaseException:  # anything that escapes is reported by the exit code
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


class TestTimeout(Exception):
    """A test ran far past its clean time: the mutant hangs (counted as noticed)."""


class _Alarm:
    """A pytest plugin giving each test of a mutant a time limit (an alarm signal), so a
    mutant that loops forever fails its first test instead of waiting for the run's limit."""

    def __init__(self, limits: dict[str, float]) -> None:
        self.limits = limits
        self.rung = False

    def _ring(self, signum: int, frame: Any) -> None:
        os.write(2, b"\nmutate.py: the test ran past its time limit\n")
        if self.rung:  # the error was caught (hypothesis retries a failing example to
            os._exit(1)  # shrink it, hanging again): the mutant is noticed, stop here
        self.rung = True
        signal.setitimer(signal.ITIMER_REAL, 5.0)
        raise TestTimeout("mutate.py: the test ran past its time limit")

    def pytest_runtest_setup(self, item: Any) -> None:
        signal.signal(signal.SIGALRM, self._ring)
        limit = self.limits.get(item.nodeid) or self.limits.get("*")
        if limit:
            signal.setitimer(signal.ITIMER_REAL, limit)

    def pytest_runtest_teardown(self, item: Any) -> None:
        if not self.rung:  # once rung, the alarm stays armed until the child ends
            signal.setitimer(signal.ITIMER_REAL, 0)


FRESH = False
"""With ``--fresh``, every child imports the package and the tests afresh (slower; what
survivors are confirmed with, since a patch in place cannot reach what was computed at
import)."""
CHILD: list[int] = []
"""The running child's process id (its group is stopped with the runner)."""
LIMITS: dict[str, float] = {}
"""Each test's time limit for the current mutant (set before the fork)."""


def pytest_main(args: list[str]) -> int:
    import pytest

    return int(pytest.main(args, plugins=[_Alarm(LIMITS)]))


def preload(tests: list[str]) -> None:
    """Import the package and collect ``tests`` once in the runner, so that a child patched
    in place finds the test modules imported (pytest takes them from ``sys.modules``)."""
    os.chdir(WORK)
    sys.path.insert(0, str(WORK))
    with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
        code = pytest_main(
            [*tests, "--collect-only", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
             "--doctest-modules", "--no-header"]
        )  # fmt: skip
    if code != 0:
        raise SystemExit(f"collecting the tests failed ({code})")


def _error_type(log: str) -> str:
    """The error of the first failure in ``log``, ``"ErrorType: message"`` cut to 100
    characters (from pytest's ``--tb=line`` report, whose lines read ``path:line:
    ErrorType: message``; ``AssertionError`` for a bare ``assert``; ``""`` when it does
    not say)."""
    failures = re.split(r"^=+ (?:FAILURES|ERRORS) =+$", log, maxsplit=1, flags=re.M)
    if len(failures) < 2:
        return ""
    found = re.search(r"^\S+:\d+: (.*)$", failures[1], flags=re.M)
    if found is None:
        return ""
    message = found.group(1)
    if message.startswith("assert"):
        return "AssertionError"
    name = re.match(r"([A-Za-z_][\w.]*)(?::|$)", message)
    if name and re.search(r"(Error|Exception|Exit|Interrupt|Warning|Timeout)$", name.group(1)):
        kind = name.group(1).rsplit(".", 1)[-1]
        return (kind + message[len(name.group(1)) :])[:100]
    return ""


def jit_only(error: str) -> bool:
    """Whether a kill by ``error`` (a result's ``"error"``) is one only plain Python sees:
    an index out of bounds or an ``OverflowError`` (``tuple index out of range`` is a
    typing error numba refuses to compile, a boolean mask of the wrong shape fails in a
    test's own numpy code: both are noticed compiled too)."""
    kind = error.split(":")[0]
    if kind == "IndexError":  # a bare type: a result written before messages were kept
        return error == kind or "out of bounds" in error
    return kind in JIT_ONLY_ERRORS


def run_mutant(
    site: Site, source: str, tests: list[str], timeout: float, jitted: bool
) -> tuple[str, float, float, str]:
    """Write the mutant into the copy, run ``tests`` in a forked child with ``-x``, and
    put the module back (with its time, so its bytecode stays valid). Returns the verdict,
    the wall and processor seconds, and for a kill the failing test's error type.

    ``jitted``: the module's kernels are compiled afresh in the child (the JIT on); with
    ``--jit-off`` kernels are plain functions and patched in place like any other."""
    target = WORK / site.path
    original = target.read_bytes()
    stat = target.stat()
    cached = sorted((target.parent / "__pycache__").glob(f"{target.stem}.*.pyc"))
    for c in cached:
        c.rename(c.with_suffix(".pyc-kept"))
    numba_cache = None
    if jitted:  # the mutant compiles in a copy of the cache, so the copy's cache stays valid
        numba_cache = tempfile.mkdtemp(prefix="mutate-numba-")
        shutil.copytree(NUMBA_CACHE, numba_cache, dirs_exist_ok=True)
    args = [
        *tests, "-x", "-q", "--tb=line", "-p", "no:cacheprovider", "-o", "addopts=",
        "--doctest-modules", "--hypothesis-seed=0", "--no-header",
        "-W", "ignore::pytest.PytestCollectionWarning",
    ]  # fmt: skip
    start = time.perf_counter()
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        target.write_text(source)
        pid = os.fork()
        if pid == 0:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            _child(args, STATE / f"last-{WORK.name}.log", site, source, numba_cache)
        CHILD[:] = [pid]
        verdict = ""
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.perf_counter() - start > timeout:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                verdict, code = "timeout", -9
                break
            time.sleep(0.05)
        if code == -signal.SIGTERM:  # stopped from outside, not by the mutant
            raise SystemExit("a child was stopped from outside: its mutant is not counted")
        if not verdict:
            verdict = {0: "survived", 1: "killed"}.get(
                code, f"crashed {-code}" if code < 0 else f"error {code}"
            )
    finally:
        target.write_bytes(original)
        os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        for c in cached:
            c.with_suffix(".pyc-kept").rename(c)
        if numba_cache:
            shutil.rmtree(numba_cache, ignore_errors=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime
    error = ""
    if verdict == "killed":  # name the test that noticed (pytest's short summary)
        with contextlib.suppress(OSError):
            log = (STATE / f"last-{WORK.name}.log").read_text(errors="replace")
            found = re.search(r"^(?:FAILED|ERROR) (\S+)", log, flags=re.M)
            if "ran past its time limit" in log:
                verdict = "timeout"
            elif found:
                verdict = f"killed by {found.group(1)}"
                error = _error_type(log)
    return verdict, time.perf_counter() - start, used, error


def _stop(signum: int, frame: Any) -> None:
    for pid in CHILD:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)
    sys.exit(143)


def load_results() -> dict[str, dict[str, Any]]:
    """The result of each mutant id: the latest, except that a mutant some test noticed
    stays noticed (a later run of fewer tests, ``--tests``, does not undo it) as long as
    its module is unchanged."""
    out: dict[str, dict[str, Any]] = {}
    if RESULTS.exists():
        for line in RESULTS.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                if row["status"] == "void":  # a result found wrong (a child stopped by hand)
                    out.pop(row["id"], None)
                    continue
                old = out.get(row["id"])
                if (
                    old is not None
                    and old.get("digest") == row.get("digest")
                    and old["status"] not in SURVIVING
                    and row["status"] in SURVIVING
                ):
                    continue
                out[row["id"]] = row
    return out


SURVIVING = ("survived", "no coverage")


def report(everything: list[tuple[Path, Site]], ids: dict[tuple[str, int], str]) -> int:
    """Per module: mutants, done, killed, survivors (explained or not); then how many
    results ran with the JIT off (``--jit-off``) and which of their kills came from an
    error only plain Python raises; then each unexplained survivor. Exit status 1 while
    one remains or a mutant is not run."""
    results = load_results()
    known = explained()
    per: dict[str, Counter[str]] = {}
    unexplained: list[dict[str, Any]] = []
    suspects: list[dict[str, Any]] = []
    for f, site in everything:
        c = per.setdefault(site.path, Counter())
        c["mutants"] += 1
        row = results.get(ids[site.path, site.index])
        if row is None or row.get("digest") != digest(f):
            c["not run"] += 1
            continue
        status = row["status"]
        if row.get("jit") == "off":
            c["jit off"] += 1
            if status == "killed" and jit_only(row.get("error", "")):
                c["jit-only kill"] += 1
                suspects.append(row)
        if status in SURVIVING:
            if row["id"] in known:
                c["equivalent"] += 1
            else:
                c[status] += 1
                unexplained.append(row)
        elif status == "not valid":
            c["not valid"] += 1
        else:
            c["killed"] += 1
    columns = ("mutants", "killed", "equivalent", "survived", "no coverage", "not valid", "not run")
    print(f"{'module':<50}" + "".join(f"{c:>12}" for c in columns))
    total: Counter[str] = Counter()
    for path, c in per.items():
        total.update(c)
        print(f"{path:<50}" + "".join(f"{c[k]:>12}" for k in columns))
    print(f"{'all':<50}" + "".join(f"{total[k]:>12}" for k in columns))
    for path, c in per.items():
        if c["jit off"]:
            print(
                f"JIT off: {path}: {c['jit off']} of {c['mutants'] - c['not run']} results, "
                f"{c['jit-only kill']} killed only by {' or '.join(JIT_ONLY_ERRORS)}"
            )
    for row in suspects:  # out of bounds when compiled: noticed by luck, if at all
        print(f"  {row['path']}:{row['line']} {row['operator']}: {row['text']}")
        print(f"    {row['error']}")
    print(f"\nunexplained survivors: {len(unexplained)}")
    for row in unexplained:
        print(
            f"  {row['path']}:{row['line']} ({row['function']}) {row['operator']} [{row['status']}]"
        )
        print(f"    {row['text']}")
        print(f"    id: {row['id']}")
    return 1 if unexplained or total["not run"] else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--module", nargs="*", default=list(MODULES), help="paths to mutate")
    parser.add_argument("--sample", type=int, default=0, help="mutants picked at random")
    parser.add_argument(
        "--per-package", type=int, default=0, help="mutants picked at random from each path"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--match", nargs="*", help="only mutants whose 'path:line operator' contains one of these"
    )
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument(
        "--prepare", action="store_true", help="copy the checkout and measure per-test coverage"
    )
    parser.add_argument(
        "--prepare-jit", action="store_true", help="measure the numba kernels' lines (JIT off)"
    )
    parser.add_argument("--reuse", action="store_true", help="with --prepare: keep the data")
    parser.add_argument("--report", action="store_true", help="summarize the results and stop")
    parser.add_argument(
        "--survivors", action="store_true", help="run again only the mutants that survived"
    )
    parser.add_argument(
        "--again", action="store_true", help="run mutants that already have a result"
    )
    parser.add_argument(
        "--tests", nargs="*", help="run these tests for every mutant instead of those covering it"
    )
    parser.add_argument(
        "--all-tests", action="store_true", help="run the whole selection, not the covering tests"
    )
    parser.add_argument(
        "--fresh", action="store_true", help="import the package and tests afresh per mutant"
    )
    parser.add_argument("--timeout", type=float, default=6.0, help="times the covering tests' time")
    parser.add_argument(
        "--jit-off",
        action="store_true",
        help="run the numba kernels' mutants as plain Python (NUMBA_DISABLE_JIT), patched in "
        "place, with the tests and clean times of --prepare-jit; other mutants are skipped. "
        'Results say "jit": "off" and the killing test\'s error type: a kill by an '
        "IndexError or OverflowError alone would go unnoticed compiled (no bounds checks)",
    )
    parser.add_argument(
        "--max-test-seconds",
        type=float,
        default=0.0,
        help="leave out of a mutant's covering tests those whose clean time is over this "
        "(the quickest is kept); results count them as 'left out'. Survivors of such a run "
        "are run again without it before they are counted",
    )
    args = parser.parse_args()
    if args.jit_off:  # read when numba is first imported: before the preloads below
        os.environ["NUMBA_DISABLE_JIT"] = "1"

    files = modules(args.module)
    everything = [(f, s) for f in files for s in sites_of(f)]
    lines = {f: f.read_text().splitlines() for f in files}
    ids = _ids(everything, lines)
    if args.report:
        return report(everything, ids)
    if args.prepare or args.prepare_jit:
        prepare(files, jit=args.prepare, reuse=args.reuse)
        return 0
    if args.match:
        everything = [
            (f, s)
            for f, s in everything
            if any(m in f"{s.path}:{s.line} {s.operator}" for m in args.match)
        ]
    print(f"{len(everything)} mutants in {len(files)} modules")
    picked = everything
    if args.sample and args.sample < len(everything):
        picked = random.Random(args.seed).sample(everything, args.sample)
        picked.sort(key=lambda fs: (str(fs[0]), fs[1].index))
    elif args.per_package:
        # the same number from each path, taken in turns, so a cut-short run covers them all
        rng = random.Random(args.seed)
        groups = []
        for entry in args.module:
            mine = [(f, s) for f, s in everything if s.path.startswith(entry)]
            groups.append(rng.sample(mine, min(args.per_package, len(mine))))
        picked = [g[i] for i in range(args.per_package) for g in groups if i < len(g)]
    if args.list:
        for f, s in picked:
            print(f"{s.path}:{s.line}: {s.operator:<20} {lines[f][s.line - 1].strip()}")
        return 0

    if not COVERAGE_MAP.exists():
        print("no coverage map: run with --prepare first")
        return 2
    cover = json.loads(COVERAGE_MAP.read_text())
    timings = DURATIONS_NOJIT if args.jit_off else DURATIONS
    durations = json.loads(timings.read_text()) if timings.exists() else {}
    stale = [
        str(f.relative_to(ROOT))
        for f in files
        if cover.get(str(f.relative_to(ROOT)), {}).get("digest") != digest(f)
    ]
    if stale and not (args.tests or args.all_tests):
        print(f"the coverage map is older than {', '.join(stale)}: run --prepare again")
        return 2
    WORK.mkdir(parents=True, exist_ok=True)
    lock = (WORK / ".lock").open("w")
    try:  # two runners on one copy would write mutants under each other
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print(f"another runner uses {WORK}: give this one MUTATE_WORK=.mutation/other")
        return 2
    sync()
    results = load_results()
    if args.survivors:
        picked = [
            (f, s) for f, s in picked
            if results.get(ids[s.path, s.index], {}).get("status") in SURVIVING
        ]  # fmt: skip
    elif not args.again:
        picked = [
            (f, s) for f, s in picked
            if results.get(ids[s.path, s.index], {}).get("digest") != digest(f)
        ]  # fmt: skip
    print(f"{len(picked)} to run", flush=True)
    # a stopped run puts the mutated module back (run_mutant's finally) and keeps its results
    signal.signal(signal.SIGTERM, _stop)
    with contextlib.suppress(OSError):
        os.nice(19)
    for name in PRELOADED:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    version = commit()
    global FRESH
    FRESH = args.fresh
    jitted = {str(f.relative_to(ROOT)): _jitted_lines(f) for f in files}
    if args.jit_off:
        import numba.core.config

        if not numba.core.config.DISABLE_JIT:  # numba was imported before the switch
            print("--jit-off: numba has the JIT on (imported too early)")
            return 2
        kernels = [
            (f, s)
            for f, s in picked
            if any(line in jitted[s.path] for line in range(s.line, s.end_line + 1))
        ]
        if len(kernels) < len(picked):
            print(f"--jit-off: {len(picked) - len(kernels)} mutants outside kernels skipped")
        picked = kernels
        # the kernels' tests only: another test module may compute a table at import, which
        # takes long in plain Python
        preload(list(args.tests or JIT_TESTS) + [str(f.relative_to(ROOT)) for f in files])
    else:
        preload((args.tests or all_tests()) + [str(f.relative_to(ROOT)) for f in files])
    with RESULTS.open("a") as out:
        for n, (f, site) in enumerate(picked, 1):
            key = ids[site.path, site.index]
            text = lines[f][site.line - 1].strip()
            row: dict[str, Any] = {
                "id": key, "path": site.path, "line": site.line, "function": site.function,
                "operator": site.operator, "text": text, "commit": version, "digest": digest(f),
            }  # fmt: skip
            if args.tests:
                tests = list(args.tests)
            elif args.all_tests:
                tests = [*selection(site.path), site.path]
            else:
                tests = chosen_tests(site, cover, durations)
                if args.max_test_seconds and tests:
                    quick = [t for t in tests if durations.get(t, 5.0) <= args.max_test_seconds]
                    quick = quick or tests[:1]
                    if len(quick) < len(tests):
                        row["left out"] = len(tests) - len(quick)
                    tests = quick
            try:
                source = mutated_source(f, site.index)
                compile(source, site.path, "exec")
            except (SyntaxError, ValueError) as e:  # an operator that makes no valid code
                row.update(status="not valid", seconds=0.0, tests=0, note=str(e))
                tests = []
            if "status" in row:
                pass
            elif not tests:
                row.update(status="no coverage", seconds=0.0, tests=0)
            else:
                budget = (
                    sum(durations.get(t, 5.0) for t in tests)
                    if not (args.tests or args.all_tests)
                    else 600.0
                )
                timeout = 60.0 + args.timeout * budget
                is_jitted = any(
                    line in jitted[site.path] for line in range(site.line, site.end_line + 1)
                )
                if is_jitted and not cover[site.path].get("jit measured"):
                    print(f"{site.path}:{site.line}: a kernel's line, run --prepare-jit first")
                    continue
                LIMITS.clear()
                LIMITS.update({t: 30.0 + 10.0 * durations.get(t, 5.0) for t in tests})
                if args.tests or args.all_tests:  # files, not node ids: a limit for each test
                    LIMITS["*"] = 30.0 + 10.0 * max(durations.values(), default=5.0)
                compiled = is_jitted and not args.jit_off
                status, seconds, cpu, error = run_mutant(site, source, tests, timeout, compiled)
                if status.startswith("killed by "):
                    status, row["by"] = "killed", status.removeprefix("killed by ")
                    if error:
                        row["error"] = error
                if args.jit_off:
                    row["jit"] = "off"
                row.update(
                    status=status, seconds=round(seconds, 2), cpu=round(cpu, 2), tests=len(tests)
                )
            out.write(json.dumps(row) + "\n")
            out.flush()
            print(
                f"[{n}/{len(picked)}] {row['status']:<11} {row['seconds']:6.1f}s "
                f"({row.get('cpu', 0.0):5.1f}s cpu) "
                f"{row['tests']:4d}t {site.path}:{site.line} {site.operator}: {text}",
                flush=True,
            )
    return report([(f, s) for f, s in everything], ids) if not args.match else 0


if __name__ == "__main__":
    raise SystemExit(main())
