"""The test of the tests: tools/mutate.py finds the code of a rule case, breaks it in a private
copy, and the tests marked for the case catch it (issue 17).  If citations, markers or the tool
drift apart, this fails instead of the tool reporting nothing."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("ringwar_mutate_tool", ROOT / "tools" / "mutate.py")
mutate = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = mutate          # dataclasses look their module up by name
_spec.loader.exec_module(mutate)

STATE = "src/ringwar/systems/spi/state.py"


def setup_module() -> None:
    if os.environ.get(mutate.MUTATING):
        pytest.skip("inside a run of tools/mutate.py: the tool does not run itself")


def test_4_11_cavalry_allowance_mutant_is_killed_by_the_marked_tests():
    """[4.11] cavalry moves six: `self.kind == "cavalry"` flipped to `!=` in Piece gives cavalry
    the infantry allowance; the [4.11] tests pass on the real code and fail on the mutant."""
    mutants = mutate.find_mutants(ROOT, "standard", "[4.11]")
    flip = [m for m in mutants if m.file == STATE and m.description == "`==` → `!=`"
            and '"cavalry"' in m.diff and "[4.11]" in m.diff]
    assert len(flip) == 1, [(m.file, m.line, m.description) for m in mutants]
    m = flip[0]
    assert '-                self.ma = movement.get("cavalry", 6) if self.kind == "cavalry"' in m.diff
    assert '+                self.ma = movement.get("cavalry", 6) if self.kind != "cavalry"' in m.diff

    tests = mutate.tests_for(mutate.marked_tests(ROOT), "standard", "[4.11]", "marked")
    assert "tests/spi/test_spi_movement.py::test_4_11_cavalry_moves_six" in tests
    before = hashlib.sha256((ROOT / STATE).read_bytes()).hexdigest()
    with tempfile.TemporaryDirectory(prefix="ringwar-mutate-test-") as tmp:
        snap = mutate.Snapshot(Path(tmp), "w0")
        verdict, _, detail = snap.pytest(tests, timeout=120)
        assert verdict == "passed", detail                   # the unmutated rule passes its tests
        snap.run_mutant(m, tests, timeout=120)
        assert m.status == "killed", (m.status, m.detail)     # ... and the mutant fails them
        assert "test_4_11" in m.detail
        assert (Path(tmp) / "w0" / STATE).read_bytes() == (ROOT / STATE).read_bytes()   # restored
    assert hashlib.sha256((ROOT / STATE).read_bytes()).hexdigest() == before          # never touched


def test_selection_and_operators_on_a_small_module(tmp_path: Path):
    """Which lines belong to a case (docstring, trailing comment, comment line before, cited
    string with its guarding `if`) and which mutations each gets."""
    pkg = tmp_path / "src" / "ringwar" / "systems" / "spi"
    pkg.mkdir(parents=True)
    (pkg / "rules.py").write_text(textwrap.dedent('''\
        """[1.1] [1.2] a module docstring cites whole sections: not taken."""
        WEST, SAURON = "westernesse", "sauron"


        def allowance(p):
            """[1.1] the allowance."""
            if p.kind == "cavalry" and p.fresh:
                return 6
            return 4


        def other(p, mp):
            x = mp < 3  # [1.2]
            # [1.3] the next statement
            y = p.side == WEST
            if p.hex in ("a", "b"):
                raise ValueError("[1.4] no")
            z = mp >= 2
            return x, y, z, "a"[0]


        # ===== [1.6] a banner names a section: not taken ========================
        OPTIONS = {
            "a": opt(3, "[1.6] the first"),
            "b": opt(0, "[1.7] the second", maximum=18),
        }
        '''), encoding="utf-8")

    def described(case: str) -> list[str]:
        return [m.description for m in mutate.find_mutants(tmp_path, "standard", case)]

    assert described("[1.1]") == [
        'condition negated: `p.kind == "cavalry" and p.fresh`',
        'condition dropped: `p.kind == "cavalry" and p.fresh` → False',
        '`and` operand removed: `p.kind == "cavalry"`', "`and` operand removed: `p.fresh`",
        "`==` → `!=`", "6 → 7", "6 → 5", "4 → 5", "4 → 3"]
    assert described("[1.2]") == ["`<` → `<=`", "3 → 4", "3 → 2"]
    assert described("[1.3]") == ["`==` → `!=`", "side swapped: WEST → SAURON"]
    assert described("[1.4]") == [                            # the guard of the cited raise
        'condition negated: `p.hex in ("a", "b")`', 'condition dropped: `p.hex in ("a", "b")` → False',
        "`in` → `not in`"]
    assert described("[1.5]") == []
    # a declared table's entry, not the whole table; the banner before it takes nothing
    assert described("[1.6]") == ["3 → 4", "3 → 2"]
    assert sorted(described("[1.7]")) == ["0 → 1", "18 → 17", "18 → 19"]
    m = mutate.find_mutants(tmp_path, "standard", "[1.2]")[0]
    assert "-    x = mp < 3  # [1.2]" in m.diff and "+    x = mp <= 3  # [1.2]" in m.diff


def test_a_line_citing_another_case_belongs_to_that_case_not_to_the_functions(tmp_path: Path):
    """A function whose docstring cites [4.3] is [4.3]'s code, less its statements that cite
    another case of the system ([6.11]): a mutant there breaks [6.11], and [6.11]'s tests are
    the ones to catch it.  A statement citing the function's own case stays its own."""
    pkg = tmp_path / "src" / "ringwar" / "systems" / "spi"
    pkg.mkdir(parents=True)
    (pkg / "rules.py").write_text(textwrap.dedent('''\
        def cost(p, mp):
            """[4.3] the cost of a hex."""
            if p.zoc and mp > 0:  # [6.11]
                return 9
            if p.rough:
                raise ValueError("[4.3] [6.11] both")
            return mp + 1
        '''), encoding="utf-8")

    def described(case: str) -> list[str]:
        return [m.description for m in mutate.find_mutants(tmp_path, "standard", case)]

    assert described("[6.11]") == [
        "condition negated: `p.zoc and mp > 0`", "condition dropped: `p.zoc and mp > 0` → False",
        "`and` operand removed: `p.zoc`", "`and` operand removed: `mp > 0`", "`>` → `>=`",
        "0 → 1", "9 → 10", "9 → 8",
        "condition negated: `p.rough`", "condition dropped: `p.rough` → False"]
    own = described("[4.3]")
    assert not any("p.zoc" in d or "9 →" in d or ">" in d for d in own)   # [6.11]'s line
    assert own == ["condition negated: `p.rough`", "condition dropped: `p.rough` → False",
                   "1 → 2", "1 → 0"]                     # the line citing both stays [4.3]'s too


def test_a_section_cited_as_a_whole_lends_its_sub_cases_tests():
    markers = {("standard", "[7.21]"): ["t.py::a"], ("standard", "[7.2]"): [],
               ("standard", "[7.3]"): ["t.py::b"], ("standard", "[15.1]"): ["g.py::c"],
               ("minas-tirith", "§7.1.1"): ["m.py::d"], ("minas-tirith", "§7.10"): ["m.py::e"]}
    assert mutate.sub_cases(markers, "standard", "[7.2]") == ["[7.21]"]
    assert mutate.sub_cases(markers, "standard", "[15.0]") == ["[15.1]"]
    assert mutate.sub_cases(markers, "minas-tirith", "§7.1") == ["§7.1.1"]   # not §7.10
    assert mutate.tests_for(markers, "standard", "[7.2]", "marked") == ["t.py::a"]
    assert mutate.tests_for(markers, "standard", "[7.4]", "marked") == []


def test_interval95_is_wilsons():
    lo, hi = mutate.interval95(35, 50)                 # 70 %: Wilson 56.2-80.9
    assert (lo, hi) == (56.2, 80.9)
    assert mutate.interval95(0, 0) == (0.0, 100.0)
    assert mutate.interval95(50, 50)[1] == 100.0


def test_sample_mutants_draws_from_every_case_and_stays_put():
    args = mutate.argparse.Namespace(all=False, system="ring", case=None, sample=0, seed=3,
                                     max_mutants=0, sample_mutants=25, scope="files", key=None)
    runs = mutate.plan(args, ROOT)
    picked = [(r.case, m.key) for r in runs for m in r.mutants]
    assert len(picked) == 25 and len({c for c, _ in picked}) > 5     # spread over the cases
    assert picked == [(r.case, m.key) for r in mutate.plan(args, ROOT) for m in r.mutants]
    args.seed = 4
    assert picked != [(r.case, m.key) for r in mutate.plan(args, ROOT) for m in r.mutants]


def test_the_equivalent_mutants_file_parses_and_every_entry_says_where_what_and_why() -> None:
    """docs/mutation-equivalent.toml is read by every run: a quoting slip there stops them all."""
    import tomllib
    data = tomllib.loads(mutate.EQUIVALENT.read_text(encoding="utf-8"))
    entries = data["mutant"]
    keys = [m["key"] for m in entries]
    dupes = {k for k in keys if keys.count(k) > 1}
    assert not dupes, f"listed twice: {sorted(dupes)}"
    for m in entries:
        assert set(m) >= {"key", "where", "mutation", "reason"}, m
        assert mutate.re.fullmatch(r"[0-9a-f]{12}(-\d+)?", m["key"]), m["key"]
        ref = mutate.re.fullmatch(r"(?:see|as) ([0-9a-f]{12}(-\d+)?)", m["reason"])
        assert (ref and ref.group(1) in keys) or len(m["reason"]) > 20, m["key"]
    assert mutate.load_equivalent() == {m["key"]: m["reason"] for m in entries}


def test_a_recorded_estimate_keeps_the_ones_before_it(tmp_path: Path) -> None:
    from types import SimpleNamespace
    path = tmp_path / "estimate.toml"
    runs = [SimpleNamespace(system="ring", case="[8.1]"), SimpleNamespace(system="ring", case="[8.4]")]

    def summary(killed: int, survived: int) -> dict:
        return {"ring": {"killed": killed, "survived": survived, "total": killed + survived, "detected": killed}}

    mutate.record(path, runs, summary(35, 15), "python tools/mutate.py --system ring --sample-mutants 50 --seed 1",
                  {"ring": 10.0}, sampled=True)
    mutate.record(path, runs, summary(45, 5), "python tools/mutate.py --system ring --sample-mutants 50 --seed 2",
                  {"ring": 10.0}, sampled=True)
    import tomllib
    ring = tomllib.loads(path.read_text(encoding="utf-8"))["ring"]
    assert ring["killed"] == 45 and ring["cases"] == 2 and ring["interval95"] == [78.6, 95.7]
    assert len(ring["earlier"]) == 1
    assert ring["earlier"][0].endswith(", seed 1: 70.0 % (35/50) [56-81]")


def test_record_keeps_the_files_own_header(tmp_path: Path) -> None:
    from types import SimpleNamespace
    path = tmp_path / "estimate.toml"
    path.write_text("# my header\n# second line\n\n[ring]\ndate = \"x\"\n", encoding="utf-8")
    mutate.record(path, [SimpleNamespace(system="ring", case="[8.1]")],
                  {"ring": {"killed": 1, "survived": 0, "total": 1, "detected": 1}}, "cmd", {"ring": 1.0})
    assert path.read_text(encoding="utf-8").startswith("# my header\n# second line\n\n[ring]\n")
