// torch.bmm, layout-free: C[z] = A[z] B[z] for A [batch, m, k], B [batch, k, n],
// C [batch, m, n], f16 in and out, f32 accumulation. Tiles are 2-D slices of
// the 3-D views taken with tile.load_at ... dims [1, 2] {allow_tma} (3-D TMA
// boxes of 1 x rows x cols); batch and row strides are kernel parameters
// promised multiples of 16 elements. m, n, k need not be tile multiples:
// a box past matrix z's edge reads zeros, the store clips there.
// Grid (cdiv(m, 128), cdiv(n, 128), batch), 4 warps. @bmm_load_at_cp is
// the same kernel without allow_tma on its loads: warp-specialized all the
// same (the producer copies by TMA), and with --warp-specialize=false
// pipelined by cp.async (tile.async_load_at ... dims [1, 2]) instead of
// tile-pipeline's TMA ring.
tile.kernel @bmm_load_at(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %batch: i32, %m: i32, %n: i32 {tile.divisibility = 16 : i64}, %k: i32,
                         %sab: i32 {tile.divisibility = 16 : i64}, %sam: i32 {tile.divisibility = 16 : i64},
                         %sbb: i32 {tile.divisibility = 16 : i64}, %sbk: i32 {tile.divisibility = 16 : i64},
                         %scb: i32 {tile.divisibility = 16 : i64}, %scm: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %z = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%batch, %m, %n], strides [%scb, %scm, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %row = arith.muli %pm, %c128 : i32
  %col = arith.muli %pn, %c128 : i32
  %k63 = arith.addi %k, %c63 : i32
  %nk = arith.divsi %k63, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %nk step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %kk = arith.muli %kt, %c64 : i32
    %ta = tile.load_at %va[%z, %row, %kk] dims [1, 2] {allow_tma} : !tile.view<?x?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_at %vb[%z, %kk, %col] dims [1, 2] {allow_tma} : !tile.view<?x?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %o = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_at %o, %vc[%z, %row, %col] dims [1, 2] {allow_tma} : tensor<128x128xf16>, !tile.view<?x?x?xf16>
  tile.return
}

tile.kernel @bmm_load_at_cp(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %c: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                         %batch: i32, %m: i32, %n: i32 {tile.divisibility = 16 : i64}, %k: i32,
                         %sab: i32 {tile.divisibility = 16 : i64}, %sam: i32 {tile.divisibility = 16 : i64},
                         %sbb: i32 {tile.divisibility = 16 : i64}, %sbk: i32 {tile.divisibility = 16 : i64},
                         %scb: i32 {tile.divisibility = 16 : i64}, %scm: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %z = tile.program_id z : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %va = tile.make_view %a, shape [%batch, %m, %k], strides [%sab, %sam, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vb = tile.make_view %b, shape [%batch, %k, %n], strides [%sbb, %sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %vc = tile.make_view %c, shape [%batch, %m, %n], strides [%scb, %scm, 1] : !tile.ptr<f16> -> !tile.view<?x?x?xf16>
  %row = arith.muli %pm, %c128 : i32
  %col = arith.muli %pn, %c128 : i32
  %k63 = arith.addi %k, %c63 : i32
  %nk = arith.divsi %k63, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %nk step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %kk = arith.muli %kt, %c64 : i32
    %ta = tile.load_at %va[%z, %row, %kk] dims [1, 2] : !tile.view<?x?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_at %vb[%z, %kk, %col] dims [1, 2] : !tile.view<?x?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %o = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_at %o, %vc[%z, %row, %col] dims [1, 2] {allow_tma} : tensor<128x128xf16>, !tile.view<?x?x?xf16>
  tile.return
}
