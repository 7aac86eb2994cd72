// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_90" | FileCheck %s

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// Registers: 8 + 4 warps launch with 65536 / 384 -> 168 registers a thread
// (nvvm.maxnreg); the default partition grows to 232 and the producer
// shrinks to 40. The dispatch compares the warp-uniform warp id (lane 0's
// tid.x >> 5) with 8, the end of the default partition. Each partition
// synchronizes on its own named barrier (1: 256 threads, 2: 128 threads);
// the producer's issuing thread is its first (tid.x - 256 == 0); the
// barrier initialization before the op stays CTA-wide (barrier 0).
// CHECK-LABEL: llvm.func @two_partitions
// CHECK-SAME: nvvm.kernel, nvvm.maxnreg = 168 : i32, nvvm.maxntid = array<i32: 384, 1, 1>
// CHECK-SAME: tile.num_warps = 12 : i32
// CHECK: nvvm.barrier0
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[C5:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK: %[[W:.*]] = llvm.lshr %[[TID]], %[[C5]] : i32
// CHECK-DAG: %[[M1:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK: %[[U:.*]] = nvvm.shfl.sync {{ *}}idx %[[M1]], %[[W]], %[[C0]], %[[C31]] : i32 -> i32
// CHECK: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK: %[[IN:.*]] = llvm.icmp "ult" %[[U]], %[[C8]] : i32
// CHECK: llvm.cond_br %[[IN]], ^[[DEF:bb[0-9]+]], ^[[PROD:bb[0-9]+]]
// CHECK: ^[[DEF]]:
// CHECK-NEXT: nvvm.setmaxregister {{ *}}increase 232
// CHECK-DAG: %[[ID1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[N1:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK: nvvm.barrier id = %[[ID1]] number_of_threads = %[[N1]]
// CHECK: llvm.br ^[[END:bb[0-9]+]]
// CHECK: ^[[PROD]]:
// CHECK-NEXT: nvvm.setmaxregister {{ *}}decrease 40
// CHECK: %[[PT:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[C256:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK: %[[REL:.*]] = llvm.sub %[[PT]], %[[C256]] : i32
// CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[REL]], %[[Z]] : i32
// CHECK: nvvm.mbarrier.arrive.expect_tx {{.*}}, predicate = %[[FIRST]]
// CHECK-DAG: %[[ID2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[N2:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: nvvm.barrier id = %[[ID2]] number_of_threads = %[[N2]]
// CHECK: llvm.br ^[[END]]
// CHECK: ^[[END]]:
// CHECK-NEXT: llvm.return
tile.kernel @two_partitions(%n: i32) attributes {num_warps = 8 : i32} {
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  tile.warp_specialize default regs(232) {
    layout.barrier
  } partition warps(4) regs(40) {
    layout.barrier_expect %bar, 1024 : !layout.memdesc<1xi64, #bl>
    layout.barrier
  }
  tile.return
}

// -----

#b2 = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>

// Without regs(): no setmaxnreg and no maxnreg. Three partitions (4, 2 and
// 2 warps): the dispatch tests warp < 4, then warp < 6. Partition 2's
// tensors have 2-warp layouts and its thread ids count from thread 192; its
// named barrier is 3 with 64 threads.
// CHECK-LABEL: llvm.func @three_partitions
// CHECK-NOT: nvvm.maxnreg
// CHECK-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
// CHECK-SAME: tile.num_warps = 8 : i32
// CHECK-NOT: setmaxregister
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: llvm.icmp "ult" %{{.*}}, %[[C4]] : i32
// CHECK: llvm.cond_br %{{.*}}, ^[[P0:bb[0-9]+]], ^[[T1:bb[0-9]+]]
// CHECK: ^[[P0]]:
// CHECK-NEXT: llvm.br ^[[END:bb[0-9]+]]
// CHECK: ^[[T1]]:
// CHECK: %[[C6:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK: llvm.icmp "ult" %{{.*}}, %[[C6]] : i32
// CHECK: llvm.cond_br %{{.*}}, ^[[P1:bb[0-9]+]], ^[[P2:bb[0-9]+]]
// CHECK: ^[[P1]]:
// CHECK-NEXT: llvm.br ^[[END]]
// CHECK: ^[[P2]]:
// CHECK: %[[T:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[C192:.*]] = llvm.mlir.constant(192 : i32) : i32
// CHECK: llvm.sub %[[T]], %[[C192]] : i32
// CHECK-DAG: %[[ID3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-DAG: %[[N3:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK: nvvm.barrier id = %[[ID3]] number_of_threads = %[[N3]]
// CHECK-NOT: setmaxregister
// CHECK: ^[[END]]:
// CHECK-NEXT: llvm.return
tile.kernel @three_partitions(%p: !tile.ptr<i32>) attributes {num_warps = 4 : i32} {
  tile.warp_specialize default {
  } partition warps(2) {
  } partition warps(2) {
    %r = tile.arange 0, 64 : tensor<64xi32, #b2>
    %v = tile.make_view %p, shape [64], strides [1] : !tile.ptr<i32> -> !tile.view<64xi32>
    %c0 = arith.constant 0 : i32
    tile.store_tile %r, %v[%c0] : tensor<64xi32, #b2>, !tile.view<64xi32>
    layout.barrier
  }
  tile.return
}

// -----

#bl1 = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// tile.warp_id: in the kernel's body tid.x >> 5; in a partition counted
// from its first warp ((tid.x - 256) >> 5 for the partition after 8
// warps); both broadcast from lane 0 (shfl.sync.idx) so that a branch on
// it is warp-uniform. The producer's loop under `warp_id == 0`.
// CHECK-LABEL: llvm.func @warp_ids
// CHECK: %[[T0:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[F0:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK: %[[W0:.*]] = llvm.lshr %[[T0]], %[[F0]] : i32
// CHECK: nvvm.shfl.sync {{ *}}idx %{{.*}}, %[[W0]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK: nvvm.barrier0
// CHECK: nvvm.setmaxregister {{ *}}decrease 40
// CHECK: %[[T1:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[C256:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK: %[[R1:.*]] = llvm.sub %[[T1]], %[[C256]] : i32
// CHECK: %[[F1:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK: %[[W1:.*]] = llvm.lshr %[[R1]], %[[F1]] : i32
// CHECK-DAG: %[[M1:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-DAG: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK: %[[U1:.*]] = nvvm.shfl.sync {{ *}}idx %[[M1]], %[[W1]], %[[Z]], %[[C31]] : i32 -> i32
// CHECK: %[[LEAD:.*]] = llvm.icmp "eq" %[[U1]], %{{.*}} : i32
// CHECK: scf.if %[[LEAD]] {
// CHECK: nvvm.mbarrier.arrive.expect_tx
tile.kernel @warp_ids(%p: !tile.ptr<i32>) attributes {num_warps = 8 : i32} {
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl1>
  %w = tile.warp_id : i32
  %c0 = arith.constant 0 : i32
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl1>
  tile.warp_specialize default regs(232) {
  } partition warps(4) regs(40) {
    %pw = tile.warp_id : i32
    %lead = arith.cmpi eq, %pw, %c0 : i32
    scf.if %lead {
      layout.barrier_expect %bar, 1024 : !layout.memdesc<1xi64, #bl1>
    }
  }
  tile.return
}
