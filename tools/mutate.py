#!/usr/bin/env python3
"""Mutation testing over the rule code, case by case: do the tests marked for a rule case
fail when the code that implements the case is broken?

    python tools/mutate.py --system sauron --case "[15.12]"     # one case
    python tools/mutate.py --system standard                    # every case of a system
    python tools/mutate.py --system ring --sample 4 --seed 17   # 4 cases, ranked by a seeded hash
    python tools/mutate.py --system standard --list             # the mutants, nothing run
    python tools/mutate.py --all --sample-mutants 100 --seed 1  # 100 of each system's mutants
    python tools/mutate.py --system gondor --key 1a2b3c4d5e6f    # one mutant, by its key

**Which code implements a case.**  The systems cite their cases in the code
(``# [7.33]``, ``"[WR §V20]"``, ``[MT §6.5]``); a case's code is, in the system's package
(``src/ringwar/systems/<dir>/``, less the AI and rendering modules):

- every function whose docstring cites the case (the whole function, less the statements
  that cite another case of the system by a comment or a string: those are that case's code);
- every statement with a trailing comment that cites it (a compound statement's header
  line stands for its condition and its block), and the statement after a comment line
  that cites it (section banners, ``# ----- [6.0] ...`` and ``# ===== ...``, are skipped);
- every statement holding a string that cites it (``IllegalAction("[6.11]", ...)``,
  ``event("stay", "[4.24]", ...)``); in an assignment of a table (``OPTIONS = {...}``), only
  the entry whose value holds the string;
- for each statement found in the block of an ``if``, that ``if``'s condition too: the
  condition is what decides whether the cited line applies.

Module and class docstrings are skipped (they cite whole sections).  A numeric citation of
a Gondor or Sauron case in the shared SPI code (a hook's call site) is not taken: the
number is ambiguous there, and the case's code lives in the exclusive package.

**Mutations** (one at a time, made on the syntax tree's source spans so that the rest of
the file is untouched): a comparison's boundary or sense (``<``↔``<=``, ``>``↔``>=``,
``==``↔``!=``, ``in``↔``not in``, ``is``↔``is not``); an ``if``/``while``/conditional
expression's condition negated or dropped (``False``: the check never applies); each
operand of an ``and``/``or`` removed; a number ±1 (table values, costs, thresholds; not
a subscript's index, nor the fallback of ``d.get("key", 6)``, nor inside an f-string); a
side swapped where a comparison names one (``"sauron"``↔``"westernesse"``, ``WEST``↔
``SAURON``, ...); ``return True``↔``return False``; a returned predicate negated.

**Tests run per mutant.**  The tests marked ``@pytest.mark.rule(system, case)`` (markers
read from the test files' syntax trees, as ``tools/rules_coverage.py`` does) and, with the
default ``--scope files``, the other tests of the same test modules and the replay tests of
the system's old records (``tests/records``: a recorded game must reach its hash, so a mutant
that changes a game's course or only its state is caught where no rule test looks);
``--scope marked`` runs the marked tests only.  pytest stops at the first failure (``-x``).

**Isolation.**  Each worker copies ``src/``, ``tests/``, ``tools/``, ``docs/`` and
``pyproject.toml`` to a temporary directory once and mutates only its copy, running
pytest there with ``PYTHONPATH`` pointing at the copy's ``src`` (it wins over the editable
install): the working tree, where others edit, is never written.  The copy is compiled
once; a mutated module's cached byte code is removed before the run and rebuilt after the
restore, and the runs write none, so a stale ``.pyc`` can never hide a mutant.

**Verdicts.**  *killed* (a test failed or the module no longer imports), *survived* (all
passed), *timeout* (longer than ``--timeout``, by default max(20 s, 3 × the case's
unmutated run + 5 s); counted as detected, as mutation tools usually do), *equivalent*
(listed in ``docs/mutation-equivalent.toml`` with the reason: it cannot change behaviour;
counted neither way).  A case whose unmutated tests fail is reported and its mutants are
*skipped*; a mutation that does not compile (rare: an operator token found in a comment) is
*invalid* and no mutant.
Score = (killed + timeout) / (total − equivalent).

**Samples.**  ``--sample N`` takes N cases a system and (with ``--max-mutants``) a seeded share
of each case's mutants: the way to work on a few cases' gaps.  ``--sample-mutants N`` draws N
mutants from *all* of a system's cases with code (each case-mutant ranked by a seeded hash of
its case and key, so the sample stays put while other code changes): an unbiased estimate of
the whole system's score, printed with Wilson's 95 % interval.  A case no test is marked for
lends the tests of its sub-cases (``[7.2]`` those of ``[7.21]``, ``[7.22]`` ...; ``§7.1`` those
of ``§7.1.1`` ...); a case with neither keeps its mutants, and they survive.

**Why our own ``ast`` code and not mutmut or cosmic-ray.**  Both select the code to mutate
by module or path and the tests by one command for the whole session: mutmut 3 maps tests
to mutants from a coverage run of the whole suite (far too heavy for two shared cores, and
its trampolines only reach code inside functions), and cosmic-ray's local runner mutates
the module on disk in place with one test command per session.  Neither can take "the
lines that cite [6.11]" as the mutation set and "the tests marked [6.11]" as the test set
per mutant, which is the point here; the selection would be our code either way, and the
operators we need are a few dozen lines over ``ast``.

``--record FILE`` writes each system's score (date, command, killed/total) to a TOML file
(``docs/mutation-scores.toml``), which ``tools/rules_coverage.py`` shows in
``docs/rules-coverage.md``.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures as cf
import difflib
import functools
import hashlib
import importlib.util
import io
import json
import os
import py_compile
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tokenize
import tomllib
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
import rules_coverage  # noqa: E402

SYSTEMS_DIR = "src/ringwar/systems"
SYSTEMS: dict[str, dict] = {
    "standard": {"dirs": ["spi"], "style": "numeric", "title": "SPI Standard Rules",
                 "games": ["sauron", "gondor"]},
    "sauron": {"dirs": ["sauron"], "style": "numeric", "title": "Sauron", "games": ["sauron"]},
    "gondor": {"dirs": ["gondor"], "style": "numeric", "title": "Gondor", "games": ["gondor"]},
    "ring": {"dirs": ["ring"], "style": "numeric", "title": "Battle of the Ring",
             "games": ["battle-of-the-ring"]},
    "minas-tirith": {"dirs": ["minas_tirith"], "style": "MT", "title": "The Siege of Minas Tirith",
                     "games": ["minas-tirith"]},
    "war-of-the-ring": {"dirs": ["war_of_the_ring"], "style": "WR", "title": "War of the Ring",
                        "games": ["war-of-the-ring"]},
}
RECORDS_DIR = "tests/records"
RECORDS_TEST = "tests/test_old_records.py::test_an_old_record_replays_to_its_final_hash"
SKIP_FILES = {"ai.py", "render.py", "builder.py"}     # the AI, drawing, the tests' position builder
EQUIVALENT = ROOT / "docs" / "mutation-equivalent.toml"
SELF_TEST = "tests/test_mutate.py"                    # runs this tool: never among a mutant's tests
MUTATING = "RINGWAR_MUTATING"                         # set in every test run the tool starts

NUMERIC = re.compile(r"\[(\d+\.\d+|Q\d+)\]")
BRACKETED = {"MT": re.compile(r"\[MT ([^\]]*)\]"), "WR": re.compile(r"\[WR ([^\]]*)\]")}
SECTION = re.compile(r"§V?\d+(?:\.\d+)*")

SIDE_STRINGS = {"westernesse": "sauron", "sauron": "westernesse", "west": "dark-lord",
                "dark-lord": "west", "free": "dark", "dark": "free"}
SIDE_NAMES = {"WEST": "SAURON", "SAURON": "WEST", "FREE": "DARK", "DARK": "FREE"}
COMPARE_SWAP = {ast.Lt: "<=", ast.LtE: "<", ast.Gt: ">=", ast.GtE: ">", ast.Eq: "!=",
                ast.NotEq: "==", ast.In: "not in", ast.NotIn: "in", ast.Is: "is not", ast.IsNot: "is"}
COMPARE_TOKEN = {ast.Lt: r"<(?!=)", ast.LtE: r"<=", ast.Gt: r">(?!=)", ast.GtE: r">=", ast.Eq: r"==",
                 ast.NotEq: r"!=", ast.In: r"(?<!not )\bin\b", ast.NotIn: r"\bnot\s+in\b",
                 ast.Is: r"\bis\b(?!\s+not\b)", ast.IsNot: r"\bis\s+not\b"}


def citations(text: str, style: str) -> set[str]:
    """The cases a comment, docstring or string cites, as the test markers spell them."""
    if style == "numeric":
        return {f"[{n}]" for n in NUMERIC.findall(text)}
    return {s for group in BRACKETED[style].findall(text) for s in SECTION.findall(group)}


# ----- mutants -------------------------------------------------------------------------------------
@dataclass
class Mutant:
    system: str
    case: str
    file: str                      # relative to the snapshot root: src/ringwar/...
    line: int
    start: int                     # byte offsets in the file
    end: int
    replacement: str
    description: str
    function: str
    key: str = ""
    diff: str = ""
    status: str = "pending"        # killed | survived | timeout | equivalent | skipped | invalid
    seconds: float = 0.0
    detail: str = ""               # the first failing test, or the reason


class Source:
    """One module: its bytes, syntax tree, parents and comments."""

    def __init__(self, root: Path, rel: str) -> None:
        self.rel = rel
        self.data = (root / rel).read_bytes()
        self.text = self.data.decode("utf-8")
        self.tree = ast.parse(self.text)
        self.starts = [0]
        for line in self.data.split(b"\n"):
            self.starts.append(self.starts[-1] + len(line) + 1)
        self.parent: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parent[child] = node
        self.comments: list[tuple[int, bool, str]] = []     # line, alone on its line, text
        for tok in tokenize.generate_tokens(io.StringIO(self.text).readline):
            if tok.type == tokenize.COMMENT:
                alone = not tok.line[:tok.start[1]].strip()
                self.comments.append((tok.start[0], alone, tok.string))
        self.stmts = [n for n in ast.walk(self.tree) if isinstance(n, ast.stmt)]

    def offset(self, line: int, col: int) -> int:
        return self.starts[line - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)

    def segment(self, node: ast.AST) -> str:
        s, e = self.span(node)
        return self.data[s:e].decode("utf-8")

    def function_of(self, node: ast.AST) -> str:
        names = []
        while node in self.parent:
            node = self.parent[node]
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.append(node.name)
        return ".".join(reversed(names)) or "<module>"

    def innermost_stmt(self, line: int) -> ast.stmt | None:
        best = None
        for s in self.stmts:
            if s.lineno <= line <= s.end_lineno and (best is None or s.lineno >= best.lineno and s.end_lineno <= best.end_lineno):
                best = s
        return best

    def stmt_starting_after(self, line: int) -> ast.stmt | None:
        lines = self.text.split("\n")
        nxt = line + 1
        while nxt <= len(lines) and (not lines[nxt - 1].strip() or lines[nxt - 1].strip().startswith("#")):
            nxt += 1
        starting = [s for s in self.stmts if s.lineno == nxt or (
            isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and s.decorator_list
            and s.decorator_list[0].lineno == nxt)]
        return min(starting, key=lambda s: s.lineno - s.end_lineno) if starting else None   # outermost


def anchors(src: Source, style: str) -> dict[str, list[tuple[str, object]]]:
    """Where ``src`` cites each case: ("doc", function), ("comment", (line, alone)), ("string", node)."""
    cache = getattr(src, "_anchors", {})
    if style in cache:
        return cache[style]
    found: dict[str, list[tuple[str, object]]] = defaultdict(list)
    docstrings = set()
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                docstrings.add(body[0].value)
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    for case in citations(body[0].value.value, style):
                        found[case].append(("doc", node))
    for line, alone, text in src.comments:
        if not (alone and ("-----" in text or "=====" in text)):
            for case in citations(text, style):
                found[case].append(("comment", (line, alone)))
    for node in ast.walk(src.tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node not in docstrings:
            for case in citations(node.value, style):
                found[case].append(("string", node))
    cache[style] = found
    src._anchors = cache
    return found


def regions(src: Source, case: str, style: str, *, kinds: tuple[str, ...] = ("doc", "comment", "string"),
            ) -> list[ast.AST]:
    """The nodes whose code implements ``case`` in ``src`` (see the module docstring); ``kinds``:
    which anchors to follow (a docstring's whole function, a comment's or a string's statement)."""
    found: list[ast.AST] = []

    def with_guard(stmt: ast.stmt) -> None:
        found.append(stmt)
        up = src.parent.get(stmt)
        if isinstance(up, ast.If) and stmt is not up.test:
            found.append(up.test)

    for kind, where in anchors(src, style).get(case, []):
        if kind not in kinds:
            continue
        if kind == "doc":
            found.extend(where.body[1:])
        elif kind == "comment":
            line, alone = where
            stmt = src.stmt_starting_after(line) if alone else src.innermost_stmt(line)
            if stmt is None:
                continue
            if not alone and stmt.lineno == line and isinstance(stmt, ast.If | ast.While | ast.For | ast.With) \
                    and stmt.body and stmt.body[0].lineno > line:
                found.append(stmt.test if isinstance(stmt, ast.If | ast.While) else stmt)
                found.extend(stmt.body)
            else:
                with_guard(stmt)
        else:
            stmt, entry = where, None
            while stmt in src.parent and not isinstance(stmt, ast.stmt):
                up = src.parent[stmt]
                if entry is None and isinstance(up, ast.Dict) and stmt in up.values:
                    entry = stmt        # the entry of a declared table that names the case
                stmt = up
            if isinstance(stmt, ast.Assign | ast.AnnAssign) and entry is not None:
                found.append(entry)     # OPTIONS = {..., "x": Option(..., "[21.26] ..."), ...}
            elif isinstance(stmt, ast.stmt):
                with_guard(stmt)
    return found


def sites(src: Source, roots: list[ast.AST]) -> list[tuple[ast.AST, int, int, str, str]]:
    """Every mutation under ``roots``: (node, start, end, replacement, description)."""
    out = []
    seen: set[int] = set()

    def skipped(node: ast.AST) -> bool:
        up = src.parent.get(node)
        if isinstance(up, ast.Call) and isinstance(up.func, ast.Attribute) and up.func.attr == "get" \
                and len(up.args) == 2 and node is up.args[1] and isinstance(up.args[0], ast.Constant):
            return True                    # d.get("key", 6): a fallback for a key the data has
        while up is not None:
            if isinstance(up, ast.JoinedStr):
                return True
            if isinstance(up, ast.Subscript) and node is up.slice:
                return True
            node, up = up, src.parent.get(up)
        return False

    def add(node: ast.AST, start: int, end: int, text: str, what: str) -> None:
        out.append((node, start, end, text, what))

    def condition(test: ast.expr) -> None:
        s, e = src.span(test)
        seg = src.segment(test)
        add(test, s, e, f"not ({seg})", f"condition negated: `{short(seg)}`")
        add(test, s, e, "False", f"condition dropped: `{short(seg)}` → False")

    for root in roots:
        up = src.parent.get(root)
        if isinstance(up, ast.If | ast.While) and root is up.test:
            condition(root)                # the guard of a cited line, or a cited header's condition
        for node in ast.walk(root):
            if id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, ast.If | ast.While | ast.IfExp):
                condition(node.test)
            elif isinstance(node, ast.comprehension):
                for cond in node.ifs:
                    condition(cond)
            elif isinstance(node, ast.Return) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, bool):
                s, e = src.span(node.value)
                add(node.value, s, e, str(not node.value.value), f"return {node.value.value} → {not node.value.value}")
            elif isinstance(node, ast.Return) and isinstance(node.value, ast.Compare | ast.BoolOp) or (
                    isinstance(node, ast.Return) and isinstance(node.value, ast.UnaryOp) and isinstance(node.value.op, ast.Not)):
                s, e = src.span(node.value)
                seg = src.segment(node.value)
                add(node.value, s, e, f"not ({seg})", f"returned predicate negated: `{short(seg)}`")
            if isinstance(node, ast.Compare):
                prev = node.left
                for op, right in zip(node.ops, node.comparators, strict=True):
                    gs = src.offset(prev.end_lineno, prev.end_col_offset)
                    ge = src.offset(right.lineno, right.col_offset)
                    gap = src.data[gs:ge].decode("utf-8")
                    m = re.search(COMPARE_TOKEN[type(op)], gap)
                    if m:
                        new = gap[:m.start()] + COMPARE_SWAP[type(op)] + gap[m.end():]
                        add(node, gs, ge, new, f"`{m.group(0)}` → `{COMPARE_SWAP[type(op)]}`")
                    prev = right
                for operand in [node.left, *node.comparators]:
                    items = operand.elts if isinstance(operand, ast.Tuple | ast.List | ast.Set) else [operand]
                    for it in items:
                        s, e = src.span(it)
                        if isinstance(it, ast.Constant) and it.value in SIDE_STRINGS:
                            add(it, s, e, repr(SIDE_STRINGS[it.value]), f"side swapped: {it.value!r} → {SIDE_STRINGS[it.value]!r}")
                        elif isinstance(it, ast.Name) and it.id in SIDE_NAMES:
                            add(it, s, e, SIDE_NAMES[it.id], f"side swapped: {it.id} → {SIDE_NAMES[it.id]}")
            elif isinstance(node, ast.BoolOp) and len(node.values) >= 2:
                s, e = src.span(node)
                word = " and " if isinstance(node.op, ast.And) else " or "
                for i, v in enumerate(node.values):
                    rest = word.join(src.segment(w) for j, w in enumerate(node.values) if j != i)
                    add(node, s, e, f"({rest})", f"`{word.strip()}` operand removed: `{short(src.segment(v))}`")
            elif isinstance(node, ast.Constant) and type(node.value) in (int, float) and not skipped(node):
                s, e = src.span(node)
                for new in (node.value + 1, node.value - 1):
                    if new < 0 and node.value >= 0 and isinstance(node.value, int) and node.value == 0:
                        continue
                    add(node, s, e, repr(new), f"{node.value!r} → {new!r}")
    return out


def short(text: str, n: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[:n - 1] + "…"


def mini_diff(src: Source, s: int, e: int, text: str) -> str:
    """A unified diff of the lines a mutation touches, one line of context each side."""
    first = src.data.count(b"\n", 0, s)                  # 0-based line indexes
    last = src.data.count(b"\n", 0, e)
    lines = src.data.split(b"\n")
    lo, hi = max(0, first - 1), min(len(lines), last + 2)
    before = b"\n".join(lines[lo:hi])
    cut = src.starts[lo]
    after = before[:s - cut] + text.encode("utf-8") + before[e - cut:]
    return "".join(difflib.unified_diff(before.decode("utf-8").splitlines(keepends=True),
                                        after.decode("utf-8").splitlines(keepends=True),
                                        fromfile=src.rel, tofile=src.rel, n=1, lineterm="\n")).replace(
        "@@ -", f"@@ (line {lo + 1}) -", 1)


def files_of(root: Path, system: str) -> list[str]:
    out = []
    for d in SYSTEMS[system]["dirs"]:
        for p in sorted((root / SYSTEMS_DIR / d).rglob("*.py")):
            if p.name not in SKIP_FILES:
                out.append(p.relative_to(root).as_posix())
    return out


def spans(src: Source, nodes: list[ast.AST]) -> list[tuple[int, int]]:
    return [src.span(n) for n in nodes]


def within(s: int, e: int, among: list[tuple[int, int]]) -> bool:
    return any(a <= s and e <= b for a, b in among)


def find_mutants(root: Path, system: str, case: str, sources: dict[str, Source] | None = None) -> list[Mutant]:
    """Every mutant of the code that cites ``case`` in ``system``'s package under ``root``."""
    style = SYSTEMS[system]["style"]
    sources = sources if sources is not None else {}
    out: list[Mutant] = []
    seen: set[tuple[str, int, int, str]] = set()
    keys: dict[str, int] = defaultdict(int)
    known = set(system_cases(system))
    for rel in files_of(root, system):
        src = sources.get(rel) or sources.setdefault(rel, Source(root, rel))
        own = spans(src, regions(src, case, style, kinds=("comment", "string")))
        claimed = [sp for other in anchors(src, style) if other != case and other in known
                   for sp in spans(src, regions(src, other, style, kinds=("comment", "string")))]
        for node, s, e, text, what in sites(src, regions(src, case, style)):
            if (rel, s, e, text) in seen:
                continue
            if claimed and within(s, e, claimed) and not within(s, e, own):
                continue        # a line of the function that cites another case: that case's code
            seen.add((rel, s, e, text))
            line = src.data.count(b"\n", 0, s) + 1
            fn = src.function_of(node)
            line_text = src.text.split("\n")[line - 1].strip()
            base = hashlib.sha1("\0".join([rel, fn, line_text, what, text]).encode()).hexdigest()[:12]
            keys[base] += 1
            key = base if keys[base] == 1 else f"{base}-{keys[base]}"
            diff = mini_diff(src, s, e, text)
            out.append(Mutant(system, case, rel, line, s, e, text, what, fn, key, diff))
    return out


@functools.cache
def system_cases(system: str) -> list[str]:
    return [c for c, _ in rules_coverage.read_cases().get(system, [])]


# ----- tests ---------------------------------------------------------------------------------------
def marked_tests(root: Path) -> dict[tuple[str, str], list[str]]:
    saved = rules_coverage.ROOT
    rules_coverage.ROOT = root
    try:
        return rules_coverage.read_markers()
    finally:
        rules_coverage.ROOT = saved


def sub_cases(markers: dict, system: str, case: str) -> list[str]:
    """The marked cases under a section-level ``case``: [7.2] -> [7.21] [7.22] ...; [15.0] ->
    [15.1] [15.11] ...; §7.1 -> §7.1.1 ...  Code that cites a whole section (a banner's
    statement, a section's helper) is tested by its sub-cases' tests."""
    m = re.fullmatch(r"\[(\d+)\.(\d+)\]", case)
    if m:
        prefix = f"[{m[1]}." if m[2] == "0" else f"[{m[1]}.{m[2]}"
    elif case.startswith("§"):
        prefix = case + "."
    else:
        return []
    return sorted(c for s, c in markers if s == system and c != case and c.startswith(prefix))


def tests_for(markers: dict, system: str, case: str, scope: str) -> list[str]:
    marked = [t for t in markers.get((system, case), []) if not t.startswith(SELF_TEST)]
    if not marked:          # a section cited as a whole: the tests of its sub-cases
        marked = [t for c in sub_cases(markers, system, case) for t in markers[(system, c)]
                  if not t.startswith(SELF_TEST)]
    if scope == "marked":
        return list(dict.fromkeys(marked))
    files = list(dict.fromkeys(t.split("::")[0] for t in marked))
    return files + [t for t in record_tests(system) if t.split("::")[0] not in files] if files else []


@functools.cache
def record_tests(system: str) -> list[str]:
    """The replay tests of the system's old records (``tests/records``), as pytest node ids:
    a mutant that changes what a recorded game does, or only its state hash, is caught there
    even when no rule test looks at what it changed."""
    games = set(SYSTEMS.get(system, {}).get("games", ()))
    out = []
    for path in sorted((ROOT / RECORDS_DIR).glob("*.json")):
        try:
            game = json.loads(path.read_text(encoding="utf-8")).get("system")
        except (OSError, ValueError):
            continue
        if game in games:
            out.append(f"{RECORDS_TEST}[{path.name}]")
    return out


class Snapshot:
    """A private copy of the project for one worker; mutants are written only here."""

    PARTS = ("src", "tests", "tools", "docs", "pyproject.toml")

    def __init__(self, base: Path, name: str) -> None:
        if os.environ.get(MUTATING):       # a test run by this tool must not start it again
            raise RuntimeError(f"tools/mutate.py inside a mutant's test run ({MUTATING} is set)")
        self.root = base / name
        self.root.mkdir(parents=True)
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".hypothesis")
        for part in self.PARTS:
            p = ROOT / part
            if p.is_dir():
                shutil.copytree(p, self.root / part, ignore=ignore)
            elif p.exists():
                shutil.copy2(p, self.root / part)
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(self.root / "src")], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.env = {**os.environ, "PYTHONPATH": str(self.root / "src"), "PYTHONDONTWRITEBYTECODE": "1",
                    "PYTHONHASHSEED": "0", MUTATING: "1",
                    # no third-party pytest plugins (xdist, hypothesis's reporting): the rule tests
                    # need none, and importing them is a third of a short run's time
                    "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}

    def pytest(self, tests: list[str], timeout: float) -> tuple[str, float, str]:
        """Run ``tests``: ("passed" | "failed" | "timeout", seconds, first failure or tail)."""
        cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-header",
               "-o", "addopts=", "-W", "ignore::DeprecationWarning", *tests]
        t0 = time.monotonic()
        proc = subprocess.Popen(cmd, cwd=self.root, env=self.env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return "timeout", time.monotonic() - t0, ""
        took = time.monotonic() - t0
        if proc.returncode == 0:
            return "passed", took, ""
        failed = [ln for ln in out.splitlines() if ln.startswith(("FAILED ", "ERROR "))]
        tail = failed[0] if failed else " | ".join(out.strip().splitlines()[-3:])
        return ("failed" if proc.returncode in (1, 2) else f"exit {proc.returncode}"), took, tail[:300]

    def run_mutant(self, m: Mutant, tests: list[str], timeout: float) -> None:
        path = self.root / m.file
        original = path.read_bytes()
        cached = Path(importlib.util.cache_from_source(str(path)))
        mutated = original[:m.start] + m.replacement.encode("utf-8") + original[m.end:]
        try:
            compile(mutated, m.file, "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
        except SyntaxError as exc:
            m.status, m.detail = "invalid", f"does not compile: {exc}"
            return
        try:
            path.write_bytes(mutated)
            cached.unlink(missing_ok=True)
            verdict, m.seconds, m.detail = self.pytest(tests, timeout)
            m.status = {"passed": "survived", "timeout": "timeout"}.get(verdict, "killed")
        finally:
            path.write_bytes(original)
            cached.unlink(missing_ok=True)
            py_compile.compile(str(path), cfile=str(cached), doraise=False, quiet=1)


def load_equivalent(path: Path = EQUIVALENT) -> dict[str, str]:
    """``docs/mutation-equivalent.toml``: [[mutant]] key = "…", reason = "…" (and where, for people)."""
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {m["key"]: m["reason"] for m in data.get("mutant", [])}


# ----- the run -------------------------------------------------------------------------------------
@dataclass
class CaseRun:
    system: str
    case: str
    tests: list[str]
    mutants: list[Mutant] = field(default_factory=list)
    found: int = 0                 # mutants found before --max-mutants
    baseline: str = ""
    baseline_seconds: float = 0.0
    baseline_shared: bool = False   # another case with the same tests ran the unmutated tests


def plan(args: argparse.Namespace, root: Path) -> list[CaseRun]:
    markers = marked_tests(root)
    systems = list(SYSTEMS) if args.all else [args.system]
    runs: list[CaseRun] = []
    sources: dict[str, Source] = {}
    for system in systems:
        # --key and --sample-mutants look at every case with code, tested or not (a case no
        # test reaches keeps its mutants: they survive)
        whole = bool(args.key or args.sample_mutants)
        if args.case:
            cases = args.case
        elif whole:
            cases = system_cases(system)
        else:
            cases = [c for c in system_cases(system) if markers.get((system, c))]
        candidates = []
        for case in cases:
            tests = tests_for(markers, system, case, args.scope)
            muts = find_mutants(root, system, case, sources)
            if args.case or (muts and (tests or whole)):
                candidates.append(CaseRun(system, case, tests, muts, len(muts)))
        if args.key:
            # named mutants (keys from --list or a report), wherever they are
            for r in candidates:
                r.mutants = [m for m in r.mutants if m.key in args.key]
            runs.extend(r for r in candidates if r.mutants)
            continue
        if args.sample_mutants:
            # the N case-mutants that rank first by a seeded hash of the case and the mutant's
            # key: an unbiased sample of the whole system, stable while other code changes
            ranked = sorted(((r, m) for r in candidates for m in r.mutants), key=lambda rm: hashlib.sha1(
                f"{args.seed}:{system}:{rm[0].case}:{rm[1].key}".encode()).digest())
            keep = {id(m) for _, m in ranked[:args.sample_mutants]}
            for r in candidates:
                r.mutants = [m for m in r.mutants if id(m) in keep]
            runs.extend(r for r in candidates if r.mutants)
            continue
        if args.sample and not args.case:
            # each case's rank depends on the seed and the case alone, so the sample stays the
            # same when other cases gain or lose code or tests
            ranked = sorted(candidates, key=lambda r: hashlib.sha1(f"{args.seed}:{system}:{r.case}".encode()).digest())
            keep = {r.case for r in ranked[:args.sample]}
            candidates = [r for r in candidates if r.case in keep]
        for r in candidates:
            if args.max_mutants and len(r.mutants) > args.max_mutants:
                rng = random.Random(f"{args.seed}:{system}:{r.case}")
                keep = set(id(m) for m in rng.sample(r.mutants, args.max_mutants))
                r.mutants = [m for m in r.mutants if id(m) in keep]
        runs.extend(candidates)
    return runs


def execute(runs: list[CaseRun], args: argparse.Namespace, log) -> None:
    equivalent = load_equivalent()
    base = Path(tempfile.mkdtemp(prefix="ringwar-mutate-"))
    try:
        workers = max(1, args.workers)
        snaps = list(cf.ThreadPoolExecutor(workers).map(lambda i: Snapshot(base, f"w{i}"), range(workers)))
        pool: list[Snapshot] = list(snaps)
        lock = threading.Lock()

        def borrow():
            with lock:
                return pool.pop()

        def give(s):
            with lock:
                pool.append(s)

        def baseline(r: CaseRun) -> None:
            if not r.tests:
                r.baseline = "passed"       # nothing to fail: each mutant survives (see one())
                return
            s = borrow()
            try:
                r.baseline, r.baseline_seconds, detail = s.pytest(r.tests, args.baseline_timeout)
            finally:
                give(s)
            log(f"baseline {r.system} {r.case}: {r.baseline} in {r.baseline_seconds:.1f}s, "
                f"{len(r.mutants)} mutants{'' if r.baseline == 'passed' else ' — ' + detail}")

        def one(job: tuple[CaseRun, Mutant]) -> None:
            r, m = job
            if m.key in equivalent:
                m.status, m.detail = "equivalent", equivalent[m.key]
            elif not r.tests:
                m.status, m.detail = "survived", "no test is marked for the case or its sub-cases"
            else:
                timeout = args.timeout or max(20.0, 3 * r.baseline_seconds + 5)
                s = borrow()
                try:
                    s.run_mutant(m, r.tests, timeout)
                finally:
                    give(s)
            log(f"{m.status:9} {m.system} {m.case} {m.file.removeprefix(SYSTEMS_DIR + '/')}:{m.line} "
                f"{m.description} ({m.seconds:.1f}s) [{m.key}]")

        with cf.ThreadPoolExecutor(workers) as ex:
            # cases with the same tests share one unmutated run (a sample over many cases)
            first: dict[tuple[str, ...], CaseRun] = {}
            for r in runs:
                first.setdefault(tuple(r.tests), r)
            list(ex.map(baseline, first.values()))
            for r in runs:
                rep = first[tuple(r.tests)]
                if rep is not r:
                    r.baseline, r.baseline_seconds, r.baseline_shared = rep.baseline, rep.baseline_seconds, True
            jobs = []
            for r in runs:
                for m in r.mutants:
                    if r.baseline == "passed":
                        jobs.append((r, m))
                    else:
                        m.status, m.detail = "skipped", f"unmutated tests: {r.baseline}"
            list(ex.map(one, jobs))
    finally:
        shutil.rmtree(base, ignore_errors=True)


def summarize(runs: list[CaseRun]) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for r in runs:
        s = out.setdefault(r.system, defaultdict(int))
        s["cases"] += 1
        for m in r.mutants:
            s[m.status] += 1
            s["total"] += m.status != "invalid"      # a mutation that does not compile is no mutant
    for s in out.values():
        counted = s["total"] - s["equivalent"] - s["skipped"]
        s["detected"] = s["killed"] + s["timeout"]
        s["score"] = round(100 * s["detected"] / counted, 1) if counted else None
    return {k: dict(v) for k, v in out.items()}


def interval95(detected: int, counted: int) -> tuple[float, float]:
    """Wilson's 95 % interval of a proportion, in per cent."""
    if not counted:
        return (0.0, 100.0)
    z, p, n = 1.96, detected / counted, counted
    mid, half = p + z * z / (2 * n), z * ((p * (1 - p) + z * z / (4 * n)) / n) ** 0.5
    d = 1 + z * z / n
    return (round(100 * (mid - half) / d, 1), round(100 * (mid + half) / d, 1))


def record(path: Path, runs: list[CaseRun], summary: dict, command: str, seconds: dict[str, float],
           sampled: bool = False) -> None:
    """Merge each run system's score into ``path`` (other systems' entries are kept).  With
    ``sampled`` (``--sample-mutants``) the command itself repeats the sample, and the entry
    keeps the number of cases the sample touched instead of their list."""
    data = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for system, s in summary.items():
        old = data.get(system)
        earlier = []
        if sampled and old and "interval95" in old:
            # an estimate keeps the ones before it, one line each (the table shows the progress)
            counted = old["total"] - old.get("equivalent", 0) - old.get("skipped", 0)
            detected = old["killed"] + old.get("timeout", 0)
            seed = re.search(r"--seed (\d+)", old.get("command", ""))
            lo, hi = old["interval95"]
            earlier = [*old.get("earlier", []),
                       f"{old['date']}, seed {seed.group(1) if seed else '?'}: "
                       f"{100 * detected / counted:.1f} % ({detected}/{counted}) [{lo:.0f}-{hi:.0f}]"]
        data[system] = {
            "date": date.today().isoformat(), "command": command,
            "cases": sorted({r.case for r in runs if r.system == system}, key=lambda c: [
                int(x) if x.isdigit() else x for x in re.findall(r"\d+|\D+", c)]),
            "killed": s.get("killed", 0), "timeout": s.get("timeout", 0), "survived": s.get("survived", 0),
            "equivalent": s.get("equivalent", 0), "skipped": s.get("skipped", 0), "total": s["total"],
            "seconds": round(seconds.get(system, 0.0)),
        }
        if sampled:
            data[system]["cases"] = len(data[system]["cases"])
            counted = s["total"] - s.get("equivalent", 0) - s.get("skipped", 0)
            data[system]["interval95"] = list(interval95(s.get("detected", 0), counted))
            data[system]["reproduce"] = reproduce(command, system, [])
            if earlier:
                data[system]["earlier"] = earlier
        else:
            data[system]["reproduce"] = reproduce(command, system, data[system]["cases"])
    old = path.read_text(encoding="utf-8").split("\n") if path.exists() else []
    header = old[:next((i for i, ln in enumerate(old) if not ln.startswith("#")), len(old))]
    lines = (header or ["# Mutation scores per system, written by tools/mutate.py --record and shown by",
                        "# tools/rules_coverage.py in docs/rules-coverage.md.  score = (killed + timeout) /",
                        "# (total - equivalent - skipped); seconds = the system's share of the run's wall time."]) + [""]
    for system in [k for k in SYSTEMS if k in data]:
        lines.append(f"[{system}]")
        for k, v in data[system].items():
            lines.append(f"{k} = {json.dumps(v, ensure_ascii=False)}")
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


def reproduce(command: str, system: str, cases: list[str]) -> str:
    """``command`` for ``system`` with its sample spelled out as ``--case`` options (the same
    mutants again, whatever other cases gain or lose)."""
    out, skip = [], False
    for w in shlex.split(command):
        if skip or w in ("--sample", "--system", "--case", "--all", "--record", "--json", "--quiet"):
            skip = w in ("--sample", "--system", "--case", "--record", "--json")
            continue
        out.append(w)
    return " ".join(shlex.quote(w) for w in out[:2] + ["--system", system] + out[2:]) + "".join(
        f" --case {shlex.quote(c)}" for c in cases)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    which = ap.add_mutually_exclusive_group(required=True)
    which.add_argument("--system", choices=list(SYSTEMS))
    which.add_argument("--all", action="store_true", help="every system")
    ap.add_argument("--case", action="append", help='a rule case as the markers spell it: "[15.12]", "§V20" (repeatable)')
    ap.add_argument("--sample", type=int, default=0, help="N cases per system (with code and tests), chosen with --seed")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--max-mutants", type=int, default=0, help="at most N mutants per case (seeded sample)")
    ap.add_argument("--key", action="append", help="only the mutant with this key (repeatable; keys from --list)")
    ap.add_argument("--sample-mutants", type=int, default=0, metavar="N",
                    help="N mutants drawn from all the system's cases (seeded): an estimate of the "
                         "whole system's score, with a 95%% interval")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=0, help="seconds per mutant (default: max(20, 3 × unmutated + 5))")
    ap.add_argument("--baseline-timeout", type=float, default=300)
    ap.add_argument("--scope", choices=("files", "marked"), default="files",
                    help="files: the marked tests' whole modules (default); marked: the marked tests only")
    ap.add_argument("--list", action="store_true", help="list the cases, tests and mutants; run nothing")
    ap.add_argument("--json", nargs="?", const="-", metavar="FILE", help="write the results as JSON (to FILE or stdout)")
    ap.add_argument("--show", choices=("survived", "all", "none"), default="survived", help="whose diffs to print")
    ap.add_argument("--record", metavar="TOML", help="merge the scores into TOML (docs/mutation-scores.toml)")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    args = ap.parse_args(argv)
    if args.case and args.all:
        ap.error("--case needs one --system")
    to_stdout_json = args.json == "-"
    report = sys.stderr if to_stdout_json else sys.stdout

    def log(msg: str) -> None:
        if not args.quiet:
            print(msg, file=sys.stderr, flush=True)

    runs = plan(args, ROOT)
    if args.list:
        for r in runs:
            print(f"{r.system} {r.case}: {len(r.mutants)} of {r.found} mutants; tests: {', '.join(r.tests) or 'none'}",
                  file=report)
            for m in r.mutants:
                print(f"    {m.key} {m.file.removeprefix(SYSTEMS_DIR + '/')}:{m.line} {m.function}: {m.description}",
                      file=report)
        return 0
    t0 = time.monotonic()
    execute(runs, args, log)
    wall = time.monotonic() - t0
    summary = summarize(runs)
    spent: dict[str, float] = defaultdict(float)
    for r in runs:
        spent[r.system] += (0.0 if r.baseline_shared else r.baseline_seconds) + sum(m.seconds for m in r.mutants)
    total_spent = sum(spent.values()) or 1.0
    seconds = {k: wall * v / total_spent for k, v in spent.items()}

    for r in runs:
        for m in r.mutants:
            if args.show == "all" or (args.show == "survived" and m.status == "survived"):
                print(f"\n--- {m.status}: {m.system} {m.case} {m.file}:{m.line} in {m.function}: {m.description}"
                      f" [{m.key}]" + (f"\n    {m.detail}" if m.detail else ""), file=report)
                print(m.diff.rstrip(), file=report)
    print("\nsystem            cases  killed  timeout  survived  equiv  total  score", file=report)
    for system, s in summary.items():
        score = "-" if s["score"] is None else f"{s['score']}%"
        if args.sample_mutants and s["score"] is not None:
            lo, hi = interval95(s["detected"], s["total"] - s.get("equivalent", 0) - s.get("skipped", 0))
            score += f" [{lo}-{hi}]"
        print(f"{system:17} {s['cases']:5}  {s.get('killed', 0):6}  {s.get('timeout', 0):7}  {s.get('survived', 0):8}"
              f"  {s.get('equivalent', 0):5}  {s['total']:5}  {score}  (~{seconds.get(system, 0):.0f}s)", file=report)
    for r in runs:
        if r.baseline != "passed":
            print(f"note: {r.system} {r.case}: unmutated tests {r.baseline or 'not run'}", file=report)
    print(f"wall time {wall:.0f}s with {args.workers} worker(s)", file=report)

    if args.record:
        argv_shown, skip = [], False
        for a in (argv if argv is not None else sys.argv[1:]):       # the command, less where it wrote
            if skip or a in ("--record", "--json", "--quiet") or a.startswith(("--record=", "--json=")):
                skip = a in ("--record", "--json")
                continue
            argv_shown.append(a)
        command = "python tools/mutate.py " + " ".join(shlex.quote(a) for a in argv_shown)
        record(Path(args.record), runs, summary, command, seconds, sampled=bool(args.sample_mutants))
    if args.json:
        payload = json.dumps({"summary": summary, "wall_seconds": round(wall, 1), "cases": [
            {**{k: v for k, v in asdict(r).items() if k != "mutants"},
             "mutants": [{k: v for k, v in asdict(m).items() if k not in ("start", "end")} for m in r.mutants]}
            for r in runs]}, indent=1, ensure_ascii=False)
        if to_stdout_json:
            print(payload)
        else:
            Path(args.json).write_text(payload, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
