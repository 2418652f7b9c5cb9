"""Digests of what the RL environments and the search bot produce, to prove a change (or the
compiled build) alters none of it.

Run it on the code before a change, and after the change in both builds; the digests must be
equal::

    python benchmarks/rl_digests.py --out /tmp/before.json            # on the baseline
    python benchmarks/rl_digests.py --compare /tmp/before.json        # after, pure Python
    PYTHONPATH=/path/to/compiled python benchmarks/rl_digests.py --compare /tmp/before.json

:data:`ACCEPTED` holds the digests of the current code (those of ``main`` before the speed work
of the 0.3 cycle, which changed none of them); ``--compare`` without a file compares with
them, and exits 1 on a difference.

Two digests (SHA-256):

* ``observations``: seeded random play through PettingZoo's ``burraco_v0`` with 2, 3, 4 and 6
  players, every token chosen uniformly from the mask; at every step the bytes of the
  ``float32`` observation vector and the ``int8`` mask of the agent to act, and every
  ``--view-every``-th step the vector of every seat read from its :class:`~burraco.PlayerView`
  (:meth:`~burraco.encoding.ObservationEncoder.encode`, the partial action included for the
  seat spelling it);
* ``decisions``: four default search agents, built by :func:`burraco.agents.make_agent` from
  ``"search"`` and a seed (so the seeding path is checked too), play whole hands from seeded
  deals until ``--decisions`` decisions have been made among two or more legal actions; the
  digest holds the seat and the notation of every decision (those with a single legal action
  included).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ACCEPTED: dict[str, dict[str, Any]] = {
    "observations": {
        "steps": 20039,
        "hands": 156,
        "view_vectors": 14062,
        "digest": "904f0b57a0a1cfac18a8676f9da552af6ffcbc41128cfac81dd61e19d8db4f5a",
    },
    "decisions": {
        "decisions": 1570,
        "among_two_or_more": 1525,
        "hands": 17,
        "digest": "a97d119329dfa41f328660ec5a9d7a3d2c10b39f6692a1bc789733564f0b75fb",
    },
}
"""The digests of the default run (``--steps 20000 --view-every 7 --decisions 1500``), which
every build must give: a change of them is a change of the observations or of the search's
play, and says so in the changelog."""


def observations(steps: int, view_every: int) -> dict[str, Any]:
    """The digest of ``steps`` observations and masks of seeded random play (see above)."""
    import numpy as np

    from burraco import observe
    from burraco.envs import burraco_v0

    digest = hashlib.sha256()
    done = views = 0
    seed = 0
    while done < steps:
        players = (2, 3, 4, 6)[seed % 4]
        env = burraco_v0.env(players=players)
        env.reset(seed=seed)
        game = env.unwrapped._game
        rng = random.Random(seed)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            digest.update(observation["observation"].tobytes())
            digest.update(observation["action_mask"].tobytes())
            if done % view_every == 0:
                state = game.state
                for seat in range(players):
                    partial = game.partial if seat == state.turn and not state.is_over else ()
                    vector = game.encoder.encode(observe(state, seat), partial)
                    digest.update(vector.tobytes())
                    views += 1
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            done += 1
        seed += 1
    return {"steps": done, "hands": seed, "view_vectors": views, "digest": digest.hexdigest()}


def decisions(count: int) -> dict[str, Any]:
    """The digest of the search agents' decisions (see above)."""
    from burraco import apply, legal_actions, new_game, observe
    from burraco.agents import make_agent

    digest = hashlib.sha256()
    searched = total = 0
    seed = 0
    while searched < count:
        table = [make_agent("search", seed=1000 * seed + seat) for seat in range(4)]
        state = new_game(seed=seed)
        while not state.is_over:
            actions = legal_actions(state)
            seat = state.turn
            action = table[seat].choose(observe(state, seat), actions)
            digest.update(f"{seat} {action}\n".encode())
            total += 1
            searched += len(actions) > 1
            state = apply(state, action)
        seed += 1
    return {
        "decisions": total,
        "among_two_or_more": searched,
        "hands": seed,
        "digest": digest.hexdigest(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=20_000, help="env steps (20,000)")
    parser.add_argument("--view-every", type=int, default=7, help="steps between view checks")
    parser.add_argument("--decisions", type=int, default=1500, help="search decisions (1,500)")
    parser.add_argument("--out", help="write the digests to this JSON file")
    parser.add_argument(
        "--compare",
        nargs="?",
        const="",
        metavar="FILE",
        help="compare with the digests of FILE (--out's), or without FILE with ACCEPTED",
    )
    args = parser.parse_args(argv)
    import burraco

    start = time.process_time()
    result = {
        "observations": observations(args.steps, args.view_every),
        "decisions": decisions(args.decisions),
    }
    build = "compiled" if getattr(burraco, "__compiled__", False) else "pure"
    print(json.dumps(result, indent=1))
    print(f"{build} build, {time.process_time() - start:.1f} CPU s", file=sys.stderr)
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    if args.compare is None:
        return 0
    if args.compare:
        before = json.loads(Path(args.compare).read_text(encoding="utf-8"))
    else:
        before = ACCEPTED
    where = args.compare or "the accepted digests"
    for part in ("observations", "decisions"):
        same = before[part] == result[part]
        print(f"{part}: {'identical to' if same else 'DIFFERENT from'} {where}")
    return 0 if before == result else 1


if __name__ == "__main__":
    sys.exit(main())
