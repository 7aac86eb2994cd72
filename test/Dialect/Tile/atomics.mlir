// RUN: tile-opt %s | tile-opt | FileCheck %s

// Round trip of the atomics and the debug ops: defaults (sem = acq_rel,
// scope = gpu) are not printed, the others are.

#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: tile.kernel @atomics
// CHECK: tile.atomic_rmw add %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!tile.ptr<f32>, #{{.*}}>
// CHECK: tile.atomic_rmw max %{{.*}}, %{{.*}} sem = relaxed scope = cta : !tile.ptr<i32>
// CHECK: tile.atomic_rmw umin %{{.*}}, %{{.*}} sem = release : !tile.ptr<i32>
// CHECK: tile.atomic_rmw and %{{.*}}, %{{.*}} scope = sys : !tile.ptr<i64>
// CHECK: tile.atomic_rmw or %{{.*}}, %{{.*}} sem = acquire : !tile.ptr<i64>
// CHECK: tile.atomic_rmw xor %{{.*}}, %{{.*}} : !tile.ptr<i32>
// CHECK: tile.atomic_rmw xchg %{{.*}}, %{{.*}} : !tile.ptr<f32>
// CHECK: tile.atomic_cas %{{.*}}, %{{.*}}, %{{.*}} sem = acquire : !tile.ptr<i32>
// CHECK: tile.print "x = " %{{.*}}, %{{.*}} : i32, tensor<128xf32, #{{.*}}>
// CHECK: tile.print "hello"
// CHECK: tile.assert %{{.*}}, "x in range" : tensor<128xi1, #{{.*}}>
tile.kernel @atomics(%p: !tile.ptr<f32>, %q: !tile.ptr<i32>, %r: !tile.ptr<i64>,
                     %i: i32, %j: i64, %f: f32) attributes {tile.enable_asserts} {
  %offs = tile.arange 0, 128 : tensor<128xi32, #l>
  %pb = tile.splat %p : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>, #l>
  %ptrs = tile.addptr %pb, %offs : tensor<128x!tile.ptr<f32>, #l>, tensor<128xi32, #l>
  %v = tile.splat %f : f32 -> tensor<128xf32, #l>
  %c64 = arith.constant dense<64> : tensor<128xi32, #l>
  %m = arith.cmpi slt, %offs, %c64 : tensor<128xi32, #l>
  %0 = tile.atomic_rmw add %ptrs, %v, %m : tensor<128x!tile.ptr<f32>, #l>
  %1 = tile.atomic_rmw max %q, %i sem = relaxed scope = cta : !tile.ptr<i32>
  %2 = tile.atomic_rmw umin %q, %i sem = release : !tile.ptr<i32>
  %3 = tile.atomic_rmw and %r, %j scope = sys : !tile.ptr<i64>
  %4 = tile.atomic_rmw or %r, %j sem = acquire : !tile.ptr<i64>
  %5 = tile.atomic_rmw xor %q, %i : !tile.ptr<i32>
  %6 = tile.atomic_rmw xchg %p, %f : !tile.ptr<f32>
  %7 = tile.atomic_cas %q, %i, %1 sem = acquire : !tile.ptr<i32>
  tile.print "x = " %7, %0 : i32, tensor<128xf32, #l>
  tile.print "hello"
  tile.assert %m, "x in range" : tensor<128xi1, #l>
  tile.return
}
