// TMA copies of 64x64 f16 blocks (sm_90), two kernels; launch each with grid
// (cdiv(m, 64), cdiv(n, 64)) and 4 warps.
//
// @tma_load: y[i, j] = x[i, j] for i < mp, j < np, reading x through a TMA
// descriptor into a 128-byte swizzled shared buffer (completion on an
// mbarrier), then layout.local_load into registers and ordinary stores.
// x is m x n (row stride sx, in elements, a multiple of 8); y is mp x np
// (row stride sy) with mp, np the sizes rounded up to 64: the TMA zero-fills
// the part of each block outside x, so y[i, j] = 0 for i >= m or j >= n.
//
// @tma_store: y[i, j] = x[i, j] for i < m, j < n, loading with ordinary
// loads, storing the block into shared memory and from there to y with a
// TMA store, which writes nothing outside the m x n view of y.

#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

tile.kernel @tma_load(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                      %m: i32, %n: i32, %sx: i32, %mp: i32, %np: i32, %sy: i32)
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %vx = tile.make_view %x, shape [%m, %n], strides [%sx, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vy = tile.make_view %y, shape [%mp, %np], strides [%sy, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %dx = tile.make_tensor_desc %vx : !tile.view<?x?xf16>
        -> !layout.tensordesc<64x64xf16, #nv>
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nv>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  layout.barrier_expect %bar, 8192 : !layout.memdesc<1xi64, #bl>
  %row = arith.muli %pm, %c64 : i32
  %col = arith.muli %pn, %c64 : i32
  layout.async_tma_copy_global_to_local %dx[%row, %col] %buf, %bar
      : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>,
        !layout.memdesc<1xi64, #bl>
  layout.wait_barrier %bar, %c0 : !layout.memdesc<1xi64, #bl>
  %t = layout.local_load %buf : !layout.memdesc<64x64xf16, #nv>
       -> tensor<64x64xf16, #blocked>
  tile.store_tile %t, %vy[%pm, %pn] : tensor<64x64xf16, #blocked>, !tile.view<?x?xf16>
  layout.inval_barrier %bar : !layout.memdesc<1xi64, #bl>
  tile.return
}

tile.kernel @tma_store(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %y: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %m: i32, %n: i32, %sx: i32, %sy: i32)
    attributes {num_warps = 4 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c64 = arith.constant 64 : i32
  %vx = tile.make_view %x, shape [%m, %n], strides [%sx, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vy = tile.make_view %y, shape [%m, %n], strides [%sy, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %dy = tile.make_tensor_desc %vy : !tile.view<?x?xf16>
        -> !layout.tensordesc<64x64xf16, #nv>
  %t = tile.load_tile %vx[%pm, %pn] padding = zero
       : !tile.view<?x?xf16> -> tensor<64x64xf16, #blocked>
  %buf = layout.local_alloc : !layout.memdesc<64x64xf16, #nv>
  layout.local_store %t, %buf : tensor<64x64xf16, #blocked> -> !layout.memdesc<64x64xf16, #nv>
  %row = arith.muli %pm, %c64 : i32
  %col = arith.muli %pn, %c64 : i32
  layout.async_tma_copy_local_to_global %dy[%row, %col] %buf
      : !layout.tensordesc<64x64xf16, #nv>, !layout.memdesc<64x64xf16, #nv>
  layout.async_tma_store_wait {pendings = 0 : i32}
  tile.return
}
