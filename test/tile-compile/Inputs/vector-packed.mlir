// Two kernels of test/Conversion/TileToLLVM/vector-packed.mlir compiled to
// PTX by test/tile-compile/vector-packed.test.
#l8 = #layout.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

tile.kernel @load_at_f16_16B(%x: !tile.ptr<f16> {tile.divisibility = 16 : i64},
                             %off: i32 {tile.divisibility = 8 : i64}) {
  %in = tile.make_view %x, shape [1024] : !tile.ptr<f16> -> !tile.view<1024xf16>
  %t = tile.load_at %in[%off] : !tile.view<1024xf16> -> tensor<1024xf16, #l8>
  tile.store_at %t, %in[%off] : tensor<1024xf16, #l8>, !tile.view<1024xf16>
  tile.return
}

tile.kernel @bf16_unmasked(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i64},
                           %out: !tile.ptr<bf16> {tile.divisibility = 16 : i64}) {
  %pid = tile.program_id x : i32
  %c = arith.constant 1024 : i32
  %start = arith.muli %pid, %c : i32
  %offs0 = tile.arange 0, 1024 : tensor<1024xi32, #l8>
  %startv = tile.splat %start : i32 -> tensor<1024xi32, #l8>
  %offs = arith.addi %startv, %offs0 : tensor<1024xi32, #l8>
  %xb = tile.splat %x : !tile.ptr<bf16> -> tensor<1024x!tile.ptr<bf16>, #l8>
  %xp = tile.addptr %xb, %offs : tensor<1024x!tile.ptr<bf16>, #l8>, tensor<1024xi32, #l8>
  %ob = tile.splat %out : !tile.ptr<bf16> -> tensor<1024x!tile.ptr<bf16>, #l8>
  %op = tile.addptr %ob, %offs : tensor<1024x!tile.ptr<bf16>, #l8>, tensor<1024xi32, #l8>
  %a = tile.load %xp : tensor<1024x!tile.ptr<bf16>, #l8>
  tile.store %op, %a : tensor<1024x!tile.ptr<bf16>, #l8>
  tile.return
}
