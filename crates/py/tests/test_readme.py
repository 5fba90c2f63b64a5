"""The README's Python examples run as written (all but the cluster's, which needs one; the
distributed tests run the same calls on a cluster of their own)."""

import os
import re

import pytest

from conftest import ROOT


def python_blocks():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_readme_has_its_examples():
    blocks = python_blocks()
    assert len(blocks) == 4 and sum("HEAD:6379" in b for b in blocks) == 1


@pytest.mark.parametrize("index", range(3))
def test_a_readme_example_runs(index, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    os.environ.setdefault("MPLBACKEND", "Agg")
    block = [b for b in python_blocks() if "HEAD:6379" not in b][index]
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(compile(block, f"README.md, example {index + 1}", "exec"), {"__name__": "__readme__"})
    finally:
        os.chdir(cwd)
    out = capsys.readouterr().out
    assert out.strip()
    if index == 0:
        assert (tmp_path / "lengths.png").stat().st_size > 1000 and "4865609" in out
