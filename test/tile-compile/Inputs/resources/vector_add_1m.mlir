// examples/auto/vector_add.mlir with a 1<<20-element tile (no layouts).

tile.kernel @vector_add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                        %n: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c1048576 = arith.constant 1048576 : i32
  %start = arith.muli %pid, %c1048576 : i32
  %offs0 = tile.arange 0, 1048576 : tensor<1048576xi32>
  %startv = tile.splat %start : i32 -> tensor<1048576xi32>
  %offs = arith.addi %startv, %offs0 : tensor<1048576xi32>
  %nv = tile.splat %n : i32 -> tensor<1048576xi32>
  %mask = arith.cmpi slt, %offs, %nv : tensor<1048576xi32>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<1048576x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %offs : tensor<1048576x!tile.ptr<f32>>, tensor<1048576xi32>
  %yb = tile.splat %y : !tile.ptr<f32> -> tensor<1048576x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %offs : tensor<1048576x!tile.ptr<f32>>, tensor<1048576xi32>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<1048576x!tile.ptr<f32>>
  %op = tile.addptr %ob, %offs : tensor<1048576x!tile.ptr<f32>>, tensor<1048576xi32>
  %a = tile.load %xp, %mask : tensor<1048576x!tile.ptr<f32>>
  %b = tile.load %yp, %mask : tensor<1048576x!tile.ptr<f32>>
  %s = arith.addf %a, %b : tensor<1048576xf32>
  tile.store %op, %s, %mask : tensor<1048576x!tile.ptr<f32>>
  tile.return
}
