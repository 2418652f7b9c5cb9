"""The players' room (private): the compiled halves of the bots and of what learners see.

The agent classes stay ordinary Python classes (programs subclass them, and compiled methods
refuse a subclass's instance); the work they do at every decision lives here, where the
optional mypyc build compiles it. Only the players open this door: :mod:`burraco.agents`,
:mod:`burraco.search`, :mod:`burraco.inference`, :mod:`burraco.levels`, :mod:`burraco.learn`,
:mod:`burraco.encoding` and :mod:`burraco.envs` (a test of the package's layers holds this
list).

* ``greedy``: :class:`~burraco.GreedyAgent`'s heuristic, apart from the class;
* ``rollout``: the search agent's rollouts and their evaluation;
* ``value``: the fitted leaf evaluation behind :func:`burraco.search.expected_lead`;
* ``network``: level6's learned leaf evaluation behind :func:`burraco.levels.network_lead`,
  its weights in ``network.json``;
* ``observation``: the numpy-free core of :mod:`burraco.encoding` (the legal actions grouped
  by first token, actions in tokens, the observation filler).
"""
