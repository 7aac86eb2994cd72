// RUN: tile-opt %s -split-input-file --tile-assign-layouts -mlir-print-local-scope | FileCheck %s

// 1-D pointer kernel, pointers 16-byte aligned and offsets pid * 1024 +
// arange: 4 consecutive f32 per thread. Everything shares the layout: no
// convert.
// CHECK-LABEL: tile.kernel @aligned
// CHECK-NOT: layout.convert
// CHECK: tile.arange 0, 1024 : tensor<1024xi32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: tile.splat %{{.*}} : i32 -> tensor<1024xi32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: arith.cmpi slt, {{.*}} : tensor<1024xi32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: tile.addptr {{.*}} : tensor<1024x!tile.ptr<f32>, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>, tensor<1024xi32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: tile.load {{.*}} : tensor<1024x!tile.ptr<f32>, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: arith.addf {{.*}} : tensor<1024xf32, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: tile.store {{.*}} : tensor<1024x!tile.ptr<f32>, #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
tile.kernel @aligned(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                     %out: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %n: i32) {
  %pid = tile.program_id x : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %r = tile.arange 0, 1024 : tensor<1024xi32>
  %sv = tile.splat %start : i32 -> tensor<1024xi32>
  %offs = arith.addi %sv, %r : tensor<1024xi32>
  %nv = tile.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %nv : tensor<1024xi32>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %a = tile.load %xp, %mask : tensor<1024x!tile.ptr<f32>>
  %s = arith.addf %a, %a : tensor<1024xf32>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %op = tile.addptr %ob, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %op, %s, %mask : tensor<1024x!tile.ptr<f32>>
  tile.return
}

// -----

// Without tile.divisibility a pointer is only known to be 4-byte aligned:
// one f32 per thread and access.
// CHECK-LABEL: tile.kernel @unaligned
// CHECK: tile.load {{.*}} : tensor<1024x!tile.ptr<f32>, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
tile.kernel @unaligned(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %r = tile.arange 0, 1024 : tensor<1024xi32>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %a = tile.load %xp : tensor<1024x!tile.ptr<f32>>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %op = tile.addptr %ob, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %op, %a : tensor<1024x!tile.ptr<f32>>
  tile.return
}

// -----

// An 8-byte aligned pointer allows 2 f32; an offset known to be a multiple
// of 2 only (pid * 2) limits it to 2 as well.
// CHECK-LABEL: tile.kernel @partly_aligned
// CHECK: tile.load %{{.*}} : tensor<1024x!tile.ptr<f32>, #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
// CHECK: tile.load %{{.*}} : tensor<1024x!tile.ptr<f32>, #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
tile.kernel @partly_aligned(%x: !tile.ptr<f32> {tile.divisibility = 8 : i64},
                            %y: !tile.ptr<f32> {tile.divisibility = 16 : i64}) {
  %pid = tile.program_id x : i32
  %c2 = arith.constant 2 : i32
  %start = arith.muli %pid, %c2 : i32
  %r = tile.arange 0, 1024 : tensor<1024xi32>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %a = tile.load %xp : tensor<1024x!tile.ptr<f32>>
  %sv = tile.splat %start : i32 -> tensor<1024xi32>
  %r2 = arith.addi %r, %sv : tensor<1024xi32>
  %yb = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %r2 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %b = tile.load %yp : tensor<1024x!tile.ptr<f32>>
  %s = arith.addf %a, %b : tensor<1024xf32>
  tile.store %xp, %s : tensor<1024x!tile.ptr<f32>>
  tile.return
}

// -----

// Pointers that are not consecutive (offsets arange * 2): one element per
// thread.
// CHECK-LABEL: tile.kernel @strided
// CHECK: tile.load {{.*}} : tensor<256x!tile.ptr<f32>, #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
tile.kernel @strided(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64}) {
  %r = tile.arange 0, 256 : tensor<256xi32>
  %c2 = arith.constant dense<2> : tensor<256xi32>
  %o = arith.muli %r, %c2 : tensor<256xi32>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %o : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %a = tile.load %xp : tensor<256x!tile.ptr<f32>>
  tile.store %xp, %a : tensor<256x!tile.ptr<f32>>
  tile.return
}

// -----

// 2-D pointers rows * ld + cols: contiguous along dim 1, through
// expand_dims (slice layouts on the aranges) and broadcast.
// CHECK-LABEL: tile.kernel @rows
// CHECK-NOT: layout.convert
// CHECK: tile.arange 0, 64 : tensor<64xi32, #layout.slice<dim = 1, parent = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>>
// CHECK: tile.arange 0, 64 : tensor<64xi32, #layout.slice<dim = 0, parent = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>>
// CHECK: tile.load {{.*}} : tensor<64x64x!tile.ptr<f32>, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
tile.kernel @rows(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %ld: i32 {tile.divisibility = 16 : i64}) {
  %r = tile.arange 0, 64 : tensor<64xi32>
  %c = tile.arange 0, 64 : tensor<64xi32>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = tile.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %ldv = tile.splat %ld : i32 -> tensor<64x1xi32>
  %rs = arith.muli %r2, %ldv : tensor<64x1xi32>
  %rb = tile.broadcast %rs : tensor<64x1xi32> -> tensor<64x64xi32>
  %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
  %o = arith.addi %rb, %cb : tensor<64x64xi32>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %o : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %a = tile.load %xp : tensor<64x64x!tile.ptr<f32>>
  tile.store %xp, %a : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// -----

// The same with rows + cols * ld: contiguous along dim 0. %r feeds two
// expand_dims that need different slices: one convert (which
// tile-optimize-converts turns into a second arange).
// CHECK-LABEL: tile.kernel @columns
// CHECK: %[[R:.+]] = tile.arange 0, 64 : tensor<64xi32, #layout.slice<dim = 1, parent = #[[C:layout.blocked<[^>]+>]]>>
// CHECK: layout.convert %[[R]] : tensor<64xi32, #layout.slice<dim = 1, parent = #[[C]]>> -> tensor<64xi32, #layout.slice<dim = 0, parent = #[[C]]>>
// CHECK: tile.load {{.*}} : tensor<64x64x!tile.ptr<f32>, #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>>
tile.kernel @columns(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %ld: i32 {tile.divisibility = 4 : i64}) {
  %r = tile.arange 0, 64 : tensor<64xi32>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %ldv = tile.splat %ld : i32 -> tensor<1x64xi32>
  %cs = arith.muli %c2, %ldv : tensor<1x64xi32>
  %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
  %cb = tile.broadcast %cs : tensor<1x64xi32> -> tensor<64x64xi32>
  %o = arith.addi %rb, %cb : tensor<64x64xi32>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %o : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %a = tile.load %xp : tensor<64x64x!tile.ptr<f32>>
  tile.store %xp, %a : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// -----

// Without a divisibility on the leading dimension, columns other than the
// first start at unaligned addresses: one element per thread, still ordered
// along dim 0.
// CHECK-LABEL: tile.kernel @columns_unknown_ld
// CHECK: tile.load {{.*}} : tensor<64x64x!tile.ptr<f32>, #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]>>
tile.kernel @columns_unknown_ld(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64}, %ld: i32) {
  %r = tile.arange 0, 64 : tensor<64xi32>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c = tile.arange 0, 64 : tensor<64xi32>
  %c2 = tile.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %ldv = tile.splat %ld : i32 -> tensor<1x64xi32>
  %cs = arith.muli %c2, %ldv : tensor<1x64xi32>
  %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
  %cb = tile.broadcast %cs : tensor<1x64xi32> -> tensor<64x64xi32>
  %o = arith.addi %rb, %cb : tensor<64x64xi32>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %o : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %a = tile.load %xp : tensor<64x64x!tile.ptr<f32>>
  tile.store %xp, %a : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
