//===- Cubin.h - PTX to cubin through ptxas or nvJitLink --------*- C++ -*-===//
//
// The second half of tile's target: PTX text becomes a cubin (an ELF the CUDA
// driver loads with cuModuleLoadData). Two assemblers are supported, both
// from a CUDA toolkit found at run time, so tile builds and runs without one:
//   - ptxas, run as a process on temporary files;
//   - nvJitLink, loaded with dlopen into the process (no process start, no
//     temporary files).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TARGET_CUBIN_H
#define TILE_TARGET_CUBIN_H

#include "tile/Support/LLVM.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace tile {

enum class CubinAssembler {
  /// nvJitLink when it can be loaded, else ptxas.
  Auto,
  /// ptxas as a process.
  Ptxas,
  /// libnvJitLink.so in process.
  NvJitLink,
};

struct CubinOptions {
  CubinAssembler assembler = CubinAssembler::Auto;
  /// ptxas/nvJitLink optimization level, 0..3.
  unsigned optLevel = 3;
  /// Explicit ptxas to run; empty: findPtxas().
  std::string ptxasPath;
  /// Extra options passed to the assembler as given (e.g. "-v").
  std::vector<std::string> extraOptions;
  /// Ask the assembler for its resource report (ptxas -v, nvJitLink
  /// -verbose: registers and spills per kernel), kept in infoLog.
  bool resourceReport = false;
  /// When set, the assembler's informational log (e.g. ptxas -v: registers,
  /// spills) is stored here.
  std::string *infoLog = nullptr;
};

/// The directories searched for a CUDA toolkit, in order: $CUDA_HOME and
/// $CUDA_PATH when either is set (so that they choose the toolkit, and one
/// that does not exist chooses none), else /usr/local/cuda. Returns the
/// first that exists.
std::optional<std::string> findCudaToolkit();

/// ptxas on $PATH, else under the toolkits' bin/ ($CUDA_HOME/bin,
/// $CUDA_PATH/bin, or /usr/local/cuda/bin when neither is set).
std::optional<std::string> findPtxas();

/// True when libnvJitLink can be dlopen'ed and has the entry points tile
/// uses. Searched in order: $TILE_NVJITLINK (the library file, or a
/// directory holding libnvJitLink.so*), the system search path, then the
/// toolkits' lib64/ (findCudaToolkit's candidates).
bool isNvJitLinkAvailable();

/// The file libnvJitLink was loaded from, or std::nullopt when it cannot be
/// loaded.
std::optional<std::string> getNvJitLinkPath();

/// True when either assembler is available, i.e. a cubin can be produced.
bool canAssembleCubin();

/// Assembles `ptx` for `arch` ("sm_90", "sm_90a", ...) into a cubin. On
/// failure, the error holds the assembler's own diagnostics. The automatic
/// choice takes ptxas for PTX with setmaxnreg (nvJitLink's relocatable
/// compilation drops it), nvJitLink otherwise.
llvm::Expected<std::vector<char>>
assembleCubin(StringRef ptx, StringRef arch, const CubinOptions &options = {});

/// The name of the assembler `options` resolves to right now ("ptxas" or
/// "nvJitLink"), or std::nullopt when none is available.
std::optional<std::string> resolveCubinAssembler(const CubinOptions &options);

} // namespace tile

#endif // TILE_TARGET_CUBIN_H
