"""Reading the files spreadsheets write: any usual encoding, any usual separator, Italian or
English headers, and errors that name the line and the column.

A club's entrant list comes from Excel, LibreOffice or a phone: UTF-8 with or without a byte
order mark, UTF-16 (Excel's "Unicode text"), or Windows-1252 (Excel's "CSV" on Windows);
separated by commas, semicolons (Excel's default where the decimal mark is a comma, as in
Italy) or tabs. :func:`decode` turns the bytes into text; :func:`rows` finds the separator
from the header line, maps each header to its column by :data:`HEADERS` (``numero`` is
``number``, ``nome`` is ``name``, ...), and yields each row as a :class:`Row`, whose
accessors raise :class:`~burraco.TournamentError` naming ``line N, column M (header)``.

>>> decode("número;nome\\n".encode("cp1252"))
'número;nome\\n'
>>> [row.cells for row in rows("Numero;Nome\\n1;Rossi - Bianchi\\n", ("number", "name"), ())]
[{'number': '1', 'name': 'Rossi - Bianchi'}]
"""

from __future__ import annotations

import codecs
import csv
import io
import unicodedata
from collections.abc import Iterator, Sequence
from typing import Final

from burraco.errors import Reason, TournamentError, excerpt

__all__ = ["HEADERS", "MOST_TEXT", "Row", "decode", "rows"]

MOST_TEXT: Final = 4_000_000
"""The longest file read, in characters."""

HEADERS: Final[dict[str, str]] = {
    # entrants
    "number": "number", "no": "number", "n": "number", "nr": "number", "num": "number",
    "numero": "number", "coppia n": "number", "id": "number",
    "name": "name", "nome": "name", "coppia": "name", "squadra": "name", "team": "name",
    "pair": "name",
    "player1": "player1", "player 1": "player1", "giocatore1": "player1",
    "giocatore 1": "player1", "first player": "player1",
    "player2": "player2", "player 2": "player2", "giocatore2": "player2",
    "giocatore 2": "player2", "second player": "player2",
    "club": "club", "circolo": "club", "associazione": "club", "asd": "club",
    # tables
    "table": "table", "tavolo": "table", "tav": "table",
    "home": "home", "ns": "home", "nord sud": "home", "north south": "home", "casa": "home",
    "away": "away", "ew": "away", "eo": "away", "est ovest": "away", "east west": "away",
    "ospiti": "away",
    # victory-point tables
    "up to": "up_to", "up_to": "up_to", "fino a": "up_to", "differenza fino a": "up_to",
    "winner": "winner", "vincitore": "winner", "vincente": "winner",
    "loser": "loser", "perdente": "loser",
}  # fmt: skip
"""Header spellings (lower case, accents, dots, dashes and underscores read as spaces) and
the column each names: English and Italian."""

_SEPARATORS: Final = (",", ";", "\t")


def decode(data: bytes) -> str:
    """The text of a file's bytes: UTF-8 (with or without a byte order mark), UTF-16 (with a
    byte order mark, or without one when every other byte is zero), else Windows-1252.

    >>> decode("\\ufeffnome\\n".encode("utf-16-le"))
    'nome\\n'

    Raises:
        TournamentError: ``bad-csv`` for bytes no such encoding reads.
    """
    if data.startswith(codecs.BOM_UTF8):
        encodings: tuple[str, ...] = ("utf-8-sig",)
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encodings = ("utf-16",)
    elif len(data) >= 4 and data[1:8:2].count(0) >= 2 and not data[0:8:2].count(0):
        encodings = ("utf-16-le",)
    elif len(data) >= 4 and data[0:8:2].count(0) >= 2 and not data[1:8:2].count(0):
        encodings = ("utf-16-be",)
    else:
        encodings = ("utf-8", "cp1252")
    for encoding in encodings:
        try:
            return data.decode(encoding).lstrip("\ufeff")
        except UnicodeDecodeError:
            continue
    raise TournamentError(
        "the file is not text in UTF-8, UTF-16 or Windows-1252: save it from the spreadsheet "
        "as CSV",
        reason=Reason.BAD_CSV,
    )


def _key(header: str) -> str:
    plain = unicodedata.normalize("NFKD", header.strip().lower())
    plain = "".join(char for char in plain if not unicodedata.combining(char))
    for mark in ".-_/°º#()":
        plain = plain.replace(mark, " ")
    return " ".join(plain.split())


def _separator(header_line: str) -> str:
    counts = {separator: header_line.count(separator) for separator in _SEPARATORS}
    best = max(_SEPARATORS, key=lambda separator: counts[separator])
    return best if counts[best] else ","


class Row:
    """One row of a file: its line number and its cells by column, with checked accessors."""

    def __init__(self, line: int, cells: dict[str, str], columns: dict[str, int]) -> None:
        self.line = line
        """The line the row starts on, from 1 (the header is line 1)."""
        self.cells = cells
        """The cells by column name (``number``, ``name``, ...), stripped."""
        self._columns = columns

    def place(self, column: str) -> str:
        """``line N, column M (column)``: where a cell is, for an error."""
        return f"line {self.line}, column {self._columns[column] + 1} ({column})"

    def text(self, column: str) -> str:
        """The cell of ``column`` (``""`` when the file has no such column)."""
        return self.cells.get(column, "")

    def number(self, column: str, least: int, most: int) -> int:
        """The cell of ``column`` as a whole number from ``least`` to ``most``.

        Raises:
            TournamentError: ``out-of-range`` naming the line and column.
        """
        text = self.text(column)
        digits = text[1:] if text[:1] == "-" else text
        if not digits.isascii() or not digits.isdigit() or len(digits) > 7:
            raise TournamentError(
                f"expected a whole number from {least} to {most}, not {excerpt(text)}",
                reason=Reason.OUT_OF_RANGE,
                path=self.place(column),
            )
        value = int(text)
        if not least <= value <= most:
            raise TournamentError(
                f"expected a whole number from {least} to {most}, not {value}",
                reason=Reason.OUT_OF_RANGE,
                path=self.place(column),
            )
        return value


def rows(text: str, required: Sequence[str], optional: Sequence[str]) -> Iterator[Row]:
    """The rows of CSV ``text`` under a header line naming the ``required`` columns and any
    of the ``optional`` ones (in any order, in English or Italian, see :data:`HEADERS`).
    Blank rows are skipped.

    Raises:
        TournamentError: ``bad-csv`` for a missing, unknown or repeated column (``line 1``),
            a row with more cells than the header (its line), or broken quoting.
    """
    if not isinstance(text, str):
        raise TournamentError("expected the text of a csv file", reason=Reason.WRONG_TYPE)
    if len(text) > MOST_TEXT:
        raise TournamentError(
            f"a csv file of at most {MOST_TEXT} characters", reason=Reason.OUT_OF_RANGE
        )
    text = text.lstrip("\ufeff")
    first = text.split("\n", 1)[0]
    reader = csv.reader(io.StringIO(text), delimiter=_separator(first), strict=True)
    known = (*required, *optional)
    try:
        header = next(reader, [])
        columns: dict[str, int] = {}
        for index, title in enumerate(header):
            key = _key(title)
            if not key and index == len(header) - 1:
                continue  # a trailing separator
            name = HEADERS.get(key, key)
            if name not in known:
                expected = ", ".join(known)
                raise TournamentError(
                    f"unknown column {excerpt(title)}: the columns are {expected}",
                    reason=Reason.BAD_CSV,
                    path=f"line 1, column {index + 1}",
                )
            if name in columns:
                raise TournamentError(
                    f"column {excerpt(title)} names {name} a second time",
                    reason=Reason.BAD_CSV,
                    path=f"line 1, column {index + 1}",
                )
            columns[name] = index
        missing = [name for name in required if name not in columns]
        if missing:
            raise TournamentError(
                f"the header {excerpt(first)} lacks the column {missing[0]} (it needs "
                f"{', '.join(required)})",
                reason=Reason.BAD_CSV,
                path="line 1",
            )
        line = reader.line_num + 1
        for row in reader:
            if any(cell.strip() for cell in row):
                extra = [cell for cell in row[len(header) :] if cell.strip()]
                if extra:
                    raise TournamentError(
                        f"{len(row)} cells under a header of {len(header)}: "
                        f"{excerpt(extra[0])} has no column",
                        reason=Reason.BAD_CSV,
                        path=f"line {line}, column {len(header) + 1}",
                    )
                cells = {
                    name: row[index].strip() if index < len(row) else ""
                    for name, index in columns.items()
                }
                yield Row(line, cells, columns)
            line = reader.line_num + 1
    except csv.Error as error:
        raise TournamentError(
            f"{error}: a quote opened and not closed?",
            reason=Reason.BAD_CSV,
            path=f"line {reader.line_num}",
        ) from None
