"""Confidence intervals for win rates, so a table says how far a figure can be trusted."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95 % normal quantile


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion; (0, 1) when there are no trials.

    Preferred to the normal approximation because it stays inside [0, 1] and behaves at rates
    near 0 or 1, which is exactly where "beats random 95 %" figures live. Shared wins count as
    fractions of a success.
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # Rounding must not push a bound past the observed rate (0 of n has lower bound exactly 0).
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))
