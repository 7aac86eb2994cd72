// RUN: tile-opt %s -split-input-file --tile-assign-layouts --tile-pipeline -verify-diagnostics

// A stage count whose buffers do not fit shared memory: an error at the
// loop with the bytes and the largest count that fits. 128x64 + 64x128 f16
// tiles (wgmma) take 32768 bytes per stage; C is column-major, so the
// epilogue converts the 128x128 f16 result to a layout coalesced along
// its columns, through 32768 bytes more.
tile.kernel @too_many_stages(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f16>,
                             %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [1, %m] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  // expected-error @below {{tile-pipeline: 7 stages (the loop's tile.num_stages) of this loop's buffers need 7 x 32768 = 229376 bytes of shared memory; with the 32768 bytes the kernel already uses (other buffers and layout conversion scratch) that is 262144 bytes, above the limit of 232448 (227 KiB); use at most 6 stages}}
  %acc = scf.for %i = %c0 to %kt step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %x = tile.load_tile %va[%pm, %i] padding = zero : !tile.view<?x?xf16> -> tensor<128x64xf16>
    %y = tile.load_tile %vb[%i, %pn] padding = zero : !tile.view<?x?xf16> -> tensor<64x128xf16>
    %d = tile.dot %x, %y, %s : tensor<128x64xf16>, tensor<64x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  } {tile.num_stages = 7 : i32}
  %h = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store_tile %h, %vc[%pm, %pn] : tensor<128x128xf16>, !tile.view<?x?xf16>
  tile.return
}

// -----

// The kernel's count applies to its loops; 2 stages of 128 KiB do not fit.
// The f32 result is stored from the accumulator's layout (no scratch).
tile.kernel @kernel_stages(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %c: !tile.ptr<f32>,
                           %m: i32, %n: i32, %k: i32, %kt: i32)
    attributes {num_warps = 8 : i32, tile.num_stages = 2 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %va = tile.make_view %a, shape [%m, %k] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n] : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n] : !tile.ptr<f32> -> !tile.view<?x?xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-error @below {{tile-pipeline: 2 stages (the kernel's tile.num_stages) of this loop's buffers need 2 x 131072 = 262144 bytes of shared memory; with the 0 bytes the kernel already uses (other buffers and layout conversion scratch) that is 262144 bytes, above the limit of 232448 (227 KiB); even 2 stages do not fit: use smaller tiles}}
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

tile.kernel @zero_stages(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @below {{'scf.for' op 'tile.num_stages' must be an integer from 1 (no pipelining) to 16, for example {tile.num_stages = 3 : i32}; got 0 : i32}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {tile.num_stages = 0 : i32}
  tile.return
}

// -----

// expected-error @below {{'tile.kernel' op 'tile.num_stages' must be an integer from 1 (no pipelining) to 16, for example {tile.num_stages = 3 : i32}; got "4"}}
tile.kernel @string_stages(%n: i32) attributes {tile.num_stages = "4"} {
  tile.return
}

// -----

tile.kernel @misplaced(%n: i32) {
  // expected-error @below {{'tile.program_id' op 'tile.num_stages' belongs on an scf.for (that loop) or a tile.kernel (every loop in it)}}
  %pm = tile.program_id x {tile.num_stages = 2 : i32} : i32
  tile.return
}
