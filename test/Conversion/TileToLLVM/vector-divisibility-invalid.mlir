// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Malformed `tile.divisibility` promises on kernel parameters.

// expected-error @+1 {{'tile.divisibility' of argument #0 must be a positive power-of-two integer (for example {tile.divisibility = 16 : i64}), got 12 : i64}}
tile.kernel @not_pow2(%n: i32 {tile.divisibility = 12 : i64}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility' of argument #0 must be a positive power-of-two integer}}
tile.kernel @negative(%n: i32 {tile.divisibility = -16 : i64}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility' of argument #0 must be a positive power-of-two integer}}
tile.kernel @zero(%n: i64 {tile.divisibility = 0 : i64}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility' of argument #0 must be a positive power-of-two integer}}
tile.kernel @not_integer(%n: i32 {tile.divisibility = "16"}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility' on argument #0 of type 'index': only !tile.ptr and integer parameters can carry it}}
tile.kernel @on_index(%n: index {tile.divisibility = 16 : i64}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility' on argument #1 of type 'f32': only !tile.ptr and integer parameters can carry it}}
tile.kernel @on_float(%n: i32 {tile.divisibility = 16 : i64}, %f: f32 {tile.divisibility = 16 : i64}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility = 2147483648' on parameter #0 of type 'i32' leaves no positive multiple that fits; use a power of two below 2^31 (or a wider integer)}}
tile.kernel @too_large(%n: i32 {tile.divisibility = 2147483648 : i64}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility = 256' on parameter #0 of type 'i8' leaves no positive multiple that fits; use a power of two below 2^7 (or a wider integer)}}
tile.kernel @too_large_i8(%n: i8 {tile.divisibility = 256 : i64}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility' on the i1 parameter #0 promises nothing; remove it}}
tile.kernel @on_i1(%b: i1 {tile.divisibility = 1 : i64}) {
  tile.return
}
