"""Interleaved A/B of the warp-specialized GEMMs against cuBLAS
(torch.matmul), fp16 and bf16, 4096^3 (5 rounds) and 8192^3 (3 rounds),
order reversed every other round, median of do_bench medians; before that
the --config variants (and the 128-program launch) are checked against
torch on 7 shapes (test/gpu/cases_persistent.py's runner: poisoned C, odd
shapes, K shorter than the ring); after it 1.2 s of back-to-back launches
of cuBLAS and matmul_ws_coop (132 and 128 programs) at 4096^3 fp16 with
nvidia-smi sampling clock and power every 100 ms. Run from the repository
root on the GPU machine (bench/RESULTS.md, h13gemm):

    python3 bench/gemm_ab_ws.py OLD NEW VAR

OLD and NEW hold matmul_ws_coop and matmul_ws_cluster cubins (two
compilers or two versions of utils/gen_matmul_ws.py); VAR holds var2.cubin
from `utils/gen_matmul_ws.py --config
'coop,64,256,3,16,f16,ov;coop,64,256,3,16,bf16,ov'`."""
import os, sys, statistics, subprocess, time
sys.path.insert(0, os.path.join(os.getcwd(), "python"))
sys.path.insert(0, os.path.join(os.getcwd(), "test", "gpu"))
import torch
from triton.testing import do_bench
import tile.runtime as rt
OLD, NEW, VAR = sys.argv[1:4]
sms = torch.cuda.get_device_properties(0).multi_processor_count

def load(d, stem, kn):
    return rt.load(os.path.join(d, f"{stem}.cubin.json"))[kn]

VSTEM = "variants"
KERNELS = [  # (label, dir, artifact stem, kernel name, grid: "sms", "clusters" or a count)
    ("coop old", OLD, "matmul_ws_coop", "matmul_ws_coop", "sms"),
    ("coop new", NEW, "matmul_ws_coop", "matmul_ws_coop", "sms"),
    ("coop new, 128 programs", NEW, "matmul_ws_coop", "matmul_ws_coop", 128),
    ("coop ov (new producer)", VAR, "var2", "matmul_ws2_coop_64x256_s3_g16_ov", "sms"),
    ("cluster new", NEW, "matmul_ws_cluster", "matmul_ws_cluster", "clusters"),
]

def grid_of(s, how):
    if how == "clusters":
        pairs = (s // 128) * (-(-s // 512))
        waves = -(-pairs // (sms // 2))
        return 2 * (-(-pairs // waves))
    tiles = (s // 128) * (s // 256)
    return min(sms if how == "sms" else how, tiles)

# Correctness of the variants (the registered cases cover coop/cluster new).
from cases_persistent import make_persistent_runner
gen = torch.Generator(device="cuda"); gen.manual_seed(13)
for label, d, stem, kn, how in KERNELS:
    if d != VAR and how != 128:
        continue
    for dt, suf in (("f16", ""), ("bf16", "_bf16")):
        k = load(d, stem, kn + suf)
        run = make_persistent_runner(dt, 256)
        g = 0 if how == "sms" else how
        for shape in ((1, 1, 1, g), (64, 1000, 17, g), (1000, 100, 100, g), (1000, 1000, 100, 7),
                      (200, 300, 130, 2), (1000, 1000, 1000, 1), (4095, 4095, 4095, g)):
            checks = run(k, shape, gen)
            bad = [c for c in checks if c[1] != c[2]]
            print(f"check {kn + suf} {shape}: {'ok' if not bad else 'FAIL ' + str(bad)}", flush=True)

wa = torch.randn((8192, 8192), device="cuda", dtype=torch.float16)
t = time.time() + 2
while time.time() < t:
    torch.matmul(wa, wa); torch.cuda.synchronize()
for dt, suf in ((torch.float16, ""), (torch.bfloat16, "_bf16")):
    for s, rounds in ((4096, 5), (8192, 3)):
        a = torch.randn((s, s), device="cuda", dtype=dt)
        b = torch.randn((s, s), device="cuda", dtype=dt)
        c = torch.empty((s, s), device="cuda", dtype=dt)
        ref = torch.matmul(a, b).double()
        fns = {"cuBLAS": lambda: torch.matmul(a, b, out=c)}
        for label, d, stem, kn, how in KERNELS:
            k = load(d, stem, kn + suf)
            g = grid_of(s, how)
            fn = (lambda k=k, g=g: k[(g,)](a, b, c, s, s, s, s, s, s))
            c.fill_(float("nan")); fn(); torch.cuda.synchronize()
            err = ((c.double() - ref).norm() / ref.norm()).item()
            assert err < 2e-3, (label, err)
            fns[label] = fn
        times = {n: [] for n in fns}
        names = list(fns)
        for r in range(rounds):
            for n in (names if r % 2 == 0 else names[::-1]):
                times[n].append(do_bench(fns[n], warmup=25, rep=150, return_mode="median"))
        base = statistics.median(times["cuBLAS"])
        for n in names:
            m = statistics.median(times[n])
            print(f"{'bf16' if suf else 'fp16'} {s}^3 {n:<22} {2*s**3/m/1e9:8.1f} TFLOP/s  x cuBLAS {base/m:.3f}", flush=True)

# Sustained: 1.2 s of back-to-back launches each, nvidia-smi every 100 ms.
s = 4096
for dt, suf in ((torch.float16, ""),):
    a = torch.randn((s, s), device="cuda", dtype=dt)
    b = torch.randn((s, s), device="cuda", dtype=dt)
    c = torch.empty((s, s), device="cuda", dtype=dt)
    fns = {"cuBLAS": lambda: torch.matmul(a, b, out=c)}
    for label, d, stem, kn, how in KERNELS[1:3]:
        k = load(d, stem, kn + suf)
        fns[label] = (lambda k=k, g=grid_of(s, how): k[(g,)](a, b, c, s, s, s, s, s, s))
    for n in ("cuBLAS", "coop new", "coop new, 128 programs", "cuBLAS", "coop new, 128 programs", "coop new"):
        fn = fns[n]
        fn(); torch.cuda.synchronize()
        smi = subprocess.Popen(["nvidia-smi", "--query-gpu=clocks.sm,power.draw,temperature.gpu",
                                "--format=csv,noheader,nounits", "-lms", "100"],
                               stdout=subprocess.PIPE, text=True)
        t0 = time.time(); cnt = 0
        while time.time() - t0 < 1.2:
            for _ in range(20):
                fn()
            cnt += 20
            torch.cuda.synchronize()
        el = time.time() - t0
        smi.terminate(); out = smi.communicate()[0]
        rows = [r.split(",") for r in out.strip().splitlines() if r.count(",") == 2]
        rows = rows[len(rows) // 3:]
        try:
            clk = statistics.mean(float(r[0]) for r in rows)
            pw = statistics.mean(float(r[1]) for r in rows)
            tp = statistics.mean(float(r[2]) for r in rows)
        except Exception:
            clk = pw = tp = float("nan")
        print(f"sustained fp16 4096^3 {n:<24} {2*s**3*cnt/el/1e12:7.1f} TFLOP/s "
              f"{clk:6.0f} MHz {pw:5.0f} W {tp:3.0f} C ({len(rows)} samples)", flush=True)
