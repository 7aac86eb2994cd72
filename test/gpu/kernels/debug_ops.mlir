// tile.print, tile.assert and the bounded mbarrier wait of a kernel with
// asserts enabled on the GPU (test/gpu/cases_atomics.py runs
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

// A wait that never completes: phase 0 of a fresh mbarrier nobody arrives
// at (a wrong parity in a real kernel). With asserts enabled the wait gives
// up after 10 s of %globaltimer and the kernel stops with a device assert
// naming this line, instead of hanging.
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
tile.kernel @wait_never(%n: i32) attributes {tile.enable_asserts} {
  %bar = layout.local_alloc : !layout.memdesc<1xi64, #bl>
  layout.init_barrier %bar, 1 : !layout.memdesc<1xi64, #bl>
  %c0 = arith.constant 0 : i32
  layout.wait_barrier %bar, %c0 : !layout.memdesc<1xi64, #bl>
  tile.return
}
