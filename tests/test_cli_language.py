"""The command line in English, Italian and Brazilian Portuguese: ``--lang``, the environment's
language, and the words of ``burraco demo``, ``burraco play`` and the error lines."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from burraco import CLASSIC, BurracoKind, EndReason, HandScore, TeamScore, new_game
from burraco.actions import parse_action
from burraco.cli import main
from burraco.cli.language import locale_from_environment
from burraco.cli.output import score_sheet
from burraco.engine import check_action
from burraco.errors import IllegalActionError
from burraco.i18n import CATALOGUE, LOCALES, translate
from burraco.i18n.cli import CLI
from burraco.state import Outcome


def demo(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    """The output of ``burraco ARGUMENTS`` (a demo), which must succeed."""
    assert main(list(arguments)) == 0
    return capsys.readouterr().out


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lines: list[str], lang: str
) -> str:
    """The output of ``burraco play --seed 3 --seat 1 --lang LANG`` with ``lines`` typed in."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    assert main(["play", "--seed", "3", "--seat", "1", "--lang", lang]) == 0
    return capsys.readouterr().out


def test_demo_in_italian_uses_the_tables_words(capsys: pytest.CaptureFixture[str]) -> None:
    out = demo(capsys, "demo", "--seed", "3", "--lang", "it")
    assert re.search(r"^turno  1  posto 1 \(greedy\): .*\[\d+ carte rimaste\]$", out, re.M)
    for label in ("squadra 0", "calate", "in mano", "chiusura", "pozzetto", "totale"):
        assert f"\n{label}" in out or f" {label}" in out
    assert "(1 pulito, 1 sporco) 300" in out
    assert out.endswith("\nchiusura del posto 3\n")
    sheet = out.split("\n\n")[-1]  # the table drawn before it is the library's, in English
    assert sheet.startswith("           squadra 0   ")
    assert "team" not in sheet
    assert "cards left" not in out


def test_demo_in_brazilian_portuguese_uses_the_words_of_buraco(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = demo(capsys, "--lang", "pt-BR", "demo", "--seed", "3")  # before the command too
    assert re.search(r"^vez  1  lugar 1 \(greedy\): .*\[\d+ cartas sobrando\]$", out, re.M)
    for label in ("dupla 0", "baixadas", "na mão", "canastras", "batida", "morto"):
        assert label in out
    assert "(1 limpa, 1 suja) 300" in out
    assert out.endswith("\no lugar 3 bateu\n")
    assert "pozzetto" not in out.split("\n\n")[-1]


def test_english_is_what_it_always_was(capsys: pytest.CaptureFixture[str]) -> None:
    plain = demo(capsys, "demo", "--seed", "3")
    assert demo(capsys, "demo", "--seed", "3", "--lang", "en") == plain
    assert "\nclosed by seat 3\n" in plain
    assert re.search(r"^turn  1  seat 1 \(greedy\): .*\[\d+ cards left\]$", plain, re.M)


def test_play_with_input_typed_in_italian(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = new_game(CLASSIC, seed=3)
    out = play(monkeypatch, capsys, ["help", "7", "draw"], "it")
    assert "sei il posto 1, squadra 1; scrivi una mossa" in out
    assert "\nsul tavolo: squadra 0 0, la tua squadra 0\nla tua mossa (? per l'elenco)> " in out
    assert "> help\nScrivi una mossa in notazione: draw (pesca), pick (prendi il pozzo)" in out
    assert "> 7\nnon c'è la mossa 7: scegli da 1 a 2 (? le elenca)\n" in out
    assert f"> draw\nhai pescato {state.stock[0]}\n" in out
    assert out.endswith("> \nla partita resta incompiuta\n")


def test_an_illegal_action_is_refused_in_portuguese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(IllegalActionError) as illegal:
        check_action(new_game(CLASSIC, seed=3), parse_action("discard JK"))
    reason = translate(f"reason.{illegal.value.reason}", "pt-BR")
    out = play(monkeypatch, capsys, ["discard JK", "dance", "pick"], "pt-BR")
    assert (
        f"> discard JK\njogada inválida: {reason}; digite ? para listar as jogadas válidas\n" in out
    )
    bad = translate("reason.bad-action", "pt-BR")
    assert f"> dance\n{bad}; digite ? para listar as jogadas válidas\n" in out
    assert "o lixo pôs " in out
    assert "illegal action" not in out  # the library's English detail is for English only


def test_an_illegal_meld_and_a_bad_card_are_told_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", "--lang", "pt-BR", "5H", "7S", "JK"]) == 1
    reason = translate("reason.mixed-suits", "pt-BR")
    assert capsys.readouterr().err == f"jogo inválido '5H 7S JK': {reason}\n"
    assert main(["validate", "--lang", "it", "5H", "XX"]) == 2
    assert capsys.readouterr().err == f"burraco validate: {translate('reason.bad-card', 'it')}\n"


def test_a_bad_record_is_told_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("this is no record\n", encoding="utf-8")
    assert main(["replay", str(path), "--lang", "it"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"burraco replay: {path}: ")
    assert err.removeprefix(f"burraco replay: {path}: ").rstrip("\n") in {
        translate(f"reason.{code}", "it") for code in ("bad-record", "bad-action", "bad-card")
    }


@pytest.mark.parametrize(
    ("environment", "locale"),
    [
        ({}, "en"),
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANG": "pt_BR.UTF-8"}, "pt-BR"),
        ({"LANG": "pt_BR"}, "pt-BR"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_MESSAGES": "it_IT", "LANG": "pt_BR"}, "it"),
        ({"LC_ALL": "pt_BR.UTF-8", "LC_MESSAGES": "it_IT"}, "pt-BR"),
        ({"LANGUAGE": "it:en", "LANG": "pt_BR.UTF-8"}, "it"),
        ({"LANGUAGE": "de:pt_BR", "LANG": "en_US.UTF-8"}, "pt-BR"),
        ({"LANGUAGE": "it", "LC_ALL": "C"}, "en"),  # gettext ignores LANGUAGE in the C locale
        ({"LANG": ""}, "en"),
    ],
)
def test_the_environment_chooses_the_language_as_gettext_does(
    environment: dict[str, str], locale: str
) -> None:
    assert locale_from_environment(environment) == locale


def test_the_environments_language_is_the_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert "\ntotale " in demo(capsys, "demo", "--seed", "3")
    assert "\ntotal " in demo(capsys, "demo", "--seed", "3", "--lang", "en")  # --lang wins
    monkeypatch.setenv("LC_ALL", "pt_BR.UTF-8")
    assert "\nbaixadas " in demo(capsys, "demo", "--seed", "3")


def test_an_unknown_language_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--lang", "fr"]) == 2
    assert "--lang" in capsys.readouterr().err


def test_the_score_sheet_writes_numbers_in_the_locales_way() -> None:
    team = TeamScore(
        melded=900, in_hand=-5, burraco_bonus=200, closing_bonus=100, pozzetto_penalty=0,
        clean_burracos=1,
    )  # fmt: skip
    other = TeamScore(
        melded=40, in_hand=-30, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=-100
    )
    score = HandScore((team, other), Outcome(EndReason.STOCK_EXHAUSTED))
    assert score_sheet(score) == str(score)
    italian = score_sheet(score, "it")
    assert "1.195" in italian
    assert italian.endswith("\nfinita: il tallone è finito")
    assert score_sheet(score, "pt-BR").endswith("\nterminou: o monte acabou")
    assert "1195" in score_sheet(score, "en")


def test_every_key_the_command_line_asks_for_has_every_language() -> None:
    source = "".join(
        path.read_text(encoding="utf-8")
        for path in Path(__file__).parent.parent.joinpath("src/burraco/cli").glob("*.py")
    )
    asked = set(re.findall(r'"(cli\.[a-z_.]+)"', source))
    asked |= {f"cli.burraco.{kind}" for kind in BurracoKind}
    asked |= {f"cli.play.wild_as_{article}" for article in ("a", "an")}
    asked |= {f"cli.play.{name}" for name in ("your_team", "your_seat", "team_n", "seat_n")}
    asked |= {f"cli.left.{form}" for form in ("one", "other")}
    asked.discard("cli.left")  # asked for by its count
    asked |= {f"end.{reason}" for reason in EndReason}
    assert asked <= set(CATALOGUE)
    assert set(CLI) <= asked  # no key left unused
    for key in asked:
        assert all(CATALOGUE[key].get(locale) for locale in LOCALES)
