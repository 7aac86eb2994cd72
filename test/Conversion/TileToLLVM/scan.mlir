// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Lowering of tile.scan, tile.sort, tile.topk and multi-operand tile.reduce.
// (test/simt/scan.test runs kernels like these for every thread.)

// Two registers then lanes 0-1 along the axis: the registers are added in
// order, then Hillis-Steele over the 4 lanes: shfl.up by 1 and 2 (clamp 0:
// lanes below the delta keep their value), `earlier + later` where the lane
// position is at least the delta, one more shfl.up by 1 for the prefix of
// the lanes before, added in front of each register. No shared memory, and
// no shfl.idx for a segment total nobody needs.

// CHECK-LABEL: llvm.func @cumsum_lanes
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: %[[TOTAL:.*]] = llvm.fadd %[[R0:.*]], %[[R1:.*]] : f32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[HASPREV:.*]] = llvm.icmp "uge" %[[POS:.*]], %[[ONE]] : i32
// CHECK: %[[D1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[C1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[S1:.*]] = nvvm.shfl.sync  up %{{.*}}, %[[TOTAL]], %[[D1]], %[[C1]] : f32 -> f32
// CHECK: %[[K1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[H1:.*]] = llvm.icmp "uge" %[[POS]], %[[K1]] : i32
// CHECK: %[[A1:.*]] = llvm.fadd %[[S1]], %[[TOTAL]] : f32
// CHECK: %[[V1:.*]] = llvm.select %[[H1]], %[[A1]], %[[TOTAL]] : i1, f32
// CHECK: %[[D2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[C2:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[S2:.*]] = nvvm.shfl.sync  up %{{.*}}, %[[V1]], %[[D2]], %[[C2]] : f32 -> f32
// CHECK: %[[K2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[H2:.*]] = llvm.icmp "uge" %[[POS]], %[[K2]] : i32
// CHECK: %[[A2:.*]] = llvm.fadd %[[S2]], %[[V1]] : f32
// CHECK: %[[V2:.*]] = llvm.select %[[H2]], %[[A2]], %[[V1]] : i1, f32
// CHECK: %[[D3:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[PREFIX:.*]] = nvvm.shfl.sync  up %{{.*}}, %[[V2]], %[[D3]], %{{.*}} : f32 -> f32
// CHECK: %[[E0:.*]] = llvm.fadd %[[PREFIX]], %[[R0]] : f32
// CHECK: %[[O0:.*]] = llvm.select %[[HASPREV]], %[[E0]], %[[R0]] : i1, f32
// CHECK: %[[E1:.*]] = llvm.fadd %[[PREFIX]], %[[TOTAL]] : f32
// CHECK: %[[O1:.*]] = llvm.select %[[HASPREV]], %[[E1]], %[[TOTAL]] : i1, f32
// CHECK: llvm.insertvalue %[[O0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[O1]], %{{.*}}[1]
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#l = #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
tile.kernel @cumsum_lanes(%p: !tile.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [32, 8] : !tile.ptr<f32> -> !tile.view<32x8xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<32x8xf32> -> tensor<32x8xf32, #l>
  %s = tile.scan sum %t {axis = 1 : i32} : tensor<32x8xf32, #l>
  tile.store_tile %s, %v[%c0, %c0] : tensor<32x8xf32, #l>, !tile.view<32x8xf32>
  tile.return
}

// -----

// Reverse and exclusive along axis 0, held by lane bits 2-4: the lane
// position is bits 2-4 of the lane flipped (xor 7), the shuffles go down by
// 4, 8 and 16 lanes (clamp 31) and a last one down by 4 gives the prefix of
// the later lanes. One register per thread: its exclusive in-thread value
// is the identity of prod, 1.

// CHECK-LABEL: llvm.func @cumprod_rev_cols
// CHECK: %[[SEVEN:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK: %[[BITS:.*]] = llvm.and %{{.*}}, %[[SEVEN]] : i32
// CHECK: %[[FLIP:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK: %[[POS:.*]] = llvm.xor %[[BITS]], %[[FLIP]] : i32
// CHECK: %[[IDENTITY:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[HASPREV:.*]] = llvm.icmp "uge" %[[POS]], %{{.*}} : i32
// CHECK: %[[D4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK: %[[S1:.*]] = nvvm.shfl.sync  down %{{.*}}, %[[X:.*]], %[[D4]], %[[C31]] : i32 -> i32
// CHECK: llvm.mul %[[S1]], %[[X]] : i32
// CHECK: %[[D8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK: nvvm.shfl.sync  down %{{.*}}, %{{.*}}, %[[D8]], %{{.*}} : i32 -> i32
// CHECK: %[[D16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: nvvm.shfl.sync  down %{{.*}}, %{{.*}}, %[[D16]], %{{.*}} : i32 -> i32
// CHECK: llvm.select
// CHECK: %[[DP:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[PREFIX:.*]] = nvvm.shfl.sync  down %{{.*}}, %{{.*}}, %[[DP]], %{{.*}} : i32 -> i32
// CHECK: %[[E:.*]] = llvm.mul %[[PREFIX]], %[[IDENTITY]] : i32
// CHECK: llvm.select %[[HASPREV]], %[[E]], %[[IDENTITY]] : i1, i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#l = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]>
tile.kernel @cumprod_rev_cols(%p: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [8, 16] : !tile.ptr<i32> -> !tile.view<8x16xi32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<8x16xi32> -> tensor<8x16xi32, #l>
  %s = tile.scan prod %t {axis = 0 : i32, reverse, exclusive} : tensor<8x16xi32, #l>
  tile.store_tile %s, %v[%c0, %c0] : tensor<8x16xi32, #l>, !tile.view<8x16xi32>
  tile.return
}

// -----

// 512 elements: 2 registers, 32 lanes, 2 warps, then 4 register repeats
// (chunks). Each chunk's segment total comes from the last lane (shfl.idx
// from lane | 31) and goes to scratch[chunk * 2 + warp] (8 slots of 4
// bytes: each thread stores its 4 chunks' and loads the 7 it may need);
// the exclusive max starts from INT_MIN.

// CHECK-LABEL: llvm.func @cummax_excl_chunks
// CHECK-SAME: tile.shared_bytes = 32 : i64
// CHECK: %[[MIN:.*]] = llvm.mlir.constant(-2147483648 : i32) : i32
// CHECK: %[[ALL:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK: %[[LAST:.*]] = llvm.or %{{.*}}, %[[ALL]] : i32
// CHECK-COUNT-6: nvvm.shfl.sync  up
// CHECK: nvvm.shfl.sync  idx %{{.*}}, %{{.*}}, %[[LAST]], %{{.*}} : i32 -> i32
// CHECK-COUNT-6: nvvm.shfl.sync  up
// CHECK: nvvm.shfl.sync  idx %{{.*}}, %{{.*}}, %[[LAST]], %{{.*}} : i32 -> i32
// CHECK-COUNT-6: nvvm.shfl.sync  up
// CHECK: nvvm.shfl.sync  idx %{{.*}}, %{{.*}}, %[[LAST]], %{{.*}} : i32 -> i32
// CHECK-COUNT-6: nvvm.shfl.sync  up
// CHECK: nvvm.shfl.sync  idx %{{.*}}, %{{.*}}, %[[LAST]], %{{.*}} : i32 -> i32
// The barrier before the stores is elided: nothing used the scratch before.
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-7: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3>
// CHECK: llvm.return
#l1 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
tile.kernel @cummax_excl_chunks(%p: !tile.ptr<i32>) attributes {num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [512] : !tile.ptr<i32> -> !tile.view<512xi32>
  %t = tile.load_tile %v[%c0] : !tile.view<512xi32> -> tensor<512xi32, #l1>
  %s = tile.scan max %t {axis = 0 : i32, exclusive} : tensor<512xi32, #l1>
  tile.store_tile %s, %v[%c0] : tensor<512xi32, #l1>, !tile.view<512xi32>
  tile.return
}

// -----

// argmax of f16 values with i32 indices over 32 lanes and 4 warps: one
// butterfly per operand per lane bit (5 x 2 rows x 2 operands), then the
// warp partials through shared memory, one area per operand: the f16 one
// (4 warps x 2 rows x 2 bytes = 16) first, the i32 one at byte 16.

// CHECK-LABEL: llvm.func @argmax_cta
// CHECK-SAME: tile.shared_bytes = 48 : i64
// CHECK-COUNT-20: nvvm.shfl.sync  bfly
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK: %[[BASE:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[OFF:.*]] = llvm.add %{{.*}}, %[[BASE]] : i32
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : i32, !llvm.ptr<3>
// CHECK: llvm.return
#rc = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
tile.kernel @argmax_cta(%p: !tile.ptr<f16>, %q: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [2, 128] : !tile.ptr<f16> -> !tile.view<2x128xf16>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<2x128xf16> -> tensor<2x128xf16, #rc>
  %r = tile.arange 0, 128 : tensor<128xi32, #layout.slice<dim = 0, parent = #rc>>
  %r2 = tile.expand_dims %r {axis = 0 : i32} : tensor<128xi32, #layout.slice<dim = 0, parent = #rc>> -> tensor<1x128xi32, #rc>
  %idx = tile.broadcast %r2 : tensor<1x128xi32, #rc> -> tensor<2x128xi32, #rc>
  %m:2 = tile.reduce %t, %idx {axis = 1 : i32} combiner {
  ^bb0(%a: f16, %ai: i32, %b: f16, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f16
    %eq = arith.cmpf oeq, %a, %b : f16
    %lt = arith.cmpi slt, %ai, %bi : i32
    %tie = arith.andi %eq, %lt : i1
    %keep = arith.ori %gt, %tie : i1
    %mv = arith.select %keep, %a, %b : f16
    %mi = arith.select %keep, %ai, %bi : i32
    tile.yield %mv, %mi : f16, i32
  } : tensor<2x128xf16, #rc>, tensor<2x128xi32, #rc> -> tensor<2xf16, #layout.slice<dim = 1, parent = #rc>>, tensor<2xi32, #layout.slice<dim = 1, parent = #rc>>
  %o = tile.make_view %q, shape [2] : !tile.ptr<i32> -> !tile.view<2xi32>
  tile.store_tile %m#1, %o[%c0] : tensor<2xi32, #layout.slice<dim = 1, parent = #rc>>, !tile.view<2xi32>
  tile.return
}
