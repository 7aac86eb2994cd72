// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Shared-memory buffers: allocation offsets, slot addresses, vector
// stores, ldmatrix loads into the mma v2 operand-A layout (plain and
// .trans), and the kernel's shared-memory size.

// A 64x64 f16 tile stored into slot 1 of a two-slot swizzled buffer (8
// contiguous halves per thread: one 16-byte vector store each), a barrier,
// then read back column-wise (scalar loads).
#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>
#shared = #layout.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>

// CHECK-LABEL: llvm.func @roundtrip
// CHECK-SAME: tile.shared_bytes = 16384 : i64
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[SLOT_BYTES:.*]] = llvm.mlir.constant(8192 : i32) : i32
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %[[SMEM]][%[[SLOT_BYTES]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// The element offset of the thread's first vector: row (lane >> 2) + 8 * warp
// times 64, column 8 * (lane & 3) XOR 8 * (row % 8) (the swizzle).
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
// CHECK: %[[WARP:.*]] = llvm.lshr %[[TID]], %{{.*}} : i32
// CHECK: %[[C28:.*]] = llvm.mlir.constant(28 : i32) : i32
// CHECK: %[[R:.*]] = llvm.and %[[LANE]], %[[C28]] : i32
// CHECK: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[SW:.*]] = llvm.shl %[[R]], %[[C1]] : i32
// CHECK: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK: %[[W:.*]] = llvm.and %[[LANE]], %[[C3]] : i32
// CHECK: %[[C3B:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK: %[[COL:.*]] = llvm.shl %[[W]], %[[C3B]] : i32
// CHECK: %[[X1:.*]] = llvm.xor %[[SW]], %[[COL]] : i32
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[ROW:.*]] = llvm.shl %{{.*}}, %[[C4]] : i32
// CHECK: %[[X2:.*]] = llvm.xor %[[X1]], %[[ROW]] : i32
// CHECK: %[[C9:.*]] = llvm.mlir.constant(9 : i32) : i32
// CHECK: %[[WROW:.*]] = llvm.shl %{{.*}}, %[[C9]] : i32
// CHECK: %[[OFF:.*]] = llvm.xor %[[X2]], %[[WROW]] : i32
// CHECK: %[[BYTES:.*]] = llvm.mul %[[OFF]], %{{.*}} : i32
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %[[SLOT]][%[[BYTES]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %[[ADDR]] {alignment = 16 : i64} : vector<8xi16>, !llvm.ptr<3>
// The other vectors: columns + 32, rows + 32, both (offset XOR 32, 2048,
// 2080).
// CHECK: llvm.mlir.constant(32 : i32) : i32
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xi16>, !llvm.ptr<3>
// CHECK: llvm.mlir.constant(2048 : i32) : i32
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xi16>, !llvm.ptr<3>
// CHECK: llvm.mlir.constant(2080 : i32) : i32
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xi16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}}ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<3> -> i16
tile.kernel @roundtrip(%p: !tile.ptr<f16>, %q: !tile.ptr<f16>) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f16> -> !tile.view<64x64xf16>
  %w = tile.make_view %q, shape [64, 64] : !tile.ptr<f16> -> !tile.view<64x64xf16>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<64x64xf16> -> tensor<64x64xf16, #blocked>
  %a = layout.local_alloc : !layout.memdesc<2x64x64xf16, #shared>
  %s = layout.memdesc_index %a[%c1] : !layout.memdesc<2x64x64xf16, #shared> -> !layout.memdesc<64x64xf16, #shared>
  layout.local_store %t, %s : tensor<64x64xf16, #blocked> -> !layout.memdesc<64x64xf16, #shared>
  layout.barrier
  %r = layout.local_load %s : !layout.memdesc<64x64xf16, #shared> -> tensor<64x64xf16, #cols>
  tile.store_tile %r, %w[%c0, %c0] : tensor<64x64xf16, #cols>, !tile.view<64x64xf16>
  tile.return
}

// -----

// A dynamic slot index: base + index * slot bytes.
#shared = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#blocked = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
// CHECK-LABEL: llvm.func @dynamic_slot
// CHECK-SAME: tile.shared_bytes = 384 : i64
// CHECK: %[[PID:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: %[[OFF:.*]] = llvm.mul %[[PID]], %[[C128]] : i32
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %[[SMEM]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.getelementptr %[[SLOT]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
tile.kernel @dynamic_slot(%p: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %i = tile.program_id x : i32
  %v = tile.make_view %p, shape [32] : !tile.ptr<f32> -> !tile.view<32xf32>
  %t = tile.load_tile %v[%c0] : !tile.view<32xf32> -> tensor<32xf32, #blocked>
  %a = layout.local_alloc : !layout.memdesc<3x32xf32, #shared>
  %s = layout.memdesc_index %a[%i] : !layout.memdesc<3x32xf32, #shared> -> !layout.memdesc<32xf32, #shared>
  layout.local_store %t, %s : tensor<32xf32, #blocked> -> !layout.memdesc<32xf32, #shared>
  tile.return
}

// -----

// Buffers follow the conversion scratch (16384 bytes here), each aligned to
// its size rounded up to a power of two (at most 1024 bytes): 48 bytes at
// 16384, 1024 bytes at 17408.
#row = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #layout.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>
#s1 = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#s2 = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
// CHECK-LABEL: llvm.func @offsets
// CHECK-SAME: tile.shared_bytes = 18432 : i64
// CHECK: llvm.getelementptr %{{.*}}[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.getelementptr %{{.*}}[17408] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
tile.kernel @offsets(%p: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<64x64xf32> -> tensor<64x64xf32, #row>
  %u = layout.convert %t : tensor<64x64xf32, #row> -> tensor<64x64xf32, #col>
  tile.store_tile %u, %v[%c0, %c0] : tensor<64x64xf32, #col>, !tile.view<64x64xf32>
  %a = layout.local_alloc : !layout.memdesc<3x4xf32, #s1>
  %b = layout.local_alloc : !layout.memdesc<32x32xi8, #s2>
  tile.return
}

// -----

// ldmatrix into the mma v2 operand-A layout (16x16, kWidth 2): x4, lane
// 8j + i gives row i of matrix j. The element offset of that row: 16 * (lane
// & 15) (rows 0-15; matrix 1 is rows 8-15) XOR (lane & 16) >> 1 (matrix 2
// is columns 8-15). The buffer is initialized by local_alloc (a 16-byte
// store per thread, then a barrier).
#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]>
#row = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
#mmaA = #layout.linear<register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []>
// CHECK-LABEL: llvm.func @ldmatrix
// CHECK-SAME: tile.shared_bytes = 512 : i64
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xi16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
// CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[HI:.*]] = llvm.and %[[LANE]], %[[C16]] : i32
// CHECK: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[COLS:.*]] = llvm.lshr %[[HI]], %[[C1]] : i32
// CHECK: %[[C15:.*]] = llvm.mlir.constant(15 : i32) : i32
// CHECK: %[[LO:.*]] = llvm.and %[[LANE]], %[[C15]] : i32
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[ROWS:.*]] = llvm.shl %[[LO]], %[[C4]] : i32
// CHECK: %[[OFF:.*]] = llvm.xor %[[COLS]], %[[ROWS]] : i32
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[BYTES:.*]] = llvm.mul %[[OFF]], %[[C2]] : i32
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %[[SMEM]][%[[BYTES]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[M:.*]] = nvvm.ldmatrix %[[ADDR]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: %[[W0:.*]] = llvm.extractvalue %[[M]][0] : !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.bitcast %[[W0]] : i32 to vector<2xi16>
// CHECK-NOT: nvvm.ldmatrix
tile.kernel @ldmatrix(%p: !tile.ptr<f16>, %q: !tile.ptr<f16>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [16, 16] : !tile.ptr<f16> -> !tile.view<16x16xf16>
  %w = tile.make_view %q, shape [16, 16] : !tile.ptr<f16> -> !tile.view<16x16xf16>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<16x16xf16> -> tensor<16x16xf16, #blocked>
  %a = layout.local_alloc %t : tensor<16x16xf16, #blocked> -> !layout.memdesc<16x16xf16, #row>
  %r = layout.local_load %a : !layout.memdesc<16x16xf16, #row> -> tensor<16x16xf16, #mmaA>
  tile.store_tile %r, %w[%c0, %c0] : tensor<16x16xf16, #mmaA>, !tile.view<16x16xf16>
  tile.return
}

// -----

// Through a transposed view the contiguous dim is the other one: the same
// address, ldmatrix.trans.
#blocked = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]>
#row = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
#col = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]>
#mmaA = #layout.linear<register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []>
// CHECK-LABEL: llvm.func @ldmatrix_trans
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: nvvm.ldmatrix %[[ADDR]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
tile.kernel @ldmatrix_trans(%p: !tile.ptr<f16>, %q: !tile.ptr<f16>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %p, shape [16, 16] : !tile.ptr<f16> -> !tile.view<16x16xf16>
  %w = tile.make_view %q, shape [16, 16] : !tile.ptr<f16> -> !tile.view<16x16xf16>
  %t = tile.load_tile %v[%c0, %c0] : !tile.view<16x16xf16> -> tensor<16x16xf16, #blocked>
  %a = layout.local_alloc %t : tensor<16x16xf16, #blocked> -> !layout.memdesc<16x16xf16, #row>
  %at = layout.memdesc_trans %a {order = array<i32: 1, 0>} : !layout.memdesc<16x16xf16, #row> -> !layout.memdesc<16x16xf16, #col>
  %r = layout.local_load %at : !layout.memdesc<16x16xf16, #col> -> tensor<16x16xf16, #mmaA>
  tile.store_tile %r, %w[%c0, %c0] : tensor<16x16xf16, #mmaA>, !tile.view<16x16xf16>
  tile.return
}
