"""tile.compile: kernel text to PTX, cubin, LLVM IR or lowered MLIR, with
tile-compile's metadata, and CompileError for bad kernels (CPU only).

Run: PYTHONPATH=<build>/python python3 test/python/test_compile.py
(or pytest test/python). With TILE_TOOLS_DIR=<build>/bin the results are
also compared with tile-compile's own output."""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import harness  # noqa: E402

harness.setup_path()
import tile  # noqa: E402
from tile import CompileError, CompileWarning  # noqa: E402

VECTOR_ADD = os.path.join(ROOT, "examples", "vector_add.mlir")


def vector_add_source():
    with open(VECTOR_ADD, encoding="utf-8") as f:
        return f.read()


def check_vector_add_metadata(meta, arch, fmt):
    assert meta["arch"] == arch, meta
    assert meta["format"] == fmt, meta
    (k,) = meta["kernels"]
    assert k["name"] == "vector_add"
    assert [p["type"] for p in k["params"]] == ["ptr<f32>", "ptr<f32>", "ptr<f32>", "i32"], k
    assert [p["divisibility"] for p in k["params"]][:3] == [16, 16, 16], k
    assert k["num_warps"] == 4 and k["threads_per_block"] == 128, k
    assert k["shared_bytes"] == 0, k


def test_ptx():
    r = tile.compile(vector_add_source(), arch="sm_90", emit="ptx")
    assert r.format == "ptx" and r.note == ""
    assert ".entry vector_add(" in r.ptx, r.ptx[:400]
    assert ".target sm_90" in r.ptx
    assert r.asm == r.ptx and r.binary == r.ptx.encode()
    assert r.kernels == ["vector_add"]
    check_vector_add_metadata(r.metadata, "sm_90", "ptx")
    assert r.kernel_metadata()["name"] == "vector_add"
    assert r.kernel_metadata("vector_add")["num_warps"] == 4


def test_arch_and_opt_level():
    r = tile.compile(vector_add_source(), arch="sm_80", emit="ptx", opt_level=0)
    assert ".target sm_80" in r.ptx
    check_vector_add_metadata(r.metadata, "sm_80", "ptx")


def test_cubin_or_fallback():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = tile.compile(vector_add_source(), emit="cubin")
    if tile.can_assemble_cubin():
        assert r.format == "cubin" and r.note == "" and not caught
        assert isinstance(r.binary, bytes) and r.binary[:4] == b"\x7fELF"
        assert ".entry vector_add(" in r.ptx and r.asm is None
    else:
        # No CUDA toolkit: PTX, said in the result and as a warning.
        assert r.format == "ptx", r.format
        assert "no CUDA toolkit" in r.note
        assert [w.category for w in caught] == [CompileWarning], caught
        assert r.binary == r.ptx.encode()
    check_vector_add_metadata(r.metadata, "sm_90", r.format)


def test_llvm_and_mlir():
    llvm = tile.compile(vector_add_source(), emit="llvm")
    assert llvm.format == "llvm" and llvm.binary is None and llvm.ptx is None
    assert "define" in llvm.asm and "@vector_add(" in llvm.asm
    assert "nvptx64-nvidia-cuda" in llvm.asm
    mlir = tile.compile(vector_add_source(), emit="mlir")
    assert "llvm.func @vector_add(" in mlir.asm and "tile.kernel" not in mlir.asm
    assert mlir.kernels == ["vector_add"]
    with harness.raises(ValueError):
        mlir.load()


def test_save_writes_tile_compile_layout():
    r = tile.compile(vector_add_source(), emit="ptx")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "va.ptx")
        meta_path = r.save(path)
        assert meta_path == path + ".json"
        with open(meta_path) as f:
            meta = json.load(f)
        assert meta["binary"] == "va.ptx"
        with open(path, "rb") as f:
            assert f.read() == r.binary
        back = tile.CompiledKernel.read(path)
        assert back.binary == r.binary and back.kernels == ["vector_add"]
        assert back.format == "ptx" and back.ptx == r.ptx


def test_same_as_tile_compile():
    tools = os.environ.get("TILE_TOOLS_DIR")
    exe = os.path.join(tools or "", "tile-compile")
    if not tools or not os.path.exists(exe):
        raise unittest.SkipTest("set TILE_TOOLS_DIR=<build>/bin to compare with tile-compile")
    r = tile.compile(vector_add_source(), arch="sm_90", emit="ptx", opt_level=3)
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "vector_add.ptx")
        subprocess.run([exe, VECTOR_ADD, "-o", out, "--emit=ptx", "--arch=sm_90", "-O3"],
                       check=True)
        with open(out) as f:
            assert f.read() == r.ptx
        with open(out + ".json") as f:
            meta = json.load(f)
    assert meta.pop("binary") == "vector_add.ptx"
    ours = dict(r.metadata)
    ours.pop("binary")
    assert meta == ours, (meta, ours)


def test_threads():
    # compile() releases the GIL: concurrent compiles must not interfere.
    import concurrent.futures
    src = vector_add_source()
    archs = ["sm_80", "sm_90"] * 4
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        ptx = list(pool.map(lambda a: tile.compile(src, arch=a, emit="ptx").ptx, archs))
    assert all(f".target {a}" in p for a, p in zip(archs, ptx))
    assert ptx[0::2] == [ptx[0]] * 4 and ptx[1::2] == [ptx[1]] * 4


BROKEN = """\
tile.kernel @k(%x: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %a = arith.addf %nope, %nope : f32
  tile.return
}
"""


def test_compile_error_has_location():
    with harness.raises(CompileError) as e:
        tile.compile(BROKEN, name="broken.mlir")
    err = e.value
    assert err.location == ("broken.mlir", 2, 19), (err.location, str(err))
    assert "broken.mlir:2:19: error: use of undeclared SSA value name" in str(err), str(err)
    assert err.diagnostics == str(err)
    assert err.locations[0].severity == "error"


def test_verifier_error_has_location():
    # Parses, then fails the verifier: num_warps must be positive.
    src = vector_add_source().replace("num_warps = 4 : i32", "num_warps = 0 : i32")
    with harness.raises(CompileError) as e:
        tile.compile(src, name="va.mlir", emit="ptx")
    loc = e.value.location
    assert loc is not None and loc[0] == "va.mlir" and loc[1] > 1, str(e.value)


def test_bad_options():
    with harness.raises(CompileError) as e:
        tile.compile(vector_add_source(), arch="sm_70", emit="ptx")
    assert "sm_70" in str(e.value), str(e.value)
    with harness.raises(ValueError):
        tile.compile(vector_add_source(), emit="sass")
    with harness.raises(ValueError):
        tile.compile(vector_add_source(), opt_level=4)
    with harness.raises(TypeError):
        tile.compile(b"bytes")


def test_compile_file_names_the_file():
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "broken.mlir")
        with open(path, "w") as f:
            f.write(BROKEN)
        with harness.raises(CompileError) as e:
            tile.compile_file(path)
    assert e.value.location == (path, 2, 19), e.value.location


def test_integer_divisibility_reaches_the_launcher():
    # A promise on an integer parameter is in the metadata, and the launcher's
    # argument packing (no GPU needed) refuses values that break it.
    src = vector_add_source().replace("%n: i32)", "%n: i32 {tile.divisibility = 16 : i64})")
    assert "%n: i32 {tile.divisibility" in src
    r = tile.compile(src, arch="sm_90", emit="ptx")
    (k,) = r.metadata["kernels"]
    assert [p["divisibility"] for p in k["params"]] == [16, 16, 16, 16], k
    from tile import runtime as rt
    param = rt.KernelParam(index=3, name="n", type="i32", divisibility=16)
    assert rt._pack_scalar(param, 4096, "vector_add").value == 4096
    try:
        rt._pack_scalar(param, 1000, "vector_add")
    except rt.LaunchError as e:
        assert "1000 is not a multiple of 16" in str(e), e
    else:
        raise AssertionError("n = 1000 was accepted")


def test_tma_descriptor_recipe_reaches_the_launcher():
    # A TMA descriptor is a hidden parameter with its recipe in the
    # metadata; the launcher turns the visible arguments into the
    # cuTensorMapEncodeTiled arguments (innermost first, strides in bytes)
    # and refuses what TMA cannot express (no GPU needed).
    with open(os.path.join(ROOT, "examples", "tma_copy.mlir"), encoding="utf-8") as f:
        r = tile.compile(f.read(), arch="sm_90", emit="ptx")
    kernels = {k["name"]: k for k in r.metadata["kernels"]}
    params = kernels["tma_load"]["params"]
    assert [p["type"] for p in params][-1] == "tma_descriptor", params
    assert params[-1]["name"] == "__tma_desc0" and params[-1]["divisibility"] == 64
    recipe = params[-1]["tma"]
    assert recipe["global_address"] == {"arg": 0}, recipe
    assert recipe["global_dim"] == [{"arg": 3, "scale": 1}, {"arg": 2, "scale": 1}], recipe
    assert recipe["global_strides"] == [{"arg": 4, "scale": 2}], recipe
    assert recipe["inner_stride"] == {"value": 1}, recipe
    assert recipe["box_dim"] == [64, 64] and recipe["swizzle"] == 3, recipe
    assert recipe["data_type"] == 6 and recipe["oob_fill"] == 0, recipe
    from tile import runtime as rt
    meta = rt.ModuleMetadata.from_json(r.metadata)
    kmeta = {k.name: k for k in meta.kernels}["tma_load"]
    desc = kmeta.params[-1]
    assert desc.is_hidden and not any(p.is_hidden for p in kmeta.params[:-1])
    # (x, y, m, n, sx, mp, np, sy): x is 100 x 17 with row stride 24.
    values = {0: 0, 1: 0, 2: 100, 3: 17, 4: 24, 5: 128, 6: 64, 7: 64}
    a = rt.tma_descriptor_arguments(desc, values, {0: 0x10000}, "tma_load")
    assert a["dims"] == [17, 100] and a["strides"] == [48], a
    assert a["box"] == [64, 64] and a["address"] == 0x10000, a
    for vals, addr, needle in (({**values, 4: 17}, 0x10000, "34 bytes (17 elements), not a "
                                "positive multiple of 16 bytes"),
                               (values, 0x10008, "is not 16-byte aligned"),
                               ({**values, 3: 0}, 0x10000, "outside 1..2^32")):
        try:
            rt.tma_descriptor_arguments(desc, vals, {0: addr}, "tma_load")
        except rt.LaunchError as e:
            assert needle in str(e), e
        else:
            raise AssertionError(f"accepted {vals} at {addr:#x}")
    # The visible parameters only: the descriptor is not an argument.
    try:
        rt.pack_arguments(kmeta, [0] * 9)
    except rt.LaunchError as e:
        assert "takes 8 arguments" in str(e), e
    else:
        raise AssertionError("9 arguments accepted")


def test_tma_descriptor_of_rank_4_reaches_the_launcher():
    # A [B, N, H, D] view read 64 rows of one head at a time (4-D boxes
    # 1x64x1x64): the recipe has four dims, innermost first, strides in
    # bytes, element strides all 1; the launcher turns a contiguous
    # [2, 100, 3, 40] tensor into the cuTensorMapEncodeTiled arguments and
    # refuses a head stride that is not a multiple of 16 bytes. The
    # allow_tma kernel's store descriptor walks dims [2, 3] of its
    # [B, H, N, D] view: box [64, 64, 1, 1].
    with open(os.path.join(ROOT, "examples", "tma_copy_nd.mlir"), encoding="utf-8") as f:
        r = tile.compile(f.read(), arch="sm_90", emit="ptx")
    kernels = {k["name"]: k for k in r.metadata["kernels"]}
    recipe = kernels["tma_load4d"]["params"][-1]["tma"]
    assert recipe["rank"] == 4 and recipe["box_dim"] == [64, 1, 64, 1], recipe
    assert recipe["element_strides"] == [1, 1, 1, 1], recipe
    # (x, y, nb, n, nh, d, sb, sn, sh, ...): extents d, nh, n, nb.
    assert recipe["global_dim"] == [{"arg": a, "scale": 1} for a in (5, 4, 3, 2)], recipe
    assert recipe["global_strides"] == [{"arg": a, "scale": 2} for a in (8, 7, 6)], recipe
    auto = [p["tma"] for p in kernels["bnhd_to_bhnd_auto"]["params"] if "tma" in p]
    assert [t["box_dim"] for t in auto] == [[64, 1, 64, 1], [64, 64, 1, 1]], auto
    assert kernels["tma_load3d"]["params"][-1]["tma"]["box_dim"] == [64, 64, 1]
    from tile import runtime as rt
    meta = rt.ModuleMetadata.from_json(r.metadata)
    desc = {k.name: k for k in meta.kernels}["tma_load4d"].params[-1]
    nb, n, nh, d = 2, 100, 3, 40
    values = {2: nb, 3: n, 4: nh, 5: d, 6: n * nh * d, 7: nh * d, 8: d}
    a = rt.tma_descriptor_arguments(desc, values, {0: 0x20000}, "tma_load4d")
    assert a["rank"] == 4 and a["dims"] == [40, 3, 100, 2], a
    assert a["strides"] == [80, 240, 24000] and a["box"] == [64, 1, 64, 1], a
    assert a["element_strides"] == [1, 1, 1, 1], a
    try:
        rt.tma_descriptor_arguments(desc, {**values, 8: 36}, {0: 0x20000}, "tma_load4d")
    except rt.LaunchError as e:
        assert "the stride of dim 1 (innermost first) is 72 bytes" in str(e), e
    else:
        raise AssertionError("a head stride of 72 bytes was accepted")


def test_repeated_launch_reuses_packed_arguments():
    # Kernel.launch packs each distinct argument tuple once (checks and TMA
    # descriptors included) and reuses it; numbers of another type or value
    # and kernels with global tensors are packed again. No GPU: the packing
    # is counted, nothing is launched.
    from tile import runtime as rt
    r = tile.compile(vector_add_source(), arch="sm_90", emit="ptx")
    kmeta = rt.ModuleMetadata.from_json(r.metadata).kernels[0]
    kernel = rt.Kernel(type("M", (), {"device": 0})(), kmeta, 0)
    calls = []
    real = rt.pack_arguments
    rt.pack_arguments = lambda *a, **k: calls.append(a) or real(*a, **k)
    try:
        args = (0x1000, 0x2000, 0x3000, 1024)
        first = kernel._packed_for(args, 0, [])
        assert kernel._packed_for(args, 0, [])[0] is first[0]
        assert len(calls) == 1, calls
        kernel._packed_for((0x1000, 0x2000, 0x3000, 2048), 0, [])
        assert len(calls) == 2, calls
        assert rt.Kernel._argument_key([1, 1.0]) != rt.Kernel._argument_key([1.0, 1])
        assert rt.Kernel._argument_key([object()]) is None
        for i in range(rt.Kernel._PACKED_CACHE_SIZE + 4):
            kernel._packed_for((0x1000, 0x2000, 0x3000, 16 * (i + 1)), 0, [])
        assert len(kernel._packed_cache) == rt.Kernel._PACKED_CACHE_SIZE
    finally:
        rt.pack_arguments = real


DTYPES_KERNEL = """
#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
tile.kernel @dtypes(%x: !tile.ptr<f32>, %h: !tile.ptr<f16>, %b: !tile.ptr<bf16>,
                    %e: !tile.ptr<f8E4M3FN>, %f: !tile.ptr<f8E5M2>, %i: !tile.ptr<i8>,
                    %s: f8E4M3FN) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %ve = tile.make_view %e, shape [128] : !tile.ptr<f8E4M3FN> -> !tile.view<128xf8E4M3FN>
  %t = tile.load_tile %ve[%c0] : !tile.view<128xf8E4M3FN> -> tensor<128xf8E4M3FN, #l>
  %sv = tile.splat %s : f8E4M3FN -> tensor<128xf8E4M3FN, #l>
  %c = arith.constant dense<0> : tensor<128xi8, #l>
  %bits = arith.bitcast %t : tensor<128xf8E4M3FN, #l> to tensor<128xi8, #l>
  %m = arith.cmpi slt, %bits, %c : tensor<128xi8, #l>
  %r = arith.select %m, %sv, %t : tensor<128xi1, #l>, tensor<128xf8E4M3FN, #l>
  tile.store_tile %r, %ve[%c0] : tensor<128xf8E4M3FN, #l>, !tile.view<128xf8E4M3FN>
  tile.return
}
"""


def test_element_types_in_metadata():
    # Pointers to every element type and an fp8 scalar (passed as its i8
    # bits) reach the metadata by name, and the launcher maps them to torch
    # dtypes (no GPU needed).
    r = tile.compile(DTYPES_KERNEL, arch="sm_90", emit="ptx")
    (k,) = r.metadata["kernels"]
    assert [p["type"] for p in k["params"]] == [
        "ptr<f32>", "ptr<f16>", "ptr<bf16>", "ptr<f8E4M3FN>", "ptr<f8E5M2>", "ptr<i8>",
        "f8E4M3FN"], k
    from tile import runtime as rt
    meta = rt.ModuleMetadata.from_json(r.metadata)
    assert [p.pointee for p in meta.kernels[0].params][3:6] == ["f8E4M3FN", "f8E5M2", "i8"]
    assert {t: rt._ELEMENT_TYPES[t][0] for t in ("f16", "bf16", "f8E4M3FN", "f8E5M2", "i8")} == {
        "f16": "float16", "bf16": "bfloat16", "f8E4M3FN": "float8_e4m3fn",
        "f8E5M2": "float8_e5m2", "i8": "int8"}


def test_fp8_mma_sync_raises_the_ptx_version():
    # fp8 mma.sync exists from PTX ISA 8.4; sm_90 alone gets 8.0, so the
    # Python compile, like tile-compile, emits the module in 8.4.
    path = os.path.join(ROOT, "test", "gpu", "kernels", "matmul_fp8_mma.mlir")
    with open(path, encoding="utf-8") as f:
        source = f.read()
    r = tile.compile(source, arch="sm_90", emit="ptx")
    assert ".version 8.4\n.target sm_90\n" in r.ptx, r.ptx[:300]
    assert "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32" in r.ptx
    assert r.metadata["arch"] == "sm_90", r.metadata
    plain = tile.compile(vector_add_source(), arch="sm_90", emit="ptx")
    assert ".version 8.0\n" in plain.ptx, plain.ptx[:300]


def test_num_stages_reaches_the_pipeliner():
    # tile.compile(num_stages=) is tile-compile --num-stages: 1 leaves the
    # loop alone, S waits for all but the S-2 newest copy groups.
    path = os.path.join(ROOT, "test", "gpu", "kernels", "auto_matmul_rm.mlir")
    with open(path, encoding="utf-8") as f:
        source = f.read()
    # (warp_specialize=False: by default this loop goes to a TMA producer
    # warpgroup instead, test_warp_specialize_option.)
    off = tile.compile(source, arch="sm_90", emit="ptx", num_stages=1)
    assert "cp.async" not in off.ptx
    for stages in (3, 4):
        r = tile.compile(source, arch="sm_90", emit="ptx", num_stages=stages,
                         warp_specialize=False)
        assert "cp.async.cg.shared.global" in r.ptx
        assert re.search(rf"cp\.async\.wait_group\s+{stages - 2};", r.ptx), stages
    default = tile.compile(source, arch="sm_90", emit="ptx", warp_specialize=False)
    assert re.search(r"cp\.async\.wait_group\s+1;", default.ptx)  # default: 3 stages
    for bad in (17, -1, True, 2.0):
        with harness.raises(ValueError):
            tile.compile(source, arch="sm_90", emit="ptx", num_stages=bad)


def test_warp_specialize_option():
    # tile.compile(warp_specialize=) is tile-compile --warp-specialize: on
    # by default (None or True), the GEMM loop becomes a TMA producer
    # warpgroup (setmaxnreg 40) and 8 consumer warps (232) over a 4-slot
    # ring; False leaves it to tile-pipeline (16-byte cp.async, 3 stages).
    path = os.path.join(ROOT, "test", "gpu", "kernels", "auto_matmul_rm.mlir")
    with open(path, encoding="utf-8") as f:
        source = f.read()
    ws = r"cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
    default = tile.compile(source, arch="sm_90", emit="ptx")
    on = tile.compile(source, arch="sm_90", emit="ptx", warp_specialize=True)
    off = tile.compile(source, arch="sm_90", emit="ptx", warp_specialize=False)
    assert default.ptx == on.ptx
    for r in (default, on):
        assert ".maxntid 384, 1, 1" in r.ptx
        assert re.search(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+232;", r.ptx)
        assert re.search(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+40;", r.ptx)
        assert ws in r.ptx and "cp.async.cg" not in r.ptx
    assert [p["type"] for p in on.metadata["kernels"][0]["params"]].count("tma_descriptor") == 2
    assert ".maxntid 256, 1, 1" in off.ptx
    assert "setmaxnreg" not in off.ptx and ws not in off.ptx
    assert "cp.async.cg.shared.global" in off.ptx
    for bad in (1, "yes", 0.0):
        with harness.raises(ValueError):
            tile.compile(source, arch="sm_90", emit="ptx", warp_specialize=bad)


def test_global_tensor_metadata():
    # tile.global_tensor: hidden parameters the launcher allocates; the
    # caller passes (out, n) only; the size follows n (no GPU needed).
    import tile.runtime as rt
    path = os.path.join(ROOT, "test", "gpu", "kernels", "global_tensor.mlir")
    with open(path, encoding="utf-8") as f:
        r = tile.compile(f.read(), arch="sm_90", emit="ptx")
    meta = rt.ModuleMetadata.from_json(r.metadata)
    (k,) = meta.kernels
    hidden = [p for p in k.params if p.is_hidden]
    assert [p.name for p in hidden] == ["__global_tensor0", "__global_tensor1"], k.params
    assert [p.type for p in hidden] == ["global_tensor"] * 2
    assert hidden[0].global_tensor["zeroed"] is True and hidden[1].global_tensor["zeroed"] is False
    assert rt.global_tensor_bytes(hidden[0], {0: None, 1: 300}, k.name) == 300 * 128 * 4
    assert rt.global_tensor_bytes(hidden[1], {0: None, 1: 300}, k.name) == 16
    with harness.raises(rt.LaunchError) as e:
        rt.global_tensor_bytes(hidden[0], {1: 0}, k.name)
    assert "extent 0 in dim 0" in str(e.value), str(e.value)
    with harness.raises(rt.LaunchError) as e:
        rt.global_tensor_bytes(hidden[0], {1: 2.5}, k.name)
    assert "must be an integer" in str(e.value), str(e.value)
    # A recipe without its fields is a metadata error.
    bad = json.loads(json.dumps(r.metadata))
    del bad["kernels"][0]["params"][2]["global_tensor"]["zeroed"]
    with harness.raises(rt.MetadataError) as e:
        rt.ModuleMetadata.from_json(bad)
    assert "global_tensor" in str(e.value), str(e.value)
def test_defines_reach_the_kernel():
    """defines= substitutes ${NAME} as tile-compile -D does: copy1d's BLOCK and
    NUM_WARPS show in the metadata and the PTX; mistakes are located."""
    path = os.path.join(ROOT, "examples", "copy1d.mlir")
    default = tile.compile_file(path, emit="ptx")
    assert default.kernel_metadata()["num_warps"] == 4
    assert default.ptx.count("ld.global.v4.b32") == 4, default.ptx
    big = tile.compile_file(path, emit="ptx", defines={"BLOCK": 4096, "NUM_WARPS": 8})
    assert big.kernel_metadata()["num_warps"] == 8
    assert big.kernel_metadata()["threads_per_block"] == 256
    assert ".maxntid 256, 1, 1" in big.ptx
    assert big.ptx.count("ld.global.v4.b32") == 8, big.ptx
    with harness.raises(tile.CompileError) as e:
        tile.compile_file(path, emit="ptx", defines={"BLOK": 1})
    assert e.value.location == (path, 1, 1), str(e.value)
    assert "-DBLOK=1 is not used: the kernel has no ${BLOK} (its parameters: NUM_WARPS, BLOCK)" \
        in str(e.value), str(e.value)
    src = "tile.kernel @k(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {\n" \
          "  %c = arith.constant ${SCALE} : f32\n  tile.return\n}\n"
    with harness.raises(tile.CompileError) as e:
        tile.compile(src, name="k.mlir", emit="mlir")
    assert e.value.location == ("k.mlir", 2, 23), str(e.value)
    assert "parameter 'SCALE' has no value" in str(e.value)
    # Booleans become MLIR's true/false; other types are refused.
    with harness.raises(TypeError):
        tile.compile(src, emit="mlir", defines={"SCALE": [1]})
    ok = tile.compile(src.replace("${SCALE} : f32", "${SCALE}"), emit="mlir",
                      defines={"SCALE": True})
    assert ok.format == "mlir"


if __name__ == "__main__":
    sys.exit(harness.run(dict(globals())))
