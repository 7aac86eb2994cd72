// Copies of 8- and 16-bit elements whose 16-byte vectors travel as packed
// 32-bit words (docs/Vectorization.md), run by cases_packed.py.

#l16 = #layout.blocked<sizePerThread = [16], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#l8 = #layout.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// i8 pointer tensors, aligned and masked: ld/st.global.v4.b32 of words
// (mask uniform when n % 16 == 0, else a per-element fallback).
tile.kernel @copy_i8_ptr(%x: !tile.ptr<i8> {tile.divisibility = 16 : i64},
                         %y: !tile.ptr<i8> {tile.divisibility = 16 : i64},
                         %n: i32) attributes {num_warps = 1 : i32} {
  %pid = tile.program_id x : i32
  %c = arith.constant 512 : i32
  %start = arith.muli %pid, %c : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l16>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l16>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l16>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l16>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l16>
  %xb = tile.splat %x : !tile.ptr<i8> -> tensor<512x!tile.ptr<i8>, #l16>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<i8>, #l16>, tensor<512xi32, #l16>
  %yb = tile.splat %y : !tile.ptr<i8> -> tensor<512x!tile.ptr<i8>, #l16>
  %yp = tile.addptr %yb, %offs : tensor<512x!tile.ptr<i8>, #l16>, tensor<512xi32, #l16>
  %a = tile.load %xp, %mask : tensor<512x!tile.ptr<i8>, #l16>
  %one = arith.constant dense<1> : tensor<512xi8, #l16>
  %b = arith.addi %a, %one : tensor<512xi8, #l16>
  tile.store %yp, %b, %mask : tensor<512x!tile.ptr<i8>, #l16>
  tile.return
}

// f16 views without alignment promises: versioned on one run-time test,
// the fast version one ld.global.v4.b32 per 8 halves.
tile.kernel @copy_f16_view(%x: !tile.ptr<f16>, %y: !tile.ptr<f16>, %n: i32)
    attributes {num_warps = 1 : i32} {
  %pid = tile.program_id x : i32
  %in = tile.make_view %x, shape [%n] : !tile.ptr<f16> -> !tile.view<?xf16>
  %out = tile.make_view %y, shape [%n] : !tile.ptr<f16> -> !tile.view<?xf16>
  %t = tile.load_tile %in[%pid] : !tile.view<?xf16> -> tensor<256xf16, #l8>
  %h = arith.addf %t, %t : tensor<256xf16, #l8>
  tile.store_tile %h, %out[%pid] : tensor<256xf16, #l8>, !tile.view<?xf16>
  tile.return
}

// i8 views: 16 bytes per vector, versioned.
tile.kernel @copy_i8_view(%x: !tile.ptr<i8>, %y: !tile.ptr<i8>, %n: i32)
    attributes {num_warps = 1 : i32} {
  %pid = tile.program_id x : i32
  %in = tile.make_view %x, shape [%n] : !tile.ptr<i8> -> !tile.view<?xi8>
  %out = tile.make_view %y, shape [%n] : !tile.ptr<i8> -> !tile.view<?xi8>
  %t = tile.load_tile %in[%pid] : !tile.view<?xi8> -> tensor<512xi8, #l16>
  tile.store_tile %t, %out[%pid] : tensor<512xi8, #l16>, !tile.view<?xi8>
  tile.return
}
