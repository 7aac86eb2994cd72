// tile.warp_specialize with a replicated partition: `partition warps(2)
// replicas(3)` runs one region in warps 1-2, 3-4 and 5-6 (after the
// kernel's 1 default warp). Each replica r builds v[i][j] = 1000 r + 2 i + j
// (32 x 2, i32) with its 2 warps along j, moves it to a layout with the
// warps along i (layout.convert through shared memory, synchronized by the
// replica's own named barrier 2 + r) and stores it to out[p][64 r + 2 i +
// j]; warp w of replica r stores 100 r + w to out[p][193 + 2 r + w]; the
// default warp stores 7 + its tile.replica_id (0) to out[p][192]. A wrong
// replica index, a thread id not counted from the replica, or a barrier
// shared by the replicas gives a wrong value, a race or a hang. Grid (P);
// out has 256 i32 a program. @ws_replicas_buffers is the same with the
// move through a layout.local_alloc buffer allocated in the region (each
// replica's own: shared by the replicas, their values would mix).
#wj = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 2], order = [0, 1]>
#sh = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
#wi = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]>
tile.kernel @ws_replicas(%out: !tile.ptr<i32> {tile.divisibility = 16 : i64}) attributes {num_warps = 1 : i32} {
  %pid = tile.program_id x : i32
  %c256 = arith.constant 256 : i32
  %base = arith.muli %pid, %c256 : i32
  %mine = tile.addptr %out, %base : !tile.ptr<i32>, i32
  tile.warp_specialize default {
    %r = tile.replica_id : i32
    %c7 = arith.constant 7 : i32
    %v = arith.addi %r, %c7 : i32
    %c192 = arith.constant 192 : i32
    %p = tile.addptr %mine, %c192 : !tile.ptr<i32>, i32
    tile.store %p, %v : !tile.ptr<i32>
  } partition warps(2) replicas(3) {
    %r = tile.replica_id : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
    %c100 = arith.constant 100 : i32
    %c193 = arith.constant 193 : i32
    %c1000 = arith.constant 1000 : i32
    // v[i][j] = 1000 r + 2 i + j, warps along j.
    %i1 = tile.arange 0, 32 : tensor<32xi32, #layout.slice<dim = 1, parent = #wj>>
    %j1 = tile.arange 0, 2 : tensor<2xi32, #layout.slice<dim = 0, parent = #wj>>
    %i2 = tile.expand_dims %i1 {axis = 1 : i32} : tensor<32xi32, #layout.slice<dim = 1, parent = #wj>> -> tensor<32x1xi32, #wj>
    %j2 = tile.expand_dims %j1 {axis = 0 : i32} : tensor<2xi32, #layout.slice<dim = 0, parent = #wj>> -> tensor<1x2xi32, #wj>
    %ib = tile.broadcast %i2 : tensor<32x1xi32, #wj> -> tensor<32x2xi32, #wj>
    %jb = tile.broadcast %j2 : tensor<1x2xi32, #wj> -> tensor<32x2xi32, #wj>
    %two = tile.splat %c2 : i32 -> tensor<32x2xi32, #wj>
    %i2x = arith.muli %ib, %two : tensor<32x2xi32, #wj>
    %idx = arith.addi %i2x, %jb : tensor<32x2xi32, #wj>
    %r1000 = arith.muli %r, %c1000 : i32
    %rv = tile.splat %r1000 : i32 -> tensor<32x2xi32, #wj>
    %val = arith.addi %idx, %rv : tensor<32x2xi32, #wj>
    // Across the replica's warps: through shared memory, its named barrier.
    %vali = layout.convert %val : tensor<32x2xi32, #wj> -> tensor<32x2xi32, #wi>
    %idxi = layout.convert %idx : tensor<32x2xi32, #wj> -> tensor<32x2xi32, #wi>
    %r64 = arith.muli %r, %c64 : i32
    %slot = tile.addptr %mine, %r64 : !tile.ptr<i32>, i32
    %pb = tile.splat %slot : !tile.ptr<i32> -> tensor<32x2x!tile.ptr<i32>, #wi>
    %pp = tile.addptr %pb, %idxi : tensor<32x2x!tile.ptr<i32>, #wi>, tensor<32x2xi32, #wi>
    tile.store %pp, %vali : tensor<32x2x!tile.ptr<i32>, #wi>
    // Warp w of replica r: 100 r + w at 193 + 2 r + w.
    %w = tile.warp_id : i32
    %r100 = arith.muli %r, %c100 : i32
    %wv = arith.addi %r100, %w : i32
    %r2 = arith.muli %r, %c2 : i32
    %wo0 = arith.addi %r2, %w : i32
    %wo = arith.addi %wo0, %c193 : i32
    %wp = tile.addptr %mine, %wo : !tile.ptr<i32>, i32
    tile.store %wp, %wv : !tile.ptr<i32>
  }
  tile.return
}

tile.kernel @ws_replicas_buffers(%out: !tile.ptr<i32> {tile.divisibility = 16 : i64}) attributes {num_warps = 1 : i32} {
  %pid = tile.program_id x : i32
  %c256 = arith.constant 256 : i32
  %base = arith.muli %pid, %c256 : i32
  %mine = tile.addptr %out, %base : !tile.ptr<i32>, i32
  tile.warp_specialize default {
    %r = tile.replica_id : i32
    %c7 = arith.constant 7 : i32
    %v = arith.addi %r, %c7 : i32
    %c192 = arith.constant 192 : i32
    %p = tile.addptr %mine, %c192 : !tile.ptr<i32>, i32
    tile.store %p, %v : !tile.ptr<i32>
  } partition warps(2) replicas(3) {
    %r = tile.replica_id : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
    %c100 = arith.constant 100 : i32
    %c193 = arith.constant 193 : i32
    %c1000 = arith.constant 1000 : i32
    // v[i][j] = 1000 r + 2 i + j, warps along j.
    %i1 = tile.arange 0, 32 : tensor<32xi32, #layout.slice<dim = 1, parent = #wj>>
    %j1 = tile.arange 0, 2 : tensor<2xi32, #layout.slice<dim = 0, parent = #wj>>
    %i2 = tile.expand_dims %i1 {axis = 1 : i32} : tensor<32xi32, #layout.slice<dim = 1, parent = #wj>> -> tensor<32x1xi32, #wj>
    %j2 = tile.expand_dims %j1 {axis = 0 : i32} : tensor<2xi32, #layout.slice<dim = 0, parent = #wj>> -> tensor<1x2xi32, #wj>
    %ib = tile.broadcast %i2 : tensor<32x1xi32, #wj> -> tensor<32x2xi32, #wj>
    %jb = tile.broadcast %j2 : tensor<1x2xi32, #wj> -> tensor<32x2xi32, #wj>
    %two = tile.splat %c2 : i32 -> tensor<32x2xi32, #wj>
    %i2x = arith.muli %ib, %two : tensor<32x2xi32, #wj>
    %idx = arith.addi %i2x, %jb : tensor<32x2xi32, #wj>
    %r1000 = arith.muli %r, %c1000 : i32
    %rv = tile.splat %r1000 : i32 -> tensor<32x2xi32, #wj>
    %val = arith.addi %idx, %rv : tensor<32x2xi32, #wj>
    // Across the replica's warps: through shared memory, its named barrier.
    %buf = layout.local_alloc : !layout.memdesc<32x2xi32, #sh>
    layout.local_store %val, %buf : tensor<32x2xi32, #wj> -> !layout.memdesc<32x2xi32, #sh>
    layout.barrier
    %vali = layout.local_load %buf : !layout.memdesc<32x2xi32, #sh> -> tensor<32x2xi32, #wi>
    %idxi = layout.convert %idx : tensor<32x2xi32, #wj> -> tensor<32x2xi32, #wi>
    %r64 = arith.muli %r, %c64 : i32
    %slot = tile.addptr %mine, %r64 : !tile.ptr<i32>, i32
    %pb = tile.splat %slot : !tile.ptr<i32> -> tensor<32x2x!tile.ptr<i32>, #wi>
    %pp = tile.addptr %pb, %idxi : tensor<32x2x!tile.ptr<i32>, #wi>, tensor<32x2xi32, #wi>
    tile.store %pp, %vali : tensor<32x2x!tile.ptr<i32>, #wi>
    // Warp w of replica r: 100 r + w at 193 + 2 r + w.
    %w = tile.warp_id : i32
    %r100 = arith.muli %r, %c100 : i32
    %wv = arith.addi %r100, %w : i32
    %r2 = arith.muli %r, %c2 : i32
    %wo0 = arith.addi %r2, %w : i32
    %wo = arith.addi %wo0, %c193 : i32
    %wp = tile.addptr %mine, %wo : !tile.ptr<i32>, i32
    tile.store %wp, %wv : !tile.ptr<i32>
  }
  tile.return
}
