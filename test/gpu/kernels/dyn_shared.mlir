// A launcher test kernel written in the LLVM + NVVM dialects: it stages data
// through dynamic shared memory at a byte offset above 48 KiB, so it only
// runs when the launcher raised CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
// to tile.shared_bytes (64 KiB) and passed that size at launch.
//
//   out[i] = 2 * x[i] for i < n (one block of 128 threads, n <= 128)

module {
  llvm.mlir.global external @dyn_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x f32>
  llvm.func @dyn_shared(%x: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i32)
      attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>,
                  tile.num_warps = 4 : i32, tile.shared_bytes = 65536 : i64,
                  tile.arg_types = ["ptr<f32>", "ptr<f32>", "i32"],
                  tile.arg_names = ["x", "out", "n"]} {
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    // Element 15000 = byte 60000, past the 48 KiB default limit.
    %base = llvm.mlir.constant(15000 : i32) : i32
    %slot = llvm.add %base, %tid : i32
    %smem = llvm.mlir.addressof @dyn_smem : !llvm.ptr<3>
    %sp = llvm.getelementptr %smem[%slot] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %inb = llvm.icmp "slt" %tid, %n : i32
    llvm.cond_br %inb, ^load, ^sync
  ^load:
    %px = llvm.getelementptr %x[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v = llvm.load %px : !llvm.ptr<1> -> f32
    %two = llvm.mlir.constant(2.0 : f32) : f32
    %d = llvm.fmul %v, %two : f32
    llvm.store %d, %sp : f32, !llvm.ptr<3>
    llvm.br ^sync
  ^sync:
    nvvm.barrier0
    llvm.cond_br %inb, ^store, ^exit
  ^store:
    %r = llvm.load %sp : !llvm.ptr<3> -> f32
    %po = llvm.getelementptr %out[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %r, %po : f32, !llvm.ptr<1>
    llvm.br ^exit
  ^exit:
    llvm.return
  }
}
