"""Benchmark: validating every shipped pack, and parsing effect strings.

Run from the repository root after installing:  python benchmarks/bench_validate.py
Prints medians over several runs. Targets (issue 2): every shipped pack
validated in under 1 second; at least 5,000 effect strings parsed per second.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

RUNS = 7


def fresh_process_validate() -> list[float]:
    """Wall time of `tabula validate` in a new Python process, RUNS times."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "cli", "validate"], capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"tabula validate failed (exit {done.returncode}):\n{done.stdout}{done.stderr}")
    return times


def in_process_validate() -> tuple[list[float], list]:
    """Wall time of the validation pipeline alone (imports and grammar already loaded)."""
    from engine.validate import validate

    validate([])  # warm: imports, grammar, schemas
    times, result = [], None
    for _ in range(RUNS):
        start = time.perf_counter()
        result = validate([])
        times.append(time.perf_counter() - start)
    return times, result


def parse_rate(texts: list[tuple[str, str]]) -> list[float]:
    """Effect strings parsed per second (no caching), RUNS times over all shipped strings."""
    from engine.effects.pipeline import PARSERS

    rates = []
    for _ in range(RUNS):
        start = time.perf_counter()
        for start_rule, text in texts:
            PARSERS[start_rule](text)
        rates.append(len(texts) / (time.perf_counter() - start))
    return rates


def main() -> None:
    from engine.effects.pipeline import find_effects

    fresh = fresh_process_validate()
    inside, result = in_process_validate()
    documents = [d for pack in result.packs.values() for d in pack.documents]
    texts = [(e.start, e.text) for e in find_effects(documents)]
    rates = parse_rate(texts)
    average = statistics.mean(len(t) for _, t in texts)
    print(f"packs: {len(result.packs)}, documents: {len(documents)}, definitions: {result.definition_count}")
    print(f"tabula validate, fresh process:  median {statistics.median(fresh) * 1000:.0f} ms "
          f"(min {min(fresh) * 1000:.0f}, max {max(fresh) * 1000:.0f}, {RUNS} runs)")
    print(f"validate() in process:          median {statistics.median(inside) * 1000:.0f} ms")
    print(f"effect strings: {len(texts)} (mean {average:.0f} characters)")
    print(f"parse rate:                      median {statistics.median(rates):,.0f} strings/s")


if __name__ == "__main__":
    main()
