//===- AssemblerLog.cpp - What the assembler says of each kernel ----------===//

#include "tile/Target/AssemblerLog.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace tile;

/// The number in front of `unit` in `line` ("4 bytes spill stores" ->
/// 4 for unit "bytes spill stores"); 0 when absent.
static unsigned numberBefore(StringRef line, StringRef unit) {
  size_t at = line.find(unit);
  if (at == StringRef::npos)
    return 0;
  StringRef before = line.take_front(at).rtrim();
  size_t start = before.find_last_not_of("0123456789");
  StringRef digits =
      start == StringRef::npos ? before : before.drop_front(start + 1);
  unsigned value = 0;
  if (digits.empty() || digits.getAsInteger(10, value))
    return 0;
  return value;
}

std::vector<KernelResourceUsage> tile::parseAssemblerLog(StringRef log) {
  std::vector<KernelResourceUsage> kernels;
  SmallVector<StringRef> lines;
  log.split(lines, '\n');
  // Whether the last "Function properties for NAME" named the kernel being
  // compiled (callees such as vprintf get such lines too).
  bool propertiesOfKernel = false;
  for (StringRef line : lines) {
    constexpr StringRef kEntry = "Compiling entry function '";
    if (size_t at = line.find(kEntry); at != StringRef::npos) {
      StringRef name = line.drop_front(at + kEntry.size());
      kernels.push_back(
          {name.take_until([](char c) { return c == '\''; }).str()});
      propertiesOfKernel = false;
      continue;
    }
    if (kernels.empty())
      continue;
    KernelResourceUsage &current = kernels.back();
    constexpr StringRef kProperties = "Function properties for ";
    if (size_t at = line.find(kProperties); at != StringRef::npos) {
      propertiesOfKernel =
          line.drop_front(at + kProperties.size()).trim() == current.kernel;
      continue;
    }
    if (line.contains("bytes stack frame")) {
      if (!propertiesOfKernel)
        continue;
      current.stackFrameBytes = numberBefore(line, "bytes stack frame");
      current.spillStoreBytes = numberBefore(line, "bytes spill stores");
      current.spillLoadBytes = numberBefore(line, "bytes spill loads");
    } else if (line.contains(" registers")) {
      current.registers = numberBefore(line, "registers");
    }
  }
  return kernels;
}
