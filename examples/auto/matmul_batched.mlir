// C[z] = A[z] * B[z] for a batch of matrices with no layout written: f16
// inputs, f32 accumulation, f16 output; 3-D views (batch, rows, columns)
// with any sizes and any strides (row- or column-major matrices, pitched
// rows, batches interleaved or apart):
//
//   c[z*scb + i*scm + j*scn] = sum_k a[z*sab + i*sam + k*sak] * b[z*sbb + k*sbk + j*sbn]
//
// Launch: grid (cdiv(m, 64), cdiv(n, 64), batch), 4 warps. Program (i, j, z)
// computes tile (i, j) of C[z] with a rank-3 dot (batch dim 1; mma.sync).

tile.kernel @matmul_batched(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f16>,
                            %batch: i32, %m: i32, %n: i32, %k: i32,
                            %sab: i32, %sam: i32, %sak: i32,
                            %sbb: i32, %sbk: i32, %sbn: i32,
                            %scb: i32, %scm: i32, %scn: i32)
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, %sak]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, %sbn]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%batch, %m, %n], strides [%scb, %scm, %scn]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %kr = arith.addi %k, %c31 : i32
  %ktiles = arith.divsi %kr, %c32 : i32
  %zero = arith.constant dense<0.0> : tensor<1x64x64xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<1x64x64xf32>) : i32 {
    %ta = tile.load_tile %va[%pz, %pm, %kt] padding = zero
          : !tile.view<?x?x?xf16> -> tensor<1x64x32xf16>
    %tb = tile.load_tile %vb[%pz, %kt, %pn] padding = zero
          : !tile.view<?x?x?xf16> -> tensor<1x32x64xf16>
    %next = tile.dot %ta, %tb, %sum
            : tensor<1x64x32xf16>, tensor<1x32x64xf16> -> tensor<1x64x64xf32>
    scf.yield %next : tensor<1x64x64xf32>
  }
  %out = arith.truncf %acc : tensor<1x64x64xf32> to tensor<1x64x64xf16>
  tile.store_tile %out, %vc[%pz, %pm, %pn] : tensor<1x64x64xf16>, !tile.view<?x?x?xf16>
  tile.return
}

// @matmul_batched_tma: the same product for row-major matrices whose row
// and batch strides the caller promises to be multiples of 8 elements (16
// bytes) and 16-byte aligned bases, still with no layout written: sab,
// sam, sbb, sbk, scb, scm are those strides (the inner ones are 1). Each
// rank-3 tile (1 x rows x cols) is reshaped to its matrix for a rank-2
// tile.dot, which the default pipeline gives wgmma on sm_90, and the loads
// and the store carry the allow_tma hint: tile-warp-specialize makes the
// loop a 4-slot TMA ring (3-D TMA copies of blocks 1x128x64 and 1x64x128,
// issued by a producer warpgroup into slots holding the 128x64 and 64x128
// matrices; the kernel's 8 warps read the slots with asynchronous wgmma:
// the reshapes vanish), and tile-use-tma the store a 3-D TMA store (block
// 1x128x128). Launch: grid
// (cdiv(m, 128), cdiv(n, 128), batch), 8 warps.
tile.kernel @matmul_batched_tma(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %batch: i32, %m: i32, %n: i32 {tile.divisibility = 8 : i64},
                                %k: i32,
                                %sab: i32 {tile.divisibility = 8 : i64},
                                %sam: i32 {tile.divisibility = 8 : i64},
                                %sbb: i32 {tile.divisibility = 8 : i64},
                                %sbk: i32 {tile.divisibility = 8 : i64},
                                %scb: i32 {tile.divisibility = 8 : i64},
                                %scm: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%batch, %m, %n], strides [%scb, %scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pz, %pm, %kt] padding = zero {allow_tma}
          : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
    %tb = tile.load_tile %vb[%pz, %kt, %pn] padding = zero {allow_tma}
          : !tile.view<?x?x?xf16> -> tensor<1x64x128xf16>
    %ma = tile.reshape %ta : tensor<1x128x64xf16> -> tensor<128x64xf16>
    %mb = tile.reshape %tb : tensor<1x64x128xf16> -> tensor<64x128xf16>
    %next = tile.dot %ma, %mb, %sum
            : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  %out3 = tile.reshape %out : tensor<128x128xf16> -> tensor<1x128x128xf16>
  tile.store_tile %out3, %vc[%pz, %pm, %pn] {allow_tma}
      : tensor<1x128x128xf16>, !tile.view<?x?x?xf16>
  tile.return
}

// @matmul_batched_slice: the arguments of @matmul_batched_tma, and each
// program's matrix as rank-2 views (the pointers advanced by z times the
// batch strides, 16-byte aligned by the promises): the loop is the
// layout-free GEMM's, which the default pipeline warp-specializes (a TMA
// producer, asynchronous wgmma): its descriptors are 3-D views of the
// parameters, z a dim of extent INT32_MAX whose stride is the batch
// stride (docs/Passes.md, "Attention loops"). Launch: grid (cdiv(m, 128),
// cdiv(n, 128), batch), 8 warps.
tile.kernel @matmul_batched_slice(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                                %batch: i32, %m: i32, %n: i32, %k: i32,
                                %sab: i32 {tile.divisibility = 8 : i64},
                                %sam: i32 {tile.divisibility = 8 : i64},
                                %sbb: i32 {tile.divisibility = 8 : i64},
                                %sbk: i32 {tile.divisibility = 8 : i64},
                                %scb: i32 {tile.divisibility = 8 : i64},
                                %scm: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %pz = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %pz64 = arith.extsi %pz : i32 to i64
  %sab64 = arith.extsi %sab : i32 to i64
  %sbb64 = arith.extsi %sbb : i32 to i64
  %scb64 = arith.extsi %scb : i32 to i64
  %oa = arith.muli %pz64, %sab64 : i64
  %ob = arith.muli %pz64, %sbb64 : i64
  %oc = arith.muli %pz64, %scb64 : i64
  %az = tile.addptr %a, %oa : !tile.ptr<f16>, i64
  %bz = tile.addptr %b, %ob : !tile.ptr<f16>, i64
  %cz = tile.addptr %c, %oc : !tile.ptr<f16>, i64
  %va = tile.make_view %az, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %bz, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %cz, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum
            : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// @matmul_batched_tma_persistent: the arguments and contract of
// @matmul_batched_tma, with the tile, the tile order and the launch of the
// hand-written examples/matmul_batched_persistent.mlir, still with no
// layout and no partition written: a 1-D grid of P programs (any P >= 1;
// min(#SMs, tiles) fills the GPU), program p computing the 128x256 tiles
// p, p + P, ... of all the C[z], numbered matrix by matrix and inside a
// matrix in groups of 16 tile rows. In the default compile
// tile-warp-specialize makes its k-loop a 3-slot TMA ring (3-D copies of
// blocks 1x128x64 and 1x64x256 into 2-D slots; the reshapes vanish) that a
// producer warpgroup fills, running ahead into the next tile, and the two
// consumer warpgroups (the kernel's 8 warps) read with asynchronous wgmma;
// tile-use-tma makes the store a 3-D TMA store whose wait is deferred to
// the next tile's store (docs/Passes.md). Launch: grid (P,), 8 warps.
tile.kernel @matmul_batched_tma_persistent(
    %a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
    %batch: i32, %m: i32, %n: i32 {tile.divisibility = 8 : i64}, %k: i32,
    %sab: i32 {tile.divisibility = 8 : i64},
    %sam: i32 {tile.divisibility = 8 : i64},
    %sbb: i32 {tile.divisibility = 8 : i64},
    %sbk: i32 {tile.divisibility = 8 : i64},
    %scb: i32 {tile.divisibility = 8 : i64},
    %scm: i32 {tile.divisibility = 8 : i64})
    attributes {num_warps = 8 : i32} {
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
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%batch, %m, %n], strides [%scb, %scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %mr = arith.addi %m, %c127 : i32
  %tm = arith.divsi %mr, %c128 : i32
  %nr = arith.addi %n, %c255 : i32
  %tn = arith.divsi %nr, %c256 : i32
  %per = arith.muli %tm, %tn : i32
  %tiles = arith.muli %per, %batch : i32
  %ingroup = arith.muli %tn, %c16 : i32
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  scf.for %t = %pid to %tiles step %np : i32 {
    // Matrix z, then tile r of it in groups of 16 tile rows.
    %z = arith.divsi %t, %per : i32
    %r = arith.remsi %t, %per : i32
    %grp = arith.divsi %r, %ingroup : i32
    %first = arith.muli %grp, %c16 : i32
    %left = arith.subi %tm, %first : i32
    %gsize = arith.minsi %left, %c16 : i32
    %loc = arith.remsi %r, %ingroup : i32
    %lm = arith.remsi %loc, %gsize : i32
    %pm = arith.addi %first, %lm : i32
    %pn = arith.divsi %loc, %gsize : i32
    %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
        -> (tensor<128x256xf32>) : i32 {
      %ta = tile.load_tile %va[%z, %pm, %kt] padding = zero {allow_tma}
            : !tile.view<?x?x?xf16> -> tensor<1x128x64xf16>
      %tb = tile.load_tile %vb[%z, %kt, %pn] padding = zero {allow_tma}
            : !tile.view<?x?x?xf16> -> tensor<1x64x256xf16>
      %ma = tile.reshape %ta : tensor<1x128x64xf16> -> tensor<128x64xf16>
      %mb = tile.reshape %tb : tensor<1x64x256xf16> -> tensor<64x256xf16>
      %next = tile.dot %ma, %mb, %sum
              : tensor<128x64xf16>, tensor<64x256xf16> -> tensor<128x256xf32>
      scf.yield %next : tensor<128x256xf32>
    }
    %out = arith.truncf %acc : tensor<128x256xf32> to tensor<128x256xf16>
    %out3 = tile.reshape %out : tensor<128x256xf16> -> tensor<1x128x256xf16>
    tile.store_tile %out3, %vc[%z, %pm, %pn] {allow_tma}
        : tensor<1x128x256xf16>, !tile.view<?x?x?xf16>
  }
  tile.return
}
