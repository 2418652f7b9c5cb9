"""The catalogue of words (:mod:`burraco.i18n`): every key in every language, every reason and
every word the page asks for present, the players' own words, the locale's numbers, and the
language a client asks for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from burraco.agents import AGENT_NAMES
from burraco.errors import Reason
from burraco.i18n import (
    CATALOGUE,
    LOCALES,
    Locale,
    Text,
    format_number,
    messages,
    negotiate,
    translate,
    translate_count,
)
from burraco.melds import BurracoKind
from burraco.rules import PRESETS
from burraco.state import EndReason

STATIC = Path(__file__).parent.parent / "src" / "burraco" / "server" / "static"
FIELD = re.compile(r"\{(\w+)\}")


def test_a_text_without_every_language_cannot_be_built() -> None:
    with pytest.raises(TypeError):
        Text(*["seven of hearts", "sette di cuori"])


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_key_has_a_text_in_every_language_with_the_same_fields(key: str) -> None:
    texts = {locale: CATALOGUE[key].get(locale) for locale in LOCALES}
    assert all(text.strip() for text in texts.values()), texts
    fields = {locale: sorted(FIELD.findall(text)) for locale, text in texts.items()}
    assert len({tuple(found) for found in fields.values()}) == 1, fields


def test_every_reason_of_the_rules_and_of_the_server_has_a_sentence() -> None:
    from burraco.server.protocol import ServerReason

    codes = {str(code) for code in Reason} | {str(code) for code in ServerReason}
    missing = sorted(code for code in codes if f"reason.{code}" not in CATALOGUE)
    assert missing == []


def test_the_rules_reasons_keep_the_librarys_own_english_sentence() -> None:
    from burraco.errors import BurracoError

    for code in Reason:
        error = BurracoError("x", reason=code)
        assert error.public_message == f"{code}: {translate(f'reason.{code}')}"


def page_keys() -> set[str]:
    """The keys the page's script and HTML name, with the families it builds from values."""
    script = (STATIC / "app.js").read_text()
    html = (STATIC / "index.html").read_text()
    keys = set(re.findall(r'\bt\("([\w.-]+)"', script))
    keys |= {
        f"{key}.{form}"
        for key in re.findall(r'\btn\("([\w.-]+)"', script)
        for form in ("one", "other")
    }
    keys |= set(re.findall(r'data-i18n(?:-label|-placeholder)?="([\w.-]+)"', html))
    for family in ("act.drew", "act.picked", "act.opened", "act.added", "act.discarded"):
        keys |= {family, f"{family}.you"}
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    keys |= {f"rank.{rank}" for rank in ranks} | {f"ranks.{rank}" for rank in ranks}
    keys |= {f"suit.{suit}" for suit in "SHDC"}
    keys |= {f"kind.{kind}" for kind in ("human", *AGENT_NAMES)}
    keys |= {f"kind.burraco.{kind}" for kind in BurracoKind}
    keys |= {f"end.{reason}" for reason in EndReason}
    keys |= {f"rules.{name}" for name in PRESETS}
    return keys


def test_every_word_the_page_asks_for_is_in_the_catalogue() -> None:
    keys = page_keys()
    assert len(keys) > 150
    missing = sorted(key for key in keys if key not in CATALOGUE)
    assert missing == []


def test_the_players_own_words_are_used() -> None:
    italian = " ".join(messages("it").values()).lower()
    portuguese = " ".join(messages("pt-BR").values()).lower()
    for word in ("pozzetto", "pinella", "jolly", "chiusura", "burraco pulito", "burraco sporco"):
        assert word in italian, word
    for word in ("morto", "coringa", "canastra limpa", "canastra suja", "bateu", "lixo"):
        assert word in portuguese, word


def test_cards_are_named_in_each_language() -> None:
    def name(locale: Locale) -> str:
        rank = translate("rank.7", locale)
        suit = translate("suit.H", locale)
        return translate("card.name", locale, rank=rank, suit=suit)

    assert [name(locale) for locale in LOCALES] == [
        "seven of hearts",
        "sette di cuori",
        "sete de copas",
    ]


def test_numbers_and_counts_follow_the_locale() -> None:
    assert [format_number(12345, locale) for locale in LOCALES] == ["12,345", "12.345", "12.345"]
    assert translate("score.target", "it", target=2005) == "(a 2.005)"
    assert translate_count("count.cards", 1, "en") == "1 card"
    assert translate_count("count.cards", 2, "pt-BR") == "2 cartas"


@pytest.mark.parametrize(
    ("header", "locale"),
    [
        (None, "en"),
        ("", "en"),
        ("it-IT,it;q=0.9,en;q=0.8", "it"),
        ("pt-BR", "pt-BR"),
        ("pt-PT,pt;q=0.9", "pt-BR"),
        ("de-DE,fr;q=0.8", "en"),
        ("en;q=0.5,it;q=0.9", "it"),
        ("it;q=0", "en"),
        ("it;q=bad,pt", "pt-BR"),
    ],
)
def test_the_language_comes_from_accept_language(header: str | None, locale: str) -> None:
    assert negotiate(header) == locale


def test_importing_the_catalogue_imports_nothing_of_the_server() -> None:
    import subprocess
    import sys

    code = (
        "import burraco.i18n, sys; "
        "print('starlette' in sys.modules, 'burraco.server' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
