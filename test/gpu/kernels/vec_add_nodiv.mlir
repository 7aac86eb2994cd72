// Vector add with no alignment promises: the pointers are proven
// consecutive (arange plus a splat) but not aligned, so each group of 4
// elements checks its address at run time: one ld.global.v4 when aligned
// and in bounds, else predicated scalar accesses (no branch). The GPU case
// passes inputs offset by one element, where only scalar accesses are
// legal.
//
// Launch: grid (cdiv(n, 512)), 4 warps; any n, any f32 alignment.

#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @vec_add_nodiv(%x: !tile.ptr<f32>,
                         %y: !tile.ptr<f32>,
                         %out: !tile.ptr<f32>,
                         %n: i32)
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
