// RUN: tile-opt %s -split-input-file --tile-assign-layouts="compute-capability=80" --tile-pipeline="remarks=true" -verify-diagnostics | FileCheck %s

// With remarks=true every loop with a dot gets a remark: its schedule, or
// why it stays as it is. A loop that is not pipelined is unchanged (its
// loads stay tile.load_tile, no buffer, no copy).

// The default stage count: 64x32 and 32x64 f16 tiles take 8192 bytes per
// stage; the kernel's other shared memory is the epilogue conversion of the
// 64x64 f32 accumulator (16384 bytes), so 26 stages would fit: 3.
// CHECK-LABEL: tile.kernel @default_stages
// CHECK: layout.local_alloc : !layout.memdesc<3x64x32xf16
// CHECK: layout.local_alloc : !layout.memdesc<3x32x64xf16
tile.kernel @default_stages(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
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
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// Large tiles: 256x128 + 128x256 f16 = 128 KiB per stage; two stages do not
// fit in 227 KiB: not pipelined.
// CHECK-LABEL: tile.kernel @too_large_for_default
// CHECK-NOT: layout.local_alloc : !layout.memdesc<2x
// CHECK: tile.load_tile
tile.kernel @too_large_for_default(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                                   %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: 2 stages of 131072 bytes do not fit in shared memory beside the 0 bytes the kernel already uses (limit 232448)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x512xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<512x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x512xf16>, tensor<512x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A loop that writes global memory: a load issued ahead could read
// what an earlier iteration has not written yet.
// CHECK-LABEL: tile.kernel @stores_in_loop
// CHECK-NOT: layout.local_alloc
// CHECK: tile.load_tile
tile.kernel @stores_in_loop(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                            %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the loop writes global memory (tile.store_tile), which loads issued iterations ahead could read before it is written}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    tile.store_tile %d, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// Only innermost loops: the outer loop has a dot of its own.
// CHECK-LABEL: tile.kernel @nested
// CHECK-NOT: layout.local_alloc
// CHECK: tile.load_tile
tile.kernel @nested(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                    %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the loop contains another loop; only innermost loops are pipelined}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %w = scf.for %j = %c0 to %kt step %c1 iter_args(%t = %s) -> (tensor<64x64xf32>) : i32 {
      scf.yield %t : tensor<64x64xf32>
    }
    %d = tile.dot %x, %y, %w : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// cp.async fills with zeros only.
// CHECK-LABEL: tile.kernel @padding_nan
// CHECK-NOT: layout.local_alloc
// CHECK: tile.load_tile
tile.kernel @padding_nan(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                         %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the tile.load_tile feeding a dot stays synchronous: its padding is nan (asynchronous copies fill with zeros only)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = nan : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = nan : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// Asynchronous tile copies take tiles in view order, which only wgmma reads
// transposed: on mma.sync the permuted load of A stays synchronous, the
// load of B is pipelined.
// CHECK-LABEL: tile.kernel @order
// CHECK: layout.local_alloc : !layout.memdesc<3x32x64xf16
// CHECK: tile.load_tile %{{.*}} order = [1, 0]
tile.kernel @order(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                   %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 4096 bytes: tile.load_tile 32x64xf16 in 3 slots; dots synchronous; the tile.load_tile feeding a dot stays synchronous: it loads with a permuted `order` and is not only a wgmma operand in shared memory (asynchronous tile copies take tiles in view order, which only wgmma reads transposed)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%i, %pm] order = "F" padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// The tile index comes from another load (a gather): that load cannot run
// ahead of the loop body.
// CHECK-LABEL: tile.kernel @indirect
// CHECK-NOT: layout.local_alloc
// CHECK: tile.load_tile
tile.kernel @indirect(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                      %m: i32, %n: i32, %k: i32, %kt: i32, %idx: !tile.ptr<i32>) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the operands of a load feeding a dot are computed by tile.load, which is not a pure op of the loop body (it reads memory, has a region or side effects), so it cannot run ahead}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %ip = tile.addptr %idx, %i : !tile.ptr<i32>, i32
    %row = tile.load %ip : !tile.ptr<i32>
    %x = tile.load_tile %va[%row, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// The carried index both addresses the loads and feeds the computation:
// it cannot run stages ahead.
// CHECK-LABEL: tile.kernel @ahead_used
// CHECK-NOT: layout.local_alloc
// CHECK: tile.load_tile
tile.kernel @ahead_used(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                        %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: a value computed from iteration argument #1 addresses a load feeding a dot and is also used by arith.sitofp; the address computation runs stages ahead, so it must have its own iteration arguments}}
  %acc, %last = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero, %j = %c0) -> (tensor<64x64xf32>, i32) : i32 {
    %x = tile.load_tile %va[%pm, %j] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%j, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d0 = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    %jf = arith.sitofp %j : i32 to f32
    %js = tile.splat %jf : f32 -> tensor<64x64xf32>
    %d = arith.addf %d0, %js : tensor<64x64xf32>
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %d, %j1 : tensor<64x64xf32>, i32
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// The carried index's final value is used after the loop.
// CHECK-LABEL: tile.kernel @ahead_after_loop
// CHECK-NOT: layout.local_alloc
// CHECK: tile.load_tile
tile.kernel @ahead_after_loop(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                              %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: iteration argument #1 addresses a load feeding a dot and its final value is used after the loop; it would be stages ahead}}
  %acc, %last = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero, %j = %c0) -> (tensor<64x64xf32>, i32) : i32 {
    %x = tile.load_tile %va[%pm, %j] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%j, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %d, %j1 : tensor<64x64xf32>, i32
  }
  tile.store_tile %acc, %vc[%last, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// Masked elements of cp.async become zeros; `other` = 1 cannot: that load
// stays synchronous, the other one is pipelined.
// CHECK-LABEL: tile.kernel @other_nonzero
// CHECK: layout.local_alloc : !layout.memdesc<3x64x32xf16
// CHECK: tile.load %
tile.kernel @other_nonzero(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                           %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 4096 bytes: tile.load_tile 64x32xf16 in 3 slots; dots synchronous; the tile.load feeding a dot stays synchronous: its `other` is not zero (asynchronous copies fill masked elements with zeros only)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %p = tile.splat %b : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    %t = arith.constant dense<true> : tensor<32x64xi1>
    %one = arith.constant dense<1.0> : tensor<32x64xf16>
    %y = tile.load %p, %t, %one : tensor<32x64x!tile.ptr<f16>>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// tile.num_stages = 1 turns pipelining off for the loop.
// CHECK-LABEL: tile.kernel @one_stage
// CHECK-NOT: layout.local_alloc
// CHECK: tile.load_tile
tile.kernel @one_stage(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                       %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the loop's tile.num_stages is 1}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  } {tile.num_stages = 1 : i32}
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// A load layout that holds elements in two threads (8 warps of 4 rows over
// 16 rows): two threads would copy the same element.
#bcast = #layout.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#mma = #layout.nvmma<versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 8], instrShape = [16, 8]>
#opA = #layout.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#opB = #layout.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
// CHECK-LABEL: tile.kernel @replicated
// CHECK-NOT: layout.local_alloc
// CHECK: tile.load_tile
tile.kernel @replicated(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                        %n: i32, %kt: i32) attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%n, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%n, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%n, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<16x16xf32, #mma>
  // expected-remark @below {{tile-pipeline: loop not pipelined: the tile.load_tile feeding a dot stays synchronous: its layout holds elements in more than one thread (two threads would copy the same element)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<16x16xf32, #mma>) : i32 {
    %x = tile.load_tile %va[%c0, %i] padding = zero : !tile.view<?x?xf16> -> tensor<16x16xf16, #bcast>
    %y = tile.load_tile %vb[%i, %c0] padding = zero : !tile.view<?x?xf16> -> tensor<16x16xf16, #bcast>
    %xa = layout.convert %x : tensor<16x16xf16, #bcast> -> tensor<16x16xf16, #opA>
    %yb = layout.convert %y : tensor<16x16xf16, #bcast> -> tensor<16x16xf16, #opB>
    %d = tile.dot %xa, %yb, %s : tensor<16x16xf16, #opA>, tensor<16x16xf16, #opB> -> tensor<16x16xf32, #mma>
    scf.yield %d : tensor<16x16xf32, #mma>
  }
  tile.store_tile %acc, %vc[%c0, %c0] : tensor<16x16xf32, #mma>, !tile.view<?x?xf32>
  tile.return
}

// -----

// B made by tile.trans of a load, an mma.sync operand (sm_80): A is
// staged, the load under the transpose is not (it stays an ordinary load of
// every step; only a wgmma operand's tile.trans is folded into its load,
// pipeline-transposed.mlir), and the remark says what to write instead.
// CHECK-LABEL: tile.kernel @transposed_b
// CHECK: layout.local_alloc : !layout.memdesc<3x64x32xf16
// CHECK-NOT: layout.local_alloc : !layout.memdesc<3x64x32xf16
// CHECK: scf.for
// CHECK: tile.load_tile %{{.*}} : !tile.view<?x?xf16> -> tensor<64x32xf16
// CHECK-NEXT: tile.trans
tile.kernel @transposed_b(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                          %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%n, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: 3 stages of 4096 bytes: tile.load_tile 64x32xf16 in 3 slots; dots synchronous; a dot's B is a tile.trans of tile.load_tile, which stays an ordinary load each step (not staged; a tile.trans of a tile.load_tile or of a pointer-tensor tile.load is folded into the load only when it is one wgmma operand): load the tile from a view with the axes swapped instead (tile.make_view with its shape and strides exchanged)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%pn, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %yt = tile.trans %y, [1, 0] : tensor<64x32xf16> -> tensor<32x64xf16>
    %d = tile.dot %x, %yt, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}

// -----

// In a tile.warp_specialize partition: a loop whose dot reads a load of its
// own but that cannot be pipelined says where it is and why (a loop whose
// dots read only a producer's slots says nothing: matmul-batched.test).
tile.kernel @in_partition(%a: !tile.ptr<f16>, %c: !tile.ptr<f32>, %m: i32, %kt: i32)
    attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %m] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  tile.warp_specialize default {
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    // expected-remark @below {{tile-pipeline: loop in a tile.warp_specialize partition left as it is (its producer stages the operands): the loop contains another loop; only innermost loops are pipelined}}
    %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
      %x = tile.load_tile %va[%c0, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
      %y = tile.load_tile %va[%i, %c0] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
      %d = tile.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
      scf.for %j = %c0 to %kt step %c1 : i32 {
      }
      scf.yield %d : tensor<64x64xf32>
    }
    tile.store_tile %acc, %vc[%c0, %c0] : tensor<64x64xf32>, !tile.view<?x?xf32>
  } partition warps(4) {
  }
  tile.return
}

// -----

// Both operands made by tile.trans of loads on sm_80 (mma.sync operands):
// no load reaches a dot except through a tile.trans, and the refusal says
// so, with the same hint.
// CHECK-LABEL: tile.kernel @trans_both_operands
// CHECK: tile.trans
tile.kernel @trans_both_operands(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                                 %m: i32, %n: i32, %k: i32, %kt: i32) {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%k, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%n, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-remark @below {{tile-pipeline: loop not pipelined: no tile.load_tile, tile.load_at or tile.load in the loop feeds a tile.dot operand; a dot's A is a tile.trans of tile.load_tile, which stays an ordinary load each step (not staged; a tile.trans of a tile.load_tile or of a pointer-tensor tile.load is folded into the load only when it is one wgmma operand): load the tile from a view with the axes swapped instead (tile.make_view with its shape and strides exchanged)}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = tile.load_tile %va[%i, %pm] padding = zero : !tile.view<?x?xf16> -> tensor<32x64xf16>
    %xt = tile.trans %x, [1, 0] : tensor<32x64xf16> -> tensor<64x32xf16>
    %y = tile.load_tile %vb[%pn, %i] padding = zero : !tile.view<?x?xf16> -> tensor<64x32xf16>
    %yt = tile.trans %y, [1, 0] : tensor<64x32xf16> -> tensor<32x64xf16>
    %d = tile.dot %xt, %yt, %s : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store_tile %acc, %vc[%pm, %pn] : tensor<64x64xf32>, !tile.view<?x?xf32>
  tile.return
}
