//===- Parameters.h - Kernel parameters ${NAME} in kernel text --*- C++ -*-===//
//
// One kernel source for many configurations: `${NAME}` in the text (a tile
// size in a type, a constant, num_warps, an element type) is replaced by the
// value given on the command line (`tile-compile -DNAME=VALUE`) or from
// Python (`tile.compile(..., defines={...})`), or by the default written
// at a use, `${NAME=VALUE}`. The substitution is textual and happens before
// parsing; values hold no newline, so line numbers stay those of the source.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_COMPILER_PARAMETERS_H
#define TILE_COMPILER_PARAMETERS_H

#include "tile/Support/LLVM.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tile {

/// One `${NAME}` or `${NAME=DEFAULT}` in the source.
struct ParameterUse {
  /// Byte offset of the `$` and length up to and including the `}`.
  size_t offset = 0;
  size_t length = 0;
  std::string name;
  std::optional<std::string> defaultValue;
};

/// A problem at a byte offset of the source, or (offset npos) with the
/// defines themselves.
struct ParameterError {
  size_t offset = std::string::npos;
  std::string message;
};

/// Whether `name` can name a parameter: a letter or `_`, then letters,
/// digits and `_`.
bool isValidParameterName(StringRef name);

/// Checks a value: non-empty, only letters, digits and `_ . + -` (numbers,
/// types such as f16 or 128x64xf32, identifiers). std::nullopt when it is
/// fine, else what is wrong.
std::optional<std::string> checkParameterValue(StringRef value);

/// Every `${...}` of `source`, in order; the first malformed one (no `}` on
/// its line, a bad name, a bad or conflicting default) as an error.
std::vector<ParameterUse>
findParameterUses(StringRef source, std::vector<ParameterError> &errors);

/// `source` with every use replaced by its define, else its default.
/// Errors: malformed uses, uses with neither a define nor a default (at the
/// use), defines that are malformed, repeated or used nowhere (npos).
std::optional<std::string>
substituteParameters(StringRef source,
                     ArrayRef<std::pair<std::string, std::string>> defines,
                     std::vector<ParameterError> &errors);

} // namespace tile

#endif // TILE_COMPILER_PARAMETERS_H
