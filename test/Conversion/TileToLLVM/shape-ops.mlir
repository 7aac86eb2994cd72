// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// The shape ops lowered: with the result in the layout derived from the
// operand's (or one that gives every thread the same elements), only
// registers are renumbered; the struct of the result is pinned register by
// register. Otherwise the elements go through shared memory.

#l = #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#j = #layout.blocked<sizePerThread = [1, 2, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]>

// join: the new dim is register bit 0, so lhs and rhs interleave.
// CHECK-LABEL: llvm.func @join
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: %[[A:.*]] = llvm.insertvalue %arg0, %{{.*}}[1]
// CHECK: %[[B:.*]] = llvm.insertvalue %arg1, %{{.*}}[1]
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[A]][0]
// CHECK: %[[A1:.*]] = llvm.extractvalue %[[A]][1]
// CHECK: %[[B0:.*]] = llvm.extractvalue %[[B]][0]
// CHECK: %[[B1:.*]] = llvm.extractvalue %[[B]][1]
// CHECK: llvm.insertvalue %[[A0]], %{{.*}}[0] : !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NEXT: llvm.insertvalue %[[B0]], %{{.*}}[1]
// CHECK-NEXT: llvm.insertvalue %[[A1]], %{{.*}}[2]
// CHECK-NEXT: llvm.insertvalue %[[B1]], %{{.*}}[3]
// CHECK-NOT: nvvm.barrier0
tile.kernel @join(%x: i32, %y: i32) {
  %a = tile.splat %x : i32 -> tensor<16x16xi32, #l>
  %b = tile.splat %y : i32 -> tensor<16x16xi32, #l>
  %j = tile.join %a, %b : tensor<16x16xi32, #l> -> tensor<16x16x2xi32, #j>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#c = #layout.linear<register = [[0, 1], [16, 0]], lane = [[0, 2], [0, 4], [0, 8], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]]>

// cat: the copy is the top register bit: lhs's registers, then rhs's.
// CHECK-LABEL: llvm.func @cat
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: %[[A:.*]] = llvm.insertvalue %arg0, %{{.*}}[1]
// CHECK: %[[B:.*]] = llvm.insertvalue %arg1, %{{.*}}[1]
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[A]][0]
// CHECK: %[[A1:.*]] = llvm.extractvalue %[[A]][1]
// CHECK: %[[B0:.*]] = llvm.extractvalue %[[B]][0]
// CHECK: %[[B1:.*]] = llvm.extractvalue %[[B]][1]
// CHECK: llvm.insertvalue %[[A0]], %{{.*}}[0] : !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NEXT: llvm.insertvalue %[[A1]], %{{.*}}[1]
// CHECK-NEXT: llvm.insertvalue %[[B0]], %{{.*}}[2]
// CHECK-NEXT: llvm.insertvalue %[[B1]], %{{.*}}[3]
// CHECK-NOT: nvvm.barrier0
tile.kernel @cat(%x: i32, %y: i32) {
  %a = tile.splat %x : i32 -> tensor<16x16xi32, #l>
  %b = tile.splat %y : i32 -> tensor<16x16xi32, #l>
  %c = tile.cat %a, %b {axis = 0 : i32} : tensor<16x16xi32, #l> -> tensor<32x16xi32, #c>
  tile.return
}

// -----

#s = #layout.blocked<sizePerThread = [1, 2, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [4, 1, 1], order = [1, 2, 0]>
#r = #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// split: register bit 1 alone holds the last dim (the order walks dim 1
// first): lhs takes registers 0 and 1, rhs 2 and 3.
// CHECK-LABEL: llvm.func @split_bit1
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: %[[S:.*]] = llvm.insertvalue %arg0, %{{.*}}[3]
// CHECK: %[[S0:.*]] = llvm.extractvalue %[[S]][0]
// CHECK: %[[S1:.*]] = llvm.extractvalue %[[S]][1]
// CHECK: %[[S2:.*]] = llvm.extractvalue %[[S]][2]
// CHECK: %[[S3:.*]] = llvm.extractvalue %[[S]][3]
// CHECK: llvm.insertvalue %[[S0]], %{{.*}}[0] : !llvm.struct<(i32, i32)>
// CHECK-NEXT: llvm.insertvalue %[[S1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[S2]], %{{.*}}[0] : !llvm.struct<(i32, i32)>
// CHECK-NEXT: llvm.insertvalue %[[S3]], %{{.*}}[1]
// CHECK-NOT: nvvm.barrier0
tile.kernel @split_bit1(%x: i32) {
  %s = tile.splat %x : i32 -> tensor<16x16x2xi32, #s>
  %lo, %hi = tile.split %s : tensor<16x16x2xi32, #s> -> tensor<16x16xi32, #r>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#t = #layout.blocked<sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]>

// trans into a layout with the derived thread part but its registers in
// another order (dim 1 first): registers 1 and 2 swap places.
// CHECK-LABEL: llvm.func @trans_renumber
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: %[[S:.*]] = llvm.insertvalue %arg0, %{{.*}}[3]
// CHECK: %[[S0:.*]] = llvm.extractvalue %[[S]][0]
// CHECK: %[[S1:.*]] = llvm.extractvalue %[[S]][1]
// CHECK: %[[S2:.*]] = llvm.extractvalue %[[S]][2]
// CHECK: %[[S3:.*]] = llvm.extractvalue %[[S]][3]
// CHECK: llvm.insertvalue %[[S0]], %{{.*}}[0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT: llvm.insertvalue %[[S2]], %{{.*}}[1]
// CHECK-NEXT: llvm.insertvalue %[[S1]], %{{.*}}[2]
// CHECK-NEXT: llvm.insertvalue %[[S3]], %{{.*}}[3]
// CHECK-NOT: nvvm.barrier0
tile.kernel @trans_renumber(%x: f32) {
  %s = tile.splat %x : f32 -> tensor<8x64xf32, #l>
  %t = tile.trans %s, [1, 0] : tensor<8x64xf32, #l> -> tensor<64x8xf32, #t>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#f = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// reshape 16x16 -> 256: the flattened layout is a 1-D blocked one, and
// the registers stay in place.
// CHECK-LABEL: llvm.func @reshape_flat
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: %[[S:.*]] = llvm.insertvalue %arg0, %{{.*}}[1]
// CHECK: %[[S0:.*]] = llvm.extractvalue %[[S]][0]
// CHECK: %[[S1:.*]] = llvm.extractvalue %[[S]][1]
// CHECK: llvm.insertvalue %[[S0]], %{{.*}}[0] : !llvm.struct<(f16, f16)>
// CHECK-NEXT: llvm.insertvalue %[[S1]], %{{.*}}[1]
// CHECK-NOT: nvvm.barrier0
tile.kernel @reshape_flat(%x: f16) {
  %s = tile.splat %x : f16 -> tensor<16x16xf16, #l>
  %r = tile.reshape %s : tensor<16x16xf16, #l> -> tensor<256xf16, #f>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// trans into the operand's own layout: not a relabeling (other threads
// hold the transposed elements), so the elements go through shared memory
// (16 x 16 x 4 bytes of scratch): each thread stores its 2 registers, a
// barrier, each loads 2 (the barrier before the stores is elided at the
// start of the kernel).
// CHECK-LABEL: llvm.func @trans_moves
// CHECK-SAME: tile.shared_bytes = 1024 : i64
// CHECK-COUNT-2: llvm.store %{{.*}} : i32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK-NOT: llvm.store
// CHECK: llvm.return
tile.kernel @trans_moves(%x: i32) {
  %s = tile.splat %x : i32 -> tensor<16x16xi32, #l>
  %t = tile.trans %s, [1, 0] : tensor<16x16xi32, #l> -> tensor<16x16xi32, #l>
  tile.return
}

// -----

#lanes = #layout.blocked<sizePerThread = [1, 1, 1], threadsPerWarp = [2, 8, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]>
#r = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// split of an operand whose last dim is in the lanes: first moved (shared
// memory, 8 x 8 x 2 x 4 bytes) to the layout join derives from the result,
// in which each thread holds both halves of its element: 1 store, 2 loads.
// CHECK-LABEL: llvm.func @split_moves
// CHECK-SAME: tile.shared_bytes = 512 : i64
// CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.store
// CHECK: llvm.return
tile.kernel @split_moves(%x: f32) {
  %s = tile.splat %x : f32 -> tensor<8x8x2xf32, #lanes>
  %lo, %hi = tile.split %s : tensor<8x8x2xf32, #lanes> -> tensor<8x8xf32, #r>
  tile.return
}
