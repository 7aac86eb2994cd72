// Tutorial step 4 (docs/Tutorial.md): vector add with its layout written and
// more work per program.
//
//   out[i] = x[i] + y[i]  for i < n
//
// Each program handles 4096 elements with 8 warps (256 threads). The layout
// #l gives each thread 4 consecutive f32 (one 128-bit access), puts the 32
// lanes of a warp side by side (a warp covers 512 consecutive bytes) and the
// 8 warps after each other: 1024 elements, repeated 4 times over the tile,
// so every thread has 4 independent vectors per operand in flight.
// Launch: grid (cdiv(n, 4096)), 8 warps; pointers 16-byte aligned.

#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>

tile.kernel @add_tuned(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                       %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                       %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                       %n: i32) attributes {num_warps = 8 : i32} {
  %pid = tile.program_id x : i32
  %c4096 = arith.constant 4096 : i32
  %start = arith.muli %pid, %c4096 : i32
  %offs0 = tile.arange 0, 4096 : tensor<4096xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<4096xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<4096xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<4096xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<4096xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<4096x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<4096x!tile.ptr<f32>, #l>, tensor<4096xi32, #l>
  %yb = tile.splat %y : !tile.ptr<f32> -> tensor<4096x!tile.ptr<f32>, #l>
  %yp = tile.addptr %yb, %offs : tensor<4096x!tile.ptr<f32>, #l>, tensor<4096xi32, #l>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<4096x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<4096x!tile.ptr<f32>, #l>, tensor<4096xi32, #l>
  %a = tile.load %xp, %mask : tensor<4096x!tile.ptr<f32>, #l>
  %b = tile.load %yp, %mask : tensor<4096x!tile.ptr<f32>, #l>
  %s = arith.addf %a, %b : tensor<4096xf32, #l>
  tile.store %op, %s, %mask : tensor<4096x!tile.ptr<f32>, #l>
  tile.return
}
