// RUN: tile-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// Every diagnostic of #layout.tv (CuTe TV layouts), one case each.

// A TV layout must cover its tile: bit 5 of the index (32) is owned by no
// thread and no value.
// expected-error @+1 {{#layout.tv: the TV layout (32,2):(1,64) does not cover its tile of 128 elements (some tile coordinates are owned by no thread)}}
"test.use"() {a = #layout.tv<tile = (8,16), tv = (32,2):(1,64)>} : () -> ()

// -----

// expected-error @+1 {{#layout.tv: the TV layout (32,4):(1,32) reaches index 64, outside the tile of 64 elements}}
"test.use"() {a = #layout.tv<tile = (8,8), tv = (32,4):(1,32)>} : () -> ()

// -----

// A thread mode that is not a power of two (fewer threads than a warp are
// fine: the other lanes hold copies).
// expected-error @+1 {{#layout.tv: the TV layout (6,2):(1,6) has 6 threads, not a power of two; pad the thread mode to 8 threads}}
"test.use"() {a = #layout.tv<tile = (4,4), tv = (6,2):(1,6)>} : () -> ()

// -----

// `warps = N` replicates the layout over N warps: at least its own.
// expected-error @+1 {{#layout.tv: warps = 2 must be a power of two of at least the 4 warps the TV layout (128,2):(1,128) spans}}
"test.use"() {a = #layout.tv<tile = (16,16), tv = (128,2):(1,128), warps = 2>} : () -> ()

// -----

// expected-error @+1 {{warps = 0 in #layout.tv is not positive}}
"test.use"() {a = #layout.tv<threads = (8,4):(4,1), values = (1,4), warps = 0>} : () -> ()

// -----

// A stride that is not a power of two has no linear form.
// expected-error @+1 {{#layout.tv: the TV layout (32,4):(1,24) has no linear form}}
"test.use"() {a = #layout.tv<tile = (8,16), tv = (32,4):(1,24)>} : () -> ()

// -----

// expected-error @+1 {{#layout.tv: the tile extent 12 is not a power of two}}
"test.use"() {a = #layout.tv<tile = (8,12), tv = (32,3):(1,32)>} : () -> ()

// -----

// expected-error @+1 {{#layout.tv: the thread layout (8,4):(4,1) has rank 2 but values has 1 extents; give one per dim}}
"test.use"() {a = #layout.tv<threads = (8,4):(4,1), values = (4)>} : () -> ()

// -----

// expected-error @+1 {{expected 'tile = (...), tv = L' or 'threads = L, values = (...)' in #layout.tv, got 'thr'}}
"test.use"() {a = #layout.tv<thr = (8,4):(4,1), values = (1,4)>} : () -> ()
