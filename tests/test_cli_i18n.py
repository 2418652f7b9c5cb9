"""The commands besides ``demo`` and ``play`` in Italian and Brazilian Portuguese: ``validate``,
``score``, ``simulate``, ``replay``, ``verify-deal`` and ``duel`` print their human messages
with the catalogue's words and the locale's numbers, and no English label is left; English and
``--json`` stay as they were."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest

from burraco import CLASSIC, GreedyAgent, Match, play_match
from burraco.cli import main
from burraco.cli.output import match_sheet
from burraco.i18n import Locale, translate
from burraco.record import History
from tests.test_cli import WORKED_HAND


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
    path.write_text(json.dumps(WORKED_HAND), encoding="utf-8")  # the docs' score example
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


@pytest.mark.parametrize("lang", ["it", "pt-BR"])
def test_score_tells_a_bad_meld_or_bad_json_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: Locale
) -> None:
    path = tmp_path / "hand.json"
    teams = [{"melds": ["5H 7S JK"], "pozzetto": False}, {"melds": [], "pozzetto": False}]
    path.write_text(json.dumps({"teams": teams}), encoding="utf-8")
    mixed = translate("reason.mixed-suits", lang)
    assert run(capsys, "score", str(path), "--lang", lang, status=2) == (
        "",
        f"burraco score: {path}: teams[0]: {mixed}\n",
    )
    path.write_text("{", encoding="utf-8")
    bad = translate("reason.bad-json", lang)
    assert run(capsys, "score", str(path), "--lang", lang, status=2)[1].endswith(f": {bad}\n")
    path.write_bytes(b"\xff")
    not_text = translate("cli.not_text", lang)
    assert run(capsys, "score", str(path), "--lang", lang, status=2)[1].endswith(f": {not_text}\n")


SIMULATE_ENGLISH = (
    "hands",
    "rules",
    "players",
    "seed",
    "agents",
    "seat",
    "how the hands ended",
    "closed",
    "stock exhausted",
    "stalemate",
    "closing rate",
    "team",
    "seats",
    "average score",
    "hands won",
    "burracos per hand",
    "average hand length",
    "actions",
    "turns",
    "job(s)",
)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "it",
            (
                "3 smazzate, regole classico, 4 giocatori, seme 5\n",
                "\nbot: posto 0 greedy, posto 1 random,",
                "\ncome sono finite le smazzate:\n",
                "\n  tallone finito  ",
                "\nsmazzate chiuse: 100,0%\n",
                " squadra 0 ",
                "\npunteggio medio ",
                "\nburraco per smazzata ",
                "\ndurata media di una smazzata: ",
            ),
        ),
        (
            "pt-BR",
            (
                "3 mãos, regras clássico, 4 jogadores, semente 5\n",
                "\nrobôs: lugar 0 greedy, lugar 1 random,",
                "\ncomo as mãos terminaram:\n",
                "\n  monte acabou  ",
                "\nmãos batidas: 100,0%\n",
                " dupla 0 ",
                "\npontuação média ",
                "\ncanastras por mão ",
                "\nduração média de uma mão: ",
            ),
        ),
    ],
)
def test_simulate_reports_in_the_language(
    capsys: pytest.CaptureFixture[str], lang: str, words: tuple[str, ...]
) -> None:
    out, err = run(capsys, "simulate", "--hands", "3", "--seed", "5", "--lang", lang)
    assert [word for word in words if word not in out] == []
    assert english_words(out + err, SIMULATE_ENGLISH) == []
    assert re.search(r"\d,\d s", err)  # the seconds with a decimal comma
    assert re.search(r"^canastras por mão: \d+,\d\d$|^burraco per smazzata: \d+,\d\d$", out, re.M)


def test_simulate_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "simulate", "--hands", "3", "--seed", "5", "--quiet")
    assert out.startswith("3 hands, classic rules, 4 players, seed 5\nagents: seat 0 greedy, ")
    assert "\nclosing rate: 100.0%\n" in out
    assert "\n                   team 0  team 1\nseats                 0,2     1,3\n" in out


def match_record(tmp_path: Path) -> tuple[Path, Match]:
    """A record of a short match between greedy bots, and the match."""
    history = History()
    match = play_match([GreedyAgent()] * 4, attrs.evolve(CLASSIC, target=600), 1, on_action=history)
    path = tmp_path / "match.txt"
    path.write_text(str(history.match_record()), encoding="utf-8")
    return path, match


@pytest.mark.parametrize(
    ("lang", "hand", "total", "wins"),
    [
        ("it", "== smazzata 1\n", "\ntotale ", "\nla squadra 0 vince (a 600)\n"),
        ("pt-BR", "== mão 1\n", "\ntotal ", "\na dupla 0 vence (até 600)\n"),
    ],
)
def test_replay_prints_the_sheets_in_the_language(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lang: Locale,
    hand: str,
    total: str,
    wins: str,
) -> None:
    path, match = match_record(tmp_path)
    out, _ = run(capsys, "replay", str(path), "--lang", lang)
    assert out.startswith(hand)
    assert out.endswith(match_sheet(match, lang) + "\n")
    assert total in out and wins in out
    sheets = [block for block in out.split("\n\n") if total in block]
    assert len(sheets) == len(match.hands) + 1  # each hand's score sheet and the match sheet
    for sheet in sheets:
        assert english_words(sheet, ("hand", "dealer", "team", "melded", "in hand", "wins")) == []


@pytest.mark.parametrize(
    ("lang", "not_over", "too_few"),
    [
        ("it", "la smazzata non è finita: 1 turni registrati", "la smazzata ha 1 turni, non 5"),
        ("pt-BR", "a mão não terminou: 1 vezes registradas", "a mão tem 1 vezes, não 5"),
    ],
)
def test_replay_of_an_unfinished_hand_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, not_over: str, too_few: str
) -> None:
    path = tmp_path / "hand.txt"
    path.write_text('[Rules "classic"]\n[Seed "7"]\n\n1. seat 1: draw; discard 9C\n')
    out, _ = run(capsys, "replay", str(path), "--lang", lang)
    assert out.endswith(f"\n{not_over}\n\n")
    _, err = run(capsys, "replay", str(path), "--turn", "5", "--lang", lang, status=2)
    assert err == f"burraco replay: {path}: {too_few}\n"
    (tmp_path / "latin1.txt").write_bytes(b"\xff\xfe")
    _, err = run(capsys, "replay", str(tmp_path / "latin1.txt"), "--lang", lang, status=2)
    assert "UTF-8" in err and english_words(err, ("is not", "text")) == []


def test_match_sheet_in_english_is_the_matchs_own() -> None:
    match = Match.start(CLASSIC, deals=3)
    hands = play_match([GreedyAgent()] * 4, attrs.evolve(CLASSIC, target=3000), 2).hands
    for hand in hands[:3]:
        match = match.record(hand)
        assert match_sheet(match) == str(match)
    assert "\npunti vittoria " in match_sheet(match, "it")
    assert match_sheet(match, "it").endswith("dopo 3 distribuzioni")
    assert match_sheet(match, "pt-BR").endswith("depois de 3 distribuições")


@pytest.mark.parametrize(
    ("lang", "matches", "mismatch"),
    [
        (
            "it",
            "la distribuzione corrisponde al suo impegno ",
            "la distribuzione non corrisponde: ",
        ),
        ("pt-BR", "a distribuição confere com o seu compromisso ", "a distribuição não confere: "),
    ],
)
def test_verify_deal_says_in_the_language_whether_the_deal_matches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, matches: str, mismatch: str
) -> None:
    from burraco.server.deals import Deal

    revealed = Deal.draw(attrs.evolve(CLASSIC, players=2), dealer=1).reveal()
    assert revealed is not None
    good = tmp_path / "over.json"
    good.write_text(json.dumps({"type": "over", "deal": revealed}))
    out, _ = run(capsys, "verify-deal", str(good), "--lang", lang)
    assert out.startswith(matches + revealed["commitment"])
    assert english_words(out, ("matches", "players", "dealer", "classic")) == []
    forged = tmp_path / "forged.json"
    cards = revealed["deck"].split()
    forged.write_text(json.dumps({**revealed, "deck": " ".join(cards[1:] + cards[:1])}))
    out, _ = run(capsys, "verify-deal", str(forged), "--lang", lang, status=1)
    assert out.startswith(mismatch)
    (tmp_path / "list.json").write_text("[]")
    _, err = run(capsys, "verify-deal", str(tmp_path / "list.json"), "--lang", lang, status=2)
    assert "'over'" in err and english_words(err, ("expected", "message")) == []


DUEL_ENGLISH = (
    "duel",
    "deal pairs",
    "hands",
    "rules",
    "players",
    "seed",
    "points per hand",
    "hands won",
    "score per hand",
    "closing rate",
    "burracos per hand",
    "victory points",
    "decisions",
    "seconds per decision",
    "process",
)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "it",
            (
                "sfida: A = greedy, B = random\n",
                "2 coppie di distribuzioni (4 smazzate), regole classico, 4 giocatori, seme 4\n",
                " punti per smazzata, IC 95% [",
                "\nsmazzate vinte da A: ",
                "\npunti vittoria per coppia di distribuzioni ",
                " s su 1 processo",
            ),
        ),
        (
            "pt-BR",
            (
                "duelo: A = greedy, B = random\n",
                "2 pares de distribuições (4 mãos), regras clássico, 4 jogadores, semente 4\n",
                " pontos por mão, IC 95% [",
                "\nmãos vencidas por A: ",
                "\npontos de vitória por par de distribuições ",
                " s em 1 processo",
            ),
        ),
    ],
)
def test_duel_summarises_in_the_language(
    capsys: pytest.CaptureFixture[str], lang: str, words: tuple[str, ...]
) -> None:
    arguments = ("duel", "greedy", "random", "--deals", "2", "--seed", "4", "--quiet")
    out, _ = run(capsys, *arguments, "--lang", lang)
    assert [word for word in words if word not in out] == []
    assert english_words(out, DUEL_ENGLISH) == []
    assert re.search(r"\[[+-][\d.]+,\d; [+-][\d.]+,\d\]", out)  # decimal commas, a ; between
    timed = {"seconds_per_decision", "cpu_seconds_per_decision", "elapsed_seconds"}

    def summary(*more: str) -> dict[str, object]:
        figures: dict[str, object] = json.loads(run(capsys, *arguments, "--json", *more)[0])
        return {key: value for key, value in figures.items() if key not in timed}

    assert summary("--lang", lang) == summary("--lang", "en")  # JSON is never translated


def test_duel_tells_of_a_failing_agent_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["duel", "tests.test_duel:FailsOnDealerOne", "random", "--deals", "3",
                 "--seed", "3", "--quiet", "--lang", "it"])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 2
    assert out.startswith("sfida: A = tests.test_duel:FailsOnDealerOne, B = random\n2 coppie di ")
    assert err.endswith(
        "burraco duel: distribuzioni con un bot in errore: 1 su 3; le cifre qui sopra sono delle "
        "altre 2\n"
    )
