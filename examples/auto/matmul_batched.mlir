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
// and the store carry the allow_tma hint: tile-pipeline makes the loop a
// 3-slot TMA ring (3-D TMA copies of blocks 1x128x64 and 1x64x128 into
// slots holding the 128x64 and 64x128 matrices, one mbarrier per slot,
// the asynchronous wgmma reading the slots: the reshapes vanish), and
// tile-use-tma the store a 3-D TMA store (block 1x128x128). Launch: grid
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
