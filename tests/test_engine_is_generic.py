"""The engine is generic: no game, card or rulebook words anywhere in engine/.

A game needs a mechanism? Build the general mechanism, name it by what it does,
and declare its use in the pack's YAML.
"""

import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"

GAME_WORDS = (
    "viticulture tuscany burgundy cheese lira grape grapes wine wines vine vines vineyard visitor visitors "
    "crush cellar mama papa rooster monastery monasteries trellis irrigation automa wake-up residual "
    "sangiovese blush sparkling castle castles yeast milk windmill cottage yoke grande friendly"
).split()


def test_no_engine_module_mentions_a_game_word():
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, GAME_WORDS)) + r")\b", re.IGNORECASE)
    hits = [
        f"{path.relative_to(ENGINE.parent)}:{number}: {line.strip()}"
        for path in sorted(ENGINE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert hits == []
