// RUN: tile-opt %s -split-input-file --tile-assign-layouts="compute-capability=80" --tile-pipeline="remarks=true" -verify-diagnostics | FileCheck %s

// cuTile's `latency` hint sets the most stages the default rule gives a
// loop (docs/TileLanguage.md, "Hints and memory ordering"): 2 when every
// pipelined load says 1..3, 4 when one says 8..10, else the default 3;
// always capped by shared memory (here 26 stages of 8192 bytes would fit),
// and an asked-for count wins. A load with a memory order is not pipelined.

// 2 stages (latency 1..3 on every pipelined load)
// CHECK-LABEL: tile.kernel @low
// CHECK: layout.local_alloc : !layout.memdesc<2x64x32xf16
// CHECK: layout.local_alloc : !layout.memdesc<2x32x64xf16
tile.kernel @low(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                            %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: 2 stages of 8192 bytes: tile.load_tile 64x32xf16 in 2 slots, tile.load_tile 32x64xf16 in 2 slots; dots synchronous}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero latency = 2 : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero latency = 3 : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// 4 stages: one load asks for 8..10, the most stages win
// CHECK-LABEL: tile.kernel @high
// CHECK: layout.local_alloc : !layout.memdesc<4x64x32xf16
// CHECK: layout.local_alloc : !layout.memdesc<4x32x64xf16
tile.kernel @high(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                            %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: 4 stages of 8192 bytes: tile.load_tile 64x32xf16 in 4 slots, tile.load_tile 32x64xf16 in 4 slots; dots synchronous}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero latency = 9 : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// 3 stages: latency 4..7 (and no hint) keeps the default, above low's 2
// CHECK-LABEL: tile.kernel @mixed
// CHECK: layout.local_alloc : !layout.memdesc<3x64x32xf16
// CHECK: layout.local_alloc : !layout.memdesc<3x32x64xf16
tile.kernel @mixed(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                            %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 8192 bytes: tile.load_tile 64x32xf16 in 3 slots, tile.load_tile 32x64xf16 in 3 slots; dots synchronous}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero latency = 1 : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero latency = 6 : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// an asked-for stage count wins over the hint
// CHECK-LABEL: tile.kernel @asked
// CHECK: layout.local_alloc : !layout.memdesc<3x64x32xf16
// CHECK: layout.local_alloc : !layout.memdesc<3x32x64xf16
tile.kernel @asked(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                            %m: i32, %n: i32, %k: i32, %kt: i32) attributes {tile.num_stages = 3 : i64} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 8192 bytes: tile.load_tile 64x32xf16 in 3 slots, tile.load_tile 32x64xf16 in 3 slots; dots synchronous}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero latency = 10 : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero latency = 10 : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// a load with a memory order is not made an asynchronous copy
// CHECK-LABEL: tile.kernel @acquire
// CHECK: layout.local_alloc : !layout.memdesc<3x32x64xf16
// CHECK: tile.load_tile %{{.*}} padding = zero memory_order = acquire
tile.kernel @acquire(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                            %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 4096 bytes: tile.load_tile 32x64xf16 in 3 slots; dots synchronous; the tile.load_tile feeding a dot stays synchronous: its memory_order is acquire (an asynchronous copy is weak and would run ahead of it)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero memory_order = acquire : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}


