"""A small PDF writer for pages of text: the standings and the dealers' hand records.

The library prints tables of text (names, numbers, cards), so a page is lines of text in
Courier, one of the fonts every PDF reader has, in the Windows-1252 encoding (Italian accents
print; a character outside it prints as ``?``). Lines longer than a page is wide are cut;
a page holds :data:`LINES_PER_PAGE` lines and more lines start a new page; a form feed
(``"\\f"``) starts a new page too. The file is PDF 1.4 with a cross-reference table, so any
reader opens it.

>>> data = pdf_document(["Standings", "1  Rossi - Bianchi  57"], title="Friday")
>>> data[:8], data.rstrip().endswith(b"%%EOF")
(b'%PDF-1.4', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = ["LINES_PER_PAGE", "pdf_document"]

LINES_PER_PAGE: Final = 64
"""Lines on an A4 page at 9 points a character, 11.5 points a line."""
_WIDTH: Final = 595
_HEIGHT: Final = 842
_MARGIN: Final = 36
_COLUMNS: Final = 97
"""Courier's characters are 0.6 of its size wide: 97 of them fill the page at 9 points."""


def _text(line: str) -> bytes:
    encoded = line[:_COLUMNS].encode("cp1252", errors="replace")
    return encoded.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def _pages(lines: Iterable[str]) -> list[list[str]]:
    pages: list[list[str]] = [[]]
    for line in lines:
        for part in line.split("\n"):
            if part.startswith("\f") or len(pages[-1]) >= LINES_PER_PAGE:
                if pages[-1]:
                    pages.append([])
                part = part.lstrip("\f")
            pages[-1].append(part.replace("\r", ""))
    return pages


def pdf_document(lines: Iterable[str], *, title: str = "") -> bytes:
    """A PDF file of ``lines`` of text on A4 pages (see the module's description)."""
    pages = _pages(lines)
    objects: list[bytes] = []
    # 1 catalog, 2 pages, 3 font, 4 info, then a page and its contents for each page
    kids = " ".join(f"{5 + 2 * index} 0 R" for index in range(len(pages)))
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode())
    objects.append(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>"
    )
    objects.append(b"<< /Title (" + _text(title) + b") /Producer (burraco) >>")
    for index, page in enumerate(pages):
        contents = 6 + 2 * index
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {_WIDTH} {_HEIGHT}] "
            f"/Resources << /Font << /F1 3 0 R >> >> /Contents {contents} 0 R >>".encode()
        )
        stream = [f"BT /F1 9 Tf 11.5 TL {_MARGIN} {_HEIGHT - _MARGIN} Td".encode()]
        stream += [b"(" + _text(line) + b") '" for line in page]
        stream.append(b"ET")
        body = b"\n".join(stream)
        objects.append(f"<< /Length {len(body)} >>\nstream\n".encode() + body + b"\nendstream")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 4 0 R >>\n"
        f"startxref\n{xref}\n%%EOF\n"
    ).encode()
    return bytes(out)
