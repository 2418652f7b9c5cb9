"""Shared test configuration: hypothesis profiles, and English for the command line's tests.

``CI=true`` selects the ``ci`` profile: derandomized (a green main stays green) and more
examples; locally the ``dev`` profile explores new examples on every run.
"""

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", deadline=None, max_examples=3000, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


_LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""What chooses the language of the command line's messages when ``--lang`` is not given."""


@pytest.fixture(autouse=True)
def _english_command_line(request: pytest.FixtureRequest) -> Iterator[None]:
    """The command line's tests run in English whatever the locale of the machine running them
    (a test of another language says so with ``--lang`` or sets the variables itself)."""
    if not request.module.__name__.rpartition(".")[2].startswith("test_cli"):
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        for name in _LANGUAGE_VARIABLES:
            patch.delenv(name, raising=False)
        yield


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright, one per test module: the page's browser tests
    (each such module skips itself where Chromium or Playwright is missing)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.test_server_browser import CHROMIUM

    if CHROMIUM is None:
        pytest.skip("no Chromium installed here")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()
