// cuTile's load/store hints and Tilus's rank-reducing slices on the GPU
// (test/gpu/cases_access.py). Layouts are assigned by tile-compile.

// y = x + 1 over an M x N f32 matrix in 32 x 64 tiles, grid
// (cdiv(M, 32), cdiv(N, 64)): heavy-traffic loads (.L1::no_allocate,
// L2 evict-first) and stores, relaxed at device scope.
tile.kernel @hinted_copy_high(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>,
                              %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %vx = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vy = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %vx[%i, %j] latency = 9 memory_order = relaxed : !tile.view<?x?xf32> -> tensor<32x64xf32>
  %one = arith.constant dense<1.0> : tensor<32x64xf32>
  %s = arith.addf %t, %one : tensor<32x64xf32>
  tile.store_tile %s, %vy[%i, %j] latency = 10 : tensor<32x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// The same without hints (the baseline of the hinted copies' timing).
tile.kernel @plain_copy(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %vx = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vy = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %vx[%i, %j] : !tile.view<?x?xf32> -> tensor<32x64xf32>
  %one = arith.constant dense<1.0> : tensor<32x64xf32>
  %s = arith.addf %t, %one : tensor<32x64xf32>
  tile.store_tile %s, %vy[%i, %j] : tensor<32x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// The same with low-traffic hints (.L1::evict_last, L2 evict-last) and
// block-scoped relaxed stores; 16-byte aligned bases, so the unmasked
// groups are plain vector accesses made inline asm.
tile.kernel @hinted_copy_low(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                             %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                             %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %vx = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vy = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %vx[%i, %j] latency = 1 : !tile.view<?x?xf32> -> tensor<32x64xf32>
  %one = arith.constant dense<1.0> : tensor<32x64xf32>
  %s = arith.addf %t, %one : tensor<32x64xf32>
  tile.store_tile %s, %vy[%i, %j] latency = 3 memory_order = relaxed memory_scope = block : tensor<32x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// Acquire loads and system-scope release stores of whole tiles (element
// order and values unchanged: y = x + 1).
tile.kernel @ordered_copy(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>,
                          %m: i32, %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %vx = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vy = tile.make_view %y, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %vx[%i, %j] memory_order = acquire memory_scope = device : !tile.view<?x?xf32> -> tensor<32x64xf32>
  %one = arith.constant dense<1.0> : tensor<32x64xf32>
  %s = arith.addf %t, %one : tensor<32x64xf32>
  tile.store_tile %s, %vy[%i, %j] memory_order = release memory_scope = system : tensor<32x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// Tilus's load_global(x, offsets=[b, r, c], shape=[64, 32], dims=[1, 2]):
// the 64 x 32 tile of batch b of a (B, M, N) tensor; stored to out2 (M, N)
// as a full-rank tile and to out3 (M, B, N) as the slice dims [0, 2] at
// batch b. Grid (cdiv(M, 64), cdiv(N, 32)).
tile.kernel @slice_batch(%x: !tile.ptr<f32>, %out2: !tile.ptr<f32>,
                         %out3: !tile.ptr<f32>, %b: i32, %nb: i32, %m: i32,
                         %n: i32) {
  %i = tile.program_id x : i32
  %j = tile.program_id y : i32
  %c64 = arith.constant 64 : i32
  %c32 = arith.constant 32 : i32
  %r = arith.muli %i, %c64 : i32
  %c = arith.muli %j, %c32 : i32
  %vx = tile.make_view %x, shape [%nb, %m, %n] : !tile.ptr<f32> -> !tile.view<?x?x?xf32>
  %v2 = tile.make_view %out2, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %v3 = tile.make_view %out3, shape [%m, %nb, %n] : !tile.ptr<f32> -> !tile.view<?x?x?xf32>
  %t = tile.load_at %vx[%b, %r, %c] dims [1, 2] : !tile.view<?x?x?xf32> -> tensor<64x32xf32>
  tile.store_at %t, %v2[%r, %c] : tensor<64x32xf32>, !tile.view<?x?xf32>
  tile.store_at %t, %v3[%r, %b, %c] dims [0, 2] : tensor<64x32xf32>, !tile.view<?x?x?xf32>
  tile.return
}

// Tilus's "any custom mapping" layout: a (2, 16, 8) tensor whose batch is
// interleaved innermost, element (b, r, c) at b + 16 r + 2 c
// (#layout.strided<(2,16,8):(1,16,2)>). Program p loads batch p as a 16 x 8
// slice (dims [1, 2]) and a column of it (dims [1], column 3), and stores
// them to out (2, 16, 8) and col (2, 16), row-major.
tile.kernel @slice_custom_layout(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>,
                                 %col: !tile.ptr<f32>) {
  %p = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %vx = tile.make_view %x, shape [2, 16, 8] : !tile.ptr<f32> -> !tile.view<2x16x8xf32, #layout.strided<(2,16,8):(1,16,2)>>
  %vo = tile.make_view %out, shape [2, 16, 8] : !tile.ptr<f32> -> !tile.view<2x16x8xf32>
  %vc = tile.make_view %col, shape [2, 16] : !tile.ptr<f32> -> !tile.view<2x16xf32>
  %t = tile.load_at %vx[%p, %c0, %c0] dims [1, 2] : !tile.view<2x16x8xf32, #layout.strided<(2,16,8):(1,16,2)>> -> tensor<16x8xf32>
  tile.store_at %t, %vo[%p, %c0, %c0] dims [1, 2] : tensor<16x8xf32>, !tile.view<2x16x8xf32>
  %k = tile.load_at %vx[%p, %c0, %c3] dims [1] : !tile.view<2x16x8xf32, #layout.strided<(2,16,8):(1,16,2)>> -> tensor<16xf32>
  tile.store_at %k, %vc[%p, %c0] dims [1] : tensor<16xf32>, !tile.view<2x16xf32>
  tile.return
}

// Two programs of one launch (grid (2)): program 0 publishes x (an m x n
// tile, m <= 32, n <= 64) to buf with ordinary stores, then sets flag[0]
// = 1 with a release store (after a barrier of the whole program).
// Program 1 spins on flag[0] with acquire loads, at most 2^22 times, then
// copies buf to out. status[0] = 1 when the flag was seen, -1 when the spin
// timed out (the test fails instead of hanging); status[1] = the spins of
// thread 0.
tile.kernel @publish(%x: !tile.ptr<f32>, %buf: !tile.ptr<f32>,
                     %flag: !tile.ptr<i32>, %out: !tile.ptr<f32>,
                     %status: !tile.ptr<i32>, %m: i32, %n: i32) {
  %p = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %limit = arith.constant 4194304 : i32
  %vx = tile.make_view %x, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vb = tile.make_view %buf, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vo = tile.make_view %out, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %vf = tile.make_view %flag, shape [1] : !tile.ptr<i32> -> !tile.view<1xi32>
  %vs = tile.make_view %status, shape [2] : !tile.ptr<i32> -> !tile.view<2xi32>
  %producer = arith.cmpi eq, %p, %c0 : i32
  scf.if %producer {
    %t = tile.load_tile %vx[%c0, %c0] : !tile.view<?x?xf32> -> tensor<32x64xf32>
    tile.store_tile %t, %vb[%c0, %c0] : tensor<32x64xf32>, !tile.view<?x?xf32>
    tile.store_at %c1, %vf[%c0] memory_order = release memory_scope = device : i32, !tile.view<1xi32>
  } else {
    %spins:2 = scf.while (%k = %c0) : (i32) -> (i32, i32) {
      %f = tile.load_at %vf[%c0] memory_order = acquire memory_scope = device : !tile.view<1xi32> -> i32
      %waiting = arith.cmpi ne, %f, %c1 : i32
      %more = arith.cmpi slt, %k, %limit : i32
      %go = arith.andi %waiting, %more : i1
      scf.condition(%go) %k, %f : i32, i32
    } do {
    ^bb0(%k: i32, %f: i32):
      %k1 = arith.addi %k, %c1 : i32
      scf.yield %k1 : i32
    }
    %seen = arith.cmpi eq, %spins#1, %c1 : i32
    %minus1 = arith.constant -1 : i32
    %code = arith.select %seen, %c1, %minus1 : i32
    tile.store_at %code, %vs[%c0] : i32, !tile.view<2xi32>
    tile.store_at %spins#0, %vs[%c1] : i32, !tile.view<2xi32>
    %t = tile.load_tile %vb[%c0, %c0] : !tile.view<?x?xf32> -> tensor<32x64xf32>
    tile.store_tile %t, %vo[%c0, %c0] : tensor<32x64xf32>, !tile.view<?x?xf32>
  }
  tile.return
}
