// llvm_add.mlir with 16-byte alignment promises on the pointers.
module {
  llvm.func @add(%x: !llvm.ptr<1> {llvm.align = 16 : i64}, %y: !llvm.ptr<1> {llvm.align = 16 : i64},
                 %out: !llvm.ptr<1> {llvm.align = 16 : i64}, %n: i32)
      attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>, tile.num_warps = 4 : i32,
                  tile.shared_bytes = 0 : i64, tile.arg_types = ["ptr<f32>", "ptr<f32>", "ptr<f32>", "i32"]} {
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %bid = nvvm.read.ptx.sreg.ctaid.x : i32
    %c128 = llvm.mlir.constant(128 : i32) : i32
    %base = llvm.mul %bid, %c128 : i32
    %i = llvm.add %base, %tid : i32
    %inb = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %inb, ^body, ^exit
  ^body:
    %px = llvm.getelementptr %x[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %py = llvm.getelementptr %y[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %po = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %a = llvm.load %px : !llvm.ptr<1> -> f32
    %b = llvm.load %py : !llvm.ptr<1> -> f32
    %s = llvm.fadd %a, %b : f32
    llvm.store %s, %po : f32, !llvm.ptr<1>
    llvm.br ^exit
  ^exit:
    llvm.return
  }
}
