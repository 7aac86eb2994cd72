// RUN: tile-opt %s -split-input-file | tile-opt -split-input-file | FileCheck %s

// tile.global_tensor: memory for one launch; extents are integers or
// integer kernel parameters; `zeroed` is kept; i64 extents print their type.

// CHECK-LABEL: tile.kernel @scratch
// CHECK: %[[A:.*]] = tile.global_tensor shape [%arg1, 64] zeroed : !tile.ptr<f32>
// CHECK: %[[B:.*]] = tile.global_tensor shape [128] : !tile.ptr<i32>
// CHECK: %[[C:.*]] = tile.global_tensor shape [%arg2 : i64, 2] zeroed : !tile.ptr<i8>
tile.kernel @scratch(%out: !tile.ptr<f32>, %m: i32, %k: i64) {
  %a = tile.global_tensor shape [%m, 64] zeroed : !tile.ptr<f32>
  %b = tile.global_tensor shape [128] : !tile.ptr<i32>
  %c = tile.global_tensor shape [%k : i64, 2] zeroed : !tile.ptr<i8>
  tile.return
}

// -----

// Two ops are two buffers: CSE keeps both.
// RUN: tile-opt %s -split-input-file --cse | FileCheck %s --check-prefix=CSE
// CSE-LABEL: tile.kernel @two
// CSE-COUNT-2: tile.global_tensor shape [16] zeroed
tile.kernel @two(%out: !tile.ptr<f32>) {
  %a = tile.global_tensor shape [16] zeroed : !tile.ptr<f32>
  %b = tile.global_tensor shape [16] zeroed : !tile.ptr<f32>
  %c0 = arith.constant 0 : i32
  %va = tile.make_view %a, shape [16] : !tile.ptr<f32> -> !tile.view<16xf32>
  %vb = tile.make_view %b, shape [16] : !tile.ptr<f32> -> !tile.view<16xf32>
  %vo = tile.make_view %out, shape [16] : !tile.ptr<f32> -> !tile.view<16xf32>
  %x = tile.load_tile %va[%c0] : !tile.view<16xf32> -> tensor<16xf32>
  %y = tile.load_tile %vb[%c0] : !tile.view<16xf32> -> tensor<16xf32>
  %s = arith.addf %x, %y : tensor<16xf32>
  tile.store_tile %s, %vo[%c0] : tensor<16xf32>, !tile.view<16xf32>
  tile.return
}

