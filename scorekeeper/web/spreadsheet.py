"""Text for CSV cells that spreadsheets open safely."""

from __future__ import annotations

from typing import Final

# Spreadsheets run a cell that starts with one of these as a formula.
FORMULA_STARTS: Final = ("=", "+", "-", "@")


def cell(value: str) -> str:
    """A name as a CSV cell that no spreadsheet reads as a formula.

    >>> cell("=SUM(A1)"), cell("Ann")
    ("'=SUM(A1)", 'Ann')
    """
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value
