// tile.print and tile.assert on the GPU (test/gpu/cases_atomics.py runs
// them in a subprocess and checks what it prints and how it exits).

// 8 elements over one warp: lanes 8..31 hold copies and print nothing.
#w = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#l = #layout.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// Per program p: "t = " 100p + i for i < 8 (one line each), and
// "f = " 1.5 once per thread.
tile.kernel @print_values(%f: f32) attributes {num_warps = 1 : i32} {
  %pid = tile.program_id x : i32
  %c100 = arith.constant 100 : i32
  %base = arith.muli %pid, %c100 : i32
  %r = tile.arange 0, 8 : tensor<8xi32, #w>
  %bv = tile.splat %base : i32 -> tensor<8xi32, #w>
  %t = arith.addi %r, %bv : tensor<8xi32, #w>
  tile.print "t = " %t : tensor<8xi32, #w>
  tile.print "f = " %f : f32
  tile.return
}

// Fails for i >= n (asserts compiled in by the attribute).
tile.kernel @assert_on(%n: i32) attributes {tile.enable_asserts} {
  %offs = tile.arange 0, 128 : tensor<128xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<128xi32, #l>
  %ok = arith.cmpi slt, %offs, %nv : tensor<128xi32, #l>
  tile.assert %ok, "offs < n" : tensor<128xi1, #l>
  tile.return
}

// The same without the attribute: compiled out, never fires.
tile.kernel @assert_off(%n: i32) {
  %offs = tile.arange 0, 128 : tensor<128xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<128xi32, #l>
  %ok = arith.cmpi slt, %offs, %nv : tensor<128xi32, #l>
  tile.assert %ok, "offs < n" : tensor<128xi1, #l>
  tile.return
}
