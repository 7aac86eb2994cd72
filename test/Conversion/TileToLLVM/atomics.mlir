// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s
// RUN: not tile-opt %s -split-input-file --convert-tile-to-llvm=arch=sm_80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80

// The PTX forms of tile.atomic_rmw and tile.atomic_cas (inline asm): one
// instruction per owned register, ordering and scope in the instruction,
// `red` where the old value is unused and the ordering allows it.

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// A histogram-style add whose result is unused: red, relaxed, predicated.
// CHECK-LABEL: llvm.func @red_add_i32
// CHECK: llvm.inline_asm has_side_effects "@$2 red.relaxed.gpu.global.add.u32 [$0], $1;", "l,r,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
tile.kernel @red_add_i32(%bins: !tile.ptr<i32>) {
  %offs = tile.arange 0, 128 : tensor<128xi32, #l>
  %b = tile.splat %bins : !tile.ptr<i32> -> tensor<128x!tile.ptr<i32>, #l>
  %p = tile.addptr %b, %offs : tensor<128x!tile.ptr<i32>, #l>, tensor<128xi32, #l>
  %one = arith.constant dense<1> : tensor<128xi32, #l>
  %c64 = arith.constant dense<64> : tensor<128xi32, #l>
  %m = arith.cmpi slt, %offs, %c64 : tensor<128xi32, #l>
  %0 = tile.atomic_rmw add %p, %one, %m sem = relaxed : tensor<128x!tile.ptr<i32>, #l>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// The default ordering (acq_rel, gpu) keeps `atom` even when the result is
// unused (red has no acquire side); a used result is returned.
// CHECK-LABEL: llvm.func @atom_add_f32
// CHECK: llvm.inline_asm has_side_effects "atom.acq_rel.gpu.global.add.f32 $0, [$1], $2;", "=r,l,r"
// CHECK: llvm.inline_asm has_side_effects "atom.acq_rel.sys.global.add.f32 $0, [$1], $2;", "=r,l,r"
// CHECK: llvm.inline_asm has_side_effects "atom.release.cta.global.exch.b32 $0, [$1], $2;", "=r,l,r"
// CHECK: llvm.return
tile.kernel @atom_add_f32(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %offs = tile.arange 0, 128 : tensor<128xi32, #l>
  %b = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #l>
  %p = tile.addptr %b, %offs : tensor<128x!tile.ptr<f32>, #l>, tensor<128xi32, #l>
  %v = arith.constant dense<1.0> : tensor<128xf32, #l>
  %0 = tile.atomic_rmw add %p, %v : tensor<128x!tile.ptr<f32>, #l>
  %1 = tile.atomic_rmw add %p, %0 scope = sys : tensor<128x!tile.ptr<f32>, #l>
  %2 = tile.atomic_rmw xchg %p, %1 sem = release scope = cta : tensor<128x!tile.ptr<f32>, #l>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<128x!tile.ptr<f32>, #l>, tensor<128xi32, #l>
  tile.store %op, %2 : tensor<128x!tile.ptr<f32>, #l>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// Every kind and element type, result unused, relaxed: one red each.
// CHECK-LABEL: llvm.func @kinds
// CHECK: "@$2 red.relaxed.gpu.global.max.s32 [$0], $1;"
// CHECK: "@$2 red.relaxed.gpu.global.min.s64 [$0], $1;"
// CHECK: "@$2 red.relaxed.gpu.global.max.u32 [$0], $1;"
// CHECK: "@$2 red.relaxed.gpu.global.min.u64 [$0], $1;"
// CHECK: "@$2 red.relaxed.gpu.global.and.b32 [$0], $1;"
// CHECK: "@$2 red.relaxed.gpu.global.or.b64 [$0], $1;"
// CHECK: "@$2 red.relaxed.gpu.global.xor.b32 [$0], $1;"
// CHECK: "@$2 red.relaxed.gpu.global.add.u64 [$0], $1;"
// CHECK: "@$2 red.relaxed.gpu.global.add.f64 [$0], $1;"
// CHECK: "@$2 red.relaxed.gpu.global.add.noftz.f16 [$0], $1;", "l,h,b"
// CHECK: "@$2 red.relaxed.gpu.global.add.noftz.bf16 [$0], $1;", "l,h,b"
// xchg has no red form.
// CHECK: "mov.b64 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.exch.b64 $0, [$1], $2;", "=l,l,l,b"
tile.kernel @kinds(%p32: !tile.ptr<i32>, %p64: !tile.ptr<i64>, %pf64: !tile.ptr<f64>,
                   %ph: !tile.ptr<f16>, %pb: !tile.ptr<bf16>, %i: i32, %j: i64,
                   %d: f64, %h: f16, %bf: bf16, %m: i1) {
  %0 = tile.atomic_rmw max %p32, %i, %m sem = relaxed : !tile.ptr<i32>
  %1 = tile.atomic_rmw min %p64, %j, %m sem = relaxed : !tile.ptr<i64>
  %2 = tile.atomic_rmw umax %p32, %i, %m sem = relaxed : !tile.ptr<i32>
  %3 = tile.atomic_rmw umin %p64, %j, %m sem = relaxed : !tile.ptr<i64>
  %4 = tile.atomic_rmw and %p32, %i, %m sem = relaxed : !tile.ptr<i32>
  %5 = tile.atomic_rmw or %p64, %j, %m sem = relaxed : !tile.ptr<i64>
  %6 = tile.atomic_rmw xor %p32, %i, %m sem = relaxed : !tile.ptr<i32>
  %7 = tile.atomic_rmw add %p64, %j, %m sem = relaxed : !tile.ptr<i64>
  %8 = tile.atomic_rmw add %pf64, %d, %m sem = relaxed : !tile.ptr<f64>
  %9 = tile.atomic_rmw add %ph, %h, %m sem = relaxed : !tile.ptr<f16>
  %10 = tile.atomic_rmw add %pb, %bf, %m sem = relaxed : !tile.ptr<bf16>
  %11 = tile.atomic_rmw xchg %p64, %j, %m sem = relaxed : !tile.ptr<i64>
  tile.return
}

// -----

// A scalar pointer: thread 0 issues the atomic (the mask is ANDed with
// tid == 0) and hands the old value to every thread through shared memory.
// CHECK-LABEL: llvm.func @scalar_cas
// CHECK-SAME: tile.shared_bytes = 16
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32)
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[TID]], %[[ZERO]]
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, 0;\0A\09@$4 atom.acquire.gpu.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,b" %{{.*}}, %{{.*}}, %{{.*}}, %[[OWNER]]
// CHECK: nvvm.barrier0
// CHECK: "@$2 st.shared.b32 [$0], $1;", "l,r,b"
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
tile.kernel @scalar_cas(%lock: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %old = tile.atomic_cas %lock, %c0, %c1 sem = acquire : !tile.ptr<i32>
  tile.store %out, %old : !tile.ptr<i32>
  tile.return
}

// -----

// 64 elements over 128 threads: lanes 0..31 of warps 0-1 own them (warp
// bit 1 is free); only they issue the add.
#h = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: llvm.func @replicated
// CHECK-SAME: tile.shared_bytes = 0
// CHECK: llvm.extractvalue
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[C5:.*]] = llvm.mlir.constant(5 : i32)
// CHECK: %[[WARP:.*]] = llvm.lshr %[[TID]], %[[C5]]
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32)
// CHECK: %[[FREE:.*]] = llvm.and %[[WARP]], %[[C2]]
// CHECK: %[[BITS:.*]] = llvm.or %{{.*}}, %[[FREE]]
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[BITS]]
// CHECK: %[[PRED:.*]] = llvm.and %[[OWNER]], %{{.*}}
// CHECK-NOT: red.
// CHECK: "@$2 red.relaxed.gpu.global.add.u32 [$0], $1;", "l,r,b" %{{.*}}, %{{.*}}, %[[PRED]]
tile.kernel @replicated(%bins: !tile.ptr<i32>, %m: i1) {
  %offs = tile.arange 0, 64 : tensor<64xi32, #h>
  %b = tile.splat %bins : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>, #h>
  %p = tile.addptr %b, %offs : tensor<64x!tile.ptr<i32>, #h>, tensor<64xi32, #h>
  %one = arith.constant dense<1> : tensor<64xi32, #h>
  %mv = tile.splat %m : i1 -> tensor<64xi1, #h>
  %0 = tile.atomic_rmw add %p, %one, %mv sem = relaxed : tensor<64x!tile.ptr<i32>, #h>
  tile.return
}

// -----

// Float max: signed max where the sign bit is clear, unsigned min where it
// is set; the old value is the one of the instruction that ran.
// CHECK-LABEL: llvm.func @float_max
// CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: %[[NONNEG:.*]] = llvm.icmp "sge" %[[BITS]], %{{.*}} : i32
// CHECK: %[[NEG:.*]] = llvm.xor %[[NONNEG]], %{{.*}} : i1
// CHECK: %[[A:.*]] = llvm.inline_asm has_side_effects "mov.b32 $0, 0;\0A\09@$3 atom.acq_rel.gpu.global.max.s32 $0, [$1], $2;", "=r,l,r,b"
// CHECK: %[[B:.*]] = llvm.inline_asm has_side_effects "mov.b32 $0, 0;\0A\09@$3 atom.acq_rel.gpu.global.min.u32 $0, [$1], $2;", "=r,l,r,b"
// CHECK: llvm.select %[[NONNEG]], %[[A]], %[[B]] : i1, i32
// CHECK-LABEL: llvm.func @float_min
// CHECK: "@$2 red.relaxed.gpu.global.min.s64 [$0], $1;"
// CHECK: "@$2 red.relaxed.gpu.global.max.u64 [$0], $1;"
tile.kernel @float_max(%p: !tile.ptr<f32>, %v: f32, %out: !tile.ptr<f32>) {
  %0 = tile.atomic_rmw max %p, %v : !tile.ptr<f32>
  tile.store %out, %0 : !tile.ptr<f32>
  tile.return
}
tile.kernel @float_min(%p: !tile.ptr<f64>, %v: f64) {
  %0 = tile.atomic_rmw min %p, %v sem = relaxed : !tile.ptr<f64>
  tile.return
}

// -----

// Pairs of f16 whose pointers are consecutive and 4-byte aligned (16-byte
// aligned base, arange offsets): one f16x2 add per pair, the halves packed
// low first.
#v = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: llvm.func @packed_f16
// CHECK-COUNT-1: "@$2 red.relaxed.gpu.global.add.noftz.f16x2 [$0], $1;", "l,r,b"
// CHECK-NOT: add.noftz.f16 [
// CHECK-LABEL: llvm.func @packed_bf16
// CHECK: %[[LO:.*]] = llvm.zext %{{.*}} : i16 to i32
// CHECK: %[[HI:.*]] = llvm.zext %{{.*}} : i16 to i32
// CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32)
// CHECK: %[[SH:.*]] = llvm.shl %[[HI]], %[[C16]]
// CHECK: %[[PK:.*]] = llvm.or %[[LO]], %[[SH]]
// CHECK: "atom.acq_rel.gpu.global.add.noftz.bf16x2 $0, [$1], $2;", "=r,l,r" %{{.*}}, %[[PK]]
tile.kernel @packed_f16(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64}, %n: i32) {
  %offs = tile.arange 0, 256 : tensor<256xi32, #v>
  %b = tile.splat %x : !tile.ptr<f16> -> tensor<256x!tile.ptr<f16>, #v>
  %p = tile.addptr %b, %offs : tensor<256x!tile.ptr<f16>, #v>, tensor<256xi32, #v>
  %one = arith.constant dense<1.0> : tensor<256xf16, #v>
  %c = arith.constant dense<128> : tensor<256xi32, #v>
  %m = arith.cmpi slt, %offs, %c : tensor<256xi32, #v>
  %0 = tile.atomic_rmw add %p, %one, %m sem = relaxed : tensor<256x!tile.ptr<f16>, #v>
  tile.return
}
tile.kernel @packed_bf16(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                         %out: !tile.ptr<bf16> {tile.divisibility = 16 : i64}) {
  %offs = tile.arange 0, 256 : tensor<256xi32, #v>
  %b = tile.splat %x : !tile.ptr<bf16> -> tensor<256x!tile.ptr<bf16>, #v>
  %p = tile.addptr %b, %offs : tensor<256x!tile.ptr<bf16>, #v>, tensor<256xi32, #v>
  %one = arith.constant dense<1.0> : tensor<256xbf16, #v>
  %0 = tile.atomic_rmw add %p, %one : tensor<256x!tile.ptr<bf16>, #v>
  %ob = tile.splat %out : !tile.ptr<bf16> -> tensor<256x!tile.ptr<bf16>, #v>
  %op = tile.addptr %ob, %offs : tensor<256x!tile.ptr<bf16>, #v>, tensor<256xi32, #v>
  tile.store %op, %0 : tensor<256x!tile.ptr<bf16>, #v>
  tile.return
}

// -----

// SM80: error: atomic add of bf16 needs sm_90 or newer (atom.global.add.noftz.bf16); the target is sm_80: accumulate in f32 or compile with --arch=sm_90
tile.kernel @bf16_sm80(%p: !tile.ptr<bf16>, %v: bf16) {
  %0 = tile.atomic_rmw add %p, %v : !tile.ptr<bf16>
  tile.return
}
