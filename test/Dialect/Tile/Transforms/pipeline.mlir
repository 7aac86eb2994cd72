// RUN: tile-opt %s -split-input-file --tile-pipeline="num-stages=3" --canonicalize --cse | FileCheck %s

// tile-pipeline on the three shapes of loops that feed dots: wgmma operands
// stored into shared memory (the slots replace the local_allocs, the wgmma
// stays asynchronous), mma.sync operands converted to dot-operand layouts
// (local_loads from the slots), and Triton-style pointer tensors carried
// through the loop (the carried pointers run S - 1 iterations ahead).

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]>
#sA = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#sB = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#ldA = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#ldB = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]>

// Three stages (the option): 3-slot buffers of each tile, a prologue of two
// stages (slots 0 and 1, iterations 0 and 1; view copies need no predicate:
// a tile past the view is zero-filled without a read), a steady state that
// waits for all but one group, multiplies slot i mod 3 asynchronously, waits
// for the previous wgmma, passes a barrier and issues iteration i + 2 into
// slot (i + 2) mod 3; the drain waits for the last wgmma and every copy.

// CHECK-LABEL: tile.kernel @wgmma
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG:   %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG:   %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG:   %[[PM:.*]] = tile.program_id x
// CHECK-DAG:   %[[PN:.*]] = tile.program_id y
// CHECK-DAG:   %[[VA:.*]] = tile.make_view %arg0
// CHECK-DAG:   %[[VB:.*]] = tile.make_view %arg1
// CHECK:       %[[KT:.*]] = arith.divsi
// CHECK:       %[[BA:.*]] = layout.local_alloc : !layout.memdesc<3x128x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[BB:.*]] = layout.local_alloc : !layout.memdesc<3x64x128xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[S:.*]] = layout.memdesc_index %[[BA]][%[[C0]]]
// CHECK-NEXT:  tile.async_load_tile %[[VA]][%[[PM]], %[[C0]]] padding = zero, %[[S]] {layout = #[[LDA:.*]]} :
// CHECK-NEXT:  %[[S:.*]] = layout.memdesc_index %[[BB]][%[[C0]]]
// CHECK-NEXT:  tile.async_load_tile %[[VB]][%[[C0]], %[[PN]]] padding = zero, %[[S]] {layout = #[[LDB:.*]]} :
// CHECK-NEXT:  layout.async_commit_group
// CHECK-NEXT:  %[[S:.*]] = layout.memdesc_index %[[BA]][%[[C1]]]
// CHECK-NEXT:  tile.async_load_tile %[[VA]][%[[PM]], %[[C1]]] padding = zero, %[[S]] {layout = #[[LDA]]}
// CHECK-NEXT:  %[[S:.*]] = layout.memdesc_index %[[BB]][%[[C1]]]
// CHECK-NEXT:  tile.async_load_tile %[[VB]][%[[C1]], %[[PN]]] padding = zero, %[[S]] {layout = #[[LDB]]}
// CHECK-NEXT:  layout.async_commit_group
// CHECK-NEXT:  %[[R:.*]]:3 = scf.for %[[IV:.*]] = %[[C0]] to %[[KT]] step %[[C1]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[RD:.*]] = %[[C0]], %[[WR:.*]] = %[[C2]])
// CHECK-NEXT:    layout.async_wait {num = 1 : i32}
// CHECK-NEXT:    %[[SA:.*]] = layout.memdesc_index %[[BA]][%[[RD]]]
// CHECK-NEXT:    %[[SB:.*]] = layout.memdesc_index %[[BB]][%[[RD]]]
// CHECK-NEXT:    %[[D:.*]] = tile.dot %[[SA]], %[[SB]], %[[ACC]] async
// CHECK-NEXT:    %[[W:.*]] = tile.dot_wait %[[D]] {pendings = 1 : i32}
// CHECK-NEXT:    layout.barrier
// CHECK-NEXT:    %[[AHEAD:.*]] = arith.addi %[[IV]], %[[C2]] : i32
// CHECK-NEXT:    %[[S:.*]] = layout.memdesc_index %[[BA]][%[[WR]]]
// CHECK-NEXT:    tile.async_load_tile %[[VA]][%[[PM]], %[[AHEAD]]] padding = zero, %[[S]] {layout = #[[LDA]]}
// CHECK-NEXT:    %[[S:.*]] = layout.memdesc_index %[[BB]][%[[WR]]]
// CHECK-NEXT:    tile.async_load_tile %[[VB]][%[[AHEAD]], %[[PN]]] padding = zero, %[[S]] {layout = #[[LDB]]}
// CHECK-NEXT:    layout.async_commit_group
// CHECK-NEXT:    %[[RD1:.*]] = arith.addi %[[RD]], %[[C1]]
// CHECK-NEXT:    %[[RDW:.*]] = arith.cmpi eq, %[[RD1]], %[[C3]]
// CHECK-NEXT:    %[[RDN:.*]] = arith.select %[[RDW]], %[[C0]], %[[RD1]]
// CHECK-NEXT:    %[[WR1:.*]] = arith.addi %[[WR]], %[[C1]]
// CHECK-NEXT:    %[[WRW:.*]] = arith.cmpi eq, %[[WR1]], %[[C3]]
// CHECK-NEXT:    %[[WRN:.*]] = arith.select %[[WRW]], %[[C0]], %[[WR1]]
// CHECK-NEXT:    scf.yield %[[W]], %[[RDN]], %[[WRN]]
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[FINAL:.*]] = tile.dot_wait %[[R]]#0 {pendings = 0 : i32}
// CHECK-NEXT:  layout.async_wait {num = 0 : i32}
// CHECK-NEXT:  arith.truncf %[[FINAL]]
// CHECK-NOT:   layout.barrier
// CHECK-NOT:   tile.load_tile
// CHECK:       tile.return
tile.kernel @wgmma(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f16>,
                   %m: i32, %n: i32, %k: i32,
                   %sam: i32, %sak: i32, %sbk: i32, %sbn: i32,
                   %scm: i32, %scn: i32) attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, %sak]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, %sbn]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<128x128xf32, #mma>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xf16> -> tensor<128x64xf16, #ldA>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xf16> -> tensor<64x128xf16, #ldB>
    layout.barrier
    %sa = layout.local_alloc %ta : tensor<128x64xf16, #ldA> -> !layout.memdesc<128x64xf16, #sA>
    %sb = layout.local_alloc %tb : tensor<64x128xf16, #ldB> -> !layout.memdesc<64x128xf16, #sB>
    %next = tile.dot %sa, %sb, %sum
            : !layout.memdesc<128x64xf16, #sA>, !layout.memdesc<64x128xf16, #sB>
            -> tensor<128x128xf32, #mma>
    scf.yield %next : tensor<128x128xf32, #mma>
  }
  %out = arith.truncf %acc : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16, #mma>, !tile.view<?x?xf16>
  tile.return
}

// -----

#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#opA = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#opB = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#ldA = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#ldB = #layout.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// mma.sync, two stages (the kernel's tile.num_stages beats the option):
// the converts to dot-operand layouts become local_loads from the slot of
// iteration i (ldmatrix in the lowering). The slots take the default NVMMA
// layout of the loads' contiguous order (64-byte rows: 64-byte swizzle).
// The dots are synchronous, so the copies of iteration i + 1 go right
// after the wait, into the slot iteration i - 1 read.

// CHECK-LABEL: tile.kernel @mma_sync
// CHECK:       %[[BA:.*]] = layout.local_alloc : !layout.memdesc<2x64x32xf16, #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[BB:.*]] = layout.local_alloc : !layout.memdesc<2x32x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK:       tile.async_load_tile %{{.*}}, %{{.*}} {layout = #[[LDA:.*]]} : !tile.view<?x?xf16> -> !layout.memdesc<64x32xf16
// CHECK:       tile.async_load_tile %{{.*}}, %{{.*}} {layout = #[[LDB:.*]]} : !tile.view<?x?xf16> -> !layout.memdesc<32x64xf16
// CHECK-NEXT:  layout.async_commit_group
// CHECK-NEXT:  %[[R:.*]]:3 = scf.for %[[IV:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[RD:.*]] = %{{.*}}, %[[WR:.*]] = %{{.*}})
// CHECK-NEXT:    layout.async_wait {num = 0 : i32}
// CHECK-NEXT:    %[[AHEAD:.*]] = arith.addi %[[IV]], %{{.*}} : i32
// CHECK-NEXT:    %[[S:.*]] = layout.memdesc_index %[[BA]][%[[WR]]]
// CHECK-NEXT:    tile.async_load_tile %{{.*}}[%{{.*}}, %[[AHEAD]]] padding = zero, %[[S]] {layout = #[[LDA]]}
// CHECK-NEXT:    %[[S:.*]] = layout.memdesc_index %[[BB]][%[[WR]]]
// CHECK-NEXT:    tile.async_load_tile %{{.*}}[%[[AHEAD]], %{{.*}}] padding = zero, %[[S]] {layout = #[[LDB]]}
// CHECK-NEXT:    layout.async_commit_group
// CHECK-NEXT:    %[[SA:.*]] = layout.memdesc_index %[[BA]][%[[RD]]]
// CHECK-NEXT:    %[[XA:.*]] = layout.local_load %[[SA]] : !layout.memdesc<64x32xf16, {{.*}}> -> tensor<64x32xf16, #layout.dot_operand<opIdx = 0,
// CHECK-NEXT:    %[[SB:.*]] = layout.memdesc_index %[[BB]][%[[RD]]]
// CHECK-NEXT:    %[[XB:.*]] = layout.local_load %[[SB]] : !layout.memdesc<32x64xf16, {{.*}}> -> tensor<32x64xf16, #layout.dot_operand<opIdx = 1,
// CHECK-NEXT:    %[[D:.*]] = tile.dot %[[XA]], %[[XB]], %[[ACC]] :
// CHECK-NOT:     tile.dot_wait
// CHECK:         scf.yield %[[D]],
// CHECK:       layout.async_wait {num = 0 : i32}
// CHECK-NEXT:  arith.truncf %[[R]]#0
// CHECK-NOT:   layout.convert
// CHECK:       tile.return
tile.kernel @mma_sync(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f16>,
                      %m: i32, %n: i32, %k: i32,
                      %sam: i32, %sak: i32, %sbk: i32, %sbn: i32,
                      %scm: i32, %scn: i32)
    attributes {num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, %sak]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, %sbn]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, %scn]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %kr = arith.addi %k, %c31 : i32
  %ktiles = arith.divsi %kr, %c32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
      -> (tensor<64x64xf32, #mma>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero
          : !tile.view<?x?xf16> -> tensor<64x32xf16, #ldA>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero
          : !tile.view<?x?xf16> -> tensor<32x64xf16, #ldB>
    %xa = layout.convert %ta : tensor<64x32xf16, #ldA> -> tensor<64x32xf16, #opA>
    %xb = layout.convert %tb : tensor<32x64xf16, #ldB> -> tensor<32x64xf16, #opB>
    %next = tile.dot %xa, %xb, %sum
            : tensor<64x32xf16, #opA>, tensor<32x64xf16, #opB> -> tensor<64x64xf32, #mma>
    scf.yield %next : tensor<64x64xf32, #mma>
  }
  %out = arith.truncf %acc : tensor<64x64xf32, #mma> to tensor<64x64xf16, #mma>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<64x64xf16, #mma>, !tile.view<?x?xf16>
  tile.return
}
