"""benchmarks/perf_lines.py reads a sample's address back to the Python line it was made from,
through the C file that addr2line names for it: one library holds the C of many modules."""

from __future__ import annotations

from benchmark_scripts import script

C_TEXT = """int x;
  /* "engine/interp/frames.py":105
 *     def child(self, parent: dict, node) -> bool:
 */
  a = 1;
  /* "engine/interp/frames.py":112
 */
  b = 2;
"""


def test_an_address_in_any_module_of_the_library_is_read_back_to_its_python_line(tmp_path):
    c_file = tmp_path / "build" / "cython" / "engine" / "interp" / "frames.c"
    c_file.parent.mkdir(parents=True)
    c_file.write_text(C_TEXT)
    lines = script("perf_lines").Lines(str(tmp_path / "engine" / "_extensions.cpython-311-x86_64-linux-gnu.so"))
    where = f"{tmp_path}/build/cython/engine/interp/frames.c"
    assert lines._line(["__pyx_f_6engine_6interp_6frames_6Frames_child", f"{where}:5"]) == "engine/interp/frames.py:105"
    assert lines._line(["__pyx_f_6engine_6interp_6frames_6Frames_child", f"{where}:8 (discriminator 2)"]) \
        == "engine/interp/frames.py:112"
    helper = lines._line(["__Pyx_PyDict_GetItemRef", "object.h:10", "__pyx_f_6engine_6interp_6frames_6Frames_child",
                          f"{where}:5"])
    assert helper == "engine/interp/frames.py:105 [__Pyx_PyDict_GetItemRef]"
    assert lines._line(["PyDict_GetItem", "??:0"]) == "? [PyDict_GetItem]"
