"""The hand-written stub of the compiled core matches what the core exports."""

import subprocess
import sys


def test_core_stub_matches_runtime():
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "razz_fast._core"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
