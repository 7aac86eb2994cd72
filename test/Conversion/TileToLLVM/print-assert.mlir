// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm | FileCheck %s
// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm=enable-asserts=true | FileCheck %s --check-prefix=ON

// tile.print: vprintf with one format string per operand kind, the program
// id first; tile.assert: a call to __assertfail with the message, the file
// and line of the op and the kernel's name, compiled in only when enabled.

#l = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>

// CHECK-DAG: llvm.mlir.global internal constant @tile_str_{{[0-9]+}}("pid (%d, %d, %d) tid (%d) x = (operand 0) %d\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @tile_str_{{[0-9]+}}("pid (%d, %d, %d) idx (%d) x = (operand 1) %f\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @tile_str_{{[0-9]+}}("pid (%d, %d, %d) tid (%d) 100%% done\0A\00")
// CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @print
// The argument buffers are allocated once per operand, at the entry.
// CHECK-DAG: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32)>
// CHECK-DAG: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, f64)>
// CHECK-DAG: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32)>
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: nvvm.read.ptx.sreg.ctaid.y
// CHECK: nvvm.read.ptx.sreg.ctaid.z
// CHECK: llvm.call @vprintf
// Two registers per thread: two calls, each f32 widened to double.
// CHECK: llvm.fpext %{{.*}} : f32 to f64
// CHECK: llvm.call @vprintf
// CHECK: llvm.fpext %{{.*}} : f32 to f64
// CHECK: llvm.call @vprintf
// CHECK: llvm.call @vprintf
// CHECK-NOT: llvm.call @vprintf
// CHECK: llvm.return
tile.kernel @print(%i: i32, %f: f32) attributes {num_warps = 2 : i32} {
  %t = tile.splat %f : f32 -> tensor<128xf32, #l>
  tile.print "x = " %i, %t : i32, tensor<128xf32, #l>
  tile.print "100% done"
  tile.return
}

// -----

// 64 elements over 64 threads with 2 registers each: lane bit 4 is a copy,
// so only lanes 0..15 of each warp print (under an scf.if).
#l = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
// CHECK-LABEL: llvm.func @print_replicated
// CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32)
// CHECK: llvm.and %{{.*}}, %[[C16]]
// CHECK: %[[OWN:.*]] = llvm.icmp "eq"
// CHECK: scf.if %[[OWN]] {
// CHECK: llvm.call @vprintf
tile.kernel @print_replicated(%f: i64) attributes {num_warps = 2 : i32} {
  %t = tile.splat %f : i64 -> tensor<32xi64, #l>
  tile.print "" %t : tensor<32xi64, #l>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>

// Without enable-asserts (and no attribute) the assert is erased.
// CHECK-LABEL: llvm.func @assert_off
// CHECK-NOT: __assertfail
// CHECK: llvm.return
// ON-LABEL: llvm.func @assert_off
// ON: %[[T:.*]] = llvm.mlir.constant(true)
// ON: %[[F0:.*]] = llvm.xor %{{.*}}, %[[T]]
// ON: %[[F1:.*]] = llvm.xor %{{.*}}, %{{.*}}
// ON: %[[ANY:.*]] = llvm.or %[[F0]], %[[F1]]
// ON: scf.if %[[ANY]] {
// ON: %[[MSG:.*]] = llvm.mlir.addressof @[[MSGSYM:tile_str_[0-9]+]]
// ON: %[[FILE:.*]] = llvm.mlir.addressof @[[FILESYM:tile_str_[0-9]+]]
// ON: %[[FN:.*]] = llvm.mlir.addressof @[[FNSYM:tile_str_[0-9]+]]
// ON: %[[LINE:.*]] = llvm.mlir.constant([[#@LINE+7]] : i32)
// ON: %[[ONE:.*]] = llvm.mlir.constant(1 : i64)
// ON: llvm.call @__assertfail(%[[MSG]], %[[FILE]], %[[LINE]], %[[FN]], %[[ONE]])
tile.kernel @assert_off(%n: i32) attributes {num_warps = 2 : i32} {
  %offs = tile.arange 0, 128 : tensor<128xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<128xi32, #l>
  %ok = arith.cmpi slt, %offs, %nv : tensor<128xi32, #l>
  tile.assert %ok, "offs < n" : tensor<128xi1, #l>
  tile.return
}

// -----

// The kernel attribute turns asserts on without the option.
// CHECK-DAG: llvm.mlir.global internal constant @{{.*}}("i is negative\00")
// CHECK-DAG: llvm.mlir.global internal constant @{{.*}}("{{.*}}print-assert.mlir\00")
// CHECK-DAG: llvm.mlir.global internal constant @{{.*}}("assert_on\00")
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
// CHECK-LABEL: llvm.func @assert_on
// CHECK: scf.if
// CHECK: llvm.call @__assertfail
tile.kernel @assert_on(%i: i32) attributes {tile.enable_asserts} {
  %c0 = arith.constant 0 : i32
  %ok = arith.cmpi sge, %i, %c0 : i32
  tile.assert %ok, "i is negative" : i1
  tile.return
}
