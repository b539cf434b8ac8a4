"""Bokeh pictures and Jupyter widgets on top of the core (which never imports this package).

Import the drawing functions from :mod:`workbench.ui.render`, e.g.
``from workbench.ui.render import board_figure``.
"""
