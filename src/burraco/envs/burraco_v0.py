"""``burraco_v0``: the PettingZoo environment by its versioned name, as PettingZoo's own
environments are reached (``from burraco.envs import burraco_v0; burraco_v0.env()``).

See :mod:`burraco.envs.pettingzoo`.
"""

from burraco.envs.pettingzoo import RewardMode, env, raw_env

__all__ = ["RewardMode", "env", "raw_env"]
