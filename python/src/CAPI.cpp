//===- CAPI.cpp - tile's C API over the narrow C++ API --------------------===//
//
// include/tile-c/Tile.h: options and arguments arrive as JSON and are
// checked here (a wrong key type is an error result, never a crash); the
// work is PythonAPI.h's. Results are a name -> bytes map the caller reads
// and frees.
//
//===----------------------------------------------------------------------===//

#include "tile-c/Tile.h"

#include "PythonAPI.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

using namespace tile::python;

struct TileResult {
  bool ok = false;
  llvm::StringMap<std::string> parts;
};

namespace {
TileResult *makeResult(bool ok) {
  auto *result = new TileResult;
  result->ok = ok;
  result->parts["error"] = "";
  return result;
}

TileResult *errorResult(const llvm::Twine &message) {
  TileResult *result = makeResult(false);
  result->parts["error"] = message.str();
  return result;
}

TileResult *textResult(TextResult text) {
  TileResult *result = makeResult(text.ok);
  if (text.ok)
    result->parts["value"] = std::move(text.value);
  else
    result->parts["error"] = std::move(text.error);
  return result;
}

/// Reads the keys of a JSON object into typed values, remembering the first
/// error (a key of the wrong type names the key and the type expected).
class Args {
public:
  Args(const char *json, llvm::StringRef what) : what(what.str()) {
    if (!json || !*json) {
      object = &empty;
      return;
    }
    llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
    if (!parsed) {
      error = this->what +
              " are not valid JSON: " + llvm::toString(parsed.takeError());
      object = &empty;
      return;
    }
    value = std::move(*parsed);
    object = value.getAsObject();
    if (!object) {
      error = this->what + " must be a JSON object ({\"name\": value, ...})";
      object = &empty;
    }
  }

  bool failed() const { return !error.empty(); }
  const std::string &getError() const { return error; }

  std::string str(llvm::StringRef key, llvm::StringRef fallback = "") {
    const llvm::json::Value *v = object->get(key);
    if (!v || v->kind() == llvm::json::Value::Null)
      return fallback.str();
    if (std::optional<llvm::StringRef> s = v->getAsString())
      return s->str();
    fail(key, "a string");
    return fallback.str();
  }

  unsigned uint(llvm::StringRef key, unsigned fallback) {
    const llvm::json::Value *v = object->get(key);
    if (!v || v->kind() == llvm::json::Value::Null)
      return fallback;
    std::optional<int64_t> n = v->getAsInteger();
    if (n && *n >= 0 && *n <= UINT32_MAX)
      return static_cast<unsigned>(*n);
    fail(key, "a non-negative integer");
    return fallback;
  }

  bool boolean(llvm::StringRef key, bool fallback) {
    const llvm::json::Value *v = object->get(key);
    if (!v || v->kind() == llvm::json::Value::Null)
      return fallback;
    if (std::optional<bool> b = v->getAsBoolean())
      return *b;
    fail(key, "true or false");
    return fallback;
  }

  std::vector<int64_t> shape(llvm::StringRef key) {
    std::vector<int64_t> out;
    const llvm::json::Value *v = object->get(key);
    if (!v || v->kind() == llvm::json::Value::Null)
      return out;
    const llvm::json::Array *array = v->getAsArray();
    if (!array) {
      fail(key, "a list of integers");
      return out;
    }
    for (const llvm::json::Value &d : *array) {
      std::optional<int64_t> n = d.getAsInteger();
      if (!n) {
        fail(key, "a list of integers");
        return {};
      }
      out.push_back(*n);
    }
    return out;
  }

  std::vector<std::pair<std::string, std::string>> pairs(llvm::StringRef key) {
    std::vector<std::pair<std::string, std::string>> out;
    const llvm::json::Value *v = object->get(key);
    if (!v || v->kind() == llvm::json::Value::Null)
      return out;
    const llvm::json::Array *array = v->getAsArray();
    if (!array) {
      fail(key, "a list of [name, value] string pairs");
      return out;
    }
    for (const llvm::json::Value &item : *array) {
      const llvm::json::Array *pair = item.getAsArray();
      if (!pair || pair->size() != 2 || !(*pair)[0].getAsString() ||
          !(*pair)[1].getAsString()) {
        fail(key, "a list of [name, value] string pairs");
        return {};
      }
      out.emplace_back((*pair)[0].getAsString()->str(),
                       (*pair)[1].getAsString()->str());
    }
    return out;
  }

private:
  void fail(llvm::StringRef key, llvm::StringRef expected) {
    if (error.empty())
      error = what + ": '" + key.str() + "' must be " + expected.str();
  }

  std::string what;
  std::string error;
  llvm::json::Value value = nullptr;
  llvm::json::Object empty;
  const llvm::json::Object *object = nullptr;
};
} // namespace

extern "C" {

int tileCapiVersion(void) { return TILE_CAPI_VERSION; }

int tileResultOk(const TileResult *result) { return result && result->ok; }

const char *tileResultGet(const TileResult *result, const char *name,
                          size_t *size) {
  if (size)
    *size = 0;
  if (!result || !name)
    return nullptr;
  auto it = result->parts.find(name);
  if (it == result->parts.end())
    return nullptr;
  if (size)
    *size = it->second.size();
  return it->second.c_str();
}

void tileResultDestroy(TileResult *result) { delete result; }

TileResult *tileCompile(const char *source, size_t sourceSize,
                        const char *optionsJson) {
  Args args(optionsJson, "the compile options");
  CompileRequest request;
  if (source)
    request.source.assign(source, sourceSize);
  request.sourceName = args.str("source_name", request.sourceName);
  request.arch = args.str("arch", request.arch);
  request.emit = args.str("emit", request.emit);
  request.optLevel = args.uint("opt_level", request.optLevel);
  request.numStages = args.uint("num_stages", request.numStages);
  request.warpSpecialize =
      args.boolean("warp_specialize", request.warpSpecialize);
  request.assembler = args.str("assembler", request.assembler);
  request.ptxasPath = args.str("ptxas");
  request.defines = args.pairs("defines");
  if (args.failed()) {
    TileResult *result = errorResult(args.getError());
    result->parts["diagnostics"] = "error: " + args.getError() + "\n";
    return result;
  }
  CompileResponse response = compile(request);
  TileResult *result = makeResult(response.ok);
  result->parts["diagnostics"] = std::move(response.diagnostics);
  if (!response.ok)
    result->parts["error"] = result->parts["diagnostics"];
  result->parts["format"] = std::move(response.format);
  result->parts["output"] = std::move(response.output);
  result->parts["ptx"] = std::move(response.ptx);
  result->parts["metadata_json"] = std::move(response.metadataJson);
  result->parts["note"] = std::move(response.note);
  result->parts["assembler"] = std::move(response.assembler);
  return result;
}

int tileCanAssembleCubin(void) { return canAssembleCubin(); }

TileResult *tileCubinAssembler(void) {
  std::string path;
  TileResult *result = textResult(cubinAssembler(path));
  result->parts["path"] = std::move(path);
  return result;
}

TileResult *tilePtxVersion(const char *arch) {
  return textResult(checkArch(arch ? arch : ""));
}

TileResult *tileLayoutQuery(const char *function, const char *argsJson) {
  std::string name = function ? function : "";
  Args args(argsJson, "the arguments of " + name);
  std::string attr = args.str("attr");
  std::vector<int64_t> shape = args.shape("shape");
  unsigned maxRows = args.uint("max_rows", 0);
  unsigned maxCols = args.uint("max_cols", 0);
  if (args.failed())
    return errorResult(args.getError());
  TextResult text;
  if (name == "layout_table") {
    text = layoutTable(attr, shape, maxRows, maxCols);
  } else if (name == "layout_linear") {
    text = layoutLinear(attr, shape);
  } else if (name == "layout_json") {
    text = layoutJson(attr, shape);
  } else if (name == "layout_svg") {
    unsigned bits = args.uint("element_bits", 0);
    bool html = args.boolean("html", false);
    if (!args.failed())
      text = layoutSvg(attr, shape, maxRows, maxCols, bits, html);
  } else if (name == "layout_convert") {
    std::string dst = args.str("dst");
    unsigned bits = args.uint("element_bits", 32);
    std::string strategy = args.str("strategy", "auto");
    std::string format = args.str("format", "text");
    if (!args.failed())
      text = layoutConvert(attr, dst, shape, bits, strategy, format, maxRows,
                           maxCols);
  } else if (name == "layout_canonical") {
    text = layoutCanonical(attr);
  } else if (name == "cute_eval") {
    text = cuteEval(args.str("expr"));
  } else if (name == "cute_normalize") {
    text = cuteNormalize(args.str("layout"));
  } else if (name == "cute_table") {
    text = cuteTable(args.str("layout"));
  } else {
    return errorResult("unknown query '" + name +
                       "'; use one of layout_table, layout_linear, "
                       "layout_json, layout_svg, layout_convert, "
                       "layout_canonical, cute_eval, cute_normalize, "
                       "cute_table");
  }
  // Argument errors first: a call with a wrong argument type did nothing.
  if (args.failed())
    return errorResult(args.getError());
  return textResult(std::move(text));
}

} // extern "C"
