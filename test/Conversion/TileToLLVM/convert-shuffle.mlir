// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s --check-prefixes=CHECK,SHFL
// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm=convert-strategy=shared | FileCheck %s --check-prefix=SHARED
// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm=convert-strategy=shuffle | FileCheck %s --check-prefixes=SHUFFLE,SHFL
// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm=convert-remarks=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// The strategy of each layout.convert (docs/Lowering.md): nothing, a
// register permutation, warp shuffles when the cost model prefers them to
// the shared-memory round trip, else shared memory. convert-strategy=shared
// and =shuffle force one of the last two where data moves between threads.

// Equal layouts: nothing, whatever the strategy.

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#b = #layout.linear<register = [[1], [2]], lane = [[4], [8], [16], [32], [64]], warp = [], block = []>

// CHECK-LABEL: llvm.func @noop
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// SHARED-LABEL: llvm.func @noop
// SHARED-SAME: tile.shared_bytes = 0 : i64
// SHARED-NOT: nvvm.barrier0
// SHARED: llvm.return
// SHUFFLE-LABEL: llvm.func @noop
// SHUFFLE-NOT: nvvm.shfl.sync
// SHUFFLE: llvm.return
// REMARK: [[@LINE+5]]:8: remark: layout.convert: registers only
tile.kernel @noop(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [128] : !tile.ptr<f32> -> !tile.view<128xf32>
  %t = tile.load_tile %v[%c0] : !tile.view<128xf32> -> tensor<128xf32, #a>
  %u = layout.convert %t : tensor<128xf32, #a> -> tensor<128xf32, #b>
  tile.store_tile %u, %v[%c0] : tensor<128xf32, #b>, !tile.view<128xf32>
  tile.return
}

// -----

// Only the register order differs: a permutation, whatever the strategy.

#a = #layout.linear<register = [[1], [2]], lane = [[4], [8], [16], [32], [64]], warp = [], block = []>
#b = #layout.linear<register = [[2], [1]], lane = [[4], [8], [16], [32], [64]], warp = [], block = []>

// CHECK-LABEL: llvm.func @permute
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[1]
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
// SHARED-LABEL: llvm.func @permute
// SHARED-SAME: tile.shared_bytes = 0 : i64
// SHUFFLE-LABEL: llvm.func @permute
// SHUFFLE-NOT: nvvm.shfl.sync
// SHUFFLE: llvm.return
// REMARK: [[@LINE+5]]:8: remark: layout.convert: registers only
tile.kernel @permute(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [128] : !tile.ptr<f32> -> !tile.view<128xf32>
  %t = tile.load_tile %v[%c0] : !tile.view<128xf32> -> tensor<128xf32, #a>
  %u = layout.convert %t : tensor<128xf32, #a> -> tensor<128xf32, #b>
  tile.store_tile %u, %v[%c0] : tensor<128xf32, #b>, !tile.view<128xf32>
  tile.return
}

// -----

// An 8x4 tile transposed within a warp (one element per lane): one round,
// lane l reads lane 4 * (l % 8) + l / 8; no selects, no shared memory.

#row = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]>

// CHECK-LABEL: llvm.func @transpose8x4
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
// CHECK-NOT: llvm.select
// CHECK: %[[V:.*]] = nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : f32 -> f32
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: llvm.select
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// SHARED-LABEL: llvm.func @transpose8x4
// SHARED-SAME: tile.shared_bytes = 128 : i64
// SHARED-NOT: nvvm.shfl.sync
// SHARED: llvm.store {{.*}} !llvm.ptr<3>
// SHARED: nvvm.barrier0
// SHARED: llvm.load {{.*}} !llvm.ptr<3>
// SHUFFLE-LABEL: llvm.func @transpose8x4
// SHUFFLE-COUNT-1: nvvm.shfl.sync idx
// SHUFFLE-NOT: nvvm.shfl.sync
// SHUFFLE: llvm.return
// REMARK: [[@LINE+6]]:8: remark: layout.convert: warp shuffles (1 rounds, 1 shuffles, 0 send and 0 receive selects per round; cost 8, shared memory 32)
tile.kernel @transpose8x4(%p: !tile.ptr<f32>, %q: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [8, 4] : !tile.ptr<f32> -> !tile.view<8x4xf32>
  %w = tile.make_view %q, shape [8, 4] : !tile.ptr<f32> -> !tile.view<8x4xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<8x4xf32> -> tensor<8x4xf32, #row>
  %u = layout.convert %t : tensor<8x4xf32, #row> -> tensor<8x4xf32, #col>
  tile.store_tile %u, %w[%c0, %c0] : tensor<8x4xf32, #col>, !tile.view<8x4xf32>
  tile.return
}

// -----

// Four consecutive elements per thread to one, each warp on its own row:
// in every round a lane sends one of its 4 registers, picked by its lane id
// (3 selects), and every destination register picks its round by the lane
// id (3 selects), each a two-level tree of lane-bit tests. 4 rounds, 4
// shuffles: cheaper than the round trip (auto and forced shuffles agree).

#a = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]>
#b = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]>

// Lane l holds registers R0..R3. In round t it sends register
// t ^ ((l >> 3) & 3) (lane bit 4 picks R2/R3 over R0/R1, lane bit 3 the
// odd one, in round 0) and reads from lane base(l) ^ 8t, where
// base(l) = ((l & 28) >> 2) ^ ((l & 3) << 3).
// (test/simt/cases_kernels.py runs this plan, shfl_rows_f32, per thread.)
// SHFL-LABEL: llvm.func @spread
// SHFL-SAME: tile.shared_bytes = 0 : i64
// SHFL: %[[R0:.*]] = llvm.extractvalue %[[REGS:.*]][0] : !llvm.struct<(f32, f32, f32, f32)>
// SHFL: %[[R1:.*]] = llvm.extractvalue %[[REGS]][1]
// SHFL: %[[R2:.*]] = llvm.extractvalue %[[REGS]][2]
// SHFL: %[[R3:.*]] = llvm.extractvalue %[[REGS]][3]
// SHFL: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// SHFL: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
// SHFL: %[[C28:.*]] = llvm.mlir.constant(28 : i32) : i32
// SHFL: %[[HI:.*]] = llvm.and %[[LANE]], %[[C28]] : i32
// SHFL: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// SHFL: %[[HIS:.*]] = llvm.lshr %[[HI]], %[[C2]] : i32
// SHFL: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// SHFL: %[[LO:.*]] = llvm.and %[[LANE]], %[[C3]] : i32
// SHFL: %[[C3B:.*]] = llvm.mlir.constant(3 : i32) : i32
// SHFL: %[[LOS:.*]] = llvm.shl %[[LO]], %[[C3B]] : i32
// SHFL: %[[BASE:.*]] = llvm.xor %[[HIS]], %[[LOS]] : i32
// SHFL: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// SHFL: %[[B4:.*]] = llvm.and %[[LANE]], %[[C16]] : i32
// SHFL: %[[BIT4:.*]] = llvm.icmp "ne" %[[B4]], %{{.*}} : i32
// SHFL: %[[E0:.*]] = llvm.select %[[BIT4]], %[[R2]], %[[R0]] : i1, f32
// SHFL: %[[O0:.*]] = llvm.select %[[BIT4]], %[[R3]], %[[R1]] : i1, f32
// SHFL: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// SHFL: %[[B3:.*]] = llvm.and %[[LANE]], %[[C8]] : i32
// SHFL: %[[BIT3:.*]] = llvm.icmp "ne" %[[B3]], %{{.*}} : i32
// SHFL: %[[SEND0:.*]] = llvm.select %[[BIT3]], %[[O0]], %[[E0]] : i1, f32
// SHFL: %[[GOT0:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[SEND0]], %[[BASE]], %{{.*}} : f32 -> f32
// SHFL: %[[E1:.*]] = llvm.select %[[BIT4]], %[[R3]], %[[R1]] : i1, f32
// SHFL: %[[O1:.*]] = llvm.select %[[BIT4]], %[[R2]], %[[R0]] : i1, f32
// SHFL: %[[SEND1:.*]] = llvm.select %[[BIT3]], %[[O1]], %[[E1]] : i1, f32
// SHFL: %[[X8:.*]] = llvm.mlir.constant(8 : i32) : i32
// SHFL: %[[FROM1:.*]] = llvm.xor %[[BASE]], %[[X8]] : i32
// SHFL: %[[GOT1:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[SEND1]], %[[FROM1]], %{{.*}} : f32 -> f32
// SHFL-COUNT-3: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
// SHFL: %[[X16:.*]] = llvm.mlir.constant(16 : i32) : i32
// SHFL: %[[FROM2:.*]] = llvm.xor %[[BASE]], %[[X16]] : i32
// SHFL: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %[[FROM2]], %{{.*}} : f32 -> f32
// SHFL-COUNT-3: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
// SHFL: %[[X24:.*]] = llvm.mlir.constant(24 : i32) : i32
// SHFL: %[[FROM3:.*]] = llvm.xor %[[BASE]], %[[X24]] : i32
// SHFL: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %[[FROM3]], %{{.*}} : f32 -> f32
// SHFL-COUNT-12: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
// SHFL-NOT: nvvm.shfl.sync
// SHFL-NOT: nvvm.barrier0
// SHFL: llvm.return
// SHARED-LABEL: llvm.func @spread
// SHARED-SAME: tile.shared_bytes = 1024 : i64
// SHARED-NOT: nvvm.shfl.sync
// SHARED: llvm.store {{.*}} : vector<4xi32>, !llvm.ptr<3>
// SHARED: nvvm.barrier0
// SHARED-NOT: nvvm.barrier0
// SHARED: llvm.return
// REMARK: [[@LINE+5]]:8: remark: layout.convert: warp shuffles (4 rounds, 4 shuffles, 3 send and 3 receive selects per round; cost 56, shared memory 80)
tile.kernel @spread(%p: !tile.ptr<f32>) attributes {num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [2, 128] : !tile.ptr<f32> -> !tile.view<2x128xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<2x128xf32> -> tensor<2x128xf32, #a>
  %u = layout.convert %t : tensor<2x128xf32, #a> -> tensor<2x128xf32, #b>
  tile.store_tile %u, %v[%c0, %c0] : tensor<2x128xf32, #b>, !tile.view<2x128xf32>
  tile.return
}

// -----

// 64-bit elements travel as two 32-bit shuffles with the same lane.

#a = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#b = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// SHFL-LABEL: llvm.func @spread_i64
// SHFL-SAME: tile.shared_bytes = 0 : i64
// SHFL-COUNT-2: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i64
// SHFL: %[[SENT:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i64
// SHFL: %[[LO:.*]] = llvm.trunc %[[SENT]] : i64 to i32
// SHFL: %[[SHR:.*]] = llvm.lshr %[[SENT]], %{{.*}} : i64
// SHFL: %[[HI:.*]] = llvm.trunc %[[SHR]] : i64 to i32
// SHFL: %[[RLO:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[LO]], %[[SRC:.*]], %{{.*}} : i32 -> i32
// SHFL: %[[ZLO:.*]] = llvm.zext %[[RLO]] : i32 to i64
// SHFL: %[[RHI:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[HI]], %[[SRC]], %{{.*}} : i32 -> i32
// SHFL: %[[ZHI:.*]] = llvm.zext %[[RHI]] : i32 to i64
// SHFL: %[[SHL:.*]] = llvm.shl %[[ZHI]], %{{.*}} : i64
// SHFL: llvm.or %[[ZLO]], %[[SHL]] : i64
// SHFL-COUNT-6: nvvm.shfl.sync idx {{.*}} : i32 -> i32
// SHFL-NOT: nvvm.shfl.sync
// SHFL-NOT: nvvm.barrier0
// SHFL: llvm.return
// REMARK: [[@LINE+5]]:8: remark: layout.convert: warp shuffles (4 rounds, 4 shuffles, 3 send and 3 receive selects per round; cost 112, shared memory 144)
tile.kernel @spread_i64(%p: !tile.ptr<i64>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [128] : !tile.ptr<i64> -> !tile.view<128xi64>
  %t = tile.load_tile %v[%c0] : !tile.view<128xi64> -> tensor<128xi64, #a>
  %u = layout.convert %t : tensor<128xi64, #a> -> tensor<128xi64, #b>
  tile.store_tile %u, %v[%c0] : tensor<128xi64, #b>, !tile.view<128xi64>
  tile.return
}

// -----

// 16-bit elements are widened to one 32-bit shuffle each. With 8 rounds
// for 8 registers the round trip (one 128-bit store per thread) is cheaper:
// auto takes shared memory, forced shuffles are checked here; see
// @transpose8x4_f16 for an automatic f16 shuffle.

#a = #layout.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#b = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @spread_f16
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
// SHUFFLE-LABEL: llvm.func @spread_f16
// SHUFFLE-SAME: tile.shared_bytes = 0 : i64
// SHUFFLE-COUNT-2: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f16
// SHUFFLE: %[[SENT:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f16
// SHUFFLE: %[[BITS:.*]] = llvm.bitcast %[[SENT]] : f16 to i16
// SHUFFLE: %[[WIDE:.*]] = llvm.zext %[[BITS]] : i16 to i32
// SHUFFLE: %[[R:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WIDE]], %{{.*}}, %{{.*}} : i32 -> i32
// SHUFFLE: %[[NARROW:.*]] = llvm.trunc %[[R]] : i32 to i16
// SHUFFLE: llvm.bitcast %[[NARROW]] : i16 to f16
// SHUFFLE-COUNT-7: nvvm.shfl.sync idx {{.*}} : i32 -> i32
// SHUFFLE-NOT: nvvm.shfl.sync
// SHUFFLE-NOT: nvvm.barrier0
// SHUFFLE: llvm.return
// REMARK: [[@LINE+5]]:8: remark: layout.convert: shared memory (512 bytes, vectors of 8/2 elements; cost 80); no warp shuffles: the shuffles cost 112, shared memory 80
tile.kernel @spread_f16(%p: !tile.ptr<f16>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [256] : !tile.ptr<f16> -> !tile.view<256xf16>
  %t = tile.load_tile %v[%c0] : !tile.view<256xf16> -> tensor<256xf16, #a>
  %u = layout.convert %t : tensor<256xf16, #a> -> tensor<256xf16, #b>
  tile.store_tile %u, %v[%c0] : tensor<256xf16, #b>, !tile.view<256xf16>
  tile.return
}

// -----

// A 16x16 transpose within one warp ([1, 4] <-> [4, 1]) could shuffle, but
// 8 rounds of 7 + 7 selects cost more than the round trip:
// auto takes shared memory; convert-strategy=shuffle the shuffles.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>

// CHECK-LABEL: llvm.func @transpose16
// CHECK-SAME: tile.shared_bytes = 1024 : i64
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store {{.*}} : vector<4xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} !llvm.ptr<3> -> i32
// SHUFFLE-LABEL: llvm.func @transpose16
// SHUFFLE-SAME: tile.shared_bytes = 0 : i64
// SHUFFLE-COUNT-8: nvvm.shfl.sync idx
// SHUFFLE-NOT: nvvm.barrier0
// SHUFFLE: llvm.return
// REMARK: [[@LINE+5]]:8: remark: layout.convert: shared memory (1024 bytes, vectors of 4/1 elements; cost 144); no warp shuffles: the shuffles cost 176, shared memory 144
tile.kernel @transpose16(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [16, 16] : !tile.ptr<f32> -> !tile.view<16x16xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<16x16xf32> -> tensor<16x16xf32, #row>
  %u = layout.convert %t : tensor<16x16xf32, #row> -> tensor<16x16xf32, #col>
  tile.store_tile %u, %v[%c0, %c0] : tensor<16x16xf32, #col>, !tile.view<16x16xf32>
  tile.return
}

// -----

// Data crossing warps always goes through shared memory.

#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>

// CHECK-LABEL: llvm.func @across_warps
// CHECK-SAME: tile.shared_bytes = 4096 : i64
// CHECK-NOT: nvvm.shfl.sync
// CHECK: nvvm.barrier0
// SHUFFLE-LABEL: llvm.func @across_warps
// SHUFFLE-SAME: tile.shared_bytes = 4096 : i64
// SHUFFLE-NOT: nvvm.shfl.sync
// SHUFFLE: nvvm.barrier0
// REMARK: [[@LINE+5]]:8: remark: layout.convert: shared memory (4096 bytes, vectors of {{[0-9]+/[0-9]+}} elements; cost {{[0-9]+}}); no warp shuffles: the conversion moves data between warps (shared-memory)
tile.kernel @across_warps(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [32, 32] : !tile.ptr<f32> -> !tile.view<32x32xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<32x32xf32> -> tensor<32x32xf32, #row>
  %u = layout.convert %t : tensor<32x32xf32, #row> -> tensor<32x32xf32, #col>
  tile.store_tile %u, %v[%c0, %c0] : tensor<32x32xf32, #col>, !tile.view<32x32xf32>
  tile.return
}

// -----

// Select-free plans win under auto for any element size: the 8x4 transpose
// in i64 (two 32-bit shuffles) and in f16 (one widened shuffle).

#row = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]>

// CHECK-LABEL: llvm.func @transpose8x4_i64
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK-NOT: llvm.select
// CHECK-COUNT-2: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @transpose8x4_f16
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: llvm.zext %{{.*}} : i16 to i32
// CHECK: nvvm.shfl.sync idx %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: llvm.trunc %{{.*}} : i32 to i16
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// REMARK: [[@LINE+5]]:8: remark: layout.convert: warp shuffles (1 rounds, 1 shuffles, 0 send and 0 receive selects per round; cost 16, shared memory 48)
tile.kernel @transpose8x4_i64(%p: !tile.ptr<i64>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [8, 4] : !tile.ptr<i64> -> !tile.view<8x4xi64>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<8x4xi64> -> tensor<8x4xi64, #row>
  %u = layout.convert %t : tensor<8x4xi64, #row> -> tensor<8x4xi64, #col>
  tile.store_tile %u, %v[%c0, %c0] : tensor<8x4xi64, #col>, !tile.view<8x4xi64>
  tile.return
}
// REMARK: [[@LINE+5]]:8: remark: layout.convert: warp shuffles (1 rounds, 1 shuffles, 0 send and 0 receive selects per round; cost 8, shared memory 32)
tile.kernel @transpose8x4_f16(%p: !tile.ptr<f16>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [8, 4] : !tile.ptr<f16> -> !tile.view<8x4xf16>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<8x4xf16> -> tensor<8x4xf16, #row>
  %u = layout.convert %t : tensor<8x4xf16, #row> -> tensor<8x4xf16, #col>
  tile.store_tile %u, %v[%c0, %c0] : tensor<8x4xf16, #col>, !tile.view<8x4xf16>
  tile.return
}
