"""The language of the command line's messages: ``--lang``, or the environment as gettext reads
it, and the words of :mod:`burraco.i18n` in that language.

>>> locale_from_environment({"LANG": "it_IT.UTF-8"})
'it'
>>> locale_from_environment({"LANGUAGE": "pt_BR:en", "LANG": "it_IT.UTF-8"})
'pt-BR'
>>> locale_from_environment({"LC_ALL": "C", "LANG": "it_IT.UTF-8"})
'en'
>>> say("cli.play.you_drew", "it", cards="7H")
'hai pescato 7H'
>>> decimal_text(1234.5, 1, "it"), decimal_text(-2.0, 1, "en", sign=True)
('1.234,5', '-2.0')
>>> percent_text(0.125, 1, "pt-BR"), percent_text(0.125, 1, "en")
('12,5%', '12.5%')
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

from burraco.errors import BurracoError
from burraco.i18n import CATALOGUE, DEFAULT_LOCALE, LOCALES, Locale, translate, translate_count

__all__ = [
    "ENVIRONMENT",
    "add_lang",
    "decimal_text",
    "error_text",
    "locale_from_environment",
    "percent_text",
    "rules_text",
    "say",
    "say_count",
]

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that choose the language, in gettext's order: the first one set decides."""


def _locale_of(value: str) -> Locale:
    """The catalogue's language for one POSIX locale name: ``it_IT.UTF-8`` and ``it`` give
    ``it``, ``pt_BR`` (and any ``pt``) gives ``pt-BR``, anything else English."""
    language = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if language == "it":
        return "it"
    if language == "pt":
        return "pt-BR"
    return DEFAULT_LOCALE


def locale_from_environment(environ: Mapping[str, str] | None = None) -> Locale:
    """The language that ``environ`` (default: :data:`os.environ`) asks for, as gettext reads
    it: the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set and not
    empty; ``LANGUAGE`` may list several languages (``pt_BR:it``), the first known one wins,
    and it counts only when the locale is not ``C`` or ``POSIX``, as in gettext."""
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if not value:
            continue
        if name == "LANGUAGE":
            chosen = next((environ[n] for n in ENVIRONMENT[1:] if environ.get(n)), "")
            if chosen in ("C", "POSIX") or chosen.startswith("C."):
                continue
            for part in value.split(":"):
                if part and _locale_of(part) != DEFAULT_LOCALE:
                    return _locale_of(part)
            if value.split(":")[0]:
                return DEFAULT_LOCALE
            continue
        return _locale_of(value)
    return DEFAULT_LOCALE


def add_lang(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """Add ``--lang`` to ``parser``: on the top-level parser (``top``) with no default, so that
    :func:`~burraco.cli.main` can take the environment's; on a command's parser with none at all,
    so that ``burraco --lang it demo`` and ``burraco demo --lang it`` both work."""
    parser.add_argument(
        "--lang",
        choices=LOCALES,
        metavar="LANG",
        default=None if top else argparse.SUPPRESS,
        help=(
            "the language of the messages: en, it or pt-BR (default: from LANGUAGE, LC_ALL, "
            "LC_MESSAGES or LANG, else en)"
        ),
    )


def _fields(locale: Locale, fields: Mapping[str, object]) -> dict[str, object]:
    """``fields`` as :func:`~burraco.i18n.translate` takes them; in English every number is
    written plainly (``2025``), as the command line always wrote it."""
    if locale != "en":
        return dict(fields)
    return {name: str(value) if isinstance(value, int) else value for name, value in fields.items()}


def say(key: str, locale: Locale, /, **fields: object) -> str:
    """The catalogue's text of ``key`` in ``locale``, fields filled in (numbers in the locale's
    way, but for English, where they stay as the command line always printed them)."""
    return translate(key, locale, **_fields(locale, fields))


def say_count(key: str, count: int, locale: Locale, /, **fields: object) -> str:
    """The form of ``key`` for ``count`` in ``locale`` (:func:`~burraco.i18n.translate_count`),
    numbers written as :func:`say` writes them."""
    if locale == "en":
        one = count == 1
        return translate(f"{key}.{'one' if one else 'other'}", locale, n=str(count), **fields)
    return translate_count(key, count, locale, **fields)


def error_text(error: BurracoError, locale: Locale) -> str:
    """What a rejected action or bad input says: the library's detailed message in English,
    else the reason's sentence in ``locale`` (``reason.<code>`` of the catalogue)."""
    if locale == "en":
        return str(error)
    return translate(f"reason.{error.reason}", locale)


def decimal_text(value: float, places: int, locale: Locale, *, sign: bool = False) -> str:
    """``value`` with ``places`` decimals as ``locale`` writes it: in English as the command
    line always printed it (``1234.5``), else with a decimal comma and a dot between thousands
    (``1.234,5``); ``sign`` writes a ``+`` before a positive value, as ``{:+.1f}`` does."""
    plus = "+" if sign else ""
    if locale == "en":
        return f"{value:{plus}.{places}f}"
    grouped = f"{value:{plus},.{places}f}"
    return grouped.replace(",", "\0").replace(".", ",").replace("\0", ".")


def percent_text(share: float, places: int, locale: Locale) -> str:
    """``share`` (0.125) as a percentage with ``places`` decimals, as ``locale`` writes it:
    ``12.5%`` in English (as ``{:.1%}`` writes it), ``12,5%`` in Italian and Brazilian
    Portuguese."""
    if locale == "en":
        return f"{share:.{places}%}"
    return decimal_text(100 * share, places, locale) + "%"


def rules_text(name: str, locale: Locale) -> str:
    """A rule set's name for a message: in English its preset name as always printed
    (``classic``, ``fibur3``), else the catalogue's name of the preset (``rules.<name>``:
    ``classico``, ``FIBUR a 3``), or the name itself when it is not a preset's."""
    if locale == "en" or f"rules.{name}" not in CATALOGUE:
        return name
    return translate(f"rules.{name}", locale)
