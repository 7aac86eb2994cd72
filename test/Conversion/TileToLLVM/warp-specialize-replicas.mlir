// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm="arch=sm_90" | FileCheck %s

#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

// A producer (default, 4 warps, 24 registers) and one consumer region run by
// two replicas of 4 warps (warps 4..7 and 8..11): 12 warps, launched with
// 168 registers. The dispatch sends warps < 4 to the default region and the
// rest to the replicated one (no third test). In it, thread ids count from
// the replica's first warp: (tid.x - 128) & 127; the replica is
// (tid.x - 128) >> 7 (tile.replica_id broadcasts lane 0's); its named
// barrier is 2 + replica, 128 threads; the mbarrier's issuing thread is each
// replica's first (tid within the replica == 0).
// CHECK-LABEL: llvm.func @replicated_consumers
// CHECK-SAME: nvvm.maxnreg = 168 : i32, nvvm.maxntid = array<i32: 384, 1, 1>
// CHECK-SAME: tile.num_warps = 12 : i32
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[IN:.*]] = llvm.icmp "ult" %{{.*}}, %[[C4]] : i32
// CHECK: llvm.cond_br %[[IN]], ^[[PROD:bb[0-9]+]], ^[[CONS:bb[0-9]+]]
// CHECK: ^[[PROD]]:
// CHECK-NEXT: nvvm.setmaxregister {{ *}}decrease 24
// CHECK-DAG: %[[ID1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[N1:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: nvvm.barrier id = %[[ID1]] number_of_threads = %[[N1]]
// CHECK: llvm.br ^[[END:bb[0-9]+]]
// CHECK: ^[[CONS]]:
// CHECK-NEXT: nvvm.setmaxregister {{ *}}increase 240
// The replica index: lane 0's (tid.x - 128) >> 7, stored to shared memory.
// CHECK: %[[T0:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[C128A:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: %[[R0:.*]] = llvm.sub %[[T0]], %[[C128A]] : i32
// CHECK: %[[C7:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK: %[[REP:.*]] = llvm.lshr %[[R0]], %[[C7]] : i32
// CHECK: %[[REPU:.*]] = nvvm.shfl.sync {{ *}}idx %{{.*}}, %[[REP]], %{{.*}}, %{{.*}} : i32 -> i32
// The replica's slot: byte 8 x replica.
// CHECK: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK: %[[OFF:.*]] = llvm.mul %[[REPU]], %[[C8]] : i32
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// The barrier arrival's thread: (tid.x - 128) & 127 == 0.
// CHECK: %[[T1:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[C128B:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: %[[R1:.*]] = llvm.sub %[[T1]], %[[C128B]] : i32
// CHECK: %[[C127:.*]] = llvm.mlir.constant(127 : i32) : i32
// CHECK: %[[L1:.*]] = llvm.and %[[R1]], %[[C127]] : i32
// CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[L1]], %[[Z]] : i32
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %[[SLOT]] : !llvm.ptr<3> to i32
// CHECK: llvm.inline_asm has_side_effects "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], $2;", "b,r,r" %[[FIRST]], %[[ADDR]]
// The named barrier: 2 + (tid.x - 128) >> 7.
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[T2:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[C128C:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: %[[R2:.*]] = llvm.sub %[[T2]], %[[C128C]] : i32
// CHECK: %[[C7B:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK: %[[REP2:.*]] = llvm.lshr %[[R2]], %[[C7B]] : i32
// CHECK: %[[ID:.*]] = llvm.add %[[C2]], %[[REP2]] : i32
// CHECK: %[[N2:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: nvvm.barrier id = %[[ID]] number_of_threads = %[[N2]]
// CHECK: llvm.br ^[[END]]
// CHECK: ^[[END]]:
// CHECK-NEXT: llvm.return
tile.kernel @replicated_consumers() attributes {num_warps = 4 : i32} {
  %bars = layout.local_alloc : !layout.memdesc<2x1xi64, #bl>
  tile.warp_specialize default regs(24) {
    layout.barrier
  } partition warps(4) replicas(2) regs(240) {
    %w = tile.replica_id : i32
    %mine = layout.memdesc_index %bars[%w] : !layout.memdesc<2x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.arrive_barrier %mine, 1 nosync : !layout.memdesc<1xi64, #bl>
    layout.barrier
  }
  tile.return
}

// -----

// tile.replica_id outside a replicated partition is 0; a partition after a
// replicated one starts after all its replicas (warp 4 + 2 x 2 = 8) and
// takes the barrier after theirs (1 + 1 + 2 = 4).
// CHECK-LABEL: llvm.func @after_replicas
// CHECK-SAME: nvvm.maxntid = array<i32: 320, 1, 1>
// CHECK-SAME: tile.num_warps = 10 : i32
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: llvm.icmp "ult" %[[U:.*]], %[[C4]] : i32
// CHECK: llvm.cond_br %{{.*}}, ^[[DEF:bb[0-9]+]], ^[[TEST:bb[0-9]+]]
// The default partition's replica id: the constant 0, stored.
// CHECK: ^[[DEF]]:
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.store %[[Z]]
// CHECK: ^[[TEST]]:
// CHECK-NEXT: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: llvm.icmp "ult" %[[U]], %[[C8]] : i32
// CHECK: llvm.cond_br %{{.*}}, ^[[REPL:bb[0-9]+]], ^[[LAST:bb[0-9]+]]
// The replicas of 2 warps: barrier 2 + (tid.x - 128) >> 6, 64 threads.
// CHECK: ^[[REPL]]:
// CHECK-NEXT: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: llvm.mlir.constant(128 : i32) : i32
// CHECK: %[[C6:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK: %[[R:.*]] = llvm.lshr %{{.*}}, %[[C6]] : i32
// CHECK: %[[ID:.*]] = llvm.add %[[C2]], %[[R]] : i32
// CHECK: nvvm.barrier id = %[[ID]]
// The last partition: tid.x - 256, barrier 4.
// CHECK: ^[[LAST]]:
// CHECK: llvm.mlir.constant(256 : i32) : i32
// CHECK: %[[ID4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[N:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK: nvvm.barrier id = %[[ID4]] number_of_threads = %[[N]]
tile.kernel @after_replicas(%p: !tile.ptr<i32>) attributes {num_warps = 4 : i32} {
  tile.warp_specialize default {
    %w = tile.replica_id : i32
    tile.store %p, %w : !tile.ptr<i32>
  } partition warps(2) replicas(2) {
    layout.barrier
  } partition warps(2) {
    %t = tile.warp_id : i32
    %z = arith.constant 0 : i32
    layout.barrier
  }
  tile.return
}

// -----

// Each partition passes its layout.convert through a scratch area of its
// own, since partitions run at the same time: the default partition's 512
// bytes at offset 0, then 256 bytes for each replica of the replicated one,
// at 512 + 256 x replica ((tid.x - 128) >> 6); 1024 bytes in all.
#wj = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 2], order = [0, 1]>
#wi = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]>
#d4 = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]>
#d4i = #layout.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: llvm.func @scratch_areas
// CHECK-SAME: tile.shared_bytes = 1024 : i64
// CHECK: llvm.cond_br %{{.*}}, ^[[DEF:bb[0-9]+]], ^[[REP:bb[0-9]+]]
// CHECK: ^[[DEF]]:
// CHECK: %[[BASE0:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NOT: llvm.getelementptr %[[BASE0]][{{[0-9]+}}]
// CHECK: nvvm.barrier id
// CHECK: ^[[REP]]:
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[AREA:.*]] = llvm.getelementptr %[[SMEM]][512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %[[C256:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK-NEXT: %[[T:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: %[[REL:.*]] = llvm.sub %[[T]], %[[C128]] : i32
// CHECK-NEXT: %[[C6:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK-NEXT: %[[R:.*]] = llvm.lshr %[[REL]], %[[C6]] : i32
// CHECK-NEXT: %[[OFF:.*]] = llvm.mul %[[R]], %[[C256]] : i32
// CHECK-NEXT: llvm.getelementptr %[[AREA]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
tile.kernel @scratch_areas(%out: !tile.ptr<i32>) attributes {num_warps = 4 : i32} {
  tile.warp_specialize default {
    %a = arith.constant dense<1> : tensor<32x4xi32, #d4>
    %b = layout.convert %a : tensor<32x4xi32, #d4> -> tensor<32x4xi32, #d4i>
    %pb = tile.splat %out : !tile.ptr<i32> -> tensor<32x4x!tile.ptr<i32>, #d4i>
    tile.store %pb, %b : tensor<32x4x!tile.ptr<i32>, #d4i>
  } partition warps(2) replicas(2) {
    %a = arith.constant dense<2> : tensor<32x2xi32, #wj>
    %b = layout.convert %a : tensor<32x2xi32, #wj> -> tensor<32x2xi32, #wi>
    %pb = tile.splat %out : !tile.ptr<i32> -> tensor<32x2x!tile.ptr<i32>, #wi>
    tile.store %pb, %b : tensor<32x2x!tile.ptr<i32>, #wi>
  }
  tile.return
}

// -----

// In a replicated partition: an mbarrier allocated there is each replica's
// own (replica r's at 32 + 16 r, after the replicas' two 16-byte scratch
// areas), initialized by the replica's first thread; a scalar atomic is
// issued by the replica's first thread ((tid.x - 128) & 127 == 0, not
// tid.x == 0) and its value passes through the replica's scratch area
// (16 r); a release store waits on the replica's named barrier (2 + r), not
// on barrier 0.
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
#b4 = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: llvm.func @replica_buffers
// CHECK-SAME: tile.shared_bytes = 64 : i64
// CHECK: nvvm.setmaxregister {{ *}}increase 240
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[BUF:.*]] = llvm.getelementptr %[[SMEM]][32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[R:.*]] = llvm.lshr %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[ROFF:.*]] = llvm.mul %[[R]], %[[C16]] : i32
// CHECK-NEXT: %[[MINE:.*]] = llvm.getelementptr %[[BUF]][%[[ROFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[C127:.*]] = llvm.mlir.constant(127 : i32) : i32
// CHECK-NEXT: %[[TID:.*]] = llvm.and %{{.*}}, %[[C127]] : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
// CHECK: nvvm.mbarrier.init %[[MINE]], %{{.*}}, predicate = %[[FIRST]]
// CHECK: %[[ATID:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[ATID]], %{{.*}} : i32
// CHECK: %[[ISSUE:.*]] = llvm.and %[[OWNER]], %{{.*}} : i1
// CHECK: atom.relaxed.gpu.global.add.u32 {{.*}} %[[ISSUE]]
// CHECK: %[[SCR0:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[SCROFF:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[SCR:.*]] = llvm.getelementptr %[[SCR0]][%[[SCROFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: st.shared.b32 {{.*}} %[[SCR]]
// The release barrier: the same id as the region's other barriers, as
// operands of the inline asm (which barrier elision keeps).
// CHECK: nvvm.barrier id = %[[BID:[0-9]+]] number_of_threads
// CHECK: llvm.inline_asm has_side_effects "bar.sync $0, $1;", "r,r" %{{[0-9]+}}, %{{[0-9]+}} : (i32, i32) -> ()
// CHECK-NOT: bar.sync 0
tile.kernel @replica_buffers(%p: !tile.ptr<i32>, %n: i32) attributes {num_warps = 4 : i32} {
  %v = tile.make_view %p, shape [%n], strides [1] : !tile.ptr<i32> -> !tile.view<?xi32>
  tile.warp_specialize default regs(24) {
  } partition warps(4) replicas(2) regs(240) {
    %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
    layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %old = tile.atomic_rmw add %p, %c1, %true sem = relaxed : !tile.ptr<i32>
    %t = tile.splat %old : i32 -> tensor<128xi32, #b4>
    %c0 = arith.constant 0 : i32
    tile.store_tile %t, %v[%c0] memory_order = release : tensor<128xi32, #b4>, !tile.view<?xi32>
  }
  tile.return
}
