"""The commands besides ``demo`` and ``play`` in Italian and Brazilian Portuguese: ``validate``
and ``score`` print their human messages with the catalogue's words and the locale's numbers,
and no English label is left; English stays as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from burraco.cli import main

SCORED: dict[str, object] = {
    "rules": "classic",
    "teams": [
        {
            "melds": ["4S 5S 6S 7S 8S 9S 10S", "KH KD KC", "6D 7D JK"],
            "hand": "3C AH",
            "pozzetto": True,
            "closed": True,
        },
        {
            "melds": ["9C 9C 9D 9D 9H 9S 2H", ["QS", "KS", "AS"]],
            "hand": "JD 7C 2S JK 5H",
            "pozzetto": False,
        },
    ],
}
"""The hand of the docs' ``burraco score`` example."""


def english_words(text: str, words: tuple[str, ...]) -> list[str]:
    """The English ``words`` (whole words, in any case) that ``text`` still holds."""
    return [word for word in words if re.search(rf"\b{re.escape(word)}\b", text, re.I)]


def run(capsys: pytest.CaptureFixture[str], *arguments: str, status: int = 0) -> tuple[str, str]:
    """Standard output and standard error of ``burraco ARGUMENTS``, which returns ``status``."""
    assert main(list(arguments)) == status
    captured = capsys.readouterr()
    return captured.out, captured.err


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            "combinazione:  5H 6H JK=7H\ntipo:          scala di cuori\nclasse:        sporca\n"
            "punti:         40\n",
        ),
        (
            "pt-BR",
            "jogo:    5H 6H JK=7H\ntipo:    sequência de copas\nclasse:  sujo\npontos:  40\n",
        ),
    ],
)
def test_validate_describes_a_meld_in_the_language(
    capsys: pytest.CaptureFixture[str], lang: str, expected: str
) -> None:
    assert run(capsys, "validate", "--lang", lang, "5H", "JK", "6H") == (expected, "")


@pytest.mark.parametrize(
    ("lang", "kind", "shape"),
    [
        ("it", "tipo:          tris di sei", "classe:        burraco pulito (bonus 200)"),
        ("pt-BR", "tipo:    trinca de seis", "classe:  canastra limpa (bônus 200)"),
    ],
)
def test_validate_names_a_burraco_with_the_players_words(
    capsys: pytest.CaptureFixture[str], lang: str, kind: str, shape: str
) -> None:
    out, _ = run(capsys, "validate", "--lang", lang, *["6H", "6S", "6C", "6D", "6H", "6S", "6C"])
    assert [kind, shape] == out.splitlines()[1:3]
    assert english_words(out, ("meld", "kind", "class", "set", "burraco (bonus")) == []


def test_validate_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    expected = "meld:    QS QH QC\nkind:    set of queens\nclass:   clean\npoints:  30\n"
    assert run(capsys, "validate", "QH", "QS", "QC") == (expected, "")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "it",
            """\
regole classico
                squadra 0        squadra 1
calate                120              115
in mano               -20              -70
burraco    (1 pulito) 200   (1 sporco) 100
chiusura              100                0
pozzetto                0             -100
totale                400               45
la squadra 0 ha chiuso
""",
        ),
        (
            "pt-BR",
            """\
regras clássico
                  dupla 0        dupla 1
baixadas              120            115
na mão                -20            -70
canastras   (1 limpa) 200   (1 suja) 100
batida                100              0
morto                   0           -100
total                 400             45
a dupla 0 bateu
""",
        ),
    ],
)
def test_score_prints_the_score_sheet_demo_prints_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, expected: str
) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(SCORED), encoding="utf-8")
    assert run(capsys, "score", str(path), "--lang", lang) == (expected, "")
    demo, _ = run(capsys, "demo", "--seed", "3", "--lang", lang)
    sheet = demo.split("\n\n")[-1].splitlines()

    def labels(lines: list[str]) -> list[str]:
        return [line.split("  ")[0] for line in lines]

    assert labels(sheet[1:7]) == labels(expected.splitlines()[2:8])  # demo's sheet, its labels


def test_score_reads_standard_input_in_the_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("[]"))
    _, err = run(capsys, "score", "-", "--lang", "pt-BR", status=2)
    assert err.startswith("burraco score: entrada padrão: ")
