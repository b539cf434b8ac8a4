"""A route board's ceiling: the most one player could score alone with a number of cars.

The player claims routes (one lane of a double at most: a player never holds both), pays
their length in cars out of a budget, scores each route's printed points, and scores the
points of every ticket whose two cities its routes join. Nobody else plays, nothing is drawn
from a deck: the ceiling is what the board itself allows, an upper bound on any real game's
score with those cars (and the tickets chosen are the best a player could wish to be dealt).
It is a prize-collecting budgeted Steiner forest (the points of a ticket are a prize for
joining its cities), NP-hard like the Steiner tree it contains, and small enough on a
published board to be solved exactly.

What is proven, by method (``method=``), and where (``Ceiling.model``):

``"auto"`` (the default)
    The one-network answer below, then, on a board of at most ``FOREST_CHECK_LIMIT`` (30)
    city pairs, a check against every plan: the ``"cut"`` model with the floor
    ``objective >= score + 1`` (points are whole numbers), so that "no plan" is the proof.
    A plan the check finds (its tickets joined, after lazy cuts) replaces the answer and
    the floor rises. When the check closes the answer is optimal over every plan
    (``model == "any forest"``); when it is skipped (the shipped boards, 78 and 90 pairs)
    or runs out of nodes, the answer is proven in the one-network model only
    (``model == "one network"``). On the shipped boards at 40 to 50 cars no plan of two
    or more ticket networks is known to beat it, but that is not proven: see below.
``"tree"``: one network
    The plans whose scored tickets all lie in one connected network, plus any other routes
    claimed for their points alone. A mixed-integer program solved by HiGHS through
    :func:`scipy.optimize.milp`: the network is a tree rooted at its first city, its
    routes oriented away from the root, and a city belongs to it only if every cut around
    the city lets a whole unit in from the root (directed cuts, separated by minimum cuts,
    first on the relaxation, then on each integer plan until none is broken). The rooted
    cuts are what makes it fast enough: the undirected models below let the relaxation
    claim half of every route on a cycle through all the tickets' cities, which joins any
    two of them by a whole unit, and no oriented tree can do that (on the original board
    at 40 cars the relaxation bounds are 267 here, 302 for ``"cut"``, where the optimum
    is 248). The score reported is the plan's real score (every ticket it completes, in
    whatever network), which may exceed the model's objective.
``"flow"``, ``"cut"``, ``"brute"``: any forest
    Every plan, with the scored tickets in as many networks as it likes. ``"flow"``: one
    MILP, a binary per city pair split into a forest part and an extra part, a unit of
    flow per ticket over the forest (arcs no path within the budget could use are left
    out), subtour and Steiner partition cuts on the relaxation. ``"cut"``: the same with
    the tickets joined by cuts ``y_t <= x(delta(S))`` generated lazily (the last plan is
    feasible for the whole model and optimal for a relaxation of it, so it is optimal).
    ``"brute"``: every set of city pairs within the budget, each scored with a
    union-find (at most 22 pairs); ``"brute_tree"`` the same for the one-network model.
    These are exact but, on a published board at 40 cars and more, the relaxation is too
    weak for HiGHS to close the gap in minutes; on small boards they are the tests'
    references and the default's check.

Why the shipped boards are not yet proven over every plan. Formulations measured on the
original board at 40 cars (optimum 248 in one network): a rooted forest (every network
rooted at its lowest-index city, each scored ticket choosing its network's root, directed
cuts from that root to both its cities) has a relaxation of 305; forcing exactly two
networks, 277, three, 287; with the floor 249 and two networks or more, HiGHS had not
closed it after 400 s. A bound by parts (the largest network in the one-network model
plus the rest in a forest relaxation) fails because the relaxation's value is concave in
its cars: the rest takes the whole budget. What would close it: a formulation whose
relaxation charges each extra network for its root (branch-and-price over networks, or
lazy constraints inside the search, which HiGHS does not offer).

References
----------
E. J. Schaefer and A. J. Schaefer, "Maximizing the Score in Ticket to Ride", 2025,
arXiv:2511.08441 (the ceiling as a mixed-integer program, read for balance advice).
T. L. Magnanti and L. A. Wolsey, "Optimal trees", in Handbooks in Operations Research and
Management Science 7 (1995) 503-615, doi:10.1016/S0927-0507(05)80126-4 (flow and cut
formulations of network design, and why their relaxations agree).

Examples
--------
>>> from workbench import load_map
>>> usa = load_map("maps/ticket_to_ride_usa.yaml")
>>> best = ceiling(usa, 45)
>>> best.score, best.proven, best.cars_used <= 45
(..., True, True)
>>> best.score == best.route_points + best.ticket_points
True
"""

from workbench.analysis.ceiling.balance import CeilingBalance, ceiling_balance
from workbench.analysis.ceiling.forest import forest_cars
from workbench.analysis.ceiling.problem import BRUTE_LIMIT, CeilingError
from workbench.analysis.ceiling.problem import _demo as _demo  # the examples' board
from workbench.analysis.ceiling.problem import _problem as _problem
from workbench.analysis.ceiling.solve import METHODS, Ceiling, ceiling, ceilings
from workbench.analysis.ceiling.tree import _TreeModel as _TreeModel  # the benchmark's

__all__ = [
    "BRUTE_LIMIT",
    "METHODS",
    "Ceiling",
    "CeilingBalance",
    "CeilingError",
    "ceiling",
    "ceiling_balance",
    "ceilings",
    "forest_cars",
]
