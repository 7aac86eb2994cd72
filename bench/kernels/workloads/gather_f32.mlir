// Gather along rows (torch.gather(x, 1, idx)): out[r, c] = x[r, idx[r, c]],
// x and idx m x n row-major. Pointer tensors; the loads of x are a gather.
// Launch: grid (cdiv(n, 1024), m), 4 warps: the programs of one row run
// next to each other, so the row of x they gather from is read from DRAM
// once and then hits in L2 (rows on grid x instead: 0.70x torch.compile,
// each row read once per chunk, far apart in time, after L2 evicted it).
#V = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @gather_f32(%xp: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %ip: !tile.ptr<i32> {tile.divisibility = 16 : i64},
                      %op: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %m: i32, %n: i32 {tile.divisibility = 16 : i64})
    attributes {num_warps = 4 : i32} {
  %j = tile.program_id x : i32
  %r = tile.program_id y : i32
  %cB = arith.constant 1024 : i32
  %rowoff = arith.muli %r, %n : i32
  %coloff = arith.muli %j, %cB : i32
  %base = arith.addi %rowoff, %coloff : i32
  %ar = tile.arange 0, 1024 : tensor<1024xi32, #V>
  %colv = tile.splat %coloff : i32 -> tensor<1024xi32, #V>
  %cols = arith.addi %colv, %ar : tensor<1024xi32, #V>
  %nv = tile.splat %n : i32 -> tensor<1024xi32, #V>
  %mask = arith.cmpi slt, %cols, %nv : tensor<1024xi32, #V>
  %basev = tile.splat %base : i32 -> tensor<1024xi32, #V>
  %offs = arith.addi %basev, %ar : tensor<1024xi32, #V>
  %ib = tile.splat %ip : !tile.ptr<i32> -> tensor<1024x!tile.ptr<i32>, #V>
  %ips = tile.addptr %ib, %offs : tensor<1024x!tile.ptr<i32>, #V>, tensor<1024xi32, #V>
  %idx = tile.load %ips, %mask : tensor<1024x!tile.ptr<i32>, #V>
  %rowv = tile.splat %rowoff : i32 -> tensor<1024xi32, #V>
  %src = arith.addi %rowv, %idx : tensor<1024xi32, #V>
  %xb = tile.splat %xp : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #V>
  %xps = tile.addptr %xb, %src : tensor<1024x!tile.ptr<f32>, #V>, tensor<1024xi32, #V>
  %vals = tile.load %xps, %mask : tensor<1024x!tile.ptr<f32>, #V>
  %ob = tile.splat %op : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #V>
  %ops = tile.addptr %ob, %offs : tensor<1024x!tile.ptr<f32>, #V>, tensor<1024xi32, #V>
  tile.store %ops, %vals, %mask : tensor<1024x!tile.ptr<f32>, #V>
  tile.return
}
