"""docs/rules-coverage.md is generated from the tests' rule markers; it must be current."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_rules_coverage_page_is_current() -> None:
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "rules_coverage.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
