// Casts between f32, f16, bf16, f8E4M3FN and f8E5M2 (test/gpu/cases_dtypes.py).
// Launch: grid (cdiv(n, 512)), 4 warps.

#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// f32 -> f16, bf16, e4m3, e5m2 (packed cvt; fp8 saturates).
tile.kernel @f32_to_narrow(%x: !tile.ptr<f32>, %h: !tile.ptr<f16>, %b: !tile.ptr<bf16>, %e: !tile.ptr<f8E4M3FN>, %f: !tile.ptr<f8E5M2>, %n: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %hb = tile.splat %h : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #l>
  %hp = tile.addptr %hb, %offs : tensor<512x!tile.ptr<f16>, #l>, tensor<512xi32, #l>
  %bb = tile.splat %b : !tile.ptr<bf16> -> tensor<512x!tile.ptr<bf16>, #l>
  %bp = tile.addptr %bb, %offs : tensor<512x!tile.ptr<bf16>, #l>, tensor<512xi32, #l>
  %eb = tile.splat %e : !tile.ptr<f8E4M3FN> -> tensor<512x!tile.ptr<f8E4M3FN>, #l>
  %ep = tile.addptr %eb, %offs : tensor<512x!tile.ptr<f8E4M3FN>, #l>, tensor<512xi32, #l>
  %fb = tile.splat %f : !tile.ptr<f8E5M2> -> tensor<512x!tile.ptr<f8E5M2>, #l>
  %fp = tile.addptr %fb, %offs : tensor<512x!tile.ptr<f8E5M2>, #l>, tensor<512xi32, #l>
  %xv = tile.load %xp, %mask : tensor<512x!tile.ptr<f32>, #l>
  %hr = arith.truncf %xv : tensor<512xf32, #l> to tensor<512xf16, #l>
  %br = arith.truncf %xv : tensor<512xf32, #l> to tensor<512xbf16, #l>
  %er = arith.truncf %xv : tensor<512xf32, #l> to tensor<512xf8E4M3FN, #l>
  %fr = arith.truncf %xv : tensor<512xf32, #l> to tensor<512xf8E5M2, #l>
  tile.store %hp, %hr, %mask : tensor<512x!tile.ptr<f16>, #l>
  tile.store %bp, %br, %mask : tensor<512x!tile.ptr<bf16>, #l>
  tile.store %ep, %er, %mask : tensor<512x!tile.ptr<f8E4M3FN>, #l>
  tile.store %fp, %fr, %mask : tensor<512x!tile.ptr<f8E5M2>, #l>
  tile.return
}

// f16, bf16, e4m3, e5m2 -> f32.
tile.kernel @narrow_to_f32(%h: !tile.ptr<f16>, %b: !tile.ptr<bf16>, %e: !tile.ptr<f8E4M3FN>, %f: !tile.ptr<f8E5M2>, %oh: !tile.ptr<f32>, %ob: !tile.ptr<f32>, %oe: !tile.ptr<f32>, %of: !tile.ptr<f32>, %n: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %hb = tile.splat %h : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #l>
  %hp = tile.addptr %hb, %offs : tensor<512x!tile.ptr<f16>, #l>, tensor<512xi32, #l>
  %bb = tile.splat %b : !tile.ptr<bf16> -> tensor<512x!tile.ptr<bf16>, #l>
  %bp = tile.addptr %bb, %offs : tensor<512x!tile.ptr<bf16>, #l>, tensor<512xi32, #l>
  %eb = tile.splat %e : !tile.ptr<f8E4M3FN> -> tensor<512x!tile.ptr<f8E4M3FN>, #l>
  %ep = tile.addptr %eb, %offs : tensor<512x!tile.ptr<f8E4M3FN>, #l>, tensor<512xi32, #l>
  %fb = tile.splat %f : !tile.ptr<f8E5M2> -> tensor<512x!tile.ptr<f8E5M2>, #l>
  %fp = tile.addptr %fb, %offs : tensor<512x!tile.ptr<f8E5M2>, #l>, tensor<512xi32, #l>
  %ohb = tile.splat %oh : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %ohp = tile.addptr %ohb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %obb = tile.splat %ob : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %obp = tile.addptr %obb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %oeb = tile.splat %oe : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %oep = tile.addptr %oeb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %ofb = tile.splat %of : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %ofp = tile.addptr %ofb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %hv = tile.load %hp, %mask : tensor<512x!tile.ptr<f16>, #l>
  %bv = tile.load %bp, %mask : tensor<512x!tile.ptr<bf16>, #l>
  %ev = tile.load %ep, %mask : tensor<512x!tile.ptr<f8E4M3FN>, #l>
  %fv = tile.load %fp, %mask : tensor<512x!tile.ptr<f8E5M2>, #l>
  %ohr = arith.extf %hv : tensor<512xf16, #l> to tensor<512xf32, #l>
  %obr = arith.extf %bv : tensor<512xbf16, #l> to tensor<512xf32, #l>
  %oer = arith.extf %ev : tensor<512xf8E4M3FN, #l> to tensor<512xf32, #l>
  %ofr = arith.extf %fv : tensor<512xf8E5M2, #l> to tensor<512xf32, #l>
  tile.store %ohp, %ohr, %mask : tensor<512x!tile.ptr<f32>, #l>
  tile.store %obp, %obr, %mask : tensor<512x!tile.ptr<f32>, #l>
  tile.store %oep, %oer, %mask : tensor<512x!tile.ptr<f32>, #l>
  tile.store %ofp, %ofr, %mask : tensor<512x!tile.ptr<f32>, #l>
  tile.return
}

// f16 -> e4m3/e5m2 (cvt ... f16x2), bf16 -> e4m3, and back: e4m3 -> f16, e5m2 -> bf16.
tile.kernel @half_fp8(%h: !tile.ptr<f16>, %b: !tile.ptr<bf16>, %he: !tile.ptr<f8E4M3FN>, %hf: !tile.ptr<f8E5M2>, %be: !tile.ptr<f8E4M3FN>, %eh: !tile.ptr<f16>, %fb: !tile.ptr<bf16>, %n: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %hb = tile.splat %h : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #l>
  %hp = tile.addptr %hb, %offs : tensor<512x!tile.ptr<f16>, #l>, tensor<512xi32, #l>
  %bb = tile.splat %b : !tile.ptr<bf16> -> tensor<512x!tile.ptr<bf16>, #l>
  %bp = tile.addptr %bb, %offs : tensor<512x!tile.ptr<bf16>, #l>, tensor<512xi32, #l>
  %heb = tile.splat %he : !tile.ptr<f8E4M3FN> -> tensor<512x!tile.ptr<f8E4M3FN>, #l>
  %hep = tile.addptr %heb, %offs : tensor<512x!tile.ptr<f8E4M3FN>, #l>, tensor<512xi32, #l>
  %hfb = tile.splat %hf : !tile.ptr<f8E5M2> -> tensor<512x!tile.ptr<f8E5M2>, #l>
  %hfp = tile.addptr %hfb, %offs : tensor<512x!tile.ptr<f8E5M2>, #l>, tensor<512xi32, #l>
  %beb = tile.splat %be : !tile.ptr<f8E4M3FN> -> tensor<512x!tile.ptr<f8E4M3FN>, #l>
  %bep = tile.addptr %beb, %offs : tensor<512x!tile.ptr<f8E4M3FN>, #l>, tensor<512xi32, #l>
  %ehb = tile.splat %eh : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #l>
  %ehp = tile.addptr %ehb, %offs : tensor<512x!tile.ptr<f16>, #l>, tensor<512xi32, #l>
  %fbb = tile.splat %fb : !tile.ptr<bf16> -> tensor<512x!tile.ptr<bf16>, #l>
  %fbp = tile.addptr %fbb, %offs : tensor<512x!tile.ptr<bf16>, #l>, tensor<512xi32, #l>
  %hv = tile.load %hp, %mask : tensor<512x!tile.ptr<f16>, #l>
  %bv = tile.load %bp, %mask : tensor<512x!tile.ptr<bf16>, #l>
  %her = arith.truncf %hv : tensor<512xf16, #l> to tensor<512xf8E4M3FN, #l>
  %hfr = arith.truncf %hv : tensor<512xf16, #l> to tensor<512xf8E5M2, #l>
  %ber = arith.truncf %bv : tensor<512xbf16, #l> to tensor<512xf8E4M3FN, #l>
  %ehr = arith.extf %her : tensor<512xf8E4M3FN, #l> to tensor<512xf16, #l>
  %fbr = arith.extf %hfr : tensor<512xf8E5M2, #l> to tensor<512xbf16, #l>
  tile.store %hep, %her, %mask : tensor<512x!tile.ptr<f8E4M3FN>, #l>
  tile.store %hfp, %hfr, %mask : tensor<512x!tile.ptr<f8E5M2>, #l>
  tile.store %bep, %ber, %mask : tensor<512x!tile.ptr<f8E4M3FN>, #l>
  tile.store %ehp, %ehr, %mask : tensor<512x!tile.ptr<f16>, #l>
  tile.store %fbp, %fbr, %mask : tensor<512x!tile.ptr<bf16>, #l>
  tile.return
}
