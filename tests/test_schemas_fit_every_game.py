"""The document kinds are designed for all four games, not only Viticulture:
samples of the mechanisms of Tuscany, the Castles of Burgundy card game and
Wine & Cheese validate against the shipped schemas. Where a sample sets a property that
this engine does not play yet (a track, a worker that may bump), the check warns (W120,
W121: engine/unplayed.py) and finds no error."""

from pathlib import Path

import pytest

from engine.schemas import schema_set
from engine.yamlread import read_yaml

SAMPLES = sorted((Path(__file__).parent / "schema_samples").glob("*.yaml"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_a_sample_of_another_game_fits_its_schema(path):
    document, problems = read_yaml(path)
    assert problems == []
    schemas = schema_set()
    kind, problems = schemas.check_kind(document, str(path))
    assert problems == []
    found = schemas.check_document(document, kind, str(path), ref_ids=None)
    assert [d for d in found if d.code not in ("W120", "W121")] == []  # (what this engine does not play yet: warned)


def test_there_is_a_sample_for_each_other_game():
    names = {p.name.split("_")[0] for p in SAMPLES}
    assert names == {"cob", "tus", "wc"}
