// A program of a project that embeds tile's compiler: one kernel file in,
// PTX out, through the library call tile-compile makes
// (tile/Compiler/Compile.h), with a kernel parameter given as a define.
#include "tile/Compiler/Compile.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: downstream-compile KERNEL.mlir NAME=VALUE\n";
    return 2;
  }
  auto file = llvm::MemoryBuffer::getFile(argv[1]);
  if (!file) {
    llvm::errs() << "cannot read " << argv[1] << "\n";
    return 2;
  }
  tile::CompileOptions options;
  options.emit = tile::CompileOutput::Ptx;
  options.pipeline.arch = "sm_90";
  auto [name, value] = llvm::StringRef(argv[2]).split('=');
  options.defines.emplace_back(name.str(), value.str());
  std::string diagnostics;
  tile::CompileResult result = tile::compileKernelSource(
      (*file)->getBuffer(), argv[1], options, diagnostics);
  llvm::errs() << diagnostics;
  if (!result.succeeded)
    return 1;
  llvm::outs() << "// kernels: " << result.kernels.size() << ", arch "
               << result.arch << "\n"
               << result.ptx;
  return 0;
}
