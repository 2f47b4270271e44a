"""Pairs of places in `scorekeeper/` that share a run of six or more lines of the same shape.

A line's shape is its code with the indentation, comments and string contents left out; docstrings, imports and
blank lines do not count. Two places sharing a longer run count once. Usage: `python scripts/same_shape_runs.py
[folder] [--list]`; it prints the number of pairs (and each pair with --list).
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from collections import defaultdict
from pathlib import Path

RUN = 6


def shaped_lines(source: str) -> list[tuple[int, str]]:
    """Each counted line of `source`, with its number: its tokens, strings as `""`, comments dropped."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) or (
                isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)):
            skipped.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    lines: dict[int, list[str]] = defaultdict(list)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                          tokenize.ENDMARKER) or token.start[0] in skipped:
            continue
        lines[token.start[0]].append('""' if token.type == tokenize.STRING else token.string)
    return [(number, " ".join(tokens)) for number, tokens in sorted(lines.items())]


def same_shape_pairs(folder: Path) -> list[tuple[str, int, str, int, int]]:
    """Each pair of places sharing a run: (file, first line, other file, its first line, lines shared)."""
    files = {path.relative_to(folder.parent).as_posix(): shaped_lines(path.read_text(encoding="utf-8"))
             for path in sorted(folder.rglob("*.py"))}
    windows: dict[tuple[str, ...], list[tuple[str, int]]] = defaultdict(list)
    for name, lines in files.items():
        for start in range(len(lines) - RUN + 1):
            windows[tuple(text for _, text in lines[start:start + RUN])].append((name, start))
    matched: set[tuple[str, int, str, int]] = set()
    for places in windows.values():
        for first in range(len(places)):
            for second in range(first + 1, len(places)):
                (a, i), (b, j) = places[first], places[second]
                if a != b or abs(i - j) >= RUN:
                    matched.add((a, i, b, j))
    pairs = []
    for a, i, b, j in sorted(matched):
        if (a, i - 1, b, j - 1) in matched:
            continue  # inside a run already counted from its start
        length = RUN
        while (a, i + length - RUN + 1, b, j + length - RUN + 1) in matched:
            length += 1
        pairs.append((a, files[a][i][0], b, files[b][j][0], length))
    return pairs


def main(arguments: list[str]) -> None:
    folder = Path(next((argument for argument in arguments if not argument.startswith("--")), "scorekeeper"))
    pairs = same_shape_pairs(folder.resolve())
    if "--list" in arguments:
        for a, i, b, j, length in pairs:
            print(f"{a}:{i}  {b}:{j}  {length} lines")
    print(len(pairs))


if __name__ == "__main__":
    main(sys.argv[1:])
