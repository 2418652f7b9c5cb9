"""Sphinx extension of the burraco docs: pictures drawn by the library, and tidy data entries.

The ``burraco-picture`` directive draws with :mod:`burraco.svg` while the docs are built, so the
pictures always show what the installed library does. Each line of its content is one picture:

.. code-block:: markdown

    ```{burraco-picture}
    :caption: A dirty sequence and a clean burraco
    meld 5H 6H JK
    meld 4S 5S 6S 7S 8S 9S 10S
    ```

* ``card CARD`` (``card JK=7H`` draws a wild standing for a card);
* ``meld CARDS``, under ``:rules: classic|fibur|international`` (default classic);
* ``table SEED``: the table dealt with ``SEED``; ``table SEED: ACTION; ACTION; ...`` the table
  after those actions in notation, the last one marked; an action ``greedy N`` lets greedy
  agents play ``N`` actions, ``greedy`` alone plays to the end of the hand;
* ``view SEAT SEED: ...``: the same position as ``SEAT`` sees it.

It also fills in the docstring of a module constant documented under its public name
(``.. autodata:: burraco.CLASSIC``) from the module that defines it, so that the reference
indexes every name as ``burraco.X``.
"""

from __future__ import annotations

import html
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

import burraco
from burraco import PRESETS, GreedyAgent, apply, legal_actions, new_game, observe, svg
from burraco.actions import Action, parse_action
from burraco.agents import MAX_ACTIONS
from burraco.cards import parse_card
from burraco.melds import validate_meld
from burraco.state import GameState

_DEFINERS = ("cards", "rules", "match", "actions", "melds", "errors", "state", "agents")


def _position(spec: str) -> tuple[GameState, Action | None]:
    """The position of ``SEED: ACTION; ...`` and its last action."""
    seed, _, script = spec.partition(":")
    state = new_game(seed=int(seed))
    last: Action | None = None
    for step in filter(None, (part.strip() for part in script.split(";"))):
        word, _, count = step.partition(" ")
        if word != "greedy":
            last = parse_action(step)
            state = apply(state, last)
            continue
        for _ in range(int(count) if count else MAX_ACTIONS):
            choices = legal_actions(state)
            if not choices:
                break
            last = GreedyAgent().choose(observe(state, state.turn), choices)
            state = apply(state, last)
    return state, last


def draw(line: str, rules_name: str = "classic") -> str:
    """The SVG of one line of a ``burraco-picture`` directive."""
    kind, _, rest = line.strip().partition(" ")
    if kind == "card" and len(rest.split()) == 1:
        card_text, _, target = rest.strip().partition("=")
        return svg.card(parse_card(card_text), stands_for=parse_card(target) if target else None)
    if kind == "meld" and rest.strip():
        rules = PRESETS[rules_name]
        return svg.meld(validate_meld(rest, rules), rules)
    if kind == "table" and rest.strip():
        state, last = _position(rest)
        return svg.table(state, last_action=last)
    if kind == "view" and rest.strip():
        seat, _, spec = rest.strip().partition(" ")
        state, last = _position(spec)
        return svg.view(observe(state, int(seat)), last_action=last)
    raise ValueError(
        f"cannot draw {line!r}: write card CARD, meld CARDS, table SEED[: ACTIONS] or "
        "view SEAT SEED[: ACTIONS]"
    )


class BurracoPicture(SphinxDirective):
    """Draw cards, melds, tables or views with :mod:`burraco.svg`, one per content line."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "caption": directives.unchanged,
        "rules": lambda text: directives.choice(text, tuple(PRESETS)),
    }

    def run(self) -> list[nodes.Node]:
        rules = self.options.get("rules", "classic")
        try:
            pictures = [draw(line, rules) for line in self.content if line.strip()]
        except (ValueError, burraco.BurracoError) as error:
            raise self.error(str(error)) from None
        caption = self.options.get("caption")
        figure = "".join(f'<span class="burraco-svg">{picture}</span>' for picture in pictures)
        if caption:
            figure += f'<p class="burraco-caption">{html.escape(caption)}</p>'
        return [nodes.raw("", f'<div class="burraco-picture">{figure}</div>', format="html")]


def _public_data_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Give ``burraco.X`` (a constant re-exported by the package) its defining module's text."""
    module, _, attribute = name.rpartition(".")
    if what != "data" or module != "burraco":
        return
    for definer in _DEFINERS:
        docs = ModuleAnalyzer.for_module(f"burraco.{definer}").find_attr_docs()
        if ("", attribute) in docs:
            lines[:] = list(docs["", attribute])
            return


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("burraco-picture", BurracoPicture)
    app.add_css_file("burraco.css")
    app.connect("autodoc-process-docstring", _public_data_docstring)
    return {"version": burraco.__version__, "parallel_read_safe": True}
