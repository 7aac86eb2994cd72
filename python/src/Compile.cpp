//===- Compile.cpp - tileCompile over the compiler library ----------------===//
//
// Checks the Python options, then calls tile::compileKernelSource
// (tile/Compiler/Compile.h), the call tile-compile makes too, with the
// diagnostics collected into a string instead of stderr.
//
//===----------------------------------------------------------------------===//

#include "PythonAPI.h"

#include "tile/Compiler/Compile.h"
#include "tile/Target/Cubin.h"
#include "tile/Target/KernelMetadata.h"
#include "tile/Target/PTX.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace tile;
using namespace tile::python;

namespace {
CompileResponse compileRequest(const CompileRequest &request) {
  CompileResponse response;
  llvm::raw_string_ostream diag(response.diagnostics);
  auto fail = [&](const llvm::Twine &message) {
    diag << "error: " << message << "\n";
    return response;
  };

  std::optional<CompileOutput> emit = symbolizeCompileOutput(request.emit);
  if (!emit)
    return fail("emit='" + request.emit + "' is not an output kind; use " +
                "'mlir', 'llvm', 'ptx' or 'cubin'");
  if (request.optLevel > 3)
    return fail("opt_level=" + llvm::Twine(request.optLevel) +
                " is not an optimization level; use 0, 1, 2 or 3");
  StringRef assemblerName = request.assembler;
  if (assemblerName != "auto" && assemblerName != "ptxas" &&
      assemblerName != "nvjitlink")
    return fail("assembler='" + assemblerName +
                "' is not an assembler; use 'auto', 'ptxas' or 'nvjitlink'");
  if (llvm::Error err = verifyTargetArch(request.arch))
    return fail("arch='" + request.arch +
                "': " + llvm::toString(std::move(err)));

  CompileOptions options;
  options.emit = *emit;
  options.pipeline.arch = request.arch;
  options.pipeline.optLevel = request.optLevel;
  options.pipeline.numStages = request.numStages;
  options.pipeline.warpSpecialize = request.warpSpecialize;
  options.cubin.ptxasPath = request.ptxasPath;
  options.cubin.assembler = assemblerName == "ptxas" ? CubinAssembler::Ptxas
                            : assemblerName == "nvjitlink"
                                ? CubinAssembler::NvJitLink
                                : CubinAssembler::Auto;
  options.defines = request.defines;
  if (options.emit == CompileOutput::Cubin &&
      !resolveCubinAssembler(options.cubin)) {
    options.emit = CompileOutput::Ptx;
    response.note = "no assembler found (neither libnvJitLink, at "
                    "$TILE_NVJITLINK, in an installed nvidia-nvjitlink wheel "
                    "or a CUDA toolkit, nor ptxas on PATH or under $CUDA_HOME, "
                    "$CUDA_PATH or /usr/local/cuda): emitted PTX instead of a "
                    "cubin; the CUDA driver compiles it when it is loaded";
  }
  if (options.emit == CompileOutput::Cubin)
    response.assembler = resolveCubinAssembler(options.cubin).value_or("");
  StringRef format = stringifyCompileOutput(options.emit);
  response.format = format.str();

  std::string diagnostics;
  CompileResult result = compileKernelSource(request.source, request.sourceName,
                                             options, diagnostics);
  diag << diagnostics;
  if (!result.succeeded)
    return response;
  response.ok = true;
  // The binary's name in the metadata: the runtime looks for it beside the
  // JSON file; CompiledKernel.save() rewrites it to the name it writes.
  response.metadataJson =
      llvm::formatv("{0}",
                    kernelMetadataToJSON(result.kernels, result.arch, format,
                                         ("kernel." + format).str()))
          .str();
  response.output = std::move(result.output);
  response.ptx = std::move(result.ptx);
  return response;
}
} // namespace

CompileResponse tile::python::compile(const CompileRequest &request) {
  return compileRequest(request);
}

bool tile::python::canAssembleCubin() { return tile::canAssembleCubin(); }

TextResult tile::python::cubinAssembler(std::string &path) {
  TextResult result;
  result.ok = true;
  result.value = resolveCubinAssembler(CubinOptions()).value_or("");
  if (result.value == "nvJitLink")
    path = getNvJitLinkPath().value_or("");
  else if (result.value == "ptxas")
    path = findPtxas().value_or("");
  return result;
}

TextResult tile::python::checkArch(const std::string &arch) {
  TextResult result;
  if (llvm::Error err = verifyTargetArch(arch)) {
    result.error = llvm::toString(std::move(err));
    return result;
  }
  unsigned version = getPTXVersion(arch);
  result.ok = true;
  result.value =
      std::to_string(version / 10) + "." + std::to_string(version % 10);
  return result;
}
