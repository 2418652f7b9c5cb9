"""Words for people in English, Italian and Brazilian Portuguese: one catalogue for the page of
``burraco serve``, the server's error messages and the command line.

The catalogue is a typed table (:data:`CATALOGUE`): each key maps to a :class:`Text` that must
be given in every language of :data:`LOCALES`, so that a missing translation is an error when
the table is built (and for mypy), not a blank on someone's screen. Texts hold ``{name}``
fields that :func:`translate` fills in; a key that depends on a number has forms ``key.one``
and ``key.other`` (:func:`translate_count`). Each language uses the players' own words:
pozzetto, pinella, jolly, chiusura, burraco pulito and sporco in Italian; morto, coringa,
canastra limpa and suja, bater and lixo in Brazilian Portuguese.

>>> translate("reason.too-few-cards", "it")
'una combinazione richiede almeno tre carte'
>>> negotiate("pt-PT,pt;q=0.9,en;q=0.5")
'pt-BR'
>>> format_number(2025, "it"), format_number(2025, "en")
('2.025', '2,025')

Importing this module imports nothing of the server.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple, TypeAlias, get_args

from burraco.i18n.catalogue import PAGE
from burraco.i18n.cli import CLI
from burraco.i18n.reasons import REASONS

__all__ = [
    "CATALOGUE",
    "DEFAULT_LOCALE",
    "LOCALES",
    "LOCALE_NAMES",
    "Locale",
    "Text",
    "format_number",
    "messages",
    "negotiate",
    "translate",
    "translate_count",
]

Locale: TypeAlias = Literal["en", "it", "pt-BR"]
"""A language of the catalogue, as a BCP 47 tag."""

LOCALES: Final[tuple[Locale, ...]] = get_args(Locale)
"""The languages of the catalogue: English, Italian, Brazilian Portuguese."""

DEFAULT_LOCALE: Final[Locale] = "en"
"""The language when nothing else is asked for."""

LOCALE_NAMES: Final[dict[Locale, str]] = {
    "en": "English",
    "it": "Italiano",
    "pt-BR": "Português (Brasil)",
}
"""Each language's name in itself, for a switch between them."""


class Text(NamedTuple):
    """One text in every language; all three are required."""

    en: str
    """English."""
    it: str
    """Italian."""
    pt_br: str
    """Brazilian Portuguese."""

    def get(self, locale: Locale) -> str:
        """The text in ``locale``."""
        return self.pt_br if locale == "pt-BR" else self.it if locale == "it" else self.en


CATALOGUE: Final[dict[str, Text]] = {
    **{key: Text(*texts) for key, texts in PAGE.items()},
    **{key: Text(*texts) for key, texts in REASONS.items()},
    **{key: Text(*texts) for key, texts in CLI.items()},
}
"""Every key and its texts: the page's words (``page.``, ``lobby.``, ``card.``, ...), and one
sentence per error reason (``reason.<code>``, for :class:`~burraco.Reason` and
:class:`~burraco.server.protocol.ServerReason`), and the command line's words (``cli.``)."""


def translate(key: str, locale: Locale = DEFAULT_LOCALE, /, **fields: object) -> str:
    """The text of ``key`` in ``locale``, its ``{name}`` fields filled in from ``fields``
    (numbers written as the locale writes them).

    Raises:
        KeyError: if the catalogue has no such key.
    """
    text = CATALOGUE[key].get(locale)
    for name, value in fields.items():
        shown = format_number(value, locale) if isinstance(value, int) else str(value)
        text = text.replace("{" + name + "}", shown)
    return text


def translate_count(key: str, count: int, locale: Locale = DEFAULT_LOCALE, **fields: object) -> str:
    """The form of ``key`` for ``count`` (``key.one`` or ``key.other``), ``{n}`` filled in.

    >>> translate_count("count.cards", 1, "pt-BR"), translate_count("count.cards", 12, "it")
    ('1 carta', '12 carte')
    """
    one = count == 1 or (locale == "pt-BR" and count == 0)
    return translate(f"{key}.{'one' if one else 'other'}", locale, n=count, **fields)


def format_number(value: int, locale: Locale = DEFAULT_LOCALE) -> str:
    """A whole number as ``locale`` writes it: ``2,025`` in English, ``2.025`` in Italian and
    Brazilian Portuguese (the thousands separator; no decimals are ever shown)."""
    grouped = f"{value:,}"
    return grouped if locale == "en" else grouped.replace(",", ".")


def negotiate(accept_language: str | None) -> Locale:
    """The catalogue's language that an ``Accept-Language`` header prefers (or a single tag,
    such as ``it`` or ``pt-br``): by weight, then by order; a tag matches by its language
    (``pt-PT`` and ``pt`` give ``pt-BR``, ``it-CH`` gives ``it``); English if none match."""
    if not accept_language:
        return DEFAULT_LOCALE
    wanted: list[tuple[float, int, str]] = []
    for order, part in enumerate(accept_language.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        if tag:
            wanted.append((-weight, order, tag.strip().lower()))
    for weight, _, tag in sorted(wanted):
        if weight >= 0:
            continue
        language = tag.split("-")[0]
        for locale in LOCALES:
            if locale.lower() == tag or locale.split("-")[0] == language:
                return locale
    return DEFAULT_LOCALE


def messages(locale: Locale) -> dict[str, str]:
    """Every text of the catalogue in ``locale``, by key (what the page loads)."""
    return {key: text.get(locale) for key, text in CATALOGUE.items()}
