// Tutorial step 1 (docs/Tutorial.md): a first kernel, vector add.
//
//   out[i] = x[i] + y[i]  for i < n
//
// No layouts and no promises about alignment: the compiler chooses how the
// 1024 elements of a program are spread over its 128 threads. Launch: grid
// (cdiv(n, 1024)), 4 warps.

tile.kernel @add_first(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %out: !tile.ptr<f32>,
                       %n: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  // This program's element indices, start .. start + 1023, and which exist.
  %offs0 = tile.arange 0, 1024 : tensor<1024xi32>
  %startv = tile.splat %start : i32 -> tensor<1024xi32>
  %offs = arith.addi %startv, %offs0 : tensor<1024xi32>
  %nv = tile.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %nv : tensor<1024xi32>
  // A tensor of pointers per operand: base + offs.
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %yb = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %op = tile.addptr %ob, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %a = tile.load %xp, %mask : tensor<1024x!tile.ptr<f32>>
  %b = tile.load %yp, %mask : tensor<1024x!tile.ptr<f32>>
  %s = arith.addf %a, %b : tensor<1024xf32>
  tile.store %op, %s, %mask : tensor<1024x!tile.ptr<f32>>
  tile.return
}
