// A persistent GEMM written without layouts and without partitions, with
// the tile, the tile order and the epilogue of the hand-written
// examples/matmul_ws_coop.mlir: a 1-D grid of P programs, program p
// computing the 128x256 tiles p, p + P, ... of C in groups of 16 tile rows
// (Triton's GROUP_SIZE_M: the programs running together share A's rows and
// B's columns in L2), each with a k-loop of 64, and C stored with an
// allow_tma store. In the default compile tile-warp-specialize makes the
// k-loop a 3-slot TMA ring (48 KiB a slot, beside the store's 64 KiB
// buffer) read by two consumer warpgroups (the kernel's 8 warps, 64 rows
// each), the producer running ahead into the next tile; tile-use-tma makes
// the store a TMA store whose wait is deferred to the next tile's store
// (docs/Passes.md). @auto_matmul_persistent_256_bf16 is the same kernel on
// bf16 inputs and output.
//
//   c[i * scm + j] = sum_k a[i * sam + k] * b[k * sbk + j]
//
// Contract: A, B, C 16-byte aligned, row strides multiples of 8 elements,
// N a multiple of 8 (the TMA store writes whole 16-byte chunks).
// Launch: grid (P,) with any P >= 1 (min(#SMs, tiles) to fill the GPU),
// 8 warps.

tile.kernel @auto_matmul_persistent_256(
    %a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %m: i32, %n: i32 {tile.divisibility = 8 : i64}, %k: i32,
    %sam: i32 {tile.divisibility = 8 : i64},
    %sbk: i32 {tile.divisibility = 8 : i64},
    %scm: i32 {tile.divisibility = 8 : i64}) attributes {num_warps = 8 : i32} {
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c127 = arith.constant 127 : i32
  %c128 = arith.constant 128 : i32
  %c255 = arith.constant 255 : i32
  %c256 = arith.constant 256 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %mr = arith.addi %m, %c127 : i32
  %tm = arith.divsi %mr, %c128 : i32
  %nr = arith.addi %n, %c255 : i32
  %tn = arith.divsi %nr, %c256 : i32
  %tiles = arith.muli %tm, %tn : i32
  %ingroup = arith.muli %tn, %c16 : i32
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
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
            : !tile.view<?x?xf16> -> tensor<128x64xf16>
      %tb = tile.load_tile %vb[%kt, %pn] padding = zero
            : !tile.view<?x?xf16> -> tensor<64x256xf16>
      %next = tile.dot %ta, %tb, %sum
              : tensor<128x64xf16>, tensor<64x256xf16> -> tensor<128x256xf32>
      scf.yield %next : tensor<128x256xf32>
    }
    %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xf16>
    tile.store_tile %out, %vc[%pm, %pn] {allow_tma}
        : tensor<128x256xf16>, !tile.view<?x?xf16>
  }
  tile.return
}

tile.kernel @auto_matmul_persistent_256_bf16(
    %a: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %b: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %c: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
    %m: i32, %n: i32 {tile.divisibility = 8 : i64}, %k: i32,
    %sam: i32 {tile.divisibility = 8 : i64},
    %sbk: i32 {tile.divisibility = 8 : i64},
    %scm: i32 {tile.divisibility = 8 : i64}) attributes {num_warps = 8 : i32} {
  %pid = tile.program_id x : i32
  %np = tile.num_programs x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c127 = arith.constant 127 : i32
  %c128 = arith.constant 128 : i32
  %c255 = arith.constant 255 : i32
  %c256 = arith.constant 256 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<bf16> -> !tile.view<?x?xbf16>
  %mr = arith.addi %m, %c127 : i32
  %tm = arith.divsi %mr, %c128 : i32
  %nr = arith.addi %n, %c255 : i32
  %tn = arith.divsi %nr, %c256 : i32
  %tiles = arith.muli %tm, %tn : i32
  %ingroup = arith.muli %tn, %c16 : i32
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
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
            : !tile.view<?x?xbf16> -> tensor<128x64xbf16>
      %tb = tile.load_tile %vb[%kt, %pn] padding = zero
            : !tile.view<?x?xbf16> -> tensor<64x256xbf16>
      %next = tile.dot %ta, %tb, %sum
              : tensor<128x64xbf16>, tensor<64x256xbf16> -> tensor<128x256xf32>
      scf.yield %next : tensor<128x256xf32>
    }
    %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xbf16>
    tile.store_tile %out, %vc[%pm, %pn] {allow_tma}
        : tensor<128x256xbf16>, !tile.view<?x?xbf16>
  }
  tile.return
}
