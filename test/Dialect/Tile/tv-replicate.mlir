// RUN: tile-opt %s -split-input-file --tile-assign-layouts -mlir-print-local-scope | FileCheck %s

// A CuTe TV layout of fewer threads than the kernel (the tutorial's 8
// threads, ((2,4),(2,2)):((8,1),(4,16)), in a kernel of 4 warps) is
// replicated: lanes 8..31 hold copies (zero lane bases) and
// tile-assign-layouts adds `warps = 4` (zero warp bases), in tensor types,
// in slices of them and in op attributes alike. A layout that already
// spans the kernel's warps is left as written.

// CHECK-LABEL: tile.kernel @tutorial_tv
// CHECK: tile.load_tile {{.*}} -> tensor<4x8xf32, #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16)), warps = 4>>
// CHECK: tile.reduce {{.*}} -> tensor<4xf32, #layout.slice<dim = 1, parent = #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16)), warps = 4>>>
// CHECK: tile.store_tile {{.*}} : tensor<4x8xf32, #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16)), warps = 4>>
tile.kernel @tutorial_tv(%a: !tile.ptr<f32>, %o: !tile.ptr<f32>, %s: !tile.ptr<f32>)
    attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %va = tile.make_view %a, shape [4, 8] : !tile.ptr<f32> -> !tile.view<4x8xf32>
  %vo = tile.make_view %o, shape [4, 8] : !tile.ptr<f32> -> !tile.view<4x8xf32>
  %vs = tile.make_view %s, shape [4] : !tile.ptr<f32> -> !tile.view<4xf32>
  %t = tile.load_tile %va[%c0, %c0] : !tile.view<4x8xf32> -> tensor<4x8xf32, #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16))>>
  %r = tile.reduce sum %t {axis = 1 : i32} : tensor<4x8xf32, #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16))>> -> tensor<4xf32, #layout.slice<dim = 1, parent = #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16))>>>
  tile.store_tile %r, %vs[%c0] : tensor<4xf32, #layout.slice<dim = 1, parent = #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16))>>>, !tile.view<4xf32>
  tile.store_tile %t, %vo[%c0, %c0] : tensor<4x8xf32, #layout.tv<tile = (4,8), tv = ((2,4),(2,2)):((8,1),(4,16))>>, !tile.view<4x8xf32>
  tile.return
}

// -----

// 64 threads in a kernel of 2 warps: as written.
// CHECK-LABEL: tile.kernel @whole
// CHECK: tensor<16x16xf32, #layout.tv<threads = (16,4):(4,1), values = (1,4)>>
tile.kernel @whole(%a: !tile.ptr<f32>) attributes {num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %va = tile.make_view %a, shape [16, 16] : !tile.ptr<f32> -> !tile.view<16x16xf32>
  %t = tile.load_tile %va[%c0, %c0] : !tile.view<16x16xf32> -> tensor<16x16xf32, #layout.tv<threads = (16,4):(4,1), values = (1,4)>>
  tile.store_tile %t, %va[%c0, %c0] : tensor<16x16xf32, #layout.tv<threads = (16,4):(4,1), values = (1,4)>>, !tile.view<16x16xf32>
  tile.return
}
