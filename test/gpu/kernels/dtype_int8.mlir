// i8 loads, stores and conversions: sitofp to f16/bf16/f32/e4m3, uitofp to
// e5m2, fptosi f32 -> i8, extsi to i32, trunci back (test/gpu/cases_dtypes.py).
// Launch: grid (cdiv(n, 512)), 4 warps.

#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
tile.kernel @int8(%i: !tile.ptr<i8>, %x: !tile.ptr<f32>, %oh: !tile.ptr<f16>, %ob: !tile.ptr<bf16>, %of: !tile.ptr<f32>, %oe: !tile.ptr<f8E4M3FN>, %ox: !tile.ptr<i8>, %ow: !tile.ptr<i32>, %ot: !tile.ptr<i8>, %ou: !tile.ptr<f8E5M2>, %n: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %ib = tile.splat %i : !tile.ptr<i8> -> tensor<512x!tile.ptr<i8>, #l>
  %ip = tile.addptr %ib, %offs : tensor<512x!tile.ptr<i8>, #l>, tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %ohb = tile.splat %oh : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #l>
  %ohp = tile.addptr %ohb, %offs : tensor<512x!tile.ptr<f16>, #l>, tensor<512xi32, #l>
  %obb = tile.splat %ob : !tile.ptr<bf16> -> tensor<512x!tile.ptr<bf16>, #l>
  %obp = tile.addptr %obb, %offs : tensor<512x!tile.ptr<bf16>, #l>, tensor<512xi32, #l>
  %ofb = tile.splat %of : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>, #l>
  %ofp = tile.addptr %ofb, %offs : tensor<512x!tile.ptr<f32>, #l>, tensor<512xi32, #l>
  %oeb = tile.splat %oe : !tile.ptr<f8E4M3FN> -> tensor<512x!tile.ptr<f8E4M3FN>, #l>
  %oep = tile.addptr %oeb, %offs : tensor<512x!tile.ptr<f8E4M3FN>, #l>, tensor<512xi32, #l>
  %oxb = tile.splat %ox : !tile.ptr<i8> -> tensor<512x!tile.ptr<i8>, #l>
  %oxp = tile.addptr %oxb, %offs : tensor<512x!tile.ptr<i8>, #l>, tensor<512xi32, #l>
  %owb = tile.splat %ow : !tile.ptr<i32> -> tensor<512x!tile.ptr<i32>, #l>
  %owp = tile.addptr %owb, %offs : tensor<512x!tile.ptr<i32>, #l>, tensor<512xi32, #l>
  %otb = tile.splat %ot : !tile.ptr<i8> -> tensor<512x!tile.ptr<i8>, #l>
  %otp = tile.addptr %otb, %offs : tensor<512x!tile.ptr<i8>, #l>, tensor<512xi32, #l>
  %oub = tile.splat %ou : !tile.ptr<f8E5M2> -> tensor<512x!tile.ptr<f8E5M2>, #l>
  %oup = tile.addptr %oub, %offs : tensor<512x!tile.ptr<f8E5M2>, #l>, tensor<512xi32, #l>
  %iv = tile.load %ip, %mask : tensor<512x!tile.ptr<i8>, #l>
  %xv = tile.load %xp, %mask : tensor<512x!tile.ptr<f32>, #l>
  %ohr = arith.sitofp %iv : tensor<512xi8, #l> to tensor<512xf16, #l>
  %obr = arith.sitofp %iv : tensor<512xi8, #l> to tensor<512xbf16, #l>
  %ofr = arith.sitofp %iv : tensor<512xi8, #l> to tensor<512xf32, #l>
  %oer = arith.sitofp %iv : tensor<512xi8, #l> to tensor<512xf8E4M3FN, #l>
  %oxr = arith.fptosi %xv : tensor<512xf32, #l> to tensor<512xi8, #l>
  %owr = arith.extsi %iv : tensor<512xi8, #l> to tensor<512xi32, #l>
  %c3 = arith.constant dense<3> : tensor<512xi32, #l>
  %w3 = arith.muli %owr, %c3 : tensor<512xi32, #l>
  %otr = arith.trunci %w3 : tensor<512xi32, #l> to tensor<512xi8, #l>
  %c255 = arith.constant dense<255> : tensor<512xi8, #l>
  %u8 = arith.andi %iv, %c255 : tensor<512xi8, #l>
  %our = arith.uitofp %u8 : tensor<512xi8, #l> to tensor<512xf8E5M2, #l>
  tile.store %ohp, %ohr, %mask : tensor<512x!tile.ptr<f16>, #l>
  tile.store %obp, %obr, %mask : tensor<512x!tile.ptr<bf16>, #l>
  tile.store %ofp, %ofr, %mask : tensor<512x!tile.ptr<f32>, #l>
  tile.store %oep, %oer, %mask : tensor<512x!tile.ptr<f8E4M3FN>, #l>
  tile.store %oxp, %oxr, %mask : tensor<512x!tile.ptr<i8>, #l>
  tile.store %owp, %owr, %mask : tensor<512x!tile.ptr<i32>, #l>
  tile.store %otp, %otr, %mask : tensor<512x!tile.ptr<i8>, #l>
  tile.store %oup, %our, %mask : tensor<512x!tile.ptr<f8E5M2>, #l>
  tile.return
}
