"""Run time of the versioned GEMMs, two artifact sets (old, new) compared:

    python3 bench/matmul_versions.py OLD_ARTIFACTS NEW_ARTIFACTS

(test/gpu/build_artifacts.py output, or at least auto_matmul.cubin and
matmul_pipelined.cubin with their .json): examples/auto/matmul.mlir (matmul_auto, run-time strides) and
examples/matmul_pipelined.mlir (C with run-time strides), fp16 4096^3, each
operand layout that picks a different version: row-major (the fast
versions), B column-major (auto: the general loop), C column-major (the
epilogue's slow store), A shifted by one element (auto: the general loop,
unaligned base). Checked against torch first; do_bench medians,
old and new interleaved twice."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "python"))
import torch
from triton.testing import do_bench
import tile.runtime as rt

old_dir, new_dir = sys.argv[1], sys.argv[2]
s = 4096
torch.manual_seed(0)
def load(d, name, kname):
    return rt.load(os.path.join(d, f"{name}.cubin.json"))[kname]
ks = {}
for tag, d in (("old", old_dir), ("new", new_dir)):
    ks[tag, "auto"] = load(d, "auto_matmul", "matmul_auto")
    ks[tag, "pipe"] = load(d, "matmul_pipelined", "matmul_pipelined")

base_a = torch.randn(s * s + 8, device="cuda", dtype=torch.float16)
b_rm = torch.randn((s, s), device="cuda", dtype=torch.float16)
a_rm = base_a[:s * s].view(s, s)
a_shift = base_a[1:s * s + 1].view(s, s)
b_cm = b_rm.t().contiguous().t()
def run(tag, kern, layout):
    a = a_shift if layout == "A shifted" else a_rm
    b = b_cm if layout == "B col-major" else b_rm
    if layout == "C col-major":
        cbuf = torch.empty((s, s), device="cuda", dtype=torch.float16)
        c = cbuf.t()
    else:
        c = torch.empty((s, s), device="cuda", dtype=torch.float16)
    k = ks[tag, kern]
    if kern == "auto":
        grid = (s // 128, s // 128)
        fn = lambda: k[grid](a, b, c, s, s, s, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    else:
        grid = (s // 128, s // 256)
        fn = lambda: k[grid](a, b, c, s, s, s, a.stride(0), b.stride(0), c.stride(0), c.stride(1))
    c.fill_(float("nan"))
    fn(); torch.cuda.synchronize()
    ref = a.float() @ b.float()
    err = ((c.float() - ref).norm() / ref.norm()).item()
    assert err < 2e-3, f"{tag} {kern} {layout}: error {err}"
    ms = do_bench(fn, warmup=25, rep=200, return_mode="median")
    return 2 * s ** 3 / ms / 1e9
rows = [("auto", "row-major"), ("auto", "B col-major"), ("auto", "A shifted"), ("auto", "C col-major"),
        ("pipe", "row-major"), ("pipe", "C col-major")]
print(f"device: {torch.cuda.get_device_name()}; fp16 {s}^3 TFLOP/s (do_bench median), old / new, twice")
for kern, layout in rows:
    r = [run(t, kern, layout) for t in ("old", "new", "old", "new")]
    print(f"{kern:5} {layout:12}  old {r[0]:7.1f} {r[2]:7.1f}   new {r[1]:7.1f} {r[3]:7.1f}   new/old {(r[1]+r[3])/(r[0]+r[2]):.3f}", flush=True)
