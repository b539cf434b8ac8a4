"""``workbench analyze --ceiling``: route boards only; any other map is refused with a reason."""

from __future__ import annotations

import pytest

from workbench import cli


@pytest.mark.parametrize(
    ("path", "kind"),
    [("maps/tiny.yaml", "lattice"), ("maps/transorient_express.yaml", "cards")],
)
@pytest.mark.parametrize("flags", [["--ceiling"], ["--cars", "3..4"], ["--ceiling", "--cars", "5"]])
def test_ceiling_on_a_map_without_routes_is_refused(
    path: str, kind: str, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["analyze", path, *flags]) == 1
    out = capsys.readouterr()
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and not out.out
    assert (
        f"--ceiling needs a route board such as maps/ticket_to_ride_usa.yaml; {path} is a "
        f"{kind} map" in lines[0]
    )


def test_ceiling_on_a_route_board_reports_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[object] = []

    def report(board: object, players: int, ceiling: object) -> object:
        seen.append(ceiling)
        raise SystemExit(0)

    monkeypatch.setattr("workbench.analysis.route_report.route_report", report)
    with pytest.raises(SystemExit):
        cli.main(["analyze", "maps/ticket_to_ride_usa.yaml", "--cars", "7..8"])
    assert seen == [range(7, 9)]
