// Layout-free twin of vector_add.mlir for the benchmarks: the same kernel
// with every layout left to tile-assign-layouts (and converts to
// tile-optimize-converts), so that the table shows what the passes reach.

tile.kernel @auto_vector_add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %n: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32>
  %startv = tile.splat %start : i32 -> tensor<512xi32>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32>
  %nv = tile.splat %n : i32 -> tensor<512xi32>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  %yb = tile.splat %y : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %offs : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  %a = tile.load %xp, %mask : tensor<512x!tile.ptr<f32>>
  %b = tile.load %yp, %mask : tensor<512x!tile.ptr<f32>>
  %s = arith.addf %a, %b : tensor<512xf32>
  tile.store %op, %s, %mask : tensor<512x!tile.ptr<f32>>
  tile.return
}
