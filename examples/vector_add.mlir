// Vector add with pointer tensors (Triton/Gluon style).
//
//   out[i] = x[i] + y[i]  for 0 <= i < n
//
// Launch: grid (cdiv(n, 512)), 4 warps. Each program adds 512 elements: every
// thread owns 4 consecutive floats (one 16-byte access), 32 lanes and 4 warps
// cover 512. The mask drops the tail when n is not a multiple of 512.

#l1 = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @vector_add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %n: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l1>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l1>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l1>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l1>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l1>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l1>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l1>, tensor<512xi32, #l1>
  %yb = tile.splat %y : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l1>
  %yp = tile.addptr %yb, %offs : tensor<512x!tile.ptr<f32>, #l1>, tensor<512xi32, #l1>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l1>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l1>, tensor<512xi32, #l1>
  %a = tile.load %xp, %mask : tensor<512x!tile.ptr<f32>, #l1>
  %b = tile.load %yp, %mask : tensor<512x!tile.ptr<f32>, #l1>
  %s = arith.addf %a, %b : tensor<512xf32, #l1>
  tile.store %op, %s, %mask : tensor<512x!tile.ptr<f32>, #l1>
  tile.return
}
