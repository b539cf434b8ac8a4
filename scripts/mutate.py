"""Mutation testing of the core: plant one small bug at a time and see whether a test fails.

    python scripts/mutate.py [--sample N] [--seed S] [--module PATH ...] [--list] [--jobs-timeout X]

Each *mutant* is the package with one operator applied at one place of one module: a
comparison turned (``<`` to ``<=``, ``==`` to ``!=``), an operator swapped (``+`` to ``-``,
``and`` to ``or``), ``min`` made ``max``, a sort reversed, a ``not`` dropped, a small
number changed, a call statement or an augmented assignment removed. The mutant runs the
tests that cover its module (a narrow list per package, :data:`SELECTION`, so a run stays
affordable on a busy machine) in a private copy of the checkout, stopping at the first
failure. A mutant no test notices *survives*: a bug of that shape would ship green.

Survivors are printed with their place and a stable id. Survivors explained as equivalent
(the mutant behaves exactly as the original) are listed by id in ``docs/mutation.md`` and
reported apart; any other survivor is a gap in the tests. The exit status is 1 when an
unexplained survivor remains.

Numba kernels are compiled again for each mutant of theirs (into a private cache, so the
checkout's cache is left alone). ``--sample`` picks mutants at random (seeded) when the
whole run is too long; ``--list`` only counts and lists them.
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable

MODULES = (
    "workbench/rules",
    "workbench/engine",
    "workbench/analysis",
    "workbench/algorithms",
    "workbench/maps/check.py",
    "workbench/bots",
    "workbench/teach",
)
"""What is mutated: packages (every module in them) and single modules."""

SELECTION: dict[str, tuple[str, ...]] = {
    "workbench/maps/check.py": (
        "tests/maps/test_check.py",
        "tests/maps/test_broken.py",
        "tests/maps/test_shipped.py",
    ),
    "workbench/rules": ("tests/rules",),
    "workbench/engine": ("tests/engine",),
    "workbench/analysis": ("tests/analysis",),
    "workbench/algorithms": (
        "tests/algorithms",
        "tests/analysis/test_costs.py",
        "tests/analysis/test_costmodel.py",  # the rails kernel serves the cost model
    ),
    "workbench/bots": ("tests/bots",),
    "workbench/teach": ("tests/teach",),
}
"""The tests run for a mutant of a module, by the longest matching prefix; the module's
own doctests run too."""

SKIP_FUNCTIONS = {"__repr__", "_repr_html_", "__str__"}
"""Functions not mutated: their text is looked at, not their logic."""

EXPLAINED = ROOT / "docs" / "mutation.md"


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
            Site(self.path, index, getattr(node, "lineno", 0), ".".join(self.scope), operator)
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


# ---------------------------------------------------------------------- running


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


def explained() -> set[str]:
    """Survivor ids explained in docs/mutation.md (each in backticks at a line's start)."""
    if not EXPLAINED.exists():
        return set()
    return set(re.findall(r"^- `([^`]+)`", EXPLAINED.read_text(), flags=re.M))


def run_tests(work: Path, rel: str, timeout: float) -> tuple[str, float]:
    env = dict(
        os.environ,
        PYTHONDONTWRITEBYTECODE="1",
        NUMBA_CACHE_DIR=str(work / ".numba-cache"),
        PYTHONHASHSEED="0",
    )
    cmd = [
        PYTHON, "-m", "pytest", *selection(rel), rel, "-x", "-q", "-p", "no:cacheprovider",
        "-o", "addopts=", "--doctest-modules", "--hypothesis-seed=0", "--no-header",
    ]  # fmt: skip
    start = time.perf_counter()
    try:
        done = subprocess.run(
            cmd, cwd=work, env=env, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return "timeout", time.perf_counter() - start
    seconds = time.perf_counter() - start
    if done.returncode == 0:
        return "survived", seconds
    if done.returncode == 1:
        return "killed", seconds
    return f"error {done.returncode}", seconds  # collection or import failed: killed too


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
    parser.add_argument("--timeout", type=float, default=3.0, help="times the clean run")
    args = parser.parse_args()

    files = modules(args.module)
    everything = [(f, s) for f in files for s in sites_of(f)]
    lines = {f: f.read_text().splitlines() for f in files}
    ids = _ids(everything, lines)
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

    known = explained()
    # a terminated run stops its test process and removes its copy of the checkout
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    survivors: list[tuple[Site, str]] = []
    with tempfile.TemporaryDirectory(prefix="mutate-") as tmp:
        work = Path(tmp)
        for name in ("workbench", "tests", "maps"):
            shutil.copytree(
                ROOT / name, work / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
            )
        shutil.copy(ROOT / "pyproject.toml", work / "pyproject.toml")
        clean: dict[tuple[str, ...], float] = {}
        counts: dict[str, int] = {}
        for n, (f, site) in enumerate(picked, 1):
            rel = site.path
            sel = selection(rel)
            if sel not in clean:
                verdict, seconds = run_tests(work, rel, 1800)
                if verdict != "survived":
                    print(f"the clean run of {' '.join(sel)} fails ({verdict}): stopping")
                    return 2
                clean[sel] = seconds
            original = f.read_text()
            target = work / rel
            try:
                source = mutated_source(f, site.index)
                compile(source, rel, "exec")
            except (SyntaxError, ValueError) as e:  # an operator that makes no valid code
                print(f"[{n}/{len(picked)}] {rel}:{site.line} {site.operator}: not valid ({e})")
                continue
            target.write_text(source)
            try:
                verdict, seconds = run_tests(work, rel, max(60.0, args.timeout * clean[sel]))
            finally:
                target.write_text(original)
            kind = verdict.split()[0]
            counts[kind] = counts.get(kind, 0) + 1
            text = lines[f][site.line - 1].strip()
            print(
                f"[{n}/{len(picked)}] {verdict:<9} {seconds:5.1f}s {rel}:{site.line} "
                f"{site.operator}: {text}",
                flush=True,
            )
            if verdict == "survived":
                survivors.append((site, ids[site.path, site.index]))

    print()
    print("mutants:", ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    unexplained = [(s, k) for s, k in survivors if k not in known]
    equivalent = [(s, k) for s, k in survivors if k in known]
    if equivalent:
        print(f"\nsurvivors explained as equivalent in {EXPLAINED.relative_to(ROOT)}:")
        for _, key in equivalent:
            print(f"  {key}")
    print(f"\nunexplained survivors: {len(unexplained)}")
    for site, key in unexplained:
        print(f"  {site.path}:{site.line} ({site.function}) {site.operator}")
        print(f"    id: {key}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    raise SystemExit(main())
