// A persistent fp8 e4m3 GEMM with per-tensor scales to bf16, written
// without layouts and without partitions: the layout-free twin of
// examples/matmul_fp8_persistent.mlir (torch._scaled_mm's contract):
//
//   c[i * scm + j] = bf16(scale_a * scale_b *
//                         sum_k f32(a[i * sam + k]) * f32(b[j * sbn + k]))
//
// A is M x K and B is N x K, both with K contiguous (B K-major:
// torch._scaled_mm(a, b_nk.t(), ...)): 8-bit wgmma operands are read
// K-major from shared memory, so B's tile is loaded with order = [1, 0]
// (tile axis 0, K, runs along the view's axis 1). A 1-D grid of P programs,
// program p computing the 128x256 tiles p, p + P, ... of C in groups of 16
// tile rows, each with a k-loop of 128. In the default compile
// tile-warp-specialize makes the k-loop a 3-slot TMA ring (48 KiB a slot,
// beside the 64 KiB buffer of C's TMA store) read by two consumer
// warpgroups (the kernel's 8 warps, 64 rows each); tile-use-tma makes the
// allow_tma store a TMA store (docs/Passes.md). Without the divisibility
// promise on %n the store stays an ordinary one (any N) and the ring gets a
// fourth slot.
//
// Contract: A, B, C 16-byte aligned, row strides multiples of 16 bytes
// (A, B: 16 elements; C: 8), N a multiple of 8 (the TMA store writes whole
// 16-byte chunks); any M, K >= 1.
// Launch: grid (P,) with any P >= 1 (min(#SMs, tiles) to fill the GPU),
// 8 warps; sm_90 (sm_89: mma.sync, ordinary loads and stores).

tile.kernel @auto_matmul_fp8_persistent(
    %a: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i64},
    %b: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i64},
    %c: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %scale_a: f32, %scale_b: f32,
    %m: i32, %n: i32 {tile.divisibility = 8 : i64}, %k: i32,
    %sam: i32 {tile.divisibility = 16 : i64},
    %sbn: i32 {tile.divisibility = 16 : i64},
    %scm: i32 {tile.divisibility = 8 : i64}) attributes {num_warps = 8 : i32} {
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c127 = arith.constant 127 : i32
  %c128 = arith.constant 128 : i32
  %c255 = arith.constant 255 : i32
  %c256 = arith.constant 256 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f8E4M3FN> -> !tile.view<?x?xf8E4M3FN>
  %vb = tile.make_view %b, shape [%n, %k], strides [%sbn, 1]
        : !tile.ptr<f8E4M3FN> -> !tile.view<?x?xf8E4M3FN>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %mr = arith.addi %m, %c127 : i32
  %tm = arith.divsi %mr, %c128 : i32
  %nr = arith.addi %n, %c255 : i32
  %tn = arith.divsi %nr, %c256 : i32
  %tiles = arith.muli %tm, %tn : i32
  %ingroup = arith.muli %tn, %c16 : i32
  %kr = arith.addi %k, %c127 : i32
  %ktiles = arith.divsi %kr, %c128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  scf.for %t = %pid to %tiles step %np : i32 {
    // Tile t in groups of 16 tile rows, column-major within a group.
    %grp = arith.divsi %t, %ingroup : i32
    %first = arith.muli %grp, %c16 : i32
    %left = arith.subi %tm, %first : i32
    %gsize = arith.minsi %left, %c16 : i32
    %loc = arith.remsi %t, %ingroup : i32
    %lm = arith.remsi %loc, %gsize : i32
    %pm = arith.addi %first, %lm : i32
    %pn = arith.divsi %loc, %gsize : i32
    %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
        -> (tensor<128x256xf32>) : i32 {
      %ta = tile.load_tile %va[%pm, %kt] padding = zero
            : !tile.view<?x?xf8E4M3FN> -> tensor<128x128xf8E4M3FN>
      // B's 128 x 256 tile (K x N) from the N x K view.
      %tb = tile.load_tile %vb[%kt, %pn] order = [1, 0] padding = zero
            : !tile.view<?x?xf8E4M3FN> -> tensor<128x256xf8E4M3FN>
      %next = tile.dot %ta, %tb, %sum
              : tensor<128x128xf8E4M3FN>, tensor<128x256xf8E4M3FN> -> tensor<128x256xf32>
      scf.yield %next : tensor<128x256xf32>
    }
    %s = arith.mulf %scale_a, %scale_b : f32
    %sv = tile.splat %s : f32 -> tensor<128x256xf32>
    %scaled = arith.mulf %acc, %sv : tensor<128x256xf32>
    %out = arith.truncf %scaled : tensor<128x256xf32> to tensor<128x256xbf16>
    tile.store_tile %out, %vc[%pm, %pn] {allow_tma}
        : tensor<128x256xbf16>, !tile.view<?x?xbf16>
  }
  tile.return
}
