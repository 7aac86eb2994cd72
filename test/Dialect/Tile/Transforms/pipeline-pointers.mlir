// RUN: tile-opt %s --tile-assign-layouts="compute-capability=80" --tile-pipeline="num-stages=2" --canonicalize --cse | FileCheck %s

// Triton-style pointer tensors: the pointers are iteration arguments bumped
// every iteration, the mask of B depends on the induction variable. The
// loop's tile.num_stages (4) beats the option (2). The address computation
// runs 3 iterations ahead: the prologue bumps the pointers three times, the
// loop starts with the thrice-bumped pointers, copies through them with the
// mask of iteration i + 3, and yields them bumped once more. A copy for an
// iteration that may not exist is masked off by its predicate (i < ub):
// pointers past the loop may point anywhere.

// CHECK-LABEL: tile.kernel @ptr_gemm
// CHECK:       %[[PA0:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<64x32x!tile.ptr<f16>
// CHECK:       %[[PB0:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<32x64x!tile.ptr<f16>
// CHECK:       %[[BA:.*]] = layout.local_alloc : !layout.memdesc<4x64x32xf16, #layout.nvmma_shared<swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[BB:.*]] = layout.local_alloc : !layout.memdesc<4x32x64xf16, #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>>
// CHECK-NEXT:  %[[M0:.*]] = arith.cmpi slt
// CHECK-NEXT:  %[[PA1:.*]] = tile.addptr %[[PA0]], %[[STEPA:.*]] :
// CHECK-NEXT:  %[[PB1:.*]] = tile.addptr %[[PB0]], %[[STEPB:.*]] :
// CHECK-NEXT:  %[[P0:.*]] = arith.cmpi sgt, %[[KT:.*]], %[[C0:.*]] : i32
// CHECK-NEXT:  %[[S:.*]] = layout.memdesc_index %[[BA]][%[[C0]]]
// CHECK-NEXT:  %[[Q:.*]] = tile.splat %[[P0]] : i1 -> tensor<64x32xi1
// CHECK-NEXT:  layout.async_copy_global_to_local %[[PA0]], %[[S]] mask %[[Q]] : tensor<64x32x!tile.ptr<f16>
// CHECK-NEXT:  %[[S:.*]] = layout.memdesc_index %[[BB]][%[[C0]]]
// CHECK-NEXT:  %[[Q:.*]] = tile.splat %[[P0]] : i1 -> tensor<32x64xi1
// CHECK-NEXT:  %[[MQ:.*]] = arith.andi %[[M0]], %[[Q]]
// CHECK-NEXT:  layout.async_copy_global_to_local %[[PB0]], %[[S]] mask %[[MQ]] : tensor<32x64x!tile.ptr<f16>
// CHECK-NEXT:  layout.async_commit_group
// CHECK:       %[[PA2:.*]] = tile.addptr %[[PA1]], %[[STEPA]]
// CHECK-NEXT:  %[[PB2:.*]] = tile.addptr %[[PB1]], %[[STEPB]]
// CHECK-NEXT:  arith.cmpi sgt, %[[KT]], %[[C1:.*]] : i32
// CHECK:       layout.async_copy_global_to_local %[[PA1]],
// CHECK:       layout.async_copy_global_to_local %[[PB1]],
// CHECK-NEXT:  layout.async_commit_group
// CHECK:       %[[PA3:.*]] = tile.addptr %[[PA2]], %[[STEPA]]
// CHECK-NEXT:  %[[PB3:.*]] = tile.addptr %[[PB2]], %[[STEPB]]
// CHECK-NEXT:  arith.cmpi sgt, %[[KT]], %[[C2:.*]] : i32
// CHECK:       layout.async_copy_global_to_local %[[PA2]],
// CHECK:       layout.async_copy_global_to_local %[[PB2]],
// CHECK-NEXT:  layout.async_commit_group
// CHECK-NEXT:  %[[R:.*]]:5 = scf.for %[[IV:.*]] = %{{.*}} to %[[KT]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[PA:.*]] = %[[PA3]], %[[PB:.*]] = %[[PB3]], %[[RD:.*]] = %{{.*}}, %[[WR:.*]] = %{{.*}})
// CHECK-NEXT:    layout.async_wait {num = 2 : i32}
// CHECK-NEXT:    %[[AHEAD:.*]] = arith.addi %[[IV]], %[[C3:.*]] : i32
// CHECK-NEXT:    %[[BASE:.*]] = arith.muli %[[AHEAD]]
// CHECK-NEXT:    %[[SPLAT:.*]] = tile.splat %[[BASE]]
// CHECK-NEXT:    %[[KIDX:.*]] = arith.addi %[[SPLAT]]
// CHECK-NEXT:    %[[MASK:.*]] = arith.cmpi slt, %[[KIDX]]
// CHECK-NEXT:    %[[PAN:.*]] = tile.addptr %[[PA]], %[[STEPA]]
// CHECK-NEXT:    %[[PBN:.*]] = tile.addptr %[[PB]], %[[STEPB]]
// CHECK-NEXT:    %[[P:.*]] = arith.cmpi slt, %[[AHEAD]], %[[KT]] : i32
// CHECK-NEXT:    %[[S:.*]] = layout.memdesc_index %[[BA]][%[[WR]]]
// CHECK-NEXT:    %[[Q:.*]] = tile.splat %[[P]]
// CHECK-NEXT:    layout.async_copy_global_to_local %[[PA]], %[[S]] mask %[[Q]] :
// CHECK-NEXT:    %[[S:.*]] = layout.memdesc_index %[[BB]][%[[WR]]]
// CHECK-NEXT:    %[[Q:.*]] = tile.splat %[[P]]
// CHECK-NEXT:    %[[MQ:.*]] = arith.andi %[[MASK]], %[[Q]]
// CHECK-NEXT:    layout.async_copy_global_to_local %[[PB]], %[[S]] mask %[[MQ]] :
// CHECK-NEXT:    layout.async_commit_group
// CHECK-NEXT:    %[[SA:.*]] = layout.memdesc_index %[[BA]][%[[RD]]]
// CHECK-NEXT:    %[[XA:.*]] = layout.local_load %[[SA]] {{.*}} -> tensor<64x32xf16, #layout.dot_operand<opIdx = 0
// CHECK-NEXT:    %[[SB:.*]] = layout.memdesc_index %[[BB]][%[[RD]]]
// CHECK-NEXT:    %[[XB:.*]] = layout.local_load %[[SB]] {{.*}} -> tensor<32x64xf16, #layout.dot_operand<opIdx = 1
// CHECK-NEXT:    %[[D:.*]] = tile.dot %[[XA]], %[[XB]], %[[ACC]] :
// CHECK:         scf.yield %[[D]], %[[PAN]], %[[PBN]],
// CHECK:       layout.async_wait {num = 0 : i32}
// CHECK:       tile.store_tile %[[R]]#0, {{.*}} : tensor<64x64xf32, #layout.nvmma<versionMajor = 2
tile.kernel @ptr_gemm(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                      %k: i32) attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c31 = arith.constant 31 : i32
  %kr = arith.addi %k, %c31 : i32
  %ktiles = arith.divsi %kr, %c32 : i32
  %r64 = tile.arange 0, 64 : tensor<64xi32>
  %r32 = tile.arange 0, 32 : tensor<32xi32>
  %rm = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %kv = tile.splat %k : i32 -> tensor<64x1xi32>
  %rowoff = arith.muli %rm, %kv : tensor<64x1xi32>
  %rowb = tile.broadcast %rowoff : tensor<64x1xi32> -> tensor<64x32xi32>
  %rk = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rkb = tile.broadcast %rk : tensor<1x32xi32> -> tensor<64x32xi32>
  %offa = arith.addi %rowb, %rkb : tensor<64x32xi32>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
  %pa0 = tile.addptr %as, %offa : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %kcol = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c64t = arith.constant dense<64> : tensor<32x1xi32>
  %brow = arith.muli %kcol, %c64t : tensor<32x1xi32>
  %browb = tile.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %rn = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rnb = tile.broadcast %rn : tensor<1x64xi32> -> tensor<32x64xi32>
  %offb = arith.addi %browb, %rnb : tensor<32x64xi32>
  %bs = tile.splat %b : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
  %pb0 = tile.addptr %bs, %offb : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %kcolb = tile.broadcast %kcol : tensor<32x1xi32> -> tensor<32x64xi32>
  %kb = tile.splat %k : i32 -> tensor<32x64xi32>
  %stepa = arith.constant dense<32> : tensor<64x32xi32>
  %stepb = arith.constant dense<2048> : tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r:3 = scf.for %kt = %c0 to %ktiles step %c1
      iter_args(%acc = %zero, %pa = %pa0, %pb = %pb0)
      -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>) : i32 {
    %x = tile.load %pa : tensor<64x32x!tile.ptr<f16>>
    %base = arith.muli %kt, %c32 : i32
    %bsp = tile.splat %base : i32 -> tensor<32x64xi32>
    %kidx = arith.addi %bsp, %kcolb : tensor<32x64xi32>
    %mb = arith.cmpi slt, %kidx, %kb : tensor<32x64xi32>
    %y = tile.load %pb, %mb : tensor<32x64x!tile.ptr<f16>>
    %d = tile.dot %x, %y, %acc : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    %pa2 = tile.addptr %pa, %stepa : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    %pb2 = tile.addptr %pb, %stepb : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %pa2, %pb2 : tensor<64x64xf32>, tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>
  } {tile.num_stages = 4 : i32}
  %vc = tile.make_view %c, shape [64, 64] : !tile.ptr<f32> -> !tile.view<64x64xf32>
  tile.store_tile %r#0, %vc[%c0, %c0] : tensor<64x64xf32>, !tile.view<64x64xf32>
  tile.return
}
