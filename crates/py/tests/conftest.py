"""Shared set-up of the Python tests: where the repository and the `hetproba` binary are, and Ray
kept on the loopback address."""

import os
import pathlib
import subprocess

import pytest

# Ray resolves "127.0.0.1" to the machine's network address unless told it runs on one
# machine: the tests' clusters stay on the loopback address.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def cli():
    """Runs the `hetproba` binary (HETPROBA_BIN, or the release build of this repository) and
    returns its standard output."""
    binary = os.environ.get("HETPROBA_BIN") or str(ROOT / "target" / "release" / "hetproba")
    if not os.path.exists(binary):
        pytest.fail(f"no hetproba binary at {binary}: build it first (cargo build --release) or set HETPROBA_BIN")

    def run(*args: str) -> str:
        done = subprocess.run([binary, *args], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout

    return run
