"""Benchmark: machine instructions per choice point, counted by valgrind (callgrind).

Run from the repository root after installing (valgrind must be on the PATH):
    python benchmarks/bench_instructions.py [GAMES] [--game ID] [--players N] [--warm W] [--states each] [--loop]
Seconds on a shared machine vary by 5 to 10% from run to run; instruction counts do not (the
same build, seeds and hash seed give the same count to within a fraction of a percent), so
this is the figure to compare two versions by when a change is worth a few percent.

How: the script runs itself twice under ``valgrind --tool=callgrind``, once only loading the
game and once loading it and playing GAMES random games (seeds 1 to GAMES) at N players, both
with PYTHONHASHSEED=0, after one plain run that writes any stale byte code. The difference is
what the games cost, whatever the build (plain or compiled); it repeats to within about 0.5%.
It is slow: valgrind runs Python about 50 times slower.

With ``--warm W`` both counted runs first play W other games (seeds 101 on), so the count is
of games played on a warm memo, as in ``bench_play``, which loads the game once and plays many:
what every effect node needs worked out once (what can fail, the compiled readers) is then
left out. Without it, the count includes that work for the nodes the measured games reach.
The games are played as bench_play plays them: answered in place, or with ``--states each``
a new state every answer.

With ``--loop`` (the compiled build only) it also prints the play loop alone: in the same two
runs, only what the calls into the engine's door and the bot cost (``Engine.new_game``,
``Engine.decision``, ``Engine.apply``, the bot's ``choose``, ``Decision.is_choice_point``),
read from callgrind's files.
Both runs also load and validate the packs, in pure Python, and that part's cost moves by a
few million instructions from one run to the other (the garbage collector; sets ordered by
address): up to 1.6% of a choice point in Castles. The loop alone leaves it out, and builds of
one source agree on it to within about 0.3%.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile

try:
    from machine import python  # run as a script: python benchmarks/...
    from options import take
except ImportError:
    from benchmarks.machine import python
    from benchmarks.options import take


WARM_SEEDS = 101  # the first seed of the warm-up games (never one of the measured games)
# The loop's entry points, as the compiled build names their C functions (--loop)
LOOP_ENTRIES = re.compile(r"\d(Engine_\d+(apply|decision|new_game)|RandomAgent_\d+choose|Decision_\w*is_choice_point)$")


def play(game: str, players: int, games: int, warm: int = 0, in_place: bool = True) -> int:
    """Load the game, play ``warm`` warm-up games, then ``games`` random games (as bench_play
    does); the number of choice points of the latter."""
    try:
        from bench_play import one_game
    except ImportError:
        from benchmarks.bench_play import one_game
    from engine.interpreter import Engine

    engine = Engine.load([game])
    for seed in range(WARM_SEEDS, WARM_SEEDS + warm):
        one_game(engine, players, seed, in_place=in_place)
    return sum(one_game(engine, players, seed, in_place=in_place)[2] for seed in range(1, games + 1))


def counted(game: str, players: int, games: int, warm: int, states: str, out: str = "/dev/null") -> tuple[int, int]:
    """(instructions, choice points) of one run of this script under callgrind (its file: ``out``)."""
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
               sys.executable, os.path.abspath(__file__), "--inner", str(games), "--game", game,
               "--players", str(players), "--warm", str(warm), "--states", states]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or not found:
        raise SystemExit(f"valgrind failed:\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(done.stdout.split()[-1])


def loop_cost(path: str) -> int:
    """What the calls into the loop's entry points cost in one callgrind file: the inclusive
    cost of each call to one of them from a function that is not one of them."""
    names: dict[str, str] = {}
    caller = callee = None
    calling = False
    total = 0

    def name_of(spec: str) -> str:
        found = re.match(r"\((\d+)\)(?: (.*))?", spec)
        if not found:
            return spec
        if found.group(2) is not None:
            names[found.group(1)] = found.group(2)
        return names[found.group(1)]

    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("fn="):
                caller = name_of(line[3:].strip())
            elif line.startswith("cfn="):
                callee = name_of(line[4:].strip())
            elif line.startswith("calls="):
                calling = True
            elif calling and line[:1] in "0123456789+-*":
                calling = False
                if LOOP_ENTRIES.search(callee) and "'" not in callee and not LOOP_ENTRIES.search(caller.split("'")[0]):
                    total += int(line.split()[1])
    return total


def main() -> None:
    args = sys.argv[1:]
    game = take(args, "game", "viticulture")
    players = int(take(args, "players", "4" if game == "viticulture" else "3"))
    warm = int(take(args, "warm", "0"))
    states = take(args, "states", "one")
    inner, loop = "--inner" in args, "--loop" in args
    args = [arg for arg in args if arg not in ("--inner", "--loop")]
    games = int(args[0]) if args else 2
    if inner:
        print(play(game, players, games, warm, states != "each"))
        return
    from engine.version import build

    # once natively first, so that both counted runs find every module's byte code written
    subprocess.run([sys.executable, os.path.abspath(__file__), "--inner", "0", "--game", game], check=True,
                   capture_output=True)
    if loop and build() != "compiled":
        raise SystemExit("--loop reads the compiled build's C functions: install the project with pip install .")
    with tempfile.TemporaryDirectory() as folder:
        files = [os.path.join(folder, name) if loop else "/dev/null" for name in ("loading", "playing")]
        loading, _none = counted(game, players, 0, warm, states, files[0])
        total, choice_points = counted(game, players, games, warm, states, files[1])
        looped = loop_cost(files[1]) - loop_cost(files[0]) if loop else 0
    played = total - loading
    after = (f" after {warm} warm-up games" if warm else "") + (", a new state each answer" if states == "each" else "")
    print(f"{game}, {players} players, {games} random games{after} (interpreter: {build()}): "
          f"{played:,} instructions for {choice_points} choice points, "
          f"{played / choice_points:,.0f} per choice point"
          + (f"; the play loop alone {looped / choice_points:,.0f} per choice point" if loop else ""))
    print(f"on {python()}")


if __name__ == "__main__":
    main()
