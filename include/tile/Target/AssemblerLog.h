//===- AssemblerLog.h - What the assembler says of each kernel --*- C++ -*-===//
//
// ptxas -v (and nvJitLink -verbose, which runs the same assembler) reports,
// per entry function, its registers, stack frame and spill traffic:
//
//   ptxas info    : Compiling entry function 'k' for 'sm_90a'
//   ptxas info    : Function properties for k
//       8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads
//   ptxas info    : Used 168 registers, used 1 barriers, 384 bytes cmem[0]
//
// parseAssemblerLog reads those lines back into numbers.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TARGET_ASSEMBLERLOG_H
#define TILE_TARGET_ASSEMBLERLOG_H

#include "tile/Support/LLVM.h"

#include <string>
#include <vector>

namespace tile {

struct KernelResourceUsage {
  std::string kernel;
  unsigned registers = 0;
  unsigned stackFrameBytes = 0;
  unsigned spillStoreBytes = 0;
  unsigned spillLoadBytes = 0;
};

/// One entry per "Compiling entry function" in `log`, in order; lines that
/// do not match the forms above are skipped.
std::vector<KernelResourceUsage> parseAssemblerLog(StringRef log);

} // namespace tile

#endif // TILE_TARGET_ASSEMBLERLOG_H
