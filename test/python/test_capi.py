"""tile's C API (include/tile-c/Tile.h) as the package loads it, with
ctypes: compiles to PTX, the diagnostics and option errors it returns, the
layout queries, results freed and read by name, and where the package finds
nvJitLink and libdevice (CPU only).

Run: PYTHONPATH=<build>/python python3 test/python/test_capi.py"""

import ctypes
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import harness  # noqa: E402

harness.setup_path()
import tile  # noqa: E402
from tile import _capi  # noqa: E402

VECTOR_ADD = os.path.join(ROOT, "examples", "vector_add.mlir")

BAD_KERNEL = """tile.kernel @k(%x: !tile.ptr<f32>) {
  %c = arith.constant 1 : i32
  %d = arith.addi %c, %x : i32
  tile.return
}
"""


def source():
    with open(VECTOR_ADD, encoding="utf-8") as f:
        return f.read()


def raw_compile(text, options):
    """tileCompile through ctypes, the parts read by name."""
    data = text.encode()
    r = _capi._lib.tileCompile(data, len(data),
                               None if options is None else options.encode())
    with _capi._Owned(r) as res:
        return res.ok, {n: res.text(n) for n in ("error", "diagnostics", "format",
                                                  "ptx", "metadata_json", "note")}


def test_library_is_the_package_one():
    # The library beside tile/_capi.py, loaded with ctypes: no extension
    # module is involved.
    assert _capi.library_path == os.path.join(os.path.dirname(_capi.__file__),
                                              "libtile_capi.so"), _capi.library_path
    assert _capi._lib.tileCapiVersion() == _capi.CAPI_VERSION == 1
    assert not any(name.startswith("tile._tile") for name in sys.modules)


def links_libmlir():
    with open("/proc/self/maps", encoding="utf-8") as f:
        return "libMLIR.so" in f.read()


def test_exports():
    lib = ctypes.CDLL(_capi.library_path)
    for name in ("tileCompile", "tileLayoutQuery", "tileResultGet", "tileResultDestroy",
                 "tileCanAssembleCubin", "tileCubinAssembler", "tilePtxVersion"):
        assert hasattr(lib, name), name
    if links_libmlir():
        # The development build shares MLIR with libMLIR.so and exports
        # everything (one TypeID per template on both sides).
        return
    # The self-contained build (the wheel's) keeps LLVM, MLIR and tile's C++
    # symbols local: a C++ symbol of the compiler is not visible to dlsym.
    for hidden in ("_ZN4tile6python7compileERKNS0_14CompileRequestE",
                   "_ZN4tile19compileKernelSourceEN4llvm9StringRefES1_RKNS_14CompileOptionsERNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"):
        assert not hasattr(lib, hidden), hidden


def test_compile_ptx_defaults_and_options():
    ok, parts = raw_compile(source(), json.dumps({"emit": "ptx", "arch": "sm_80",
                                                  "source_name": "va.mlir"}))
    assert ok and parts["error"] == "" and parts["format"] == "ptx", parts
    assert ".target sm_80" in parts["ptx"] and ".version 8.0" in parts["ptx"], parts["ptx"][:300]
    meta = json.loads(parts["metadata_json"])
    assert meta["arch"] == "sm_80" and meta["format"] == "ptx", meta
    assert [k["name"] for k in meta["kernels"]] == ["vector_add"], meta
    # Null and empty options are the defaults (sm_90; a cubin, or PTX with a
    # note where no assembler is found).
    for options in (None, "", "{}"):
        ok, parts = raw_compile(source(), options)
        assert ok and parts["format"] in ("cubin", "ptx"), (options, parts)
        assert json.loads(parts["metadata_json"])["arch"] == "sm_90"
        assert (parts["note"] == "") == (parts["format"] == "cubin"), parts["note"]


def test_compile_error_diagnostics():
    ok, parts = raw_compile(BAD_KERNEL, json.dumps({"emit": "ptx", "source_name": "bad.mlir"}))
    assert not ok
    first = parts["diagnostics"].splitlines()[0]
    assert first.startswith("bad.mlir:3:"), parts["diagnostics"]
    assert "error: use of value '%x' expects different type than prior uses: " \
           "'i32' vs '!tile.ptr<f32>'" in first, first
    assert parts["error"] == parts["diagnostics"]
    # Through tile.compile: CompileError with the location parsed.
    with harness.raises(tile.CompileError) as e:
        tile.compile(BAD_KERNEL, emit="ptx", name="bad.mlir")
    assert e.value.location[:2] == ("bad.mlir", 3), e.value.location


def test_option_errors():
    cases = [
        ('{"opt_level": "3"}',
         "the compile options: 'opt_level' must be a non-negative integer"),
        ('{"opt_level": -1}',
         "the compile options: 'opt_level' must be a non-negative integer"),
        ('{"defines": [["N"]]}',
         "the compile options: 'defines' must be a list of [name, value] string pairs"),
        ('[1, 2]', 'the compile options must be a JSON object ({"name": value, ...})'),
        ('{"arch": "sm_90"', "the compile options are not valid JSON: "),
        ('{"emit": "sass"}',
         "emit='sass' is not an output kind; use 'mlir', 'llvm', 'ptx' or 'cubin'"),
        ('{"arch": "sm_70"}', "arch='sm_70': "),
        ('{"warp_specialize": 1}',
         "the compile options: 'warp_specialize' must be true or false"),
    ]
    for options, expected in cases:
        ok, parts = raw_compile(source(), options)
        assert not ok, options
        assert parts["diagnostics"].startswith("error: " + expected), (options, parts)


def test_results_by_name():
    r = _capi._lib.tilePtxVersion(b"sm_90")
    with _capi._Owned(r) as res:
        assert res.ok and res.text("value") == "8.0" and res.text("error") == ""
        size = ctypes.c_size_t(7)
        assert _capi._lib.tileResultGet(res.ptr, b"no such part", ctypes.byref(size)) is None
        assert size.value == 0
    assert _capi._lib.tileResultOk(None) == 0
    assert _capi._lib.tileResultGet(None, b"value", None) is None
    _capi._lib.tileResultDestroy(None)
    with harness.raises(ValueError) as e:
        _capi.ptx_version("sm_7")
    assert "sm_7" in str(e.value), str(e.value)


def test_layout_queries():
    blocked = ("#layout.blocked<sizePerThread = [1], threadsPerWarp = [32], "
               "warpsPerCTA = [1], order = [0]>")
    table = _capi.layout_table(blocked, [32]).splitlines()
    assert (table[0], table[1], table[-1]) == ("[  T0:0,", "   T1:0,", "  T31:0]"), table
    assert json.loads(_capi.layout_json(blocked, [64]))["shape"] == [64]
    assert _capi.cute_eval("size((2,3):(1,2))") == "6"
    with harness.raises(ValueError) as e:
        _capi.layout_table("#layout.blocked<sizePerThread = [1]>", [4])
    assert "threadsPerWarp" in str(e.value), str(e.value)
    with harness.raises(ValueError) as e:
        _capi._query("layout_table", attr=blocked, shape="4")
    assert str(e.value) == ("the arguments of layout_table: 'shape' must be a list "
                            "of integers"), str(e.value)
    with harness.raises(ValueError) as e:
        _capi._query("layout_tables", attr=blocked)
    assert str(e.value).startswith("unknown query 'layout_tables'; use one of "
                                   "layout_table, "), str(e.value)


def test_cubin_assembler():
    name, path = tile.cubin_assembler()
    assert name in ("nvJitLink", "ptxas", ""), name
    assert (name == "") == (not tile.can_assemble_cubin())
    if name:
        assert os.path.exists(path), path
        k = tile.compile(source(), arch="sm_90")
        assert k.format == "cubin" and k.assembler in ("nvJitLink", "ptxas"), k.assembler


def test_nvjitlink_from_env():
    # TILE_NVJITLINK names a directory holding libnvJitLink.so*: the library
    # is loaded from there (checked in a fresh process, the load is once).
    name, path = tile.cubin_assembler()
    if name != "nvJitLink":
        raise unittest.SkipTest("no libnvJitLink on this machine")
    with tempfile.TemporaryDirectory() as d:
        link = os.path.join(d, "libnvJitLink.so.99")
        os.symlink(os.path.realpath(path), link)
        env = dict(os.environ, TILE_NVJITLINK=d)
        script = "import tile; print(tile.cubin_assembler())"
        out = subprocess.run([sys.executable, "-c", script], env=env,
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        # dladdr reports the path the library was opened under.
        assert out.stdout.strip() == repr(("nvJitLink", link)), out.stdout


def test_wheel_cuda_discovery():
    # Where a CUDA toolkit is missing, the package looks for nvJitLink and
    # libdevice in installed wheels (torch's nvidia-nvjitlink, triton).
    with tempfile.TemporaryDirectory() as site:
        lib = os.path.join(site, "nvidia", "nvjitlink", "lib")
        bc = os.path.join(site, "triton", "backends", "nvidia", "lib")
        os.makedirs(lib)
        os.makedirs(bc)
        open(os.path.join(lib, "libnvJitLink.so.12"), "wb").close()
        open(os.path.join(bc, "libdevice.10.bc"), "wb").close()
        saved = list(sys.path)
        sys.path.insert(0, site)
        try:
            assert _capi.find_nvjitlink_dir() == lib
            assert _capi.find_libdevice() == os.path.join(bc, "libdevice.10.bc")
        finally:
            sys.path[:] = saved


def no_toolkit_env(**extra):
    """The environment of a machine without a CUDA toolkit: CUDA_HOME names
    one that does not exist (so /usr/local/cuda is not searched) and PATH
    holds no ptxas."""
    path = [d for d in os.environ.get("PATH", "").split(os.pathsep)
            if d and not os.path.exists(os.path.join(d, "ptxas"))]
    env = dict(os.environ, CUDA_HOME="/nonexistent-cuda-toolkit", PATH=os.pathsep.join(path))
    for name in ("CUDA_PATH", "TILE_NVJITLINK", "TILE_LIBDEVICE"):
        env.pop(name, None)
    env.update(extra)
    return env


def run_script(script, env):
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_ptx_fallback_without_an_assembler():
    # No ptxas anywhere and the ptxas assembler asked for: the compile
    # returns PTX, for the CUDA driver to compile at load, with a warning
    # that says why.
    script = f"""
import warnings, tile
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    k = tile.compile_file({VECTOR_ADD!r}, assembler="ptxas")
print(k.format, repr(k.assembler), k.binary == k.ptx.encode(), [x.category.__name__ for x in w])
print(k.note)
"""
    lines = run_script(script, no_toolkit_env()).splitlines()
    assert lines[0] == "ptx '' True ['CompileWarning']", lines
    assert lines[1] == (
        "no assembler found (neither libnvJitLink, at $TILE_NVJITLINK, in an installed "
        "nvidia-nvjitlink wheel or a CUDA toolkit, nor ptxas on PATH or under $CUDA_HOME, "
        "$CUDA_PATH or /usr/local/cuda): emitted PTX instead of a cubin; the CUDA driver "
        "compiles it when it is loaded"), lines[1]


# A lowered module that calls libdevice's expf: linked in, it is inlined
# (ex2.approx, no call left).
LIBDEVICE_MODULE = """module {
  llvm.func @__nv_expf(f32) -> f32
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %x = llvm.load %p : !llvm.ptr<1> -> f32
    %y = llvm.call @__nv_expf(%x) : (f32) -> f32
    llvm.store %y, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
"""


def test_nvjitlink_and_libdevice_from_installed_wheels():
    # A machine with no toolkit but torch's nvidia-nvjitlink wheel and
    # triton: the package finds both in site-packages (here a stand-in
    # site directory holding links to this machine's toolkit files) and
    # produces a cubin through that nvJitLink, linking that libdevice.
    name, nvjitlink = tile.cubin_assembler()
    toolkit = os.environ.get("CUDA_HOME") or "/usr/local/cuda"
    libdevice = os.path.join(toolkit, "nvvm", "libdevice", "libdevice.10.bc")
    if name != "nvJitLink" or not os.path.exists(libdevice):
        raise unittest.SkipTest("no libnvJitLink and libdevice on this machine")
    with tempfile.TemporaryDirectory() as site:
        lib = os.path.join(site, "nvidia", "cu13", "lib")
        bc = os.path.join(site, "triton", "backends", "nvidia", "lib")
        os.makedirs(lib)
        os.makedirs(bc)
        os.symlink(os.path.realpath(nvjitlink), os.path.join(lib, "libnvJitLink.so.13"))
        os.symlink(os.path.realpath(libdevice), os.path.join(bc, "libdevice.10.bc"))
        pythonpath = os.pathsep.join([os.environ.get("PYTHONPATH", ""), site])
        script = f"""
import os, tile
path = tile.cubin_assembler()[1]  # loads the library: the search is set up
print(os.environ["TILE_NVJITLINK"])
print(os.environ["TILE_LIBDEVICE"])
print(path)
k = tile.compile({LIBDEVICE_MODULE!r}, name="expf.mlir")
print(k.format, k.assembler, "ex2.approx" in k.ptx, "__nv_expf" in k.ptx)
"""
        lines = run_script(script, no_toolkit_env(PYTHONPATH=pythonpath)).splitlines()
        assert lines == [lib, os.path.join(bc, "libdevice.10.bc"),
                         os.path.join(lib, "libnvJitLink.so.13"),
                         "cubin nvJitLink True False"], lines
        # Without libdevice the call is an error that says where libdevice
        # was looked for.
        script = f"""
import tile
try:
    tile.compile({LIBDEVICE_MODULE!r}, name="expf.mlir", emit="ptx")
except tile.CompileError as e:
    print(e)
"""
        out = run_script(script, no_toolkit_env(PYTHONPATH=pythonpath,
                                                TILE_LIBDEVICE="/nonexistent.bc"))
        assert out.strip() == (
            "error: the kernel needs libdevice (for __nv_expf) but no libdevice.10.bc was "
            "found at $TILE_LIBDEVICE or under nvvm/libdevice/ of $CUDA_HOME, $CUDA_PATH or "
            "/usr/local/cuda; install a CUDA toolkit, point CUDA_HOME at one, or set "
            "TILE_LIBDEVICE to a libdevice.10.bc"), repr(out)


if __name__ == "__main__":
    sys.exit(harness.run(dict(globals())))
