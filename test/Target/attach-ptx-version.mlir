// tile-attach-ptx follows what the lowering asked of the module: the
// `tile.target_arch` variant (sm_90 -> sm_90a) and a `tile.ptx_version`
// newer than the arch's own PTX ISA (8.0 for sm_90); a version this LLVM
// does not know is an error, never a PTX that claims an older one.
// RUN: tile-opt -split-input-file --pass-pipeline='builtin.module(tile-attach-ptx{arch=sm_90})' %s -verify-diagnostics | FileCheck %s

// CHECK: module attributes {tile.ptx = "{{[^"]*}}.version 8.4\0A.target sm_90a\0A
module attributes {tile.ptx_version = 84 : i32, tile.target_arch = "sm_90a"} {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

// CHECK: module attributes {tile.ptx = "{{[^"]*}}.version 8.0\0A.target sm_90\0A
module {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

// A version below the arch's own is raised to it.
// CHECK: module attributes {tile.ptx = "{{[^"]*}}.version 8.0\0A.target sm_90\0A
module attributes {tile.ptx_version = 70 : i32} {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

// expected-error @below {{tile-attach-ptx: PTX ISA 9.9 is not known to the NVPTX back end of this LLVM}}
module attributes {tile.ptx_version = 99 : i32} {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

// A wild value stays a wild value, never a truncated one.
// expected-error @below {{tile-attach-ptx: PTX ISA 999.9 is not known to the NVPTX back end of this LLVM}}
module attributes {tile.ptx_version = 123456789012 : i64} {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}
