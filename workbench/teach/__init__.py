"""Step-by-step traces of graph algorithms, for teaching (pure: no UI).

``trace(name, G, **params)`` runs an algorithm and returns a :class:`Trace`: its
``frames`` (roles of nodes and edges, the data structure's state, the pseudo-code line and
a sentence each) and its ``result``. A UI draws the frames; nothing here imports one.

:mod:`workbench.teach.exercises` asks questions that check themselves (Kruskal's next
segment, bridges, a hand's missing rails, the best start, Dijkstra's order, the longest
trail, a hand of tickets' cheapest network), reading answers
with :mod:`workbench.teach.answers`; :mod:`workbench.teach.textbook` has small graphs for
lessons. :data:`EXACT_SEARCHES` are the searches of Ticket to Ride that try every case
(:mod:`workbench.teach.trails`, the longest trail; :mod:`workbench.teach.forest`, the
cheapest network for a hand of tickets). The stepper and exercise widgets are in
:mod:`workbench.ui`.

>>> from workbench import load_map
>>> from workbench.teach import trace
>>> t = trace("min_cut", load_map("maps/tiny.yaml").graph(), s=(1, 1), t=(3, 2))
>>> t.result["value"] == len(t.result["cut"])
True
"""

from workbench.teach.frames import EDGE_ROLES, NODE_ROLES, Frame, FrozenMap, Trace
from workbench.teach.trace import ALGORITHMS, EXACT_SEARCHES, Algorithm, trace

__all__ = [
    "ALGORITHMS",
    "EDGE_ROLES",
    "EXACT_SEARCHES",
    "NODE_ROLES",
    "Algorithm",
    "Frame",
    "FrozenMap",
    "Trace",
    "trace",
]
