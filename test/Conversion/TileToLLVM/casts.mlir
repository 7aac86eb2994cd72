// RUN: tile-opt %s --split-input-file --convert-tile-to-llvm | FileCheck %s

// Float casts on tensors become the packed PTX conversions: registers
// (0, 1), (2, 3), ... of a thread go through one cvt. The two-operand forms
// (cvt.rn.f16x2.f32 d, a, b) put `a` in the high half, so a pair is passed
// as (r1, r0) and element 0 of the result is register 0. Conversions to fp8
// are rn + satfinite; fp8 registers are i8.

#l4 = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @f32_to_f16
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[3] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[S]][0]
// CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[S]][1]
// CHECK-NEXT: %[[R2:.*]] = llvm.extractvalue %[[S]][2]
// CHECK-NEXT: %[[R3:.*]] = llvm.extractvalue %[[S]][3]
// CHECK-NEXT: %[[P0:.*]] = nvvm.convert.f32x2.to.f16x2 %[[R1]], %[[R0]] {rnd = #nvvm.fp_rnd_mode<rn>} : vector<2xf16>
// CHECK-NEXT: %[[I0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[O0:.*]] = llvm.extractelement %[[P0]][%[[I0]] : i32]
// CHECK-NEXT: %[[I1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[O1:.*]] = llvm.extractelement %[[P0]][%[[I1]] : i32]
// CHECK-NEXT: %[[P1:.*]] = nvvm.convert.f32x2.to.f16x2 %[[R3]], %[[R2]] {rnd = #nvvm.fp_rnd_mode<rn>} : vector<2xf16>
// CHECK-NEXT: %[[I2:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[O2:.*]] = llvm.extractelement %[[P1]][%[[I2]] : i32]
// CHECK-NEXT: %[[I3:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[O3:.*]] = llvm.extractelement %[[P1]][%[[I3]] : i32]
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(f16, f16, f16, f16)>
// CHECK-NEXT: %[[V0:.*]] = llvm.insertvalue %[[O0]], %[[U]][0]
// CHECK-NEXT: %[[V1:.*]] = llvm.insertvalue %[[O1]], %[[V0]][1]
// CHECK-NEXT: %[[V2:.*]] = llvm.insertvalue %[[O2]], %[[V1]][2]
// CHECK-NEXT: llvm.insertvalue %[[O3]], %[[V2]][3]
// CHECK-NOT: llvm.fptrunc
tile.kernel @f32_to_f16(%x: !tile.ptr<f32>, %y: !tile.ptr<f16>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [128] : !tile.ptr<f32> -> !tile.view<128xf32>
  %vy = tile.make_view %y, shape [128] : !tile.ptr<f16> -> !tile.view<128xf16>
  %t = tile.load_tile %vx[%c0] : !tile.view<128xf32> -> tensor<128xf32, #l4>
  %r = arith.truncf %t : tensor<128xf32, #l4> to tensor<128xf16, #l4>
  tile.store_tile %r, %vy[%c0] : tensor<128xf16, #l4>, !tile.view<128xf16>
  tile.return
}

// -----

#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @f32_to_bf16
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[S]][0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[S]][1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %[[P:.*]] = nvvm.convert.f32x2.to.bf16x2 %[[R1]], %[[R0]] {rnd = #nvvm.fp_rnd_mode<rn>} : vector<2xbf16>
// CHECK-NEXT: %[[I0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[O0:.*]] = llvm.extractelement %[[P]][%[[I0]] : i32] : vector<2xbf16>
// CHECK-NEXT: %[[I1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[O1:.*]] = llvm.extractelement %[[P]][%[[I1]] : i32] : vector<2xbf16>
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(bf16, bf16)>
// CHECK-NEXT: %[[V0:.*]] = llvm.insertvalue %[[O0]], %[[U]][0]
// CHECK-NEXT: llvm.insertvalue %[[O1]], %[[V0]][1]
tile.kernel @f32_to_bf16(%x: !tile.ptr<f32>, %y: !tile.ptr<bf16>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  %vy = tile.make_view %y, shape [64] : !tile.ptr<bf16> -> !tile.view<64xbf16>
  %t = tile.load_tile %vx[%c0] : !tile.view<64xf32> -> tensor<64xf32, #l2>
  %r = arith.truncf %t : tensor<64xf32, #l2> to tensor<64xbf16, #l2>
  tile.store_tile %r, %vy[%c0] : tensor<64xbf16, #l2>, !tile.view<64xbf16>
  tile.return
}

// -----

#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @f32_to_e4m3
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[S]][0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[S]][1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %[[P:.*]] = nvvm.convert.f32x2.to.f8x2 %[[R1]], %[[R0]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E4M3FN)
// CHECK-NEXT: %[[I0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[O0:.*]] = llvm.extractelement %[[P]][%[[I0]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[I1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[O1:.*]] = llvm.extractelement %[[P]][%[[I1]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[V0:.*]] = llvm.insertvalue %[[O0]], %[[U]][0]
// CHECK-NEXT: llvm.insertvalue %[[O1]], %[[V0]][1]
tile.kernel @f32_to_e4m3(%x: !tile.ptr<f32>, %y: !tile.ptr<f8E4M3FN>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  %vy = tile.make_view %y, shape [64] : !tile.ptr<f8E4M3FN> -> !tile.view<64xf8E4M3FN>
  %t = tile.load_tile %vx[%c0] : !tile.view<64xf32> -> tensor<64xf32, #l2>
  %r = arith.truncf %t : tensor<64xf32, #l2> to tensor<64xf8E4M3FN, #l2>
  tile.store_tile %r, %vy[%c0] : tensor<64xf8E4M3FN, #l2>, !tile.view<64xf8E4M3FN>
  tile.return
}

// -----

#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @f32_to_e5m2
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[S]][0] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[S]][1] : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %[[P:.*]] = nvvm.convert.f32x2.to.f8x2 %[[R1]], %[[R0]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E5M2)
// CHECK-NEXT: %[[I0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[O0:.*]] = llvm.extractelement %[[P]][%[[I0]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[I1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[O1:.*]] = llvm.extractelement %[[P]][%[[I1]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[V0:.*]] = llvm.insertvalue %[[O0]], %[[U]][0]
// CHECK-NEXT: llvm.insertvalue %[[O1]], %[[V0]][1]
tile.kernel @f32_to_e5m2(%x: !tile.ptr<f32>, %y: !tile.ptr<f8E5M2>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  %vy = tile.make_view %y, shape [64] : !tile.ptr<f8E5M2> -> !tile.view<64xf8E5M2>
  %t = tile.load_tile %vx[%c0] : !tile.view<64xf32> -> tensor<64xf32, #l2>
  %r = arith.truncf %t : tensor<64xf32, #l2> to tensor<64xf8E5M2, #l2>
  tile.store_tile %r, %vy[%c0] : tensor<64xf8E5M2, #l2>, !tile.view<64xf8E5M2>
  tile.return
}

// -----

#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @f16_to_e4m3
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct<(f16, f16)>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[S]][0] : !llvm.struct<(f16, f16)>
// CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[S]][1] : !llvm.struct<(f16, f16)>
// CHECK-NEXT: %[[PU:.*]] = llvm.mlir.poison : vector<2xf16>
// CHECK-NEXT: %[[J0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[PV0:.*]] = llvm.insertelement %[[R0]], %[[PU]][%[[J0]] : i32] : vector<2xf16>
// CHECK-NEXT: %[[J1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[PV:.*]] = llvm.insertelement %[[R1]], %[[PV0]][%[[J1]] : i32] : vector<2xf16>
// CHECK-NEXT: %[[P:.*]] = nvvm.convert.f16x2.to.f8x2 %[[PV]] : vector<2xf16> -> vector<2xi8>(f8E4M3FN)
// CHECK-NEXT: %[[I0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[O0:.*]] = llvm.extractelement %[[P]][%[[I0]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[I1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[O1:.*]] = llvm.extractelement %[[P]][%[[I1]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[V0:.*]] = llvm.insertvalue %[[O0]], %[[U]][0]
// CHECK-NEXT: llvm.insertvalue %[[O1]], %[[V0]][1]
tile.kernel @f16_to_e4m3(%x: !tile.ptr<f16>, %y: !tile.ptr<f8E4M3FN>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [64] : !tile.ptr<f16> -> !tile.view<64xf16>
  %vy = tile.make_view %y, shape [64] : !tile.ptr<f8E4M3FN> -> !tile.view<64xf8E4M3FN>
  %t = tile.load_tile %vx[%c0] : !tile.view<64xf16> -> tensor<64xf16, #l2>
  %r = arith.truncf %t : tensor<64xf16, #l2> to tensor<64xf8E4M3FN, #l2>
  tile.store_tile %r, %vy[%c0] : tensor<64xf8E4M3FN, #l2>, !tile.view<64xf8E4M3FN>
  tile.return
}

// -----

#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @bf16_to_e5m2
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct<(bf16, bf16)>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[S]][0] : !llvm.struct<(bf16, bf16)>
// CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[S]][1] : !llvm.struct<(bf16, bf16)>
// CHECK-NEXT: %[[E0:.*]] = llvm.fpext %[[R0]] : bf16 to f32
// CHECK-NEXT: %[[E1:.*]] = llvm.fpext %[[R1]] : bf16 to f32
// CHECK-NEXT: %[[P:.*]] = nvvm.convert.f32x2.to.f8x2 %[[E1]], %[[E0]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E5M2)
// CHECK-NEXT: %[[I0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[O0:.*]] = llvm.extractelement %[[P]][%[[I0]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[I1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[O1:.*]] = llvm.extractelement %[[P]][%[[I1]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[V0:.*]] = llvm.insertvalue %[[O0]], %[[U]][0]
// CHECK-NEXT: llvm.insertvalue %[[O1]], %[[V0]][1]
tile.kernel @bf16_to_e5m2(%x: !tile.ptr<bf16>, %y: !tile.ptr<f8E5M2>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [64] : !tile.ptr<bf16> -> !tile.view<64xbf16>
  %vy = tile.make_view %y, shape [64] : !tile.ptr<f8E5M2> -> !tile.view<64xf8E5M2>
  %t = tile.load_tile %vx[%c0] : !tile.view<64xbf16> -> tensor<64xbf16, #l2>
  %r = arith.truncf %t : tensor<64xbf16, #l2> to tensor<64xf8E5M2, #l2>
  tile.store_tile %r, %vy[%c0] : tensor<64xf8E5M2, #l2>, !tile.view<64xf8E5M2>
  tile.return
}

// -----

#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @e4m3_to_f16
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[S]][0] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[S]][1] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[PU:.*]] = llvm.mlir.poison : vector<2xi8>
// CHECK-NEXT: %[[J0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[PV0:.*]] = llvm.insertelement %[[R0]], %[[PU]][%[[J0]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[J1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[PV:.*]] = llvm.insertelement %[[R1]], %[[PV0]][%[[J1]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[P:.*]] = nvvm.convert.f8x2.to.f16x2 %[[PV]] : vector<2xi8>(f8E4M3FN) -> vector<2xf16>
// CHECK-NEXT: %[[I0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[O0:.*]] = llvm.extractelement %[[P]][%[[I0]] : i32] : vector<2xf16>
// CHECK-NEXT: %[[I1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[O1:.*]] = llvm.extractelement %[[P]][%[[I1]] : i32] : vector<2xf16>
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(f16, f16)>
// CHECK-NEXT: %[[V0:.*]] = llvm.insertvalue %[[O0]], %[[U]][0]
// CHECK-NEXT: llvm.insertvalue %[[O1]], %[[V0]][1]
tile.kernel @e4m3_to_f16(%x: !tile.ptr<f8E4M3FN>, %y: !tile.ptr<f16>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [64] : !tile.ptr<f8E4M3FN> -> !tile.view<64xf8E4M3FN>
  %vy = tile.make_view %y, shape [64] : !tile.ptr<f16> -> !tile.view<64xf16>
  %t = tile.load_tile %vx[%c0] : !tile.view<64xf8E4M3FN> -> tensor<64xf8E4M3FN, #l2>
  %r = arith.extf %t : tensor<64xf8E4M3FN, #l2> to tensor<64xf16, #l2>
  tile.store_tile %r, %vy[%c0] : tensor<64xf16, #l2>, !tile.view<64xf16>
  tile.return
}

// -----

#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @e5m2_to_f32
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[S]][0] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[S]][1] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[PU:.*]] = llvm.mlir.poison : vector<2xi8>
// CHECK-NEXT: %[[J0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[PV0:.*]] = llvm.insertelement %[[R0]], %[[PU]][%[[J0]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[J1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[PV:.*]] = llvm.insertelement %[[R1]], %[[PV0]][%[[J1]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[P:.*]] = nvvm.convert.f8x2.to.f16x2 %[[PV]] : vector<2xi8>(f8E5M2) -> vector<2xf16>
// CHECK-NEXT: %[[I0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[H0:.*]] = llvm.extractelement %[[P]][%[[I0]] : i32] : vector<2xf16>
// CHECK-NEXT: %[[I1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[H1:.*]] = llvm.extractelement %[[P]][%[[I1]] : i32] : vector<2xf16>
// CHECK-NEXT: %[[F0:.*]] = llvm.fpext %[[H0]] : f16 to f32
// CHECK-NEXT: %[[F1:.*]] = llvm.fpext %[[H1]] : f16 to f32
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(f32, f32)>
// CHECK-NEXT: %[[V0:.*]] = llvm.insertvalue %[[F0]], %[[U]][0]
// CHECK-NEXT: llvm.insertvalue %[[F1]], %[[V0]][1]
tile.kernel @e5m2_to_f32(%x: !tile.ptr<f8E5M2>, %y: !tile.ptr<f32>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [64] : !tile.ptr<f8E5M2> -> !tile.view<64xf8E5M2>
  %vy = tile.make_view %y, shape [64] : !tile.ptr<f32> -> !tile.view<64xf32>
  %t = tile.load_tile %vx[%c0] : !tile.view<64xf8E5M2> -> tensor<64xf8E5M2, #l2>
  %r = arith.extf %t : tensor<64xf8E5M2, #l2> to tensor<64xf32, #l2>
  tile.store_tile %r, %vy[%c0] : tensor<64xf32, #l2>, !tile.view<64xf32>
  tile.return
}

// -----

#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @e4m3_to_bf16
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[S]][0] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[S]][1] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[PU:.*]] = llvm.mlir.poison : vector<2xi8>
// CHECK-NEXT: %[[J0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[PV0:.*]] = llvm.insertelement %[[R0]], %[[PU]][%[[J0]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[J1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[PV:.*]] = llvm.insertelement %[[R1]], %[[PV0]][%[[J1]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[P:.*]] = nvvm.convert.f8x2.to.f16x2 %[[PV]] : vector<2xi8>(f8E4M3FN) -> vector<2xf16>
// CHECK: %[[F0:.*]] = llvm.fpext %{{.*}} : f16 to f32
// CHECK-NEXT: %[[F1:.*]] = llvm.fpext %{{.*}} : f16 to f32
// CHECK-NEXT: nvvm.convert.f32x2.to.bf16x2 %[[F1]], %[[F0]] {rnd = #nvvm.fp_rnd_mode<rn>} : vector<2xbf16>
tile.kernel @e4m3_to_bf16(%x: !tile.ptr<f8E4M3FN>, %y: !tile.ptr<bf16>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [64] : !tile.ptr<f8E4M3FN> -> !tile.view<64xf8E4M3FN>
  %vy = tile.make_view %y, shape [64] : !tile.ptr<bf16> -> !tile.view<64xbf16>
  %t = tile.load_tile %vx[%c0] : !tile.view<64xf8E4M3FN> -> tensor<64xf8E4M3FN, #l2>
  %r = arith.extf %t : tensor<64xf8E4M3FN, #l2> to tensor<64xbf16, #l2>
  tile.store_tile %r, %vy[%c0] : tensor<64xbf16, #l2>, !tile.view<64xbf16>
  tile.return
}

// -----

#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @i8_to_e4m3
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[S]][0] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[S]][1] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[F0:.*]] = llvm.sitofp %[[R0]] : i8 to f32
// CHECK-NEXT: %[[F1:.*]] = llvm.sitofp %[[R1]] : i8 to f32
// CHECK-NEXT: nvvm.convert.f32x2.to.f8x2 %[[F1]], %[[F0]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E4M3FN)
tile.kernel @i8_to_e4m3(%x: !tile.ptr<i8>, %y: !tile.ptr<f8E4M3FN>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [64] : !tile.ptr<i8> -> !tile.view<64xi8>
  %vy = tile.make_view %y, shape [64] : !tile.ptr<f8E4M3FN> -> !tile.view<64xf8E4M3FN>
  %t = tile.load_tile %vx[%c0] : !tile.view<64xi8> -> tensor<64xi8, #l2>
  %r = arith.sitofp %t : tensor<64xi8, #l2> to tensor<64xf8E4M3FN, #l2>
  tile.store_tile %r, %vy[%c0] : tensor<64xf8E4M3FN, #l2>, !tile.view<64xf8E4M3FN>
  tile.return
}

// -----

#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @e5m2_to_u8
// CHECK: %[[S:.*]] = llvm.insertvalue %{{.*}}[1] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[R0:.*]] = llvm.extractvalue %[[S]][0] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[R1:.*]] = llvm.extractvalue %[[S]][1] : !llvm.struct<(i8, i8)>
// CHECK-NEXT: %[[PU:.*]] = llvm.mlir.poison : vector<2xi8>
// CHECK-NEXT: %[[J0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[PV0:.*]] = llvm.insertelement %[[R0]], %[[PU]][%[[J0]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[J1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[PV:.*]] = llvm.insertelement %[[R1]], %[[PV0]][%[[J1]] : i32] : vector<2xi8>
// CHECK-NEXT: %[[P:.*]] = nvvm.convert.f8x2.to.f16x2 %[[PV]] : vector<2xi8>(f8E5M2) -> vector<2xf16>
// CHECK: %[[H0:.*]] = llvm.extractelement %[[P]]
// CHECK: %[[H1:.*]] = llvm.extractelement %[[P]]
// CHECK-NEXT: llvm.fptoui %[[H0]] : f16 to i8
// CHECK-NEXT: llvm.fptoui %[[H1]] : f16 to i8
tile.kernel @e5m2_to_u8(%x: !tile.ptr<f8E5M2>, %y: !tile.ptr<i8>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %vx = tile.make_view %x, shape [64] : !tile.ptr<f8E5M2> -> !tile.view<64xf8E5M2>
  %vy = tile.make_view %y, shape [64] : !tile.ptr<i8> -> !tile.view<64xi8>
  %t = tile.load_tile %vx[%c0] : !tile.view<64xf8E5M2> -> tensor<64xf8E5M2, #l2>
  %r = arith.fptoui %t : tensor<64xf8E5M2, #l2> to tensor<64xi8, #l2>
  tile.store_tile %r, %vy[%c0] : tensor<64xi8, #l2>, !tile.view<64xi8>
  tile.return
}

// -----

// A scalar is paired with a zero; fp8 constants are their bits (1.5 is
// 0x3C in e4m3, 0x3E in e5m2); select and bitcast work on the i8 registers.

#l2 = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// CHECK-LABEL: llvm.func @scalars
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr<1>, %[[S:.*]]: f32)
// CHECK: llvm.mlir.constant(60 : i8) : i8
// CHECK: llvm.mlir.constant(62 : i8) : i8
// CHECK: %[[SUM:.*]] = llvm.fadd %[[S]], %{{.*}} : f32
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK: %[[P:.*]] = nvvm.convert.f32x2.to.f8x2 %[[Z]], %[[SUM]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E4M3FN)
// CHECK: llvm.extractelement %[[P]]
// CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i8
// CHECK-NOT: llvm.bitcast
tile.kernel @scalars(%x: !tile.ptr<f8E4M3FN>, %s: f32) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %v = tile.make_view %x, shape [64] : !tile.ptr<f8E4M3FN> -> !tile.view<64xf8E4M3FN>
  %t = tile.load_tile %v[%c0] : !tile.view<64xf8E4M3FN> -> tensor<64xf8E4M3FN, #l2>
  %one = arith.constant dense<1.5> : tensor<64xf8E4M3FN, #l2>
  %e5 = arith.constant 1.5 : f8E5M2
  %e5f = arith.extf %e5 : f8E5M2 to f32
  %sum = arith.addf %s, %e5f : f32
  %ss = arith.truncf %sum : f32 to f8E4M3FN
  %sv = tile.splat %ss : f8E4M3FN -> tensor<64xf8E4M3FN, #l2>
  %bits = arith.bitcast %t : tensor<64xf8E4M3FN, #l2> to tensor<64xi8, #l2>
  %zero = arith.constant dense<0> : tensor<64xi8, #l2>
  %neg = arith.cmpi slt, %bits, %zero : tensor<64xi8, #l2>
  %r = arith.select %neg, %one, %sv : tensor<64xi1, #l2>, tensor<64xf8E4M3FN, #l2>
  tile.store_tile %r, %v[%c0] : tensor<64xf8E4M3FN, #l2>, !tile.view<64xf8E4M3FN>
  tile.return
}
