// Atomics on the GPU (test/gpu/cases_atomics.py checks them against torch).

#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// 64 elements over 128 threads: warps 2 and 3 hold copies of warps 0 and 1.
#rep = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#r = #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #layout.slice<dim = 1, parent = #r>
#v = #layout.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// bins[x[i]] += 1 for i < n; 512 values per program.
tile.kernel @histogram(%x: !tile.ptr<i32>, %bins: !tile.ptr<i32>, %n: i32) {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %sv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %offs0, %sv : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %m = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<i32> -> tensor<512x!tile.ptr<i32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<i32>, #l>, tensor<512xi32, #l>
  %vals = tile.load %xp, %m : tensor<512x!tile.ptr<i32>, #l>
  %bb = tile.splat %bins : !tile.ptr<i32> -> tensor<512x!tile.ptr<i32>, #l>
  %bp = tile.addptr %bb, %vals : tensor<512x!tile.ptr<i32>, #l>, tensor<512xi32, #l>
  %one = arith.constant dense<1> : tensor<512xi32, #l>
  %0 = tile.atomic_rmw add %bp, %one, %m sem = relaxed : tensor<512x!tile.ptr<i32>, #l>
  tile.return
}

// The same with a layout that holds every element twice: each element must
// still be counted once.
tile.kernel @histogram_replicated(%x: !tile.ptr<i32>, %bins: !tile.ptr<i32>, %n: i32) {
  %pid = tile.program_id x : i32
  %c64 = arith.constant 64 : i32
  %start = arith.muli %pid, %c64 : i32
  %offs0 = tile.arange 0, 64 : tensor<64xi32, #rep>
  %sv = tile.splat %start : i32 -> tensor<64xi32, #rep>
  %offs = arith.addi %offs0, %sv : tensor<64xi32, #rep>
  %nv = tile.splat %n : i32 -> tensor<64xi32, #rep>
  %m = arith.cmpi slt, %offs, %nv : tensor<64xi32, #rep>
  %xb = tile.splat %x : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>, #rep>
  %xp = tile.addptr %xb, %offs : tensor<64x!tile.ptr<i32>, #rep>, tensor<64xi32, #rep>
  %vals = tile.load %xp, %m : tensor<64x!tile.ptr<i32>, #rep>
  %bb = tile.splat %bins : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>, #rep>
  %bp = tile.addptr %bb, %vals : tensor<64x!tile.ptr<i32>, #rep>, tensor<64xi32, #rep>
  %one = arith.constant dense<1> : tensor<64xi32, #rep>
  %0 = tile.atomic_rmw add %bp, %one, %m : tensor<64x!tile.ptr<i32>, #rep>
  tile.return
}

// Split-K: program (i, k) adds the sum of a[16i .. 16i+15, 128k .. 128k+127]
// to out[16i ..]; the sums' layout holds each row in all 32 lanes of a warp.
tile.kernel @splitk_row_sum(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>, %m: i32, %k: i32) {
  %pi = tile.program_id x : i32
  %pk = tile.program_id y : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %t = tile.load_tile %va[%pi, %pk] padding = zero : !tile.view<?x?xf32> -> tensor<16x128xf32, #r>
  %s = tile.reduce sum %t {axis = 1 : i32} : tensor<16x128xf32, #r> -> tensor<16xf32, #rows>
  %c16 = arith.constant 16 : i32
  %r0 = arith.muli %pi, %c16 : i32
  %ri = tile.arange 0, 16 : tensor<16xi32, #rows>
  %r0v = tile.splat %r0 : i32 -> tensor<16xi32, #rows>
  %rowsv = arith.addi %ri, %r0v : tensor<16xi32, #rows>
  %mv = tile.splat %m : i32 -> tensor<16xi32, #rows>
  %mask = arith.cmpi slt, %rowsv, %mv : tensor<16xi32, #rows>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>, #rows>
  %op = tile.addptr %ob, %rowsv : tensor<16x!tile.ptr<f32>, #rows>, tensor<16xi32, #rows>
  %0 = tile.atomic_rmw add %op, %s, %mask : tensor<16x!tile.ptr<f32>, #rows>
  tile.return
}

// Global max/min of x (f32, out[0], out[1]) and of xi (i32: max, min,
// unsigned max, unsigned min in outi[0..3]); sum of xi as i64 in outl[0].
tile.kernel @minmax(%x: !tile.ptr<f32>, %xi: !tile.ptr<i32>, %out: !tile.ptr<f32>,
                    %outi: !tile.ptr<i32>, %outl: !tile.ptr<i64>, %n: i32) {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %sv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %offs0, %sv : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %m = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %xv = tile.load %xp, %m : tensor<512x!tile.ptr<f32>, #l>
  %ib = tile.splat %xi : !tile.ptr<i32> -> tensor<512x!tile.ptr<i32>, #l>
  %ip = tile.addptr %ib, %offs : tensor<512x!tile.ptr<i32>, #l>, tensor<512xi32, #l>
  %iv = tile.load %ip, %m : tensor<512x!tile.ptr<i32>, #l>
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %o0 = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %out1 = tile.addptr %out, %c1 : !tile.ptr<f32>, i32
  %o1 = tile.splat %out1 : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %a0 = tile.atomic_rmw max %o0, %xv, %m sem = relaxed : tensor<512x!tile.ptr<f32>, #l>
  %a1 = tile.atomic_rmw min %o1, %xv, %m sem = relaxed : tensor<512x!tile.ptr<f32>, #l>
  %q0 = tile.splat %outi : !tile.ptr<i32> -> tensor<512x!tile.ptr<i32>, #l>
  %p1 = tile.addptr %outi, %c1 : !tile.ptr<i32>, i32
  %q1 = tile.splat %p1 : !tile.ptr<i32> -> tensor<512x!tile.ptr<i32>, #l>
  %p2 = tile.addptr %outi, %c2 : !tile.ptr<i32>, i32
  %q2 = tile.splat %p2 : !tile.ptr<i32> -> tensor<512x!tile.ptr<i32>, #l>
  %p3 = tile.addptr %outi, %c3 : !tile.ptr<i32>, i32
  %q3 = tile.splat %p3 : !tile.ptr<i32> -> tensor<512x!tile.ptr<i32>, #l>
  %b0 = tile.atomic_rmw max %q0, %iv, %m sem = relaxed : tensor<512x!tile.ptr<i32>, #l>
  %b1 = tile.atomic_rmw min %q1, %iv, %m sem = relaxed : tensor<512x!tile.ptr<i32>, #l>
  %b2 = tile.atomic_rmw umax %q2, %iv, %m sem = relaxed : tensor<512x!tile.ptr<i32>, #l>
  %b3 = tile.atomic_rmw umin %q3, %iv, %m sem = relaxed : tensor<512x!tile.ptr<i32>, #l>
  %wide = arith.extsi %iv : tensor<512xi32, #l> to tensor<512xi64, #l>
  %l0 = tile.splat %outl : !tile.ptr<i64> -> tensor<512x!tile.ptr<i64>, #l>
  %c = tile.atomic_rmw add %l0, %wide, %m sem = relaxed : tensor<512x!tile.ptr<i64>, #l>
  tile.return
}

// tickets[i] = the old value of one counter each element adds 1 to: a
// permutation of 0 .. n-1 (the old values come back to every element).
tile.kernel @tickets(%counter: !tile.ptr<i32>, %tickets: !tile.ptr<i32>, %n: i32) {
  %pid = tile.program_id x : i32
  %c64 = arith.constant 64 : i32
  %start = arith.muli %pid, %c64 : i32
  %offs0 = tile.arange 0, 64 : tensor<64xi32, #rep>
  %sv = tile.splat %start : i32 -> tensor<64xi32, #rep>
  %offs = arith.addi %offs0, %sv : tensor<64xi32, #rep>
  %nv = tile.splat %n : i32 -> tensor<64xi32, #rep>
  %m = arith.cmpi slt, %offs, %nv : tensor<64xi32, #rep>
  %cp = tile.splat %counter : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>, #rep>
  %one = arith.constant dense<1> : tensor<64xi32, #rep>
  %old = tile.atomic_rmw add %cp, %one, %m : tensor<64x!tile.ptr<i32>, #rep>
  %tb = tile.splat %tickets : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>, #rep>
  %tp = tile.addptr %tb, %offs : tensor<64x!tile.ptr<i32>, #rep>, tensor<64xi32, #rep>
  tile.store %tp, %old, %m : tensor<64x!tile.ptr<i32>, #rep>
  tile.return
}

// counter += 1 once per program with a compare-and-swap loop (thread 0
// runs the CAS; every thread gets its old value).
tile.kernel @cas_counter(%counter: !tile.ptr<i32>, %seen: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %init = tile.atomic_rmw add %counter, %c0 sem = relaxed : !tile.ptr<i32>
  %last = scf.while (%old = %init) : (i32) -> i32 {
    %new = arith.addi %old, %c1 : i32
    %prev = tile.atomic_cas %counter, %old, %new : !tile.ptr<i32>
    %retry = arith.cmpi ne, %prev, %old : i32
    scf.condition(%retry) %prev : i32
  } do {
  ^bb0(%p: i32):
    scf.yield %p : i32
  }
  // seen[pid] = the value this program replaced.
  %pid = tile.program_id x : i32
  %sp = tile.addptr %seen, %pid : !tile.ptr<i32>, i32
  tile.store %sp, %last : !tile.ptr<i32>
  tile.return
}

// x[i] += 1 where i % 3 != 0, returning the old values there; elsewhere
// neither x nor old is written.
tile.kernel @masked_add(%x: !tile.ptr<f32>, %old: !tile.ptr<f32>, %n: i32) {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %sv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %offs0, %sv : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %in = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %c3 = arith.constant dense<3> : tensor<512xi32, #l>
  %c0 = arith.constant dense<0> : tensor<512xi32, #l>
  %rem = arith.remsi %offs, %c3 : tensor<512xi32, #l>
  %keep = arith.cmpi ne, %rem, %c0 : tensor<512xi32, #l>
  %m = arith.andi %in, %keep : tensor<512xi1, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %one = arith.constant dense<1.0> : tensor<512xf32, #l>
  %o = tile.atomic_rmw add %xp, %one, %m : tensor<512x!tile.ptr<f32>, #l>
  %ob = tile.splat %old : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %op = tile.addptr %ob, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  tile.store %op, %o, %m : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}

// x[i] += v[i] from every program along y (f16x2 / bf16x2 adds on pairs).
tile.kernel @packed_add_f16(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                            %v: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                            %n: i32 {tile.divisibility = 16 : i64}) {
  %pid = tile.program_id x : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %offs0 = tile.arange 0, 1024 : tensor<1024xi32, #v>
  %sv = tile.splat %start : i32 -> tensor<1024xi32, #v>
  %offs = arith.addi %offs0, %sv : tensor<1024xi32, #v>
  %nv = tile.splat %n : i32 -> tensor<1024xi32, #v>
  %m = arith.cmpi slt, %offs, %nv : tensor<1024xi32, #v>
  %vb = tile.splat %v : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>, #v>
  %vp = tile.addptr %vb, %offs : tensor<1024x!tile.ptr<f16>, #v>, tensor<1024xi32, #v>
  %vals = tile.load %vp, %m : tensor<1024x!tile.ptr<f16>, #v>
  %xb = tile.splat %x : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>, #v>
  %xp = tile.addptr %xb, %offs : tensor<1024x!tile.ptr<f16>, #v>, tensor<1024xi32, #v>
  %0 = tile.atomic_rmw add %xp, %vals, %m sem = relaxed : tensor<1024x!tile.ptr<f16>, #v>
  tile.return
}

tile.kernel @packed_add_bf16(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                             %v: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                             %n: i32 {tile.divisibility = 16 : i64}) {
  %pid = tile.program_id x : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %offs0 = tile.arange 0, 1024 : tensor<1024xi32, #v>
  %sv = tile.splat %start : i32 -> tensor<1024xi32, #v>
  %offs = arith.addi %offs0, %sv : tensor<1024xi32, #v>
  %nv = tile.splat %n : i32 -> tensor<1024xi32, #v>
  %m = arith.cmpi slt, %offs, %nv : tensor<1024xi32, #v>
  %vb = tile.splat %v : !tile.ptr<bf16> -> tensor<1024x!tile.ptr<bf16>, #v>
  %vp = tile.addptr %vb, %offs : tensor<1024x!tile.ptr<bf16>, #v>, tensor<1024xi32, #v>
  %vals = tile.load %vp, %m : tensor<1024x!tile.ptr<bf16>, #v>
  %xb = tile.splat %x : !tile.ptr<bf16> -> tensor<1024x!tile.ptr<bf16>, #v>
  %xp = tile.addptr %xb, %offs : tensor<1024x!tile.ptr<bf16>, #v>, tensor<1024xi32, #v>
  %0 = tile.atomic_rmw add %xp, %vals, %m : tensor<1024x!tile.ptr<bf16>, #v>
  tile.return
}
