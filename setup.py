"""Packaging hook: ship the root data folders inside the `engine` package.

The data folders content/, schemas/ and grammar/ live at the repository root
(where editors, designers and the docs expect them). A plain `pip install .`
must install them with the code, inside the package, so that
engine/resources.py finds them at engine/_data/<name>/ when there is no
checkout beside engine/.

How: each folder is declared as a data-only package `engine._data.<name>`
whose source directory is the root folder (`package_dir`), and every file
below it is package data (`**/*`). setuptools' build_py then copies
content/** to build/lib/engine/_data/content/** and so on, for wheels and
plain installs alike. No symlinks, no build_py subclass, nothing installed
outside the package. Everything else (metadata, dependencies, the console
script) is in pyproject.toml.

The interpreter compiled: a regular install (a wheel) also compiles the
interpreter's modules (engine/interp/, engine/interpreter.py, the nodes of the effect language, the bots and
the random numbers) to C with Cython, unchanged: the same source, played in about a
third of plain Python's time (docs/design.md, "Speed"). All of them but the nodes' module are
linked into one shared library, engine/_extensions, with an index of the modules it holds
(its own module), and engine/extensions.py loads each from it: a few percent quicker than a
library a module (docs/speed-history.md, stop 62). The library is optional: if Cython or a C
compiler is missing, or it fails to build, the install goes on with the plain Python
modules, which behave the same. An editable
install (`pip install -e .`) never compiles, so an edit to a module always
takes effect; nor does any install with TABULA_PURE=1 set. The C files go to
build/cython/, never beside the sources. A few .pxd files beside the modules
(engine/interp/*.pxd) declare the fields of the classes made most often
(Context, World, the walk), so the compiled build keeps them as C structs;
tests/test_compiled_declarations.py keeps those declarations complete.

Trained: where the C compiler is GCC 10 or later, the modules are built twice, profile-guided, as CPython
itself is: first instrumented (-fprofile-generate), then benchmarks/training.py plays a few
random games of every game pack on that build, then they are built again with what the games
recorded (-fprofile-use). Same code, laid out for the paths play takes: some 13 to 15% less
time than untrained (docs/speed-history.md, stop 58). If anything in it fails (another
compiler, no training script, a game that will not load), the modules are built once, plainly,
as before. TABULA_PGO=0 skips the training (a quicker build).
"""

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
DATA_FOLDERS = [name for name in ("content", "schemas", "grammar") if (ROOT / name).is_dir()]
COMPILED = ["engine/interp/*.py", "engine/effects/ast.py", "engine/effects/vocabulary.py", "engine/interpreter.py",
            "engine/agents.py", "engine/rng.py"]
# Modules compiled for their C types, not their code: the nodes of the effect language are read by
# the interpreter as C structs (engine/effects/ast.pxd), but their own methods (a dataclass's, for
# each of some seventy node types: 9 MB of C) run only at load. At -O1 they build in half a minute
# instead of ten minutes (-O3); what play calls of them, the getters of a read by name, is then
# optimised too (at -O0, in twelve seconds, Python's reference counting stayed calls in them).
COLD = {"engine.effects.ast": ["-O1", "-g0"]}
# The one library the other compiled modules are linked into, and its own module: the index of
# the modules it holds, which engine/extensions.py reads (MODULES: their names, with spaces;
# library() fills in LIBRARY, ENTRY and NAMES).
LIBRARY = "engine._extensions"
INDEX = """/* The index of the library setup.py links the compiled modules into (engine/extensions.py). */
#include <Python.h>

static struct PyModuleDef index_module = {PyModuleDef_HEAD_INIT, "LIBRARY", NULL, 0, NULL};

PyMODINIT_FUNC ENTRY(void) {
    PyObject *module = PyModule_Create(&index_module);
    if (module != NULL && PyModule_AddStringConstant(module, "MODULES", "NAMES") < 0) {
        Py_CLEAR(module);
    }
    return module;
}
"""


def compile_args(extension, extra: list) -> list:
    """The C compiler's options for one module: the pass's own, then a cold module's."""
    return list(extra) + COLD.get(extension.name, [])


def compiled_modules() -> list:
    """The extension modules Cython makes of the interpreter, or none (pure Python)."""
    if os.environ.get("TABULA_PURE") or {"editable_wheel", "develop"} & set(sys.argv):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    sources = sorted(str(path.relative_to(ROOT)) for pattern in COMPILED for path in ROOT.glob(pattern)
                     if path.name != "__init__.py")
    directives = {"language_level": "3", "binding": True, "annotation_typing": False}
    extensions = cythonize(sources, compiler_directives=directives, build_dir="build/cython", quiet=True)
    linked = [extension for extension in extensions if extension.name not in COLD]
    built = [extension for extension in extensions if extension.name in COLD] + ([library(linked)] if linked else [])
    for extension in built:
        extension.optional = True  # what fails to build stays plain Python
        extension.extra_compile_args = compile_args(extension, [])
    return built


def library(extensions: list) -> Extension:
    """One extension of the C files of ``extensions`` and of their index (LIBRARY's own module:
    the names of the modules it holds)."""
    names = [extension.name for extension in extensions]
    # every module's entry is exported, not the library's alone: a linker that exports only what
    # it is told (Windows') would hide the others
    entries = [f"PyInit_{name.rsplit('.', 1)[-1]}" for name in [LIBRARY] + names]
    index = ROOT.joinpath("build", "cython", *LIBRARY.split(".")).with_suffix(".c")
    index.parent.mkdir(parents=True, exist_ok=True)
    index.write_text(INDEX.replace("LIBRARY", LIBRARY).replace("ENTRY", entries[0]).replace("NAMES", " ".join(names)))
    sources = [source for extension in extensions for source in extension.sources]
    return Extension(LIBRARY, sources + [str(index.relative_to(ROOT))], export_symbols=entries)


def compile_side_by_side(compiler, serial, sources, output_dir=None, macros=None, include_dirs=None, debug=False,
                         extra_preargs=None, extra_postargs=None, depends=None) -> list:
    """``compiler.compile``, with the sources compiled by as many compilers at once as there
    are cores: the steps of distutils' own compile, each source's in a thread (the library has
    27 sources; one at a time would take an install twice as long). ``serial``, the
    compiler's own compile, where those steps are not there."""
    steps = ("_setup_compile", "_get_cc_args", "_compile")
    if not all(hasattr(compiler, step) for step in steps):
        return serial(sources, output_dir, macros, include_dirs, debug, extra_preargs, extra_postargs, depends)
    macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
    jobs = [(target,) + build[target] for target in objects if target in build]
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        list(pool.map(lambda job: compiler._compile(*job, cc_args, extra_postargs, pp_opts), jobs))
    return objects


TRAINING = ROOT / "benchmarks" / "training.py"
INSTRUMENTED = ["-fprofile-generate"]
TRAINED = ["-fprofile-use", "-fprofile-partial-training", "-fprofile-correction", "-Wno-missing-profile",
           "-Wno-error=coverage-mismatch"]  # (the same C in both passes: a mismatch only warns)


class TrainedBuild(build_ext):
    """build_ext, profile-guided where it can be (see the module's docstring): instrumented,
    trained, then built again from the profile; else built once, plainly."""

    def run(self) -> None:
        if not self.extensions or os.environ.get("TABULA_PGO") == "0" or not TRAINING.is_file() \
                or not self._is_gcc():
            return super().run()
        trained = False
        self._forget_profile()  # (an instrumented run adds to the files it finds)
        try:
            self._build_with(INSTRUMENTED, INSTRUMENTED)
            trained = self._train()
        except Exception as error:  # (a failed pass leaves the plain build below to do)
            print(f"tabula: profile-guided build skipped ({error})", file=sys.stderr)
        self.force = True  # every module again, with the profile (or without, as a plain build)
        self._build_with(TRAINED if trained else [], [])
        self._forget_profile()

    def build_extensions(self) -> None:
        """build_ext's, with each extension's sources compiled side by side (compile_side_by_side;
        the compiler is the pass's own, made by run, before any extension is built)."""
        self.compiler.compile = partial(compile_side_by_side, self.compiler, self.compiler.compile)
        super().build_extensions()

    def _is_gcc(self) -> bool:
        """Whether the C compiler is GCC 10 or later (the profile options used here are its)."""
        import sysconfig

        compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
        try:
            found = subprocess.run([compiler, "--version"], capture_output=True, text=True, timeout=30)
            version = subprocess.run([compiler, "-dumpversion"], capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.SubprocessError):
            return False
        major = version.stdout.strip().split(".")[0]
        return "Free Software Foundation" in found.stdout and major.isdigit() and int(major) >= 10

    def _build_with(self, pass_args: list, link_args: list) -> None:
        """One pass of build_ext with these options (build_ext.run replaces the compiler's name
        with the compiler it makes: each pass starts from the name)."""
        if not hasattr(self, "_compiler_named"):
            self._compiler_named = self.compiler
        self.compiler = self._compiler_named
        for extension in self.extensions:
            extension.extra_compile_args = compile_args(extension, pass_args)
            extension.extra_link_args = list(link_args)
        super().run()

    def _train(self) -> bool:
        """Play the training games on the instrumented build; whether they ran and left a profile.
        (They run in the directory the build runs in, since GCC names the profile's files by
        the objects' paths as the compiler was given them.)"""
        where = str(ROOT) if self.inplace else os.path.abspath(self.build_lib)
        environment = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [where, os.environ.get("PYTHONPATH")])))
        played = subprocess.run([sys.executable, str(TRAINING)], env=environment, timeout=1800,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if played.returncode != 0:
            print(f"tabula: training games failed; building without a profile\n{played.stderr[-2000:]}",
                  file=sys.stderr)
            return False
        return any(Path(self.build_temp).rglob("*.gcda"))

    def _forget_profile(self) -> None:
        """The profile's files are of one build only: each build records its own."""
        for recorded in Path(self.build_temp).rglob("*.gcda"):
            recorded.unlink()


setup(
    cmdclass={"build_ext": TrainedBuild},
    packages=find_packages(include=["engine", "engine.*"]) + [f"engine._data.{n}" for n in DATA_FOLDERS],
    package_dir={f"engine._data.{n}": n for n in DATA_FOLDERS},
    package_data={f"engine._data.{n}": ["**/*"] for n in DATA_FOLDERS},
    exclude_package_data={f"engine._data.{n}": ["**/__pycache__/*", "**/*.pyc"] for n in DATA_FOLDERS},
    ext_modules=compiled_modules(),
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
