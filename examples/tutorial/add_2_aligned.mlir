// Tutorial step 2 (docs/Tutorial.md): vector add with alignment promises.
//
//   out[i] = x[i] + y[i]  for i < n
//
// The pointers are promised 16-byte aligned (tile.divisibility; the launcher
// checks it), so each thread reads and writes 4 consecutive f32 with one
// 128-bit access, and falls back to single elements where the mask is not
// the same over the 4 (the tail). Launch: grid (cdiv(n, 1024)), 4 warps.

tile.kernel @add_aligned(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                         %y: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                         %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
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
