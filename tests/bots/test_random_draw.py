"""The random bot's fast bounded draw gives exactly ``Generator.integers``' numbers."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.bots.random_bot import bounded_draw


def same_state(a: np.random.Generator, b: np.random.Generator) -> bool:
    """Whether two generators' bit generators are in the same state (arrays compared)."""

    def flat(x: object) -> object:
        if isinstance(x, dict):
            return {k: flat(v) for k, v in x.items()}
        return x.tolist() if isinstance(x, np.ndarray) else x

    return flat(a.bit_generator.state) == flat(b.bit_generator.state)


BIT_GENERATORS = [np.random.PCG64, np.random.PCG64DXSM, np.random.MT19937, np.random.Philox,
                  np.random.SFC64]  # fmt: skip

# bounds: 1 (no number taken), small, powers of two and their neighbours, the top of the
# 32-bit range (where rejections are frequent) and beyond it (left to numpy)
sizes = st.one_of(
    st.integers(1, 3),
    st.integers(1, 1000),
    st.sampled_from([2**k + d for k in range(1, 33) for d in (-1, 0, 1)]),
    st.integers(2**31, 2**32 + 5),
    st.integers(2**32 - 1000, 2**32 - 1),
)
# a step is a draw of n, or another use of the same generator in between
steps = st.lists(
    st.one_of(
        sizes.map(lambda n: ("draw", n)),
        st.just(("random", 0)),
        sizes.map(lambda n: ("integers", n)),
    ),
    max_size=60,
)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**63), kind=st.sampled_from(BIT_GENERATORS), plan=steps)
def test_same_numbers_and_state_as_integers(seed: int, kind: type, plan: list) -> None:
    ours, ref = np.random.Generator(kind(seed)), np.random.Generator(kind(seed))
    draw = bounded_draw(ours)
    for what, n in plan:
        got: float
        want: float
        if what == "draw":
            got, want = draw(n), int(ref.integers(n))
            assert type(got) is int
        elif what == "random":
            got, want = ours.random(), ref.random()
        else:
            got, want = int(ours.integers(n)), int(ref.integers(n))
        assert got == want, (what, n)
    assert same_state(ours, ref)


def test_rejections_happen_and_match() -> None:
    # n just above 2**31 rejects almost half of the 32-bit numbers: many loops, same values
    ours, ref = np.random.default_rng(3), np.random.default_rng(3)
    draw = bounded_draw(ours)
    n = 2**31 + 1
    assert [draw(n) for _ in range(2000)] == [int(ref.integers(n)) for _ in range(2000)]
    assert same_state(ours, ref)
    assert ours.bit_generator.random_raw() == ref.bit_generator.random_raw()


@pytest.mark.parametrize("n", [0, -3])
def test_bad_bounds_raise_as_numpy_does(n: int) -> None:
    with pytest.raises(ValueError):
        bounded_draw(np.random.default_rng(0))(n)


@pytest.mark.parametrize("n", [3, 7, 1001, 2**31 + 1, 2**32 - 1, 3 * 2**30 + 1])
def test_the_rejection_bounds_exactly(n: int) -> None:
    # PCG64 keeps the second half of its last 64-bit output for the next 32-bit number: set
    # that half so the first number drawn lands on either side of numpy's rejection bound
    threshold = (2**32 - n) % n
    inverse = pow(n, -1, 2**32)
    for leftover in sorted({0, threshold - 1, threshold, threshold + 1, n - 1, n} - {-1}):
        x = leftover * inverse % 2**32  # x * n leaves exactly `leftover` in the low half
        assert x * n % 2**32 == leftover
        ours, ref = np.random.default_rng(5), np.random.default_rng(5)
        for g in (ours, ref):
            g.bit_generator.state = {**g.bit_generator.state, "has_uint32": 1, "uinteger": x}
        assert bounded_draw(ours)(n) == int(ref.integers(n)), leftover
        assert same_state(ours, ref), leftover
