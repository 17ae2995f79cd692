"""Where the compiled engine's time goes, by line of its Python source: a reading of `perf script`.

A profile of the compiled build names C functions, and most samples fall in CPython's own work
(reading dicts and attributes, making and freeing objects) called from them. This gives each
sample to the first function of the engine on its stack ("own" time: its C code and the CPython
work it called directly), maps the address there to the line of the C file Cython wrote, and
that line to the Python line it was made from (Cython marks each block of C with it). Where the
sample fell in one of Cython's helpers (a generic item read, a call), the helper is named: that
is the line's cost to look at.

Recipe (Linux, `perf` and binutils' `addr2line`; a build made in place, whose C files are in
build/cython/; the delay skips the loading):

    python setup.py build_ext --inplace
    perf record -D 2500 -e cpu-clock -F 1500 --call-graph dwarf,16384 -o perf.data \\
        python benchmarks/bench_play.py 40
    perf script -i perf.data > samples.txt
    python benchmarks/perf_lines.py samples.txt [FUNCTIONS] [LINES]
    python benchmarks/perf_lines.py samples.txt --helper '^__Pyx_PyObject_GetItem$' [LINES]

The first prints the FUNCTIONS (default 25) engine functions with the most own samples, each
with its LINES (default 5) hottest lines; the second, the lines whose samples fell in a helper
whose name matches the pattern (a generic item read, say), over the whole engine.
"""

from __future__ import annotations

import bisect
import collections
import os
import re
import subprocess
import sys

try:
    from options import take  # run as a script: python benchmarks/...
except ImportError:
    from benchmarks.options import take

ENGINE = re.compile(r"__pyx_(?:pw|pf|f|getprop|tp_\w+)_6engine")
MARK = re.compile(r'\s*/\* "(engine/[^"]+)":(\d+)')


def samples(path: str):
    """Each sample's stack, innermost first, as (symbol, address, file) frames; an inlined frame
    gets the file of the real frame it was inlined into."""
    stack = None
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if not line.strip():
                if stack:
                    yield _files_filled(stack)
                stack = None
            elif not line[0].isspace():
                stack = []
            elif stack is not None:
                address, _, rest = line.strip().partition(" ")
                symbol, _, where = rest.rpartition(" (")
                stack.append([re.sub(r"\+0x[0-9a-f]+$", "", symbol), int(address, 16), where.rstrip(")")])
    if stack:
        yield _files_filled(stack)


def _files_filled(stack: list) -> list:
    for index in range(len(stack) - 2, -1, -1):
        if stack[index][2] == "inlined":
            stack[index][2] = stack[index + 1][2]
    return stack


class Lines:
    """Addresses of one compiled library to the Python lines they were made from. Its C files
    are the ones addr2line names for each address (a library holds several modules' code,
    setup.py), read from build/cython/ beside the library's engine/ folder."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.root = module.split("/engine/")[0]
        self.c_files: dict = {}  # a C file's path, as addr2line names it -> its (starts, marks)

    def lines(self, addresses: list[int]) -> list[str]:
        """For each address (a return address: the call is just before it), its Python line,
        with the helper it lies in, if any."""
        out = subprocess.run(["addr2line", "-f", "-i", "-a", "-e", self.module] + [hex(a - 1) for a in addresses],
                             capture_output=True, text=True, check=True).stdout.split("\n")
        blocks, block = [], None
        for line in out:
            if line.startswith("0x"):
                block = []
                blocks.append(block)
            elif block is not None and line:
                block.append(line)
        return [self._line(block) for block in blocks]

    def _marks(self, c_file: str) -> tuple[list, list]:
        """The C file's marks of the Python lines its blocks were made from, with their C lines."""
        if c_file not in self.c_files:
            with open(os.path.join(self.root, c_file), encoding="utf-8") as text:
                marks = [(number, f"{m.group(1)}:{m.group(2)}") for number, line in enumerate(text, 1)
                         if (m := MARK.match(line))]
            self.c_files[c_file] = ([number for number, _where in marks], marks)
        return self.c_files[c_file]

    def _line(self, block: list[str]) -> str:
        pairs = list(zip(block[0::2], block[1::2]))  # (function, file:line), innermost first
        found = "?"
        for function, where in pairs:
            c_file, _, line = where.rpartition(":")
            line = line.split()[0] if line else ""
            if function.startswith("__pyx_") and "build/cython/" in c_file and line.isdigit():  # ("?": no line known)
                starts, marks = self._marks(c_file[c_file.index("build/cython/"):])
                index = bisect.bisect_right(starts, int(line)) - 1
                found = marks[index][1] if index >= 0 else "?"
                break
        if pairs and not pairs[0][0].startswith("__pyx_"):
            found += f" [{pairs[0][0]}]"
        return found


def by_line(hits: dict, modules: dict) -> collections.Counter:
    """Samples by Python line, from samples by (module, address)."""
    found: collections.Counter = collections.Counter()
    grouped = collections.defaultdict(dict)
    for (module, address), count in hits.items():
        grouped[module][address] = count
    for module, counts in grouped.items():
        if module not in modules:
            modules[module] = Lines(module)
        for address, line in zip(counts, modules[module].lines(list(counts))):
            found[line] += counts[address]
    return found


def main() -> None:
    args = sys.argv[1:]
    helper = take(args, "helper", "")
    path, *numbers = args
    total, modules = 0, {}
    own: dict = collections.defaultdict(collections.Counter)  # function -> (module, address) -> samples
    in_helper: collections.Counter = collections.Counter()
    pattern = re.compile(helper) if helper else None
    for stack in samples(path):
        total += 1
        first = next((frame for frame in stack if ENGINE.search(frame[0])), None)
        if first is None:
            continue
        own[first[0]][(first[2], first[1])] += 1
        if pattern is not None and any(pattern.search(frame[0]) for frame in stack[:stack.index(first)]):
            in_helper[(first[2], first[1])] += 1
    if pattern is not None:
        top = int(numbers[0]) if numbers else 30
        print(f"samples under a helper matching {helper!r}: {100 * sum(in_helper.values()) / total:.2f}%")
        for line, count in by_line(in_helper, modules).most_common(top):
            print(f"  {100 * count / total:5.2f}%  {line}")
        return
    functions, lines = (int(numbers[0]) if numbers else 25), (int(numbers[1]) if len(numbers) > 1 else 5)
    print(f"{total} samples; engine functions by own samples, each with its hottest lines")
    for function, hits in sorted(own.items(), key=lambda item: -sum(item[1].values()))[:functions]:
        print(f"{100 * sum(hits.values()) / total:5.2f}%  {re.sub(r'__pyx_p?[wf]_6engine_', '', function)}")
        for line, count in by_line(hits, modules).most_common(lines):
            print(f"          {100 * count / total:5.2f}%  {line}")


if __name__ == "__main__":
    main()
