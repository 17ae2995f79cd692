"""Where the play loop's CPU time goes inside CPython, grouped: a reading of `perf report`.

A compiled function's own profile (callgrind, cProfile) counts the engine's functions; what
they spend their time on is mostly CPython's own work (reading dicts, reading attributes,
making and freeing objects), which no single function shows. This groups the samples of a
`perf` profile by that work. Recipe (Linux with `perf`; a compiled build; the delay skips
the loading, about a second):

    perf record -D 1300 -e cpu-clock -F 2000 -o perf.data python benchmarks/bench_play.py 12
    perf report -i perf.data --no-children --sort dso,symbol > report.txt
    python benchmarks/perf_categories.py report.txt

Each symbol falls in the first group whose pattern it matches; the groups are read off
CPython 3.11's function names, so another version may move a few symbols to "other".
"""

from __future__ import annotations

import re
import sys

GROUPS = {
    "dict reads": r"dict_lookup|unicodekeys_lookup|PyDict_GetItem|dict_subscript|dict_get\b|PyDict_Contains|"
                  r"lookdict|dictkeys_generic",
    "dict writes, copies and frees": r"insertdict|PyDict_SetItem|clone_combined|dict_dealloc|free_keys|new_keys|"
                                     r"PyDict_Copy|dict_merge|PyDict_New|dictresize|build_indices|PyDict_DelItem|"
                                     r"_PyDict_Next|delitem_common|dict_ass_sub|PyDict_SetDefault|new_dict",
    "attribute reads": r"GenericGetAttr|_PyType_Lookup|PyMember_GetOne|member_get|getset_get|PyObject_GetAttr|"
                       r"_PyObject_GetMethod|slot_tp_getattr|PyObject_VectorcallMethod",
    "making and freeing objects": r"Malloc|_PyObject_Free|Realloc|tuple_alloc|tupledealloc|list_dealloc|PyList_New|"
                                  r"PyTuple_New|_Py_NewReference|_Py_Dealloc|GC_Del|GC_UnTrack|GC_Track|"
                                  r"unicode_dealloc|set_dealloc|_PyTrash|_PyObject_GC_|subtype_dealloc|memset|"
                                  r"memmove|memcpy",
    "garbage collector": r"gc_collect|visit_decref|visit_reachable|_traverse|PyObject_IS_GC",
    "bytecode (code run as plain Python)": r"_PyEval_EvalFrameDefault|_PyEvalFramePushAndInit|initialize_locals|"
                                           r"_PyFrame_Clear",
}
ENGINE = r"\.cpython-\d+"  # a compiled module of the engine (its own C code)
LINE = re.compile(r"\s*([\d.]+)%\s+(\S+)\s+\[.\]\s+(\S+)")


def shares(lines) -> dict[str, float]:
    """Percent of samples per group, from the lines of a `perf report --sort dso,symbol`."""
    found = dict.fromkeys([*GROUPS, "the engine's compiled code", "other CPython and C library"], 0.0)
    for line in lines:
        match = LINE.match(line)
        if not match:
            continue
        percent, dso, symbol = float(match.group(1)), match.group(2), match.group(3)
        group = next((name for name, pattern in GROUPS.items() if re.search(pattern, symbol)), None)
        if group is None:
            group = "the engine's compiled code" if re.search(ENGINE, dso) else "other CPython and C library"
        found[group] += percent
    return found


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    with open(sys.argv[1], encoding="utf-8", errors="replace") as report:
        for group, percent in shares(report).items():
            print(f"{percent:5.1f}%  {group}")


if __name__ == "__main__":
    main()
