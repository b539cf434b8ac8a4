"""Bokeh pictures and Jupyter widgets on top of the core (which never imports this package).

Import the drawing functions from :mod:`workbench.ui.render`, e.g.
``from workbench.ui.render import board_figure``; a board with a game on it from
:mod:`workbench.ui.boardview` (``BoardView``), and the play widget from
:mod:`workbench.ui.play` (``PlayRound``), and the map editor from :mod:`workbench.ui.editor`
(``MapEditor``; a route board opens in :mod:`workbench.ui.route_editor`'s ``RouteEditor``).
For lessons: the algorithm stepper from :mod:`workbench.ui.stepper`
(``AlgorithmStepper``) and the exercise widget from :mod:`workbench.ui.exercise`
(``ExerciseWidget``).
"""
