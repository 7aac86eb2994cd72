// tile.global_tensor on the GPU (cases_global.py). Program p owns row p of
// a zeroed [n, 128] i32 global tensor: it reads the row (0 in every launch),
// adds p + 1, stores it, reads it back, and writes first * 1000 + second to
// out[p, :] (so p + 1 everywhere when the memory was zeroed and is its own).
// A second, static [4] f32 buffer that the kernel does not zero gets
// written and read by program 0 only (checks that two hidden parameters
// are passed in order).

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @global_scratch(%out: !tile.ptr<i32> {tile.divisibility = 16 : i64},
                            %n: i32) attributes {num_warps = 4 : i32} {
  %ws = tile.global_tensor shape [%n, 128] zeroed : !tile.ptr<i32>
  %spare = tile.global_tensor shape [4] : !tile.ptr<f32>
  %pid = tile.program_id x : i32
  %c128 = arith.constant 128 : i32
  %c1 = arith.constant 1 : i32
  %row = arith.muli %pid, %c128 : i32
  %lane = tile.arange 0, 128 : tensor<128xi32, #l>
  %rowv = tile.splat %row : i32 -> tensor<128xi32, #l>
  %offs = arith.addi %rowv, %lane : tensor<128xi32, #l>
  %wb = tile.splat %ws : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>, #l>
  %wp = tile.addptr %wb, %offs : tensor<128x!tile.ptr<i32>, #l>, tensor<128xi32, #l>
  %first = tile.load %wp : tensor<128x!tile.ptr<i32>, #l>
  %p1 = arith.addi %pid, %c1 : i32
  %p1v = tile.splat %p1 : i32 -> tensor<128xi32, #l>
  %bumped = arith.addi %first, %p1v : tensor<128xi32, #l>
  tile.store %wp, %bumped : tensor<128x!tile.ptr<i32>, #l>
  %second = tile.load %wp : tensor<128x!tile.ptr<i32>, #l>
  // The spare buffer: program 0 writes 2.5 to its 4 floats and adds them
  // to element 0 of its row (+10).
  %c4 = arith.constant dense<4> : tensor<128xi32, #l>
  %in4 = arith.cmpi slt, %lane, %c4 : tensor<128xi32, #l>
  %c0 = arith.constant 0 : i32
  %is0 = arith.cmpi eq, %pid, %c0 : i32
  %is0v = tile.splat %is0 : i1 -> tensor<128xi1, #l>
  %m = arith.andi %in4, %is0v : tensor<128xi1, #l>
  %sb = tile.splat %spare : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #l>
  %sp = tile.addptr %sb, %lane : tensor<128x!tile.ptr<f32>, #l>, tensor<128xi32, #l>
  %two5 = arith.constant dense<2.5> : tensor<128xf32, #l>
  tile.store %sp, %two5, %m : tensor<128x!tile.ptr<f32>, #l>
  %back = tile.load %sp, %m : tensor<128x!tile.ptr<f32>, #l>
  %zerof = arith.constant dense<0.0> : tensor<128xf32, #l>
  %backm = arith.select %m, %back, %zerof : tensor<128xi1, #l>, tensor<128xf32, #l>
  %sum = tile.reduce sum %backm {axis = 0 : i32} : tensor<128xf32, #l> -> f32
  %sumi = arith.fptosi %sum : f32 to i32
  %zeroi = arith.constant dense<0> : tensor<128xi32, #l>
  %sumv = tile.splat %sumi : i32 -> tensor<128xi32, #l>
  %lane0 = arith.constant dense<0> : tensor<128xi32, #l>
  %at0 = arith.cmpi eq, %lane, %lane0 : tensor<128xi32, #l>
  %extra = arith.select %at0, %sumv, %zeroi : tensor<128xi1, #l>, tensor<128xi32, #l>
  %c1000 = arith.constant dense<1000> : tensor<128xi32, #l>
  %scaled = arith.muli %first, %c1000 : tensor<128xi32, #l>
  %res0 = arith.addi %scaled, %second : tensor<128xi32, #l>
  %res = arith.addi %res0, %extra : tensor<128xi32, #l>
  %ob = tile.splat %out : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>, #l>
  %op = tile.addptr %ob, %offs : tensor<128x!tile.ptr<i32>, #l>, tensor<128xi32, #l>
  tile.store %op, %res : tensor<128x!tile.ptr<i32>, #l>
  tile.return
}
