"""GPU cases of the element types (docs/TileLanguage.md, "Element types").

Kernels in test/gpu/kernels/dtype_*.mlir. Every output is poisoned (all
bytes 0xFF: NaN for every float type) and compared bit for bit with torch's
.to() on fresh random data that includes the special values (zeros, tiny
and subnormal values, values beyond each type's range, +-inf, NaN). Two
NaNs compare equal whatever their payload (PTX's canonical NaN is not
torch's), but an output NaN where torch has a number fails, so a forgotten
element cannot pass.

Conversions to fp8 saturate (cvt ... .satfinite, as Triton does): the
reference is torch's .to() of the input clamped to the type's largest
finite value, where torch itself would give NaN (e4m3) or inf (e5m2).
"""

import torch

from gpu_cases import POISON_BYTE, cdiv, poisoned, randn

E4M3 = torch.float8_e4m3fn
E5M2 = torch.float8_e5m2
FP8_MAX = {E4M3: 448.0, E5M2: 57344.0}
BITS = {1: torch.uint8, 2: torch.int16, 4: torch.int32}


def special_values(n, gen):
    """f32 data: normal values at several scales, then the special cases
    scattered over random positions."""
    x = randn(n, gen)
    scale = torch.tensor([1e-6, 1e-3, 1.0, 30.0, 300.0, 1e4, 1e5, 1e38],
                         device=x.device)
    pick = torch.randint(0, len(scale), (n,), generator=gen, device=x.device)
    x = x * scale[pick]
    specials = torch.tensor([0.0, -0.0, float("inf"), float("-inf"), float("nan"), 448.0,
                             464.0, 480.0, -500.0, 57344.0, 61440.0, -70000.0, 65504.0,
                             65520.0, 2.0 ** -9, 2.0 ** -10, 2.0 ** -16, 2.0 ** -17,
                             2.0 ** -24, 2.0 ** -25, 3.4e38, 1e-40], device=x.device)
    if n >= 2 * len(specials):
        where = torch.randperm(n, generator=gen, device=x.device)[:len(specials)]
        x[where] = specials
    return x


def bits_check(label, out, ref):
    """(label, got, expected): out and ref agree bit for bit, NaN matching
    any NaN."""
    assert out.dtype == ref.dtype and out.shape == ref.shape, (out.dtype, ref.dtype)
    ob = out.contiguous().view(BITS[out.element_size()])
    rb = ref.contiguous().view(BITS[ref.element_size()])
    same = ob == rb
    if out.dtype.is_floating_point:
        same |= torch.isnan(out.float()) & torch.isnan(ref.float())
    bad = (~same).sum().item()
    if not bad:
        return (label, True, True)
    i = (~same).nonzero()[0].item()
    return (label, f"{bad} of {out.numel()} differ, first at {i}: got "
            f"{out[i].float().item()!r} (0x{ob[i].item() & 0xFFFFFFFF:x}), expected "
            f"{ref[i].float().item()!r} (0x{rb[i].item() & 0xFFFFFFFF:x}); "
            f"input index {i}", True)


def poisoned_int(n, dtype):
    """An integer output with every byte 0xA5 (gpu_cases.poisoned's integer
    poison does not fit in i8 or i32)."""
    t = torch.empty(n, dtype=dtype, device="cuda")
    t.view(torch.uint8).fill_(0xA5)
    return t


def untouched(t):
    """Every byte of `t` still holds the poison."""
    return bool((t.view(torch.uint8) == POISON_BYTE).all())


def to_fp8(x, dtype):
    """Saturating conversion: what cvt.rn.satfinite computes."""
    m = FP8_MAX[dtype]
    return x.float().clamp(-m, m).to(dtype)


def run_f32_to_narrow(k, n, gen):
    x = special_values(n, gen)
    outs = [poisoned(n + 8, t) for t in (torch.float16, torch.bfloat16, E4M3, E5M2)]
    k[(cdiv(n, 512),)](x, *[o[:n] for o in outs], n)
    h, b, e, f = outs
    checks = [bits_check("f16", h[:n], x.to(torch.float16)),
              bits_check("bf16", b[:n], x.to(torch.bfloat16)),
              bits_check("e4m3 (saturating)", e[:n], to_fp8(x, E4M3)),
              bits_check("e5m2 (saturating)", f[:n], to_fp8(x, E5M2))]
    in_range = x.abs() <= 448.0
    checks.append(bits_check("e4m3 in range == torch .to()", e[:n][in_range],
                             x[in_range].to(E4M3)))
    checks.append(("past n untouched", all(untouched(o[n:]) for o in outs), True))
    return checks


def run_narrow_to_f32(k, n, gen):
    # Every bit pattern of the 8-bit types, and random 16-bit ones.
    e = torch.arange(n, device="cuda", dtype=torch.int32).remainder(256).to(torch.uint8)
    e = e[torch.randperm(n, generator=gen, device="cuda")]
    h = special_values(n, gen).to(torch.float16)
    b = special_values(n, gen).to(torch.bfloat16)
    ev, fv = e.view(E4M3), e.view(E5M2)
    outs = [poisoned(n, torch.float32) for _ in range(4)]
    k[(cdiv(n, 512),)](h, b, ev, fv, *outs, n)
    return [bits_check("f16 -> f32", outs[0], h.float()),
            bits_check("bf16 -> f32", outs[1], b.float()),
            bits_check("e4m3 -> f32", outs[2], ev.float()),
            bits_check("e5m2 -> f32", outs[3], fv.float())]


def run_half_fp8(k, n, gen):
    h = special_values(n, gen).to(torch.float16)
    b = special_values(n, gen).to(torch.bfloat16)
    he, hf, be = poisoned(n, E4M3), poisoned(n, E5M2), poisoned(n, E4M3)
    eh, fb = poisoned(n, torch.float16), poisoned(n, torch.bfloat16)
    k[(cdiv(n, 512),)](h, b, he, hf, be, eh, fb, n)
    ref_he, ref_hf = to_fp8(h, E4M3), to_fp8(h, E5M2)
    return [bits_check("f16 -> e4m3", he, ref_he),
            bits_check("f16 -> e5m2", hf, ref_hf),
            bits_check("bf16 -> e4m3", be, to_fp8(b, E4M3)),
            bits_check("e4m3 -> f16", eh, ref_he.to(torch.float16)),
            bits_check("e5m2 -> bf16", fb, ref_hf.to(torch.bfloat16))]


def run_int8(k, n, gen):
    i = torch.randint(-128, 128, (n,), generator=gen, device="cuda", dtype=torch.int8)
    x = (randn(n, gen) * 60).clamp(-127.9, 127.9)
    oh, ob, of = poisoned(n, torch.float16), poisoned(n, torch.bfloat16), poisoned(n, torch.float32)
    oe, ox, ow = poisoned(n, E4M3), poisoned_int(n, torch.int8), poisoned_int(n, torch.int32)
    ot, ou = poisoned_int(n, torch.int8), poisoned(n, E5M2)
    k[(cdiv(n, 512),)](i, x, oh, ob, of, oe, ox, ow, ot, ou, n)
    return [bits_check("i8 -> f16", oh, i.to(torch.float16)),
            bits_check("i8 -> bf16", ob, i.to(torch.bfloat16)),
            bits_check("i8 -> f32", of, i.to(torch.float32)),
            bits_check("i8 -> e4m3", oe, to_fp8(i.float(), E4M3)),
            bits_check("f32 -> i8", ox, x.to(torch.int8)),
            bits_check("i8 -> i32", ow, i.to(torch.int32)),
            bits_check("trunci(3 * i)", ot, (i.to(torch.int32) * 3).to(torch.int8)),
            bits_check("uitofp u8 -> e5m2", ou, to_fp8(i.view(torch.uint8).float(), E5M2))]


def _run_elementwise(dtype):
    def run(k, n, gen):
        x = (randn(n, gen) * 4).to(dtype)
        y = (randn(n, gen) * 4).to(dtype)
        if n >= 4:
            x[:4] = torch.tensor([float("nan"), 1.0, float("inf"), 0.0], dtype=dtype)
            y[:4] = torch.tensor([2.0, float("nan"), 3.0, -1.0], dtype=dtype)
        outs = [poisoned(n, dtype) for _ in range(4)]
        k[(cdiv(n, 512),)](x, y, *outs, n)
        return [bits_check("add", outs[0], x + y),
                bits_check("mul", outs[1], x * y),
                bits_check("maxnum", outs[2], torch.fmax(x, y)),
                bits_check("sub", outs[3], x - y)]
    return run


def run_tile_f16(k, shape, gen):
    m, n, ld = shape
    src = randn(max(m, 1) * ld, gen).to(torch.float16)
    big = poisoned(m * n + 8, torch.float16)
    dst = big[:m * n]
    k[(cdiv(m, 32), cdiv(n, 64))](src, dst, m, n, ld)
    ref = src[:m * ld].view(m, ld)[:, :n] * 2
    return [bits_check("dst", dst.view(m, n), ref),
            ("past dst untouched", untouched(big[m * n:]), True)]


SIZES = [1, 7, 512, 1000, 4099, 1 << 16]

CASES = [
    ("dtype_cast", "f32_to_narrow", run_f32_to_narrow, SIZES),
    ("dtype_cast", "narrow_to_f32", run_narrow_to_f32, SIZES),
    ("dtype_cast", "half_fp8", run_half_fp8, SIZES),
    ("dtype_int8", "int8", run_int8, SIZES),
    ("dtype_elementwise", "ew_f16", _run_elementwise(torch.float16), SIZES),
    ("dtype_elementwise", "ew_bf16", _run_elementwise(torch.bfloat16), SIZES),
    ("dtype_tile_f16", "tile_f16", run_tile_f16,
     [(1, 1, 1), (33, 65, 67), (100, 37, 40), (64, 64, 64), (31, 200, 256)]),
]
