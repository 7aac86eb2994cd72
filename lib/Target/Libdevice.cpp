//===- Libdevice.cpp - Math functions for the NVPTX back end -------------===//
//
// The NVPTX back end selects only a few math intrinsics (sqrt, fabs, the
// roundings, min/max, copysign, exp2.f32); any other one (llvm.exp.f32,
// llvm.sin.f64, llvm.pow.f32, ...) becomes a libcall it cannot select, which
// aborts code generation. This file rewrites those intrinsics into calls to
// CUDA's libdevice (`__nv_expf`, ...), links the libdevice functions the
// module calls, and refuses calls that have no GPU implementation at all.
//
//===----------------------------------------------------------------------===//

#include "Libdevice.h"

#include "tile/Target/Cubin.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace tile;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The libdevice base name of an intrinsic NVPTX cannot select, or "".
static StringRef libdeviceName(llvm::Intrinsic::ID id) {
  switch (id) {
  case llvm::Intrinsic::exp:
    return "exp";
  case llvm::Intrinsic::exp2:
    return "exp2";
  case llvm::Intrinsic::exp10:
    return "exp10";
  case llvm::Intrinsic::log:
    return "log";
  case llvm::Intrinsic::log2:
    return "log2";
  case llvm::Intrinsic::log10:
    return "log10";
  case llvm::Intrinsic::sin:
    return "sin";
  case llvm::Intrinsic::cos:
    return "cos";
  case llvm::Intrinsic::tan:
    return "tan";
  case llvm::Intrinsic::sinh:
    return "sinh";
  case llvm::Intrinsic::cosh:
    return "cosh";
  case llvm::Intrinsic::tanh:
    return "tanh";
  case llvm::Intrinsic::asin:
    return "asin";
  case llvm::Intrinsic::acos:
    return "acos";
  case llvm::Intrinsic::atan:
    return "atan";
  case llvm::Intrinsic::atan2:
    return "atan2";
  case llvm::Intrinsic::pow:
    return "pow";
  default:
    return "";
  }
}

void tile::detail::rewriteMathIntrinsicsToLibdevice(llvm::Module &module) {
  SmallVector<llvm::IntrinsicInst *> calls;
  for (llvm::Function &f : module.functions()) {
    if (!f.isIntrinsic() || libdeviceName(f.getIntrinsicID()).empty())
      continue;
    // exp2.f32 is native (ex2.approx); keep it.
    if (f.getIntrinsicID() == llvm::Intrinsic::exp2 &&
        f.getReturnType()->isFloatTy())
      continue;
    for (llvm::User *user : f.users())
      if (auto *call = dyn_cast<llvm::IntrinsicInst>(user))
        calls.push_back(call);
  }
  for (llvm::IntrinsicInst *call : calls) {
    llvm::Type *type = call->getType();
    // Scalars only; f16/bf16 go through the f32 function.
    bool viaFloat = type->isHalfTy() || type->isBFloatTy();
    if (!type->isFloatTy() && !type->isDoubleTy() && !viaFloat)
      continue;
    llvm::IRBuilder<> b(call);
    llvm::Type *mathType = viaFloat ? b.getFloatTy() : type;
    std::string name = ("__nv_" + libdeviceName(call->getIntrinsicID())).str();
    if (mathType->isFloatTy())
      name += "f";
    SmallVector<llvm::Type *> argTypes(call->arg_size(), mathType);
    llvm::FunctionCallee callee = module.getOrInsertFunction(
        name, llvm::FunctionType::get(mathType, argTypes, false));
    SmallVector<llvm::Value *> args;
    for (llvm::Value *arg : call->args())
      args.push_back(viaFloat ? b.CreateFPExt(arg, mathType) : arg);
    llvm::CallInst *replacement = b.CreateCall(callee, args);
    replacement->setFastMathFlags(call->getFastMathFlags());
    llvm::Value *result =
        viaFloat ? b.CreateFPTrunc(replacement, type) : replacement;
    call->replaceAllUsesWith(result);
    call->eraseFromParent();
  }
}

/// $TILE_LIBDEVICE (the file, or a directory holding libdevice.10.bc: the
/// Python package points it at a copy that an installed wheel ships), else
/// the toolkit's nvvm/libdevice/.
static std::optional<std::string> findLibdevice() {
  if (const char *env = std::getenv("TILE_LIBDEVICE"); env && *env) {
    SmallString<256> path(env);
    if (llvm::sys::fs::is_directory(path))
      llvm::sys::path::append(path, "libdevice.10.bc");
    if (llvm::sys::fs::exists(path))
      return std::string(path);
  }
  std::optional<std::string> toolkit = findCudaToolkit();
  if (!toolkit)
    return std::nullopt;
  SmallString<256> path(*toolkit);
  llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
  if (!llvm::sys::fs::exists(path))
    return std::nullopt;
  return std::string(path);
}

llvm::Error tile::detail::linkLibdeviceIfNeeded(llvm::Module &module) {
  SmallVector<StringRef> needed;
  for (llvm::Function &f : module.functions())
    if (f.isDeclaration() && f.getName().starts_with("__nv_"))
      needed.push_back(f.getName());
  if (needed.empty())
    return llvm::Error::success();
  std::optional<std::string> path = findLibdevice();
  if (!path)
    return makeError("the kernel needs libdevice (for " + needed.front() +
                     ") but no libdevice.10.bc was found at $TILE_LIBDEVICE "
                     "or under nvvm/libdevice/ of $CUDA_HOME, $CUDA_PATH or "
                     "/usr/local/cuda; install a CUDA toolkit, point CUDA_HOME "
                     "at one, or set TILE_LIBDEVICE to a libdevice.10.bc");
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> libdevice =
      llvm::parseIRFile(*path, diag, module.getContext());
  if (!libdevice) {
    std::string message;
    llvm::raw_string_ostream os(message);
    diag.print("libdevice", os);
    return makeError("cannot read " + *path + ": " + message);
  }
  libdevice->setTargetTriple(module.getTargetTriple());
  libdevice->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(libdevice),
                                llvm::Linker::Flags::LinkOnlyNeeded))
    return makeError("linking " + *path + " failed");
  for (llvm::Function &f : module.functions())
    if (!f.isDeclaration() && f.getName().starts_with("__nv_"))
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
  // libdevice branches on __nvvm_reflect("__CUDA_FTZ"): keep denormals.
  if (!module.getModuleFlag("nvvm-reflect-ftz"))
    module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                         uint32_t(0));
  return llvm::Error::success();
}

llvm::Error tile::detail::verifyDeviceCallsResolved(llvm::Module &module) {
  // What the CUDA driver provides to device code.
  static const llvm::StringSet<> deviceRuntime = {"vprintf", "malloc", "free",
                                                  "__assertfail"};
  for (llvm::Function &f : module.functions()) {
    if (!f.isDeclaration() || f.isIntrinsic() || f.use_empty() ||
        deviceRuntime.contains(f.getName()))
      continue;
    return makeError("the kernel calls '" + f.getName() +
                     "', which is not defined in the module and has no GPU "
                     "implementation (libdevice provides the __nv_* math "
                     "functions)");
  }
  return llvm::Error::success();
}
