"""The code says a thing once: at most 20 pairs of places in `scorekeeper/` share a run of six or more lines of the
same shape (scripts/same_shape_runs.py counts them, as docs/decisions/layers.md says)."""

from __future__ import annotations

from pathlib import Path

from scripts.same_shape_runs import same_shape_pairs, shaped_lines

ROOT = Path(__file__).resolve().parent.parent
MOST_PAIRS = 20


def test_at_most_twenty_pairs_of_places_share_six_lines_of_the_same_shape():
    pairs = same_shape_pairs(ROOT / "scorekeeper")
    assert len(pairs) <= MOST_PAIRS, "\n".join(f"{a}:{i} {b}:{j} ({length} lines)" for a, i, b, j, length in pairs)


def test_a_lines_shape_leaves_out_docstrings_imports_comments_and_string_contents():
    source = '''"""A module."""
import os

def total(a, b):  # the sum
    """Add."""
    return a + "x" + b
'''
    assert shaped_lines(source) == [(4, "def total ( a , b ) :"), (6, 'return a + "" + b')]


def test_two_places_sharing_a_longer_run_count_once(tmp_path):
    body = "".join(f"    value{number} = other.value{number} + '{number}'\n" for number in range(8))
    folder = tmp_path / "package"
    folder.mkdir()
    (folder / "one.py").write_text(f"def first(other):\n{body}")
    (folder / "two.py").write_text(f"def second(other):\n    step = 0\n{body}")
    (folder / "three.py").write_text(f"def third(other):\n{body[:len(body) // 2]}")
    assert same_shape_pairs(folder) == [(f"{folder.name}/one.py", 2, f"{folder.name}/two.py", 3, 8)]
