// C = A * B on Hopper, warp-specialized: f16 inputs, f32 accumulation, f16
// output, any M, N, K; A and B row major with row strides (sam, sbk, in
// elements) that are multiples of 8 (16 bytes, as TMA needs; the launcher
// refuses others), and 16-byte aligned.
//
//   c[i * scm + j] = sum_k a[i * sam + k] * b[k * sbk + j]
//
// Launch: grid (cdiv(m, 128), cdiv(n, 256)); the kernel has 8 warps plus a
// 4-warp producer partition, so 12 warps (384 threads) per program, on
// sm_90 (compiled for sm_90a). Program (i, j) computes the 128x256 tile
// (i, j) of C, K 64 at a time, through a 4-slot ring of shared-memory
// buffers (48 KiB a slot: A 128x64, B 64x256) with two mbarriers a slot:
//
//   - full[s] completes when the TMA loads of slot s have landed (the
//     producer's expect-tx of 49152 bytes is its one arrival);
//   - empty[s] completes when the consumers are done reading slot s (one
//     arrival, after the consumers' named barrier).
//
// The producer partition (one warpgroup, 40 registers a thread: it holds
// no tiles) only issues TMA: step kt waits for empty[kt % 4] with parity
// ((kt / 4) & 1) ^ 1 (the first round passes at once), expects the bytes on
// full[kt % 4] and starts the two loads.
//
// The default partition (the kernel's 8 warps: two consumer warpgroups,
// 232 registers a thread for the 128-register accumulator) only issues
// wgmma: step kt waits for full[kt % 4] with parity (kt / 4) & 1, issues
// its wgmma asynchronously, waits until only that one is in flight (step
// kt - 1's is done) and releases step kt - 1's slot on empty[]. Then the
// epilogue: the last wgmma, f16, the store.
//
// 232 x 256 + 40 x 128 = 64512 registers of the CTA's 65536.

#mma = #layout.nvmma<versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]>
#nv = #layout.nvmma_shared<swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16>
#bl = #layout.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>

tile.kernel @matmul_ws(%a: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %b: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                       %c: !tile.ptr<f16>,
                       %m: i32, %n: i32, %k: i32,
                       %sam: i32, %sbk: i32, %scm: i32)
    attributes {num_warps = 8 : i32} {
  %pm = tile.program_id x : i32
  %pn = tile.program_id y : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %va = tile.make_view %a, shape [%m, %k], strides [%sam, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vb = tile.make_view %b, shape [%k, %n], strides [%sbk, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %vc = tile.make_view %c, shape [%m, %n], strides [%scm, 1]
        : !tile.ptr<f16> -> !tile.view<?x?xf16>
  %da = tile.make_tensor_desc %va : !tile.view<?x?xf16>
        -> !layout.tensordesc<128x64xf16, #nv>
  %db = tile.make_tensor_desc %vb : !tile.view<?x?xf16>
        -> !layout.tensordesc<64x256xf16, #nv>
  %sa = layout.local_alloc : !layout.memdesc<4x128x64xf16, #nv>
  %sb = layout.local_alloc : !layout.memdesc<4x64x256xf16, #nv>
  %full = layout.local_alloc : !layout.memdesc<4x1xi64, #bl>
  %empty = layout.local_alloc : !layout.memdesc<4x1xi64, #bl>
  scf.for %s = %c0 to %c4 step %c1 : i32 {
    %f = layout.memdesc_index %full[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %f, 1 : !layout.memdesc<1xi64, #bl>
    %e = layout.memdesc_index %empty[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
    layout.init_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
  }
  %row = arith.muli %pm, %c128 : i32
  %col = arith.muli %pn, %c256 : i32
  %kr = arith.addi %k, %c63 : i32
  %ktiles = arith.divsi %kr, %c64 : i32

  tile.warp_specialize default regs(232) {
    // Consumers: wgmma only.
    %zero = arith.constant dense<0.0> : tensor<128x256xf32, #mma>
    %acc = scf.for %kt = %c0 to %ktiles step %c1 iter_args(%sum = %zero)
        -> (tensor<128x256xf32, #mma>) : i32 {
      %s = arith.remsi %kt, %c4 : i32
      %round = arith.divsi %kt, %c4 : i32
      %phase = arith.andi %round, %c1 : i32
      %f = layout.memdesc_index %full[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %f, %phase : !layout.memdesc<1xi64, #bl>
      %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<4x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
      %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<4x64x256xf16, #nv> -> !layout.memdesc<64x256xf16, #nv>
      %d = tile.dot %ta, %tb, %sum async
           : !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<64x256xf16, #nv>
           -> tensor<128x256xf32, #mma>
      %next = tile.dot_wait %d {pendings = 1 : i32} : tensor<128x256xf32, #mma>
      // Step kt - 1's wgmma is done in both warpgroups: release its slot.
      %started = arith.cmpi sgt, %kt, %c0 : i32
      scf.if %started {
        %kp = arith.subi %kt, %c1 : i32
        %ps = arith.remsi %kp, %c4 : i32
        %e = layout.memdesc_index %empty[%ps] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
        layout.arrive_barrier %e, 1 : !layout.memdesc<1xi64, #bl>
      }
      scf.yield %next : tensor<128x256xf32, #mma>
    }
    %done = tile.dot_wait %acc {pendings = 0 : i32} : tensor<128x256xf32, #mma>
    %out = arith.truncf %done : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    tile.store_tile %out, %vc[%pm, %pn] : tensor<128x256xf16, #mma>, !tile.view<?x?xf16>
  } partition warps(4) regs(40) {
    // Producer: TMA only.
    scf.for %kt = %c0 to %ktiles step %c1 : i32 {
      %s = arith.remsi %kt, %c4 : i32
      %round = arith.divsi %kt, %c4 : i32
      %odd = arith.andi %round, %c1 : i32
      %phase = arith.xori %odd, %c1 : i32
      %e = layout.memdesc_index %empty[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      layout.wait_barrier %e, %phase : !layout.memdesc<1xi64, #bl>
      %f = layout.memdesc_index %full[%s] : !layout.memdesc<4x1xi64, #bl> -> !layout.memdesc<1xi64, #bl>
      %ta = layout.memdesc_index %sa[%s] : !layout.memdesc<4x128x64xf16, #nv> -> !layout.memdesc<128x64xf16, #nv>
      %tb = layout.memdesc_index %sb[%s] : !layout.memdesc<4x64x256xf16, #nv> -> !layout.memdesc<64x256xf16, #nv>
      %kk = arith.muli %kt, %c64 : i32
      layout.barrier_expect %f, 49152 : !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %da[%row, %kk] %ta, %f
          : !layout.tensordesc<128x64xf16, #nv>, !layout.memdesc<128x64xf16, #nv>, !layout.memdesc<1xi64, #bl>
      layout.async_tma_copy_global_to_local %db[%kk, %col] %tb, %f
          : !layout.tensordesc<64x256xf16, #nv>, !layout.memdesc<64x256xf16, #nv>, !layout.memdesc<1xi64, #bl>
    }
  }
  tile.return
}
