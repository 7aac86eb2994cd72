// The thread-value partition of the CuTe tutorial (cute tutorial 03,
// "thread-value划分"), as written there:
//
//   // (T8, V4) -> (M4, N8)
//   auto tv_layout = Layout<Shape <Shape <_2,_4>,Shape <_2, _2>>,
//                           Stride<Stride<_8,_1>,Stride<_4,_16>>>{};
//   Tensor A  = make_tensor<float>(Shape<_4,_8>{}, LayoutRight{}); // (4,8)
//   Tensor tv = composition(A, tv_layout);                          // (8,4)
//   Tensor v  = tv(threadIdx.x, _);             // the 4 values of a thread
//
// The TV layout has 8 threads: thread t = t0 + 2 t1 owns the tile
// the tile coordinates whose colex index (m + 4 n) is
// 8 t0 + t1 + 4 v0 + 16 v1: row t1, columns 2 t0 + v0 + 4 v1. The kernel
// has 4 warps (128 threads): lanes 8..31 and warps 1..3 hold copies of
// the 8 threads' values (the TV layout is replicated, zero lane and warp
// bases), and the store writes each element once (from the first copy).
//
//   out[i, j] = 2 * A[i, j] + 1
//
// A and out hold four of the tutorial's row-major 4x8 tensors one after
// the other, the 16x8 row-major (16,8):(8,1); program p takes the 4x8
// tile p (local_tile(A, (4,8), (p,0))). Launch: grid (4), 4 warps.

#tv = #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16))>
!A = !tile.view<16x8xf32, #layout.strided<(16,8):(8,1)>>

tile.kernel @cute_tv_partition(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>)
    attributes {num_warps = 4 : i32} {
  %p = tile.program_id x : i32
  %A = tile.make_view %a, shape [16, 8] : !tile.ptr<f32> -> !A
  %O = tile.make_view %out, shape [16, 8] : !tile.ptr<f32> -> !A
  %c0 = arith.constant 0 : i32
  // v = tv(threadIdx.x, _): each of the 8 threads loads its 4 values.
  %v = tile.load_tile %A[%p, %c0] : !A -> tensor<4x8xf32, #tv>
  %two = arith.constant dense<2.0> : tensor<4x8xf32, #tv>
  %one = arith.constant dense<1.0> : tensor<4x8xf32, #tv>
  %v2 = arith.mulf %v, %two : tensor<4x8xf32, #tv>
  %r = arith.addf %v2, %one : tensor<4x8xf32, #tv>
  tile.store_tile %r, %O[%p, %c0] : tensor<4x8xf32, #tv>, !A
  tile.return
}
