// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s

// Vector accesses of pointer tensors decided at compile time from the
// AxisInfo facts (docs/Vectorization.md): contiguity of the pointers along
// the layout's register dim, their alignment, and the constancy of the mask.

#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// Pointers 16-byte aligned, offsets pid * 512 + arange: every group of 4 is
// consecutive and aligned. n a multiple of 16 makes `offs < n` equal over
// each group (cmpi of a contiguous run against a splat): one predicate, one
// vector access, no alignment test and no scalar fallback.
// CHECK-LABEL: llvm.func @aligned_uniform
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, $6;{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b,r,r,r,r"
// CHECK: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
// CHECK-NOT: ld.global.b32
// CHECK: llvm.return
tile.kernel @aligned_uniform(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                             %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                             %n: i32 {tile.divisibility = 16 : i64}) {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %a = tile.load %xp, %mask : tensor<512x!tile.ptr<f32>, #l>
  tile.store %op, %a, %mask : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}

// -----

// No mask: plain LLVM vector loads and stores (no inline asm at all), which
// LLVM and ptxas schedule freely.
#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @aligned_unmasked
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return
tile.kernel @aligned_unmasked(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                              %out: !tile.ptr<f32> {tile.divisibility = 16 : i64}) {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %a = tile.load %xp : tensor<512x!tile.ptr<f32>, #l>
  tile.store %op, %a : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}

// -----

// Aligned, but n has no divisibility: the mask may change inside a group.
// The vector runs when all four masks hold, else predicated scalar
// accesses (mask_j and not the vector); no alignment test, no branch.
#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @aligned_tail
// CHECK-NOT: llvm.ptrtoint
// CHECK: %[[A01:.*]] = llvm.and %[[M0:.*]], %[[M1:.*]] : i1
// CHECK: %[[A012:.*]] = llvm.and %[[A01]], %[[M2:.*]] : i1
// CHECK: %[[ALL:.*]] = llvm.and %[[A012]], %[[M3:.*]] : i1
// CHECK: %[[NOT:.*]] = llvm.xor %[[ALL]], %{{.*}} : i1
// CHECK: %[[F0:.*]] = llvm.and %[[M0]], %[[NOT]] : i1
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];\0A\09@$6 ld.global.b32 $0, [$4+0];{{.*}}@$9 ld.global.b32 $3, [$4+12];", "=r,=r,=r,=r,l,b,b,b,b,b,r,r,r,r" %{{.*}}, %[[ALL]], %[[F0]]
// CHECK-NOT: bra
// CHECK: llvm.return
tile.kernel @aligned_tail(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                          %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                          %n: i32) {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %a = tile.load %xp, %mask : tensor<512x!tile.ptr<f32>, #l>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  tile.store %op, %a : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}

// -----

// Offsets arange + 1: consecutive (contiguity 512) but starting at an odd
// element, so nothing proves a 16-byte group aligned: one run-time
// alignment test per group decides between the vector and the scalars.
#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @shifted
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK: %[[LOW:.*]] = llvm.and %[[ADDR]], %{{.*}} : i64
// CHECK: %[[OK:.*]] = llvm.icmp "eq" %[[LOW]], %{{.*}} : i64
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];{{.*}}", "=r,=r,=r,=r,l,b,b,b,b,b,r,r,r,r" %{{.*}}, %[[OK]]
// CHECK: llvm.return
tile.kernel @shifted(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                     %out: !tile.ptr<f32> {tile.divisibility = 16 : i64}) {
  %offs = tile.arange 1, 513 : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %a = tile.load %xp : tensor<512x!tile.ptr<f32>, #l>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  tile.store %op, %a : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}

// -----

// A gather: the pointers come from loaded indices, nothing says they are
// consecutive. Scalar accesses, without run-time tests of every pointer.
#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @gather
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK-NOT: ld.global.v4
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NOT: ld.global.v4
// CHECK: llvm.return
tile.kernel @gather(%idx: !tile.ptr<i32> {tile.divisibility = 16 : i64},
                    %x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                    %out: !tile.ptr<f32> {tile.divisibility = 16 : i64}) {
  %offs = tile.arange 0, 512 : tensor<512xi32, #l>
  %ib = tile.splat %idx : !tile.ptr<i32> -> tensor<512x!tile.ptr<i32>, #l>
  %ip = tile.addptr %ib, %offs : tensor<512x!tile.ptr<i32>, #l>, tensor<512xi32, #l>
  %i = tile.load %ip : tensor<512x!tile.ptr<i32>, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %i : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %a = tile.load %xp : tensor<512x!tile.ptr<f32>, #l>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  tile.store %op, %a : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}

// -----

// A window lo <= offs < hi with lo and hi multiples of 16: the AND of two
// compares is equal over every group (andi keeps the common constancy), so
// one predicate guards each vector.
#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @window
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.inline_asm has_side_effects "{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b,r,r,r,r"
// CHECK-NOT: ld.global.b32
// CHECK: llvm.return
tile.kernel @window(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                    %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                    %lo: i32 {tile.divisibility = 16 : i64},
                    %hi: i32 {tile.divisibility = 32 : i64}) {
  %offs = tile.arange 0, 512 : tensor<512xi32, #l>
  %lov = tile.splat %lo : i32 -> tensor<512xi32, #l>
  %hiv = tile.splat %hi : i32 -> tensor<512xi32, #l>
  %m0 = arith.cmpi sge, %offs, %lov : tensor<512xi32, #l>
  %m1 = arith.cmpi sgt, %hiv, %offs : tensor<512xi32, #l>
  %mask = arith.andi %m0, %m1 : tensor<512xi1, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %a = tile.load %xp, %mask : tensor<512x!tile.ptr<f32>, #l>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  tile.store %op, %a : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}

// -----

// 2-D pointers rows * ld + cols built with expand_dims and broadcast: the
// runs along the columns are 64 long and start at multiples of ld, which
// the parameter promises to be a multiple of 4 elements (16 bytes).
#b = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#r = #layout.slice<dim = 1, parent = #b>
#c = #layout.slice<dim = 0, parent = #b>

// CHECK-LABEL: llvm.func @rows
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK: llvm.return
tile.kernel @rows(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                  %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                  %ld: i32 {tile.divisibility = 4 : i64}) {
  %r = tile.arange 0, 8 : tensor<8xi32, #r>
  %c = tile.arange 0, 64 : tensor<64xi32, #c>
  %r2 = tile.expand_dims %r {axis = 1 : i32} : tensor<8xi32, #r> -> tensor<8x1xi32, #b>
  %c2 = tile.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #c> -> tensor<1x64xi32, #b>
  %ldv = tile.splat %ld : i32 -> tensor<8x1xi32, #b>
  %rs = arith.muli %r2, %ldv : tensor<8x1xi32, #b>
  %rb = tile.broadcast %rs : tensor<8x1xi32, #b> -> tensor<8x64xi32, #b>
  %cb = tile.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<8x64xi32, #b>
  %offs = arith.addi %rb, %cb : tensor<8x64xi32, #b>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<8x64x!tile.ptr<f32>, #b>
  %xp = tile.addptr %xb, %offs : tensor<8x64x!tile.ptr<f32>, #b>, tensor<8x64xi32, #b>
  %a = tile.load %xp : tensor<8x64x!tile.ptr<f32>, #b>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<8x64x!tile.ptr<f32>, #b>
  %op = tile.addptr %ob, %offs : tensor<8x64x!tile.ptr<f32>, #b>, tensor<8x64xi32, #b>
  tile.store %op, %a : tensor<8x64x!tile.ptr<f32>, #b>
  tile.return
}

// -----

// Pointers carried by an scf.for and advanced by a splat each iteration
// (Triton's `ptrs += BLOCK`): the runs and the alignment of the initial
// pointers hold in every iteration (the step, 512 elements, keeps 16-byte
// alignment), so the loads in the loop are unconditional vectors.
#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @loop_carried
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.return
tile.kernel @loop_carried(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                          %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                          %k: i32) {
  %offs = tile.arange 0, 512 : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #l>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c512 = arith.constant 512 : i32
  %step = tile.splat %c512 : i32 -> tensor<512xi32, #l>
  %r:2 = scf.for %i = %c0 to %k step %c1 iter_args(%acc = %zero, %p = %xp)
      -> (tensor<512xf32, #l>, tensor<512x!tile.ptr<f32>, #l>) : i32 {
    %v = tile.load %p : tensor<512x!tile.ptr<f32>, #l>
    %a = arith.addf %acc, %v : tensor<512xf32, #l>
    %pn = tile.addptr %p, %step : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
    scf.yield %a, %pn : tensor<512xf32, #l>, tensor<512x!tile.ptr<f32>, #l>
  }
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  tile.store %op, %r#0 : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}

// -----

// A step that is not the same for every element (here the pointers
// themselves are re-derived from a loaded offset) leaves nothing known:
// scalar loads in the loop.
#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: llvm.func @loop_nonuniform
// CHECK: scf.for
// CHECK-NOT: vector<4xi32>
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: scf.yield
tile.kernel @loop_nonuniform(%x: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                             %out: !tile.ptr<f32> {tile.divisibility = 16 : i64},
                             %k: i32) {
  %offs = tile.arange 0, 512 : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #l>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %k step %c1 iter_args(%acc = %zero, %p = %xp)
      -> (tensor<512xf32, #l>, tensor<512x!tile.ptr<f32>, #l>) : i32 {
    %v = tile.load %p : tensor<512x!tile.ptr<f32>, #l>
    %a = arith.addf %acc, %v : tensor<512xf32, #l>
    %s = arith.fptosi %v : tensor<512xf32, #l> to tensor<512xi32, #l>
    %pn = tile.addptr %p, %s : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
    scf.yield %a, %pn : tensor<512xf32, #l>, tensor<512x!tile.ptr<f32>, #l>
  }
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  tile.store %op, %r#0 : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}
