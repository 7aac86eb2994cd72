// RUN: tile-opt %s --convert-tile-to-llvm | FileCheck %s

// Vector add with Triton-style pointer tensors. 4 warps x 32 lanes x 4
// registers cover the 512 elements: lane bits 0-4 -> elements 4..128,
// warp bits -> 128, 256; each thread computes its base index once and adds
// the register constants 0..3.

#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @add
// CHECK-SAME: tile.shared_bytes = 0 : i64
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}} : i32
// CHECK: %[[WARP:.*]] = llvm.lshr %[[TID]], %{{.*}} : i32
// lane bits 0..4 move to bits 2..6, warp bits 0..1 to bits 7..8.
// CHECK: %[[LM:.*]] = llvm.and %[[LANE]], %[[C31:.*]] : i32
// CHECK: %[[LS:.*]] = llvm.shl %[[LM]], %[[C2:.*]] : i32
// CHECK: %[[WM:.*]] = llvm.and %[[WARP]], %{{.*}} : i32
// CHECK: %[[WS:.*]] = llvm.shl %[[WM]], %{{.*}} : i32
// CHECK: %[[BASE:.*]] = llvm.xor %[[LS]], %[[WS]] : i32
// CHECK: llvm.add %[[BASE]], %{{.*}} : i32
// CHECK: llvm.add %[[BASE]], %{{.*}} : i32
// CHECK: llvm.add %[[BASE]], %{{.*}} : i32
// Each group of 4 registers: the pointers are proven consecutive (arange
// plus a splat), but nothing proves the parameters 16-byte aligned, so one
// vector load runs when the address is aligned and all four are in bounds
// (a run-time check), else predicated scalar loads with the `other` value
// as default. Predicated instructions only, no branch.
// CHECK: llvm.ptrtoint
// CHECK: llvm.icmp "eq"
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];\0A\09@$6 ld.global.b32 $0, [$4+0];{{.*}}@$9 ld.global.b32 $3, [$4+12];", "=r,=r,=r,=r,l,b,b,b,b,b,r,r,r,r"
// CHECK-NOT: bra
// CHECK: llvm.inline_asm has_side_effects "{{.*}}ld.global.v4.b32
// CHECK-COUNT-4: llvm.fadd %{{.*}}, %{{.*}} : f32
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};{{.*}}", "l,r,r,r,r,b,b,b,b,b"
// CHECK: llvm.return
tile.kernel @add(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %offs0, %startv : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %yb = tile.splat %y : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %yp = tile.addptr %yb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %xv = tile.load %xp, %mask, %zero : tensor<512x!tile.ptr<f32>, #l>
  %yv = tile.load %yp, %mask, %zero : tensor<512x!tile.ptr<f32>, #l>
  %sum = arith.addf %xv, %yv : tensor<512xf32, #l>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  tile.store %op, %sum, %mask : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}
