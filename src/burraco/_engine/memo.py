"""The bounded memos of the speed machinery, in one place (private).

Two kinds: :class:`BudgetMemo`, bounded in estimated bytes, for the move generator's memos of
choices, readings and actions (``burraco._engine.movegen``); and :class:`TwoGenerations`, bounded in
entries, for the answers of :func:`~burraco.validate_meld` and :func:`~burraco.extend_meld`,
kept per set of meld switches (:func:`meld_memos`). Nothing here knows a rule: the callers
choose the keys, and a key holds everything the answer depends on (for the meld memos, the
rules' :func:`~burraco.rules.meld_switches` choose the memo).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sized
from typing import TYPE_CHECKING, Final, Generic, TypeAlias, TypeVar, cast

from burraco.cards import Card, Rank
from burraco.errors import Reason
from burraco.rules import CLASSIC, Rules, meld_switches

if TYPE_CHECKING:
    from burraco.melds import Meld

__all__ = [
    "FRESH",
    "FRESH_MOST",
    "GENERATION",
    "RELEASE",
    "RETIRE_AT",
    "BudgetMemo",
    "ExtendKey",
    "MeldMemos",
    "Outcome",
    "TwoGenerations",
    "ValidateKey",
    "clear_meld_memos",
    "meld_memos",
]

K = TypeVar("K")
V = TypeVar("V")


class BudgetMemo(Generic[K, V]):
    """A memo bounded in bytes: two generations of dicts, the older dropped when the newer
    holds half the budget.

    Each entry is weighed when it is stored, as an estimate of the bytes it keeps alive:
    ``entry`` bytes, plus ``item`` bytes for each item of a value that is a tuple or bytes
    (``item`` 0: values are not weighed by size). So a few huge entries (a 48-card hand has
    thousands of melds) count as much as many small ones. An entry found in the older
    generation moves to the newer one, so whatever play keeps using survives, while shapes that
    stopped occurring are forgotten. ``peak`` is the most bytes ever held, both generations
    together.

    A large generation is not freed at once: a memo of tens of thousands of entries took 5 to
    7 ms to free, all inside the one call that happened to store the entry that filled the
    newer half (the slowest ``legal_actions`` calls of random play, after those that ran a
    full collection). A ``settle`` memo retires a generation of :data:`RETIRE_AT` entries or
    more instead, and frees :data:`RELEASE` of its entries each time it settles (every 128
    stores or more), and more on a store that would pass the budget; a retired generation is
    gone long before the newer half fills. A retired entry is never looked up: what the memo
    finds is exactly what it found when it dropped the generation at once. (The memos of
    actions, about 1,100 and 4,400 entries a generation, drop theirs at once, which takes
    under a millisecond: retired, their traced objects would only be more for collections to
    scan.)

    ``settle``: the values are tuples of objects the garbage collector does not trace (bytes,
    integers, pairs of integers), which it stops tracking at the first collection they live
    through. A dict that holds only untracked keys and values is itself untracked, and a full
    collection skips it; but storing one tracked value tracks the dict again, until the next
    full collection has visited every entry. So such a memo keeps a value that is still
    tracked in a small dict of its own (:attr:`fresh`, part of the newer generation) and moves
    it to :attr:`new` once it is not (see :meth:`_settle`): :attr:`new` and the older
    generation stay untracked, and a full collection visits only the few fresh entries, not
    the tens of thousands of settled ones.
    """

    __slots__ = (
        "_apart",
        "_entry",
        "_fresh_bytes",
        "_half",
        "_item",
        "_limit",
        "_new_bytes",
        "_old",
        "_old_bytes",
        "_retired",
        "_retired_bytes",
        "_settle_at",
        "budget",
        "fresh",
        "new",
        "peak",
        "settle",
    )

    def __init__(self, budget: int, entry: int, item: int = 0, *, settle: bool = False) -> None:
        self.budget = budget
        self._half = budget // 2
        self._entry = entry
        self._item = item
        self.settle = settle
        self.new: dict[K, V] = {}
        """The newer generation (its settled entries, for a ``settle`` memo)."""
        self.fresh: dict[K, V] = {}
        """Entries of the newer generation whose values the collector still tracks."""
        self._old: dict[K, V] = {}
        self._retired: dict[K, V] = {}
        """The generation dropped last, whose entries :meth:`_release` frees in batches."""
        self._new_bytes = 0
        self._fresh_bytes = 0
        self._old_bytes = 0
        self._retired_bytes = 0
        self._apart = 0
        """The bytes of the older and the retired generations."""
        self._limit = self._half
        """The most bytes the newer generation may reach before a store must make room: half
        the budget, or less while retired entries are held (see :meth:`_make_room`)."""
        self._settle_at = FRESH
        self.peak = 0

    def get(self, key: K) -> V | None:
        """The value of ``key``, or ``None`` (one found in the older generation moves to the
        newer one)."""
        value = self.new.get(key)
        if value is None:
            value = self.beyond_new(key)
        return value

    def beyond_new(self, key: K) -> V | None:
        """The value of ``key`` for a caller that did not find it in :attr:`new`: a fresh one,
        or one of the older generation (moved to the newer one), or ``None``.

        For callers whose ``find`` needs more than the key (:meth:`missed` would need a
        closure, built on every miss of :attr:`new`, many of them answered here)."""
        value = self.fresh.get(key)
        if value is None:
            value = self._old.get(key)
            if value is not None:
                self.remember(key, value)
        return value

    def missed(self, key: K, find: Callable[[K], V]) -> V:
        """The value of ``key``, for a caller that did not find it in :attr:`new`: a fresh
        one, or one of the older generation (moved to the newer one), or else ``find(key)``,
        remembered.

        Callers look in :attr:`new` themselves first (``memo.new.get(key)``), so that a hit
        costs no call."""
        value = self.fresh.get(key)
        if value is not None:
            return value
        value = self._old.get(key)
        if value is None:
            value = find(key)
        self.remember(key, value)
        return value

    def remember(self, key: K, value: V) -> None:
        """Store ``key`` with ``value`` in the newer generation (the fresh entries, for a
        value the collector still tracks in a ``settle`` memo), dropping (or retiring) the
        older generation first if the newer one would pass half the budget."""
        weight = self._entry
        # no call (of cast, in pure Python): every miss and move pays this
        if self._item and isinstance(value, (tuple, bytes)):
            weight += self._item * len(value)
        if self._new_bytes + weight > self._limit:  # one test, as before entries retired
            self._make_room(weight)
        if self.settle and gc.is_tracked(value):
            self.fresh[key] = value
            self._fresh_bytes += weight
            if len(self.fresh) >= self._settle_at:
                self._settle()
        else:
            self.new[key] = value
        self._new_bytes += weight
        held = self._new_bytes + self._apart
        if held > self.peak:
            self.peak = held

    def _make_room(self, weight: int) -> None:
        """Make room for an entry of ``weight`` bytes: begin a new generation if the newer
        would pass half the budget, and free retired entries if the memo would pass the
        budget."""
        if self._new_bytes + weight > self._half:
            # What is left of the generation retired before is freed now (nothing, unless a
            # few huge entries filled the newer half). The fresh entries stay fresh, and count
            # in the new generation.
            if self.settle and len(self._old) >= RETIRE_AT:
                self._retired = self._old
                self._retired_bytes = self._old_bytes
            else:
                self._retired = {}
                self._retired_bytes = 0
            self._old = self.new
            self._old_bytes = self._new_bytes - self._fresh_bytes
            self.new = {}
            self._new_bytes = self._fresh_bytes
        if self._retired_bytes:
            self._release(0, weight)
        self._account()

    def _account(self) -> None:
        """Work out :attr:`_apart` and :attr:`_limit` from the generations' bytes."""
        apart = self._old_bytes + self._retired_bytes
        self._apart = apart
        self._limit = min(self._half, self.budget - apart)

    def _release(self, count: int, weight: int) -> None:
        """Free ``count`` entries of the retired generation, or more, until ``weight`` more
        bytes fit in the budget (each entry weighed as their average), or until none is
        left."""
        retired = self._retired
        left = len(retired)
        weighs = self._retired_bytes
        if not left or not weighs:
            self._retired = {}
            self._retired_bytes = 0
            return
        over = self._new_bytes + self._old_bytes + weighs + weight - self.budget
        if over > 0:
            count = max(count, -(-over * left // weighs))
        count = min(count, left)
        pop = retired.popitem  # frees the entry stored last, in C
        try:
            for _ in range(count):
                pop()
        except KeyError:  # another thread freed the last ones
            count = left
        # what is left weighs its share of the bytes (0 when nothing is left): at least
        # ``over`` bytes are freed
        self._retired_bytes = weighs * (left - count) // left

    def _settle(self) -> None:
        """Move the fresh entries that the collector no longer tracks to :attr:`new`.

        If many are still tracked (misses came faster than young collections), settle again
        when the fresh entries have doubled; if more than :data:`FRESH_MOST` are (the
        collector is off, or :func:`gc.freeze` keeps them from collections), move them all:
        an untracked dict only saves the collector time, and the budget still holds."""
        # A copy of the dict, taken in one step (a dict's copy allocates before it reads the
        # entries, and runs no Python code while it copies): a thread that stores an entry
        # meanwhile cannot change the dict under the loops, even compiled, where a collection
        # triggered by an allocation in a loop may run Python code and so switch threads. The
        # entry it stores may be forgotten, which is safe.
        fresh = self.fresh.copy()
        keep = {key: value for key, value in fresh.items() if gc.is_tracked(value)}
        if len(keep) > FRESH_MOST:
            keep = {}
        new = self.new
        for key, value in fresh.items():
            if key not in keep:
                new[key] = value
        # weighed as remember weighs each entry, in C loops (no call per entry), and before
        # it is shared: another thread may store in it once it is self.fresh
        weight = self._entry * len(keep)
        if self._item:
            weight += self._item * sum(map(len, cast("dict[K, Sized]", keep).values()))
        self._fresh_bytes = weight
        self.fresh = keep
        self._settle_at = max(FRESH, 2 * len(keep))
        if self._retired:
            self._release(RELEASE, 0)
            self._account()

    def clear(self) -> None:
        self.new = {}
        self.fresh = {}
        self._old = {}
        self._retired = {}
        self._new_bytes = self._fresh_bytes = self._old_bytes = self._retired_bytes = 0
        self._account()
        self._settle_at = FRESH

    @property
    def bytes(self) -> int:
        """The estimated bytes held now (the retired entries not yet freed included)."""
        return self._new_bytes + self._apart

    def __len__(self) -> int:
        return len(self.new) + len(self.fresh) + len(self._old)


RETIRE_AT: Final = 4096
"""The fewest entries of a generation that :meth:`BudgetMemo.remember` retires rather than drops
(freeing that many tuples of choices takes about half a millisecond)."""
RELEASE: Final = 1024
"""How many retired entries :meth:`BudgetMemo._settle` frees (in a tenth of a millisecond or so):
it settles every :data:`FRESH` stores or more, so a retired generation is gone before the
newer half is an eighth full."""
FRESH: Final = 128
"""How many fresh entries a ``settle`` memo keeps before it settles them
(:meth:`BudgetMemo._settle`): a young collection runs every few hundred allocations, so by then
most are untracked."""
FRESH_MOST: Final = 4096
"""The most entries still tracked that :meth:`BudgetMemo._settle` keeps fresh."""


# --- the memos of meld answers -------------------------------------------------------------

GENERATION: Final = 128
"""Entries of the newer generation of a memo before it becomes the older one. Kept small: each
entry holds a few objects that every full garbage collection traverses, and play repeats few
enough melds that a larger memo hardly helps: in random play, 512 entries (four times as many,
with the move generator then keeping 1,024 melds' facts) saved 0.5% of the instructions of a
step and kept about 2,400 more objects alive after 1,500 hands; a search repeats the same few
melds of one position, which 128 entries hold."""


class TwoGenerations(Generic[K, V]):
    """A memo of two generations: when the newer one is full, the older one is forgotten and
    the newer one takes its place; an answer found in the older one moves to the newer one.

    It holds at most ``2 * GENERATION`` entries, each of at most 14 cards (``burraco.melds``
    stores no longer answers) plus a meld (about 175 bytes an entry in random play, since keys
    and melds share their tuples with the actions and the table).
    """

    __slots__ = ("_new", "_old")

    def __init__(self) -> None:
        self._new: dict[K, V] = {}
        self._old: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        value = self._new.get(key)
        if value is None:
            value = self._old.get(key)
            if value is not None:
                self.remember(key, value)
        return value

    def remember(self, key: K, value: V) -> None:
        if len(self._new) >= GENERATION:
            self._old = self._new
            self._new = {}
        self._new[key] = value

    def clear(self) -> None:
        self._new = {}
        self._old = {}

    def __len__(self) -> int:
        return len(self._new) + len(self._old)


ValidateKey: TypeAlias = tuple[Card, ...] | tuple[tuple[Card, ...], Rank]
ExtendKey: TypeAlias = (
    tuple[tuple[Card, ...], Rank | None, tuple[Card, ...]]
    | tuple[tuple[Card, ...], Rank | None, tuple[Card, ...], Rank]
)
"""The meld by its cards and ``wild_as`` (which decide its other fields, see
:meth:`burraco.Meld.__hash__`), then the added cards and the ``wild_as`` asked for, if any:
tuples and ranks hash and compare in C, where a meld's ``__hash__`` and ``__eq__`` are Python
calls."""
Outcome: TypeAlias = "Meld | tuple[Reason, str]"
"""An answer: the meld, or the reason and detail of the error (raised anew each time)."""


class MeldMemos:
    """The memos of :func:`~burraco.validate_meld` and :func:`~burraco.extend_meld` for one set
    of meld switches."""

    __slots__ = ("extended", "validated")

    def __init__(self) -> None:
        self.validated: TwoGenerations[ValidateKey, Outcome] = TwoGenerations()
        self.extended: TwoGenerations[ExtendKey, Outcome] = TwoGenerations()


_BY_SWITCHES: Final[dict[tuple[tuple[str, object], ...], MeldMemos]] = {}
""":class:`MeldMemos` by the rules' :func:`~burraco.rules.meld_switches`."""
_last: tuple[Rules, MeldMemos] = (CLASSIC, MeldMemos())
"""The rule set asked about last and its memos: nearly every call passes the same one."""
_BY_SWITCHES[meld_switches(CLASSIC)] = _last[1]


def meld_memos(rules: Rules) -> MeldMemos:
    """The memos for ``rules``, shared by every rule set with the same meld switches."""
    global _last
    last = _last
    if last[0] is rules:
        return last[1]
    switches = meld_switches(rules)
    memos = _BY_SWITCHES.get(switches)
    if memos is None:
        if len(_BY_SWITCHES) >= 16:
            _BY_SWITCHES.clear()
        memos = _BY_SWITCHES[switches] = MeldMemos()
    _last = (rules, memos)
    return memos


def clear_meld_memos() -> None:
    """Forget every remembered meld (for benchmarks that measure the analysis itself)."""
    for memos in [_last[1], *_BY_SWITCHES.values()]:
        memos.validated.clear()
        memos.extended.clear()
