// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Barrier elision on kernels already in the LLVM dialect: branches, loops
// of blocks, inline asm and calls.

llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>

// The kernel's first barrier guards nothing; a global load or a shuffle
// does not touch shared memory; a store in one branch makes the join dirty
// (its first barrier stays, the second right after it goes).

// CHECK-LABEL: llvm.func @branches
// CHECK-NEXT: nvvm.read.ptx.sreg.tid.x
// CHECK-NEXT: llvm.load %{{.*}} : !llvm.ptr<1> -> f32
// CHECK-NEXT: llvm.mlir.constant
// CHECK-NEXT: nvvm.shfl.sync
// CHECK-NEXT: llvm.cond_br
// CHECK: ^bb1:
// CHECK-NEXT: llvm.mlir.addressof
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: llvm.br ^bb2
// CHECK: ^bb2:
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.return
llvm.func @branches(%g: !llvm.ptr<1>, %c: i1) attributes {nvvm.kernel} {
  nvvm.barrier0
  %tid = nvvm.read.ptx.sreg.tid.x : i32
  %v = llvm.load %g : !llvm.ptr<1> -> f32
  %m = llvm.mlir.constant(-1 : i32) : i32
  %s = nvvm.shfl.sync bfly %m, %v, %tid, %tid : f32 -> f32
  nvvm.barrier0
  llvm.cond_br %c, ^store, ^join
^store:
  %p = llvm.mlir.addressof @smem : !llvm.ptr<3>
  llvm.store %s, %p : f32, !llvm.ptr<3>
  llvm.br ^join
^join:
  nvvm.barrier0
  nvvm.barrier0
  llvm.return
}

// -----

llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>

// A loop of blocks: the barrier at the loop head follows the previous
// iteration's shared load, so it stays; the one before the loop goes.

// CHECK-LABEL: llvm.func @block_loop
// CHECK-NEXT: llvm.mlir.constant
// CHECK-NEXT: llvm.br ^bb1
// CHECK: ^bb1(
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.mlir.addressof
// CHECK-NEXT: llvm.load
llvm.func @block_loop(%n: i32) attributes {nvvm.kernel} {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  nvvm.barrier0
  llvm.br ^head(%c0 : i32)
^head(%i: i32):
  nvvm.barrier0
  %p = llvm.mlir.addressof @smem : !llvm.ptr<3>
  %x = llvm.load %p : !llvm.ptr<3> -> i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %j = llvm.add %i, %c1 : i32
  %more = llvm.icmp "slt" %j, %n : i32
  llvm.cond_br %more, ^head(%j : i32), ^exit
^exit:
  llvm.return
}

// -----

// Inline asm: a global access leaves the state clean, a shared one (or a
// generic ld without a state space) dirties it. A call may do anything.
// A function that is not a kernel may be entered with shared memory dirty.

// CHECK-LABEL: llvm.func @asm_and_calls
// CHECK-NEXT: llvm.inline_asm {{.*}}"ld.global.b32 $0, [$1];"
// CHECK-NEXT: llvm.inline_asm {{.*}}"st.shared.b32 [$0], $1;"
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.call @helper
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.inline_asm {{.*}}"ld.b32 $0, [$1];"
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.return
// CHECK-LABEL: llvm.func @helper
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.return
llvm.func @asm_and_calls(%g: !llvm.ptr<1>, %a: i64, %v: i32) attributes {nvvm.kernel} {
  %x = llvm.inline_asm has_side_effects "ld.global.b32 $0, [$1];", "=r,l" %g : (!llvm.ptr<1>) -> i32
  nvvm.barrier0
  llvm.inline_asm has_side_effects "st.shared.b32 [$0], $1;", "l,r" %a, %x : (i64, i32) -> ()
  nvvm.barrier0
  llvm.call @helper() : () -> ()
  nvvm.barrier0
  %y = llvm.inline_asm has_side_effects "ld.b32 $0, [$1];", "=r,l" %a : (i64) -> i32
  nvvm.barrier0
  llvm.return
}
llvm.func @helper() {
  nvvm.barrier0
  llvm.return
}
