//===- Parameters.cpp - Kernel parameters ${NAME} in kernel text ----------===//
//
// Two passes over the text: find every `${...}` (checking its syntax and
// that the defaults of one name agree), then check the defines against the
// uses (each well formed, given once and used) and splice the values in.
// Every error carries the byte offset of the use it is about; the caller
// turns offsets into line:column.
//
//===----------------------------------------------------------------------===//

#include "tile/Compiler/Parameters.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace tile;

bool tile::isValidParameterName(StringRef name) {
  if (name.empty() || !(llvm::isAlpha(name[0]) || name[0] == '_'))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

std::optional<std::string> tile::checkParameterValue(StringRef value) {
  if (value.empty())
    return std::string("the value is empty");
  for (char c : value) {
    if (llvm::isAlnum(c) || c == '_' || c == '.' || c == '+' || c == '-')
      continue;
    std::string shown = c == '\n'   ? "a newline"
                        : c == ' '  ? "a space"
                        : c == '\t' ? "a tab"
                                    : "'" + std::string(1, c) + "'";
    return shown + " cannot appear in a value; values are numbers, types or "
                   "identifiers (letters, digits and _ . + -)";
  }
  return std::nullopt;
}

std::vector<ParameterUse>
tile::findParameterUses(StringRef source, std::vector<ParameterError> &errors) {
  std::vector<ParameterUse> uses;
  // The first default of each name and the offset of the use giving it.
  llvm::StringMap<std::pair<std::string, size_t>> defaults;
  for (size_t pos = source.find("${"); pos != StringRef::npos;
       pos = source.find("${", pos)) {
    size_t end = source.find_first_of("}\n", pos + 2);
    if (end == StringRef::npos || source[end] != '}') {
      errors.push_back({pos, "'${' without a closing '}' on its line; write "
                             "${NAME} or ${NAME=DEFAULT}"});
      return uses;
    }
    StringRef body = source.slice(pos + 2, end);
    auto [name, defaultText] = body.split('=');
    name = name.trim();
    ParameterUse use;
    use.offset = pos;
    use.length = end + 1 - pos;
    use.name = name.str();
    if (!isValidParameterName(name)) {
      errors.push_back(
          {pos,
           "'" + body.str() +
               "' is not a parameter name; write ${NAME} "
               "or ${NAME=DEFAULT}, NAME a letter or _ then letters, digits "
               "and _"});
      return uses;
    }
    if (body.contains('=')) {
      defaultText = defaultText.trim();
      if (std::optional<std::string> bad = checkParameterValue(defaultText)) {
        errors.push_back(
            {pos, "bad default for parameter '" + use.name + "': " + *bad});
        return uses;
      }
      auto [it, inserted] = defaults.try_emplace(name, defaultText.str(), pos);
      if (!inserted && it->second.first != defaultText) {
        errors.push_back({pos, "parameter '" + use.name + "' has default '" +
                                   defaultText.str() + "' here but '" +
                                   it->second.first +
                                   "' earlier; give one default (or give it "
                                   "once and write ${" +
                                   use.name + "} elsewhere)"});
        return uses;
      }
      use.defaultValue = defaultText.str();
    }
    uses.push_back(std::move(use));
    pos = end + 1;
  }
  return uses;
}

std::optional<std::string> tile::substituteParameters(
    StringRef source, ArrayRef<std::pair<std::string, std::string>> defines,
    std::vector<ParameterError> &errors) {
  std::vector<ParameterUse> uses = findParameterUses(source, errors);
  if (!errors.empty())
    return std::nullopt;

  llvm::StringMap<std::string> values;
  llvm::StringMap<std::string> defaults;
  llvm::StringSet<> used;
  std::vector<std::string> names;
  for (const ParameterUse &use : uses) {
    if (used.insert(use.name).second)
      names.push_back(use.name);
    if (use.defaultValue)
      defaults.try_emplace(use.name, *use.defaultValue);
  }
  auto parameterList = [&] {
    return names.empty() ? std::string("it has none")
                         : "its parameters: " + llvm::join(names, ", ");
  };
  for (const auto &[name, value] : defines) {
    std::string flag = "-D" + name + "=" + value;
    if (!isValidParameterName(name)) {
      errors.push_back({std::string::npos,
                        flag + ": '" + name +
                            "' is not a parameter name; use a letter or _ "
                            "then letters, digits and _"});
      continue;
    }
    if (std::optional<std::string> bad = checkParameterValue(value)) {
      errors.push_back({std::string::npos, flag + ": " + *bad});
      continue;
    }
    if (!values.try_emplace(name, value).second) {
      errors.push_back(
          {std::string::npos,
           flag + ": parameter '" + name + "' is given twice; give it once"});
      continue;
    }
    if (!used.contains(name))
      errors.push_back(
          {std::string::npos, flag + " is not used: the kernel has no ${" +
                                  name + "} (" + parameterList() + ")"});
  }
  if (!errors.empty())
    return std::nullopt;

  std::string result;
  result.reserve(source.size());
  llvm::StringSet<> reported;
  size_t copied = 0;
  for (const ParameterUse &use : uses) {
    result += source.slice(copied, use.offset);
    copied = use.offset + use.length;
    auto value = values.find(use.name);
    if (value != values.end()) {
      result += value->second;
      continue;
    }
    auto fallback = defaults.find(use.name);
    if (fallback != defaults.end()) {
      result += fallback->second;
      continue;
    }
    if (reported.insert(use.name).second)
      errors.push_back(
          {use.offset, "parameter '" + use.name + "' has no value; pass -D" +
                           use.name + "=VALUE (Python: defines={'" + use.name +
                           "': VALUE}) or give a default: ${" + use.name +
                           "=VALUE}"});
  }
  result += source.substr(copied);
  if (!errors.empty())
    return std::nullopt;
  return result;
}
