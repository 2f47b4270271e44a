"""Read a page's tables and elements as plain text, to assert exact values (standard library only)."""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
BLOCKS = {"div", "dd", "dt", "li", "p", "td", "th", "tr"}  # their text never runs into the next


class _Tables(HTMLParser):
    """Rows (lists of cell texts) of every table whose class list has `css_class`."""

    def __init__(self, css_class: str):
        super().__init__()
        self.css_class = css_class
        self.depth = 0  # >0 inside a matching table
        self.tables: list[list[list[str]]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and (self.depth or self.css_class in classes):
            if not self.depth:
                self.tables.append([])
            self.depth += 1
        elif self.depth and tag == "tr":
            self.tables[-1].append([])
        elif self.depth and tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if self.depth and tag == "table":
            self.depth -= 1
        elif self.cell is not None and tag in ("td", "th"):
            self.tables[-1][-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def table_rows(html: str, css_class: str) -> list[list[list[str]]]:
    """Each table with that class, as rows of whitespace-normalised cell texts."""
    parser = _Tables(css_class)
    parser.feed(html)
    return parser.tables


class _Element(HTMLParser):
    """The text inside the first element with the given id."""

    def __init__(self, element_id: str):
        super().__init__()
        self.element_id = element_id
        self.depth = 0
        self.text: list[str] = []
        self.done = False

    def handle_starttag(self, tag, attrs):
        if tag in VOID or self.done:
            return
        if self.depth or dict(attrs).get("id") == self.element_id:
            self.depth += 1
            if tag in BLOCKS:
                self.text.append(" ")

    def handle_endtag(self, tag):
        if self.depth and tag not in VOID:
            self.depth -= 1
            if tag in BLOCKS:
                self.text.append(" ")
            self.done = self.depth == 0

    def handle_data(self, data):
        if self.depth:
            self.text.append(data)


def text_of(html: str, element_id: str) -> str:
    """The whitespace-normalised text of the element with that id ("" when there is none)."""
    parser = _Element(element_id)
    parser.feed(html)
    return " ".join("".join(parser.text).split())
