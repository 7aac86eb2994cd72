// Elementwise f16 and bf16 arithmetic (test/gpu/cases_dtypes.py).
// Launch: grid (cdiv(n, 512)), 4 warps.
#l = #layout.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// f16 add, mul, max, sub in f16 arithmetic.
tile.kernel @ew_f16(%x: !tile.ptr<f16>, %y: !tile.ptr<f16>, %s: !tile.ptr<f16>, %p: !tile.ptr<f16>, %m: !tile.ptr<f16>, %d: !tile.ptr<f16>, %n: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<f16>, #l>, tensor<512xi32, #l>
  %yb = tile.splat %y : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #l>
  %yp = tile.addptr %yb, %offs : tensor<512x!tile.ptr<f16>, #l>, tensor<512xi32, #l>
  %sb = tile.splat %s : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #l>
  %sp = tile.addptr %sb, %offs : tensor<512x!tile.ptr<f16>, #l>, tensor<512xi32, #l>
  %pb = tile.splat %p : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #l>
  %pp = tile.addptr %pb, %offs : tensor<512x!tile.ptr<f16>, #l>, tensor<512xi32, #l>
  %mb = tile.splat %m : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #l>
  %mp = tile.addptr %mb, %offs : tensor<512x!tile.ptr<f16>, #l>, tensor<512xi32, #l>
  %db = tile.splat %d : !tile.ptr<f16> -> tensor<512x!tile.ptr<f16>, #l>
  %dp = tile.addptr %db, %offs : tensor<512x!tile.ptr<f16>, #l>, tensor<512xi32, #l>
  %xv = tile.load %xp, %mask : tensor<512x!tile.ptr<f16>, #l>
  %yv = tile.load %yp, %mask : tensor<512x!tile.ptr<f16>, #l>
  %sr = arith.addf %xv, %yv : tensor<512xf16, #l>
  %pr = arith.mulf %xv, %yv : tensor<512xf16, #l>
  %mr = arith.maxnumf %xv, %yv : tensor<512xf16, #l>
  %dr = arith.subf %xv, %yv : tensor<512xf16, #l>
  tile.store %sp, %sr, %mask : tensor<512x!tile.ptr<f16>, #l>
  tile.store %pp, %pr, %mask : tensor<512x!tile.ptr<f16>, #l>
  tile.store %mp, %mr, %mask : tensor<512x!tile.ptr<f16>, #l>
  tile.store %dp, %dr, %mask : tensor<512x!tile.ptr<f16>, #l>
  tile.return
}

// bf16 add, mul, max, sub in bf16 arithmetic.
tile.kernel @ew_bf16(%x: !tile.ptr<bf16>, %y: !tile.ptr<bf16>, %s: !tile.ptr<bf16>, %p: !tile.ptr<bf16>, %m: !tile.ptr<bf16>, %d: !tile.ptr<bf16>, %n: i32) attributes {num_warps = 4 : i32} {
  %pid = tile.program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %offs0 = tile.arange 0, 512 : tensor<512xi32, #l>
  %startv = tile.splat %start : i32 -> tensor<512xi32, #l>
  %offs = arith.addi %startv, %offs0 : tensor<512xi32, #l>
  %nv = tile.splat %n : i32 -> tensor<512xi32, #l>
  %mask = arith.cmpi slt, %offs, %nv : tensor<512xi32, #l>
  %xb = tile.splat %x : !tile.ptr<bf16> -> tensor<512x!tile.ptr<bf16>, #l>
  %xp = tile.addptr %xb, %offs : tensor<512x!tile.ptr<bf16>, #l>, tensor<512xi32, #l>
  %yb = tile.splat %y : !tile.ptr<bf16> -> tensor<512x!tile.ptr<bf16>, #l>
  %yp = tile.addptr %yb, %offs : tensor<512x!tile.ptr<bf16>, #l>, tensor<512xi32, #l>
  %sb = tile.splat %s : !tile.ptr<bf16> -> tensor<512x!tile.ptr<bf16>, #l>
  %sp = tile.addptr %sb, %offs : tensor<512x!tile.ptr<bf16>, #l>, tensor<512xi32, #l>
  %pb = tile.splat %p : !tile.ptr<bf16> -> tensor<512x!tile.ptr<bf16>, #l>
  %pp = tile.addptr %pb, %offs : tensor<512x!tile.ptr<bf16>, #l>, tensor<512xi32, #l>
  %mb = tile.splat %m : !tile.ptr<bf16> -> tensor<512x!tile.ptr<bf16>, #l>
  %mp = tile.addptr %mb, %offs : tensor<512x!tile.ptr<bf16>, #l>, tensor<512xi32, #l>
  %db = tile.splat %d : !tile.ptr<bf16> -> tensor<512x!tile.ptr<bf16>, #l>
  %dp = tile.addptr %db, %offs : tensor<512x!tile.ptr<bf16>, #l>, tensor<512xi32, #l>
  %xv = tile.load %xp, %mask : tensor<512x!tile.ptr<bf16>, #l>
  %yv = tile.load %yp, %mask : tensor<512x!tile.ptr<bf16>, #l>
  %sr = arith.addf %xv, %yv : tensor<512xbf16, #l>
  %pr = arith.mulf %xv, %yv : tensor<512xbf16, #l>
  %mr = arith.maxnumf %xv, %yv : tensor<512xbf16, #l>
  %dr = arith.subf %xv, %yv : tensor<512xbf16, #l>
  tile.store %sp, %sr, %mask : tensor<512x!tile.ptr<bf16>, #l>
  tile.store %pp, %pr, %mask : tensor<512x!tile.ptr<bf16>, #l>
  tile.store %mp, %mr, %mask : tensor<512x!tile.ptr<bf16>, #l>
  tile.store %dp, %dr, %mask : tensor<512x!tile.ptr<bf16>, #l>
  tile.return
}
