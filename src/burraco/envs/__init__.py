"""Reinforcement-learning environments: adapters to PettingZoo, OpenSpiel and Gymnasium.

Each adapter is its own module and imports its toolkit only when imported, so none is needed
to use the rest of the library:

* :mod:`burraco.envs.pettingzoo`: ``burraco_v0``, an AEC environment with every seat an agent
  (``pip install 'burraco[pettingzoo]'``);
* :mod:`burraco.envs.openspiel`: the OpenSpiel game ``python_burraco``
  (``pip install 'burraco[openspiel]'``);
* :mod:`burraco.envs.gymnasium`: :class:`~burraco.envs.gymnasium.BurracoEnv`, one learning
  seat against agents (``pip install 'burraco[gymnasium]'``).

All three act in the token action space of :mod:`burraco.encoding`: one step is one token, and
an action of several tokens (``open 5H 6H 7H commit``) takes several steps of the same seat.
"""
