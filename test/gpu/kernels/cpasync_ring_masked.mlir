// out[r] = sum_c x[r, c] * y[r, c] (f32, m x n, row stride ld, a multiple of
// 16 elements, for both): each program
// 32 rows; column tiles of 64 stream through a 3-slot cp.async ring, x by
// tile.async_load_tile (zero padding past the view), y by pointer tensors
// with a mask (zero fill). Tails: n not a multiple of 64, fewer tiles than
// slots, m not a multiple of 32. Grid (cdiv(m, 32)), 4 warps.
#blk = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #layout.slice<dim = 1, parent = #blk>
#cols = #layout.slice<dim = 0, parent = #blk>
#sm = #layout.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>
tile.kernel @rowdot_cpasync(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                            %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                            %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                            %m: i32, %n: i32, %ld: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c32 = arith.constant 32 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %vx = tile.make_view %x, shape [%m, %n], strides [%ld, 1] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %bx = layout.local_alloc : !layout.memdesc<3x32x64xf32, #sm>
  %by = layout.local_alloc : !layout.memdesc<3x32x64xf32, #sm>
  %n63 = arith.addi %n, %c63 : i32
  %nt = arith.divsi %n63, %c64 : i32
  // y's pointers and row mask for column tile 0.
  %r0 = arith.muli %pid, %c32 : i32
  %ar = tile.arange 0, 32 : tensor<32xi32, #rows>
  %r0v = tile.splat %r0 : i32 -> tensor<32xi32, #rows>
  %rr = arith.addi %ar, %r0v : tensor<32xi32, #rows>
  %r2 = tile.expand_dims %rr {axis = 1 : i32} : tensor<32xi32, #rows> -> tensor<32x1xi32, #blk>
  %rb = tile.broadcast %r2 : tensor<32x1xi32, #blk> -> tensor<32x64xi32, #blk>
  %ac = tile.arange 0, 64 : tensor<64xi32, #cols>
  %c2d = tile.expand_dims %ac {axis = 0 : i32} : tensor<64xi32, #cols> -> tensor<1x64xi32, #blk>
  %cb = tile.broadcast %c2d : tensor<1x64xi32, #blk> -> tensor<32x64xi32, #blk>
  %mv = tile.splat %m : i32 -> tensor<32x64xi32, #blk>
  %nv = tile.splat %n : i32 -> tensor<32x64xi32, #blk>
  %ldv = tile.splat %ld : i32 -> tensor<32x64xi32, #blk>
  %rowok = arith.cmpi slt, %rb, %mv : tensor<32x64xi32, #blk>
  %roff = arith.muli %rb, %ldv : tensor<32x64xi32, #blk>
  %ybase = tile.splat %y : !tile.ptr<f32> -> tensor<32x64x!tile.ptr<f32>, #blk>
  %yrow = tile.addptr %ybase, %roff : tensor<32x64x!tile.ptr<f32>, #blk>, tensor<32x64xi32, #blk>
  // Prologue: tiles 0 and 1 (when they exist), one group each.
  scf.for %s = %c0 to %c2 step %c1 : i32 {
    %have = arith.cmpi slt, %s, %nt : i32
    scf.if %have {
      %sx = layout.memdesc_index %bx[%s] : !layout.memdesc<3x32x64xf32, #sm> -> !layout.memdesc<32x64xf32, #sm>
      %sy = layout.memdesc_index %by[%s] : !layout.memdesc<3x32x64xf32, #sm> -> !layout.memdesc<32x64xf32, #sm>
      tile.async_load_tile %vx[%pid, %s] padding = zero, %sx : !tile.view<?x?xf32> -> !layout.memdesc<32x64xf32, #sm>
      %col0 = arith.muli %s, %c64 : i32
      %colv = tile.splat %col0 : i32 -> tensor<32x64xi32, #blk>
      %cc = arith.addi %cb, %colv : tensor<32x64xi32, #blk>
      %colok = arith.cmpi slt, %cc, %nv : tensor<32x64xi32, #blk>
      %ok = arith.andi %rowok, %colok : tensor<32x64xi1, #blk>
      %yp = tile.addptr %yrow, %cc : tensor<32x64x!tile.ptr<f32>, #blk>, tensor<32x64xi32, #blk>
      layout.async_copy_global_to_local %yp, %sy mask %ok : tensor<32x64x!tile.ptr<f32>, #blk> -> !layout.memdesc<32x64xf32, #sm>
    }
    layout.async_commit_group
  }
  %zero = arith.constant dense<0.0> : tensor<32x64xf32, #blk>
  %acc = scf.for %kt = %c0 to %nt step %c1 iter_args(%sum = %zero) -> (tensor<32x64xf32, #blk>) : i32 {
    %nx = arith.addi %kt, %c2 : i32
    %have = arith.cmpi slt, %nx, %nt : i32
    scf.if %have {
      %ns = arith.remsi %nx, %c3 : i32
      %sx = layout.memdesc_index %bx[%ns] : !layout.memdesc<3x32x64xf32, #sm> -> !layout.memdesc<32x64xf32, #sm>
      %sy = layout.memdesc_index %by[%ns] : !layout.memdesc<3x32x64xf32, #sm> -> !layout.memdesc<32x64xf32, #sm>
      tile.async_load_tile %vx[%pid, %nx] padding = zero, %sx : !tile.view<?x?xf32> -> !layout.memdesc<32x64xf32, #sm>
      %col0 = arith.muli %nx, %c64 : i32
      %colv = tile.splat %col0 : i32 -> tensor<32x64xi32, #blk>
      %cc = arith.addi %cb, %colv : tensor<32x64xi32, #blk>
      %colok = arith.cmpi slt, %cc, %nv : tensor<32x64xi32, #blk>
      %ok = arith.andi %rowok, %colok : tensor<32x64xi1, #blk>
      %yp = tile.addptr %yrow, %cc : tensor<32x64x!tile.ptr<f32>, #blk>, tensor<32x64xi32, #blk>
      layout.async_copy_global_to_local %yp, %sy mask %ok : tensor<32x64x!tile.ptr<f32>, #blk> -> !layout.memdesc<32x64xf32, #sm>
    }
    layout.async_commit_group
    layout.async_wait {num = 2 : i32}
    %s = arith.remsi %kt, %c3 : i32
    %sx = layout.memdesc_index %bx[%s] : !layout.memdesc<3x32x64xf32, #sm> -> !layout.memdesc<32x64xf32, #sm>
    %sy = layout.memdesc_index %by[%s] : !layout.memdesc<3x32x64xf32, #sm> -> !layout.memdesc<32x64xf32, #sm>
    %tx = layout.local_load %sx : !layout.memdesc<32x64xf32, #sm> -> tensor<32x64xf32, #blk>
    %ty = layout.local_load %sy : !layout.memdesc<32x64xf32, #sm> -> tensor<32x64xf32, #blk>
    // The slot is refilled two steps later, after the next step's issue: every
    // thread must be done reading it first.
    layout.barrier
    %p = arith.mulf %tx, %ty : tensor<32x64xf32, #blk>
    %s2 = arith.addf %sum, %p : tensor<32x64xf32, #blk>
    scf.yield %s2 : tensor<32x64xf32, #blk>
  }
  %tot = tile.reduce sum %acc {axis = 1 : i32} : tensor<32x64xf32, #blk> -> tensor<32xf32, #rows>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<32x!tile.ptr<f32>, #rows>
  %op = tile.addptr %ob, %rr : tensor<32x!tile.ptr<f32>, #rows>, tensor<32xi32, #rows>
  %mr = tile.splat %m : i32 -> tensor<32xi32, #rows>
  %okr = arith.cmpi slt, %rr, %mr : tensor<32xi32, #rows>
  tile.store %op, %tot, %okr : tensor<32x!tile.ptr<f32>, #rows>
  tile.return
}
