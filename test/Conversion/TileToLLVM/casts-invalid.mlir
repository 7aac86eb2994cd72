// RUN: tile-opt %s -split-input-file --convert-tile-to-llvm -verify-diagnostics

// Errors on every target: arithmetic on fp8, f64 -> fp8, other small floats.

#l = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
tile.kernel @fp8_arith(%e: !tile.ptr<f8E4M3FN>, %d: f64) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %ve = tile.make_view %e, shape [64] : !tile.ptr<f8E4M3FN> -> !tile.view<64xf8E4M3FN>
  %t = tile.load_tile %ve[%c0] : !tile.view<64xf8E4M3FN> -> tensor<64xf8E4M3FN, #l>
  // expected-error @below {{'arith.addf' on f8E4M3FN has no GPU instruction; extend to f16 or f32 with arith.extf, compute there, and convert back with arith.truncf}}
  %s = arith.addf %t, %t : tensor<64xf8E4M3FN, #l>
  // expected-error @below {{'math.absf' on f8E4M3FN has no GPU instruction; extend to f16 or f32 with arith.extf, compute there, and convert back with arith.truncf}}
  %a = math.absf %s : tensor<64xf8E4M3FN, #l>
  tile.store_tile %a, %ve[%c0] : tensor<64xf8E4M3FN, #l>, !tile.view<64xf8E4M3FN>
  // expected-error @below {{'arith.truncf' from f64 to f8E4M3FN is not supported (it would round twice); truncate to f32 first}}
  %dq = arith.truncf %d : f64 to f8E4M3FN
  %dv = tile.splat %dq : f8E4M3FN -> tensor<64xf8E4M3FN, #l>
  tile.store_tile %dv, %ve[%c0] : tensor<64xf8E4M3FN, #l>, !tile.view<64xf8E4M3FN>
  tile.return
}

// -----

#l = #layout.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
tile.kernel @fnuz(%e: !tile.ptr<f8E4M3FNUZ>) attributes {num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %ve = tile.make_view %e, shape [64] : !tile.ptr<f8E4M3FNUZ> -> !tile.view<64xf8E4M3FNUZ>
  // expected-error @below {{element type f8E4M3FNUZ is not supported by the NVPTX lowering; use f16, bf16, f32, f64, f8E4M3FN or f8E5M2}}
  %t = tile.load_tile %ve[%c0] : !tile.view<64xf8E4M3FNUZ> -> tensor<64xf8E4M3FNUZ, #l>
  // expected-error @below {{element type f8E4M3FNUZ is not supported by the NVPTX lowering; use f16, bf16, f32, f64, f8E4M3FN or f8E5M2}}
  tile.store_tile %t, %ve[%c0] : tensor<64xf8E4M3FNUZ, #l>, !tile.view<64xf8E4M3FNUZ>
  tile.return
}
