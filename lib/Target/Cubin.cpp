//===- Cubin.cpp - PTX to cubin through ptxas or nvJitLink ----------------===//

#include "tile/Target/Cubin.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

using namespace tile;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// $CUDA_HOME and $CUDA_PATH when either is set: they choose the toolkit
/// (one that does not exist chooses none); else /usr/local/cuda.
static SmallVector<std::string> toolkitCandidates() {
  SmallVector<std::string> dirs;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *value = std::getenv(var); value && *value)
      dirs.push_back(value);
  if (dirs.empty())
    dirs.push_back("/usr/local/cuda");
  return dirs;
}

std::optional<std::string> tile::findCudaToolkit() {
  for (const std::string &dir : toolkitCandidates())
    if (llvm::sys::fs::is_directory(dir))
      return dir;
  return std::nullopt;
}

std::optional<std::string> tile::findPtxas() {
  if (llvm::ErrorOr<std::string> onPath = llvm::sys::findProgramByName("ptxas"))
    return *onPath;
  for (const std::string &dir : toolkitCandidates()) {
    SmallString<256> path(dir);
    llvm::sys::path::append(path, "bin", "ptxas");
    if (llvm::sys::fs::can_execute(path))
      return std::string(path);
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// nvJitLink, loaded at run time
//===----------------------------------------------------------------------===//

namespace {
// The subset of nvJitLink.h that tile uses, declared here so that tile builds
// without a CUDA toolkit. The library has had these unversioned entry points
// and this ABI since CUDA 12.0.
using NvJitLinkHandle = struct NvJitLinkOpaque *;
using NvJitLinkResult = int;
constexpr NvJitLinkResult kNvJitLinkSuccess = 0;
constexpr int kNvJitLinkInputPTX = 2;

struct NvJitLinkAPI {
  NvJitLinkResult (*create)(NvJitLinkHandle *, uint32_t, const char **);
  NvJitLinkResult (*destroy)(NvJitLinkHandle *);
  NvJitLinkResult (*addData)(NvJitLinkHandle, int, const void *, size_t,
                             const char *);
  NvJitLinkResult (*complete)(NvJitLinkHandle);
  NvJitLinkResult (*getLinkedCubinSize)(NvJitLinkHandle, size_t *);
  NvJitLinkResult (*getLinkedCubin)(NvJitLinkHandle, void *);
  NvJitLinkResult (*getErrorLogSize)(NvJitLinkHandle, size_t *);
  NvJitLinkResult (*getErrorLog)(NvJitLinkHandle, char *);
  NvJitLinkResult (*getInfoLogSize)(NvJitLinkHandle, size_t *);
  NvJitLinkResult (*getInfoLog)(NvJitLinkHandle, char *);
};
} // namespace

/// The libnvJitLink files in `dir` (libnvJitLink.so, libnvJitLink.so.12,
/// ...), the unversioned name first.
static void appendNvJitLinkIn(StringRef dir, SmallVector<std::string> &out) {
  SmallVector<std::string> found;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec))
    if (llvm::sys::path::filename(it->path()).starts_with("libnvJitLink.so"))
      found.push_back(it->path());
  llvm::sort(found, [](const std::string &a, const std::string &b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  out.append(found.begin(), found.end());
}

/// Where libnvJitLink is looked for, in order: $TILE_NVJITLINK (the library,
/// or a directory holding it: the Python package points it at the
/// nvidia-nvjitlink wheel's lib/), the system search path, then the
/// toolkits' lib64/.
static SmallVector<std::string> nvJitLinkCandidates() {
  SmallVector<std::string> candidates;
  if (const char *env = std::getenv("TILE_NVJITLINK"); env && *env) {
    if (llvm::sys::fs::is_directory(env))
      appendNvJitLinkIn(env, candidates);
    else
      candidates.push_back(env);
  }
  candidates.append(
      {"libnvJitLink.so", "libnvJitLink.so.13", "libnvJitLink.so.12"});
  for (const std::string &dir : toolkitCandidates()) {
    SmallString<256> path(dir);
    llvm::sys::path::append(path, "lib64", "libnvJitLink.so");
    candidates.push_back(std::string(path));
  }
  return candidates;
}

/// The file libnvJitLink was loaded from (set with the API below).
static std::string nvJitLinkPath;

/// Loads libnvJitLink once per process; null when it is not there.
static const NvJitLinkAPI *loadNvJitLink() {
  static std::once_flag once;
  static NvJitLinkAPI api;
  static bool loaded = false;
  std::call_once(once, [] {
    void *handle = nullptr;
    for (const std::string &name : nvJitLinkCandidates())
      if ((handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)))
        break;
    if (!handle)
      return;
    bool ok = true;
    auto bind = [&](auto &fn, const char *symbol) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
          dlsym(handle, symbol));
      ok &= fn != nullptr;
    };
    bind(api.create, "nvJitLinkCreate");
    bind(api.destroy, "nvJitLinkDestroy");
    bind(api.addData, "nvJitLinkAddData");
    bind(api.complete, "nvJitLinkComplete");
    bind(api.getLinkedCubinSize, "nvJitLinkGetLinkedCubinSize");
    bind(api.getLinkedCubin, "nvJitLinkGetLinkedCubin");
    bind(api.getErrorLogSize, "nvJitLinkGetErrorLogSize");
    bind(api.getErrorLog, "nvJitLinkGetErrorLog");
    bind(api.getInfoLogSize, "nvJitLinkGetInfoLogSize");
    bind(api.getInfoLog, "nvJitLinkGetInfoLog");
    loaded = ok;
    Dl_info info;
    if (ok && dladdr(reinterpret_cast<void *>(api.create), &info) &&
        info.dli_fname)
      nvJitLinkPath = info.dli_fname;
  });
  return loaded ? &api : nullptr;
}

bool tile::isNvJitLinkAvailable() { return loadNvJitLink() != nullptr; }

std::optional<std::string> tile::getNvJitLinkPath() {
  if (!loadNvJitLink())
    return std::nullopt;
  return nvJitLinkPath;
}

bool tile::canAssembleCubin() {
  return isNvJitLinkAvailable() || findPtxas().has_value();
}

std::optional<std::string>
tile::resolveCubinAssembler(const CubinOptions &options) {
  switch (options.assembler) {
  case CubinAssembler::Ptxas:
    if (!options.ptxasPath.empty() || findPtxas())
      return std::string("ptxas");
    return std::nullopt;
  case CubinAssembler::NvJitLink:
    if (isNvJitLinkAvailable())
      return std::string("nvJitLink");
    return std::nullopt;
  case CubinAssembler::Auto:
    if (isNvJitLinkAvailable())
      return std::string("nvJitLink");
    if (!options.ptxasPath.empty() || findPtxas())
      return std::string("ptxas");
    return std::nullopt;
  }
  return std::nullopt;
}

static const char *nvJitLinkResultName(NvJitLinkResult rc) {
  static const char *const names[] = {"SUCCESS",
                                      "UNRECOGNIZED_OPTION",
                                      "MISSING_ARCH",
                                      "INVALID_INPUT",
                                      "PTX_COMPILE",
                                      "NVVM_COMPILE",
                                      "INTERNAL",
                                      "THREADPOOL",
                                      "UNRECOGNIZED_INPUT",
                                      "FINALIZE",
                                      "NULL_INPUT",
                                      "INCOMPATIBLE_OPTIONS",
                                      "INCORRECT_INPUT_TYPE",
                                      "ARCH_MISMATCH",
                                      "OUTDATED_LIBRARY",
                                      "MISSING_FATBIN",
                                      "UNRECOGNIZED_ARCH",
                                      "UNSUPPORTED_ARCH",
                                      "LTO_NOT_ENABLED"};
  if (rc >= 0 && size_t(rc) < std::size(names))
    return names[rc];
  return "UNKNOWN";
}

static std::string readLog(const NvJitLinkAPI &api, NvJitLinkHandle handle,
                           bool errorLog) {
  size_t size = 0;
  if ((errorLog ? api.getErrorLogSize : api.getInfoLogSize)(handle, &size) !=
          kNvJitLinkSuccess ||
      size == 0)
    return "";
  std::string log(size, '\0');
  if ((errorLog ? api.getErrorLog : api.getInfoLog)(handle, log.data()) !=
      kNvJitLinkSuccess)
    return "";
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n'))
    log.pop_back();
  return log;
}

static llvm::Expected<std::vector<char>>
assembleWithNvJitLink(StringRef ptx, StringRef arch,
                      const CubinOptions &options) {
  const NvJitLinkAPI *api = loadNvJitLink();
  if (!api)
    return makeError("libnvJitLink.so could not be loaded; install a CUDA "
                     "toolkit or the nvidia-nvjitlink wheel, set CUDA_HOME "
                     "or TILE_NVJITLINK, or use ptxas");
  // nvJitLink's own -O accepts only 0 and 3 (it rejects -O1 and -O2 as
  // NVJITLINK_ERROR_UNRECOGNIZED_OPTION); the levels in between go to the
  // ptxas inside it, which takes all four, as ptxas's -O does.
  std::string level = "-O" + std::to_string(options.optLevel);
  std::vector<std::string> optionStrings = {
      ("-arch=" + arch).str(), options.optLevel == 0 || options.optLevel == 3
                                   ? level
                                   : "-Xptxas=" + level};
  for (const std::string &extra : options.extraOptions)
    optionStrings.push_back(extra);
  if (options.resourceReport &&
      !llvm::is_contained(optionStrings, "-verbose"))
    optionStrings.push_back("-verbose");
  std::vector<const char *> optionPtrs;
  for (const std::string &option : optionStrings)
    optionPtrs.push_back(option.c_str());

  NvJitLinkHandle handle = nullptr;
  NvJitLinkResult rc =
      api->create(&handle, optionPtrs.size(), optionPtrs.data());
  if (rc != kNvJitLinkSuccess) {
    StringRef name = nvJitLinkResultName(rc);
    StringRef hint = name.contains("ARCH")
                         ? "; is the architecture supported by this CUDA?"
                     : name == "UNRECOGNIZED_OPTION"
                         ? "; this nvJitLink does not accept one of these "
                           "options (try --assembler=ptxas)"
                         : "";
    return makeError("nvJitLinkCreate failed with NVJITLINK_ERROR_" + name +
                     " (options: " + llvm::join(optionStrings, " ") + ")" +
                     hint);
  }
  llvm::scope_exit destroy([&] { api->destroy(&handle); });

  // nvJitLink wants the PTX NUL-terminated.
  std::string text = ptx.str();
  rc = api->addData(handle, kNvJitLinkInputPTX, text.c_str(), text.size() + 1,
                    "tile.ptx");
  if (rc == kNvJitLinkSuccess)
    rc = api->complete(handle);
  if (rc != kNvJitLinkSuccess)
    return makeError("nvJitLink failed to assemble the PTX for " + arch +
                     " (NVJITLINK_ERROR_" + nvJitLinkResultName(rc) + "):\n" +
                     readLog(*api, handle, /*errorLog=*/true));
  if (options.infoLog)
    *options.infoLog = readLog(*api, handle, /*errorLog=*/false);
  size_t size = 0;
  if (api->getLinkedCubinSize(handle, &size) != kNvJitLinkSuccess || size == 0)
    return makeError("nvJitLink produced no cubin");
  std::vector<char> cubin(size);
  if (api->getLinkedCubin(handle, cubin.data()) != kNvJitLinkSuccess)
    return makeError("nvJitLinkGetLinkedCubin failed");
  return cubin;
}

//===----------------------------------------------------------------------===//
// ptxas, as a process
//===----------------------------------------------------------------------===//

static llvm::Expected<std::vector<char>>
assembleWithPtxas(StringRef ptx, StringRef arch, const CubinOptions &options) {
  std::string ptxas = options.ptxasPath;
  if (ptxas.empty()) {
    std::optional<std::string> found = findPtxas();
    if (!found)
      return makeError("ptxas was not found on PATH, under $CUDA_HOME/bin, "
                       "$CUDA_PATH/bin or /usr/local/cuda/bin");
    ptxas = *found;
  }

  // Temporary files for the input, the cubin and ptxas's two streams; all
  // removed on return.
  SmallVector<SmallString<128>> temps;
  llvm::scope_exit removeTemps([&] {
    for (const SmallString<128> &path : temps)
      llvm::sys::fs::remove(path);
  });
  auto makeTemp = [&](StringRef suffix) -> llvm::Expected<StringRef> {
    SmallString<128> path;
    if (std::error_code ec =
            llvm::sys::fs::createTemporaryFile("tile", suffix, path))
      return makeError("cannot create a temporary file: " + ec.message());
    temps.push_back(path);
    return StringRef(temps.back());
  };
  auto input = makeTemp("ptx");
  if (!input)
    return input.takeError();
  std::string inputPath = input->str();
  auto output = makeTemp("cubin");
  if (!output)
    return output.takeError();
  std::string outputPath = output->str();
  auto logOut = makeTemp("stdout");
  if (!logOut)
    return logOut.takeError();
  std::string stdoutPath = logOut->str();
  auto logErr = makeTemp("stderr");
  if (!logErr)
    return logErr.takeError();
  std::string stderrPath = logErr->str();

  {
    std::error_code ec;
    llvm::raw_fd_ostream os(inputPath, ec);
    if (ec)
      return makeError("cannot write " + inputPath + ": " + ec.message());
    os << ptx;
  }

  std::vector<std::string> args = {ptxas,
                                   ("-arch=" + arch).str(),
                                   "-O" + std::to_string(options.optLevel),
                                   inputPath,
                                   "-o",
                                   outputPath};
  args.insert(args.begin() + 3, options.extraOptions.begin(),
              options.extraOptions.end());
  if (options.resourceReport && !llvm::is_contained(args, "-v"))
    args.insert(args.begin() + 3, "-v");
  SmallVector<StringRef> argRefs(args.begin(), args.end());
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(stdoutPath),
                                          StringRef(stderrPath)};
  std::string execError;
  int rc = llvm::sys::ExecuteAndWait(ptxas, argRefs, /*Env=*/std::nullopt,
                                     redirects, /*SecondsToWait=*/0,
                                     /*MemoryLimit=*/0, &execError);
  auto slurp = [](StringRef path) -> std::string {
    auto buffer = llvm::MemoryBuffer::getFile(path);
    return buffer ? (*buffer)->getBuffer().rtrim().str() : std::string();
  };
  std::string log = slurp(stderrPath);
  std::string out = slurp(stdoutPath);
  if (!out.empty())
    log = log.empty() ? out : log + "\n" + out;
  if (rc != 0)
    return makeError("ptxas (" + ptxas + ") failed" +
                     (execError.empty() ? "" : ": " + execError) +
                     " with exit code " + llvm::Twine(rc) + ":\n" + log);
  if (options.infoLog)
    *options.infoLog = log;

  auto cubin = llvm::MemoryBuffer::getFile(outputPath, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
  if (!cubin)
    return makeError("ptxas wrote no cubin: " + cubin.getError().message());
  StringRef bytes = (*cubin)->getBuffer();
  return std::vector<char>(bytes.begin(), bytes.end());
}

llvm::Expected<std::vector<char>>
tile::assembleCubin(StringRef ptx, StringRef arch,
                    const CubinOptions &options) {
  if (options.optLevel > 3)
    return makeError("ptxas optimization level " +
                     llvm::Twine(options.optLevel) +
                     " is out of range; use 0..3");
  switch (options.assembler) {
  case CubinAssembler::Ptxas:
    return assembleWithPtxas(ptx, arch, options);
  case CubinAssembler::NvJitLink:
    return assembleWithNvJitLink(ptx, arch, options);
  case CubinAssembler::Auto:
    // nvJitLink compiles PTX as relocatable code, and ptxas ignores
    // setmaxnreg there (info C7504: "ignored to maintain compatibility
    // across compilation units"): warp-specialized kernels with register
    // budgets go through the whole-program ptxas when there is one.
    if (ptx.contains("setmaxnreg") &&
        (!options.ptxasPath.empty() || findPtxas()))
      return assembleWithPtxas(ptx, arch, options);
    if (isNvJitLinkAvailable())
      return assembleWithNvJitLink(ptx, arch, options);
    return assembleWithPtxas(ptx, arch, options);
  }
  return makeError("unknown assembler");
}
