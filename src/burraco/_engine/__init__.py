"""The rules' engine room (private): the speed machinery behind the rules modules.

The rules modules state each rule once, readably; what makes them fast lives here, behind this
door, and only they open it: :mod:`burraco.melds`, :mod:`burraco.state`,
:mod:`burraco.engine`, :mod:`burraco.views` and :mod:`burraco.checks` (a test of the
package's layers holds this list). Nothing else may import these modules; what the rest of the
package needs of them is offered by a public module (:func:`burraco.views.table_points`, say).

The room straddles :mod:`burraco.melds`: ``memo``, ``grow`` and ``build`` sit below it (the
analysis memoises and shortcuts through them), the rest above it (they build melds and
actions). So this door re-exports nothing, which would tie the two halves into a cycle: the
owners import the module they need, by name.

* ``movegen``: the move generator (hand shapes, the builders of openings and additions, their
  memos, the facts of a team's melds that states carry);
* ``layouts``: every bit-packed integer of the generator, named once as a ``Layout`` of fields;
* ``memo``: the bounded memos (``BudgetMemo``, ``TwoGenerations``) and the memos of
  :func:`~burraco.validate_meld` and :func:`~burraco.extend_meld` per set of meld switches;
* ``meldcodec``: a meld as integers and bytes, and the engine's memo of the melds it lays;
* ``grow``: the shortcut of :func:`~burraco.extend_meld` for natural cards that simply
  continue a meld (it returns a recipe; :mod:`burraco.melds` builds the meld);
* ``aces``: the sequences from ace to ace of Burraco Reale, listed beside the generator;
* ``points``: each team's points on the table, memoised (offered as
  :func:`burraco.views.table_points`);
* ``counts``: what a hand's counts bound (draws from the stock, cards known from the pile);
* ``build``: what the optional mypyc build needs from the source (``python_class``,
  ``equal``).
"""
