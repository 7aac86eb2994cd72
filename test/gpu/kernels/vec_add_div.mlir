// Vector add whose parameters promise alignment (tile.divisibility): the
// pointers 16 bytes, n a multiple of 16. The mask `offs < n` is then equal
// over every 4 consecutive elements, so each thread's groups of 4 compile
// to one predicated ld.global.v4 / st.global.v4 with no run-time alignment
// check and no scalar fallback (docs/Vectorization.md).
//
// Launch: grid (cdiv(n, 512)), 4 warps; n must be a multiple of 16.

#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @vec_add_div(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                         %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                         %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                         %n: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %yb = tile.splat %y : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %yp = tile.addptr %yb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %a = tile.load %xp, %mask : tensor<512x!tile.ptr<f32>, #l>
  %b = tile.load %yp, %mask : tensor<512x!tile.ptr<f32>, #l>
  %s = arith.addf %a, %b : tensor<512xf32, #l>
  tile.store %op, %s, %mask : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}
