// RUN: tile-opt %s --tile-assign-layouts --tile-warp-specialize | FileCheck %s --check-prefix=OFF
// RUN: tile-opt %s --tile-assign-layouts --tile-warp-specialize="all-loops=true num-stages=4 producer-regs=56" | FileCheck %s --check-prefix=ALL
// RUN: tile-opt %s --tile-assign-layouts --tile-warp-specialize="all-loops=true warpgroup-release=false" | FileCheck %s --check-prefix=BAR

// The options: without an attribute a loop is specialized only with
// all-loops; num-stages sets the ring (4 slots), producer-regs the
// producer's budget (56) and so the consumers' ((65536 - 56 x 128) / 256
// = 228, rounded down to 224). `tile.warp_specialize = false` keeps a loop
// out even then.

// warpgroup-release=false: the two consumer warpgroups release a slot
// with one arrival after their partition barrier (empty[s] counts 1), as
// before per-warpgroup releases; the default counts 2, one per warpgroup.

// OFF-NOT: tile.warp_specialize default
// BAR-LABEL: tile.kernel @plain
// BAR:       layout.init_barrier %{{.*}}, 1
// BAR-NEXT:  %[[E:.*]] = layout.memdesc_index
// BAR-NEXT:  layout.init_barrier %[[E]], 1
// BAR:       layout.arrive_barrier %{{.*}}, 1 : !layout.memdesc<1xi64
// BAR-NOT:   per_warpgroup
// ALL-LABEL: tile.kernel @plain
// ALL:       layout.local_alloc : !layout.memdesc<4x128x64xf16
// ALL:       layout.local_alloc : !layout.memdesc<4x64x128xf16
// ALL:       layout.local_alloc : !layout.memdesc<4x1xi64
// ALL:       layout.local_alloc : !layout.memdesc<4x1xi64
// ALL:       layout.init_barrier %{{.*}}, 1
// ALL-NEXT:  %[[E:.*]] = layout.memdesc_index
// ALL-NEXT:  layout.init_barrier %[[E]], 2
// ALL:       tile.warp_specialize default regs(224) {
// ALL:       layout.arrive_barrier %{{.*}}, 1 per_warpgroup :
// ALL:       } partition warps(4) regs(56) {
// ALL-LABEL: tile.kernel @refused
// ALL-NOT:   tile.warp_specialize default
// ALL:       } {tile.warp_specialize = false}
// ALL-NOT:   tile.warp_specialize default

tile.kernel @plain(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                   %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                   %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
                   %sam: i32 {tile.divisibility = 8 : i64},
                   %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

tile.kernel @refused(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                     %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                     %c: !tile.ptr<f16>, %m: i32, %n: i32, %k: i32,
                     %sam: i32 {tile.divisibility = 8 : i64},
                     %sbk: i32 {tile.divisibility = 8 : i64}, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %ta = tile.load_tile %va[%pm, %kt] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %tb = tile.load_tile %vb[%kt, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %next = tile.dot %ta, %tb, %sum : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  } {tile.warp_specialize = false}
  %out = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %out, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}
