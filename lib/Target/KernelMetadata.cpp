//===- KernelMetadata.cpp - What a launcher needs to know -----------------===//

#include "tile/Target/KernelMetadata.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/Support/MathExtras.h"

using namespace tile;

static constexpr unsigned kWarpSize = 32;

/// The metadata name of an LLVM dialect parameter type, or "" if a launcher
/// cannot pass it.
static std::string typeName(Type type) {
  if (auto ptr = dyn_cast<LLVM::LLVMPointerType>(type))
    return "ptr";
  if (auto integer = dyn_cast<IntegerType>(type))
    return "i" + std::to_string(integer.getWidth());
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "f32";
  if (type.isF64())
    return "f64";
  return "";
}

/// True when the declared metadata type `declared` ("ptr<f32>", "i32", ...)
/// can describe a parameter of LLVM type `actual` ("ptr", "i32", ...).
static bool isCompatible(StringRef declared, StringRef actual) {
  // A TMA descriptor is passed by value; the function sees its address.
  if (actual == "ptr")
    return declared == "ptr" || declared.starts_with("ptr<") ||
           declared == "tma_descriptor" || declared == "global_tensor";
  if (declared == "index")
    return actual == "i64" || actual == "i32";
  // fp8 scalars are passed as their bits.
  if (declared == "f8E4M3FN" || declared == "f8E5M2")
    return actual == "i8";
  return declared == actual;
}

//===----------------------------------------------------------------------===//
// TMA descriptors
//===----------------------------------------------------------------------===//
//
// The lowering's recipe (tile.tma, in the view's dim order: the outermost
// dim first; rank 2 to 5) becomes the arguments of cuTensorMapEncodeTiled
// (innermost dim first, strides in bytes, parameter strides times their
// stride_scales, element strides all 1). Each extent or stride is
// {"value": V} or {"arg": I, "scale": S} (argument I times S).

namespace {

/// CUtensorMapDataType of an element type name, or -1.
int getTensorMapDataType(Type type) {
  if (type.isF16())
    return 6; // CU_TENSOR_MAP_DATA_TYPE_FLOAT16
  if (type.isBF16())
    return 9; // BFLOAT16
  if (type.isF32())
    return 7; // FLOAT32
  if (type.isInteger(32))
    return 3; // INT32
  if (type.isInteger(16))
    return 1; // UINT16
  if (type.isIntOrFloat() && type.getIntOrFloatBitWidth() == 8)
    return 0; // UINT8 (i8 and the fp8 types: bits are copied as they are)
  return -1;
}

std::string getTypeName(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

llvm::json::Value entry(int64_t arg, int64_t value, int64_t scale) {
  if (arg >= 0)
    return llvm::json::Object{{"arg", arg}, {"scale", scale}};
  return llvm::json::Object{{"value", value * scale}};
}

/// The JSON recipe of a tile.global_tensor attribute: {"element_bytes": B,
/// "shape": [{"value": N} | {"arg": I, "scale": 1}, ...], "zeroed": Z}.
FailureOr<llvm::json::Value> globalTensorRecipeToJSON(DictionaryAttr recipe,
                                                      unsigned numParams,
                                                      std::string &error) {
  auto shapeArgs = recipe.getAs<DenseI64ArrayAttr>("shape_args");
  auto shape = recipe.getAs<DenseI64ArrayAttr>("shape");
  auto bytes = recipe.getAs<IntegerAttr>("element_bytes");
  auto zeroed = recipe.getAs<BoolAttr>("zeroed");
  if (!shapeArgs || !shape || !bytes || !zeroed ||
      shapeArgs.size() != shape.size() || shape.empty()) {
    error = "tile.global_tensor must have shape_args and shape of one "
            "length, element_bytes and zeroed";
    return failure();
  }
  llvm::json::Array extents;
  for (auto [arg, value] : llvm::zip(shapeArgs.asArrayRef(),
                                     shape.asArrayRef())) {
    if (arg >= int64_t(numParams) || (arg < 0 && value <= 0)) {
      error = "tile.global_tensor names a parameter the kernel does not "
              "have, or a non-positive extent";
      return failure();
    }
    extents.push_back(entry(arg, value, 1));
  }
  return llvm::json::Value(llvm::json::Object{
      {"element_bytes", bytes.getInt()},
      {"shape", std::move(extents)},
      {"zeroed", zeroed.getValue()}});
}

/// The JSON recipe of a tile.tma attribute, or an error message.
FailureOr<llvm::json::Value>
tmaRecipeToJSON(DictionaryAttr recipe, unsigned numParams, std::string &error) {
  auto global = recipe.getAs<IntegerAttr>("global");
  auto shapeArgs = recipe.getAs<DenseI64ArrayAttr>("shape_args");
  auto shape = recipe.getAs<DenseI64ArrayAttr>("shape");
  auto strideArgs = recipe.getAs<DenseI64ArrayAttr>("stride_args");
  auto strides = recipe.getAs<DenseI64ArrayAttr>("strides");
  auto elementType = recipe.getAs<TypeAttr>("element_type");
  auto box = recipe.getAs<DenseI64ArrayAttr>("box");
  auto swizzle = recipe.getAs<IntegerAttr>("swizzle");
  if (!global || !shapeArgs || !shape || !strideArgs || !strides ||
      !elementType || !box || !swizzle) {
    error = "tile.tma must have global, shape_args, shape, stride_args, "
            "strides, element_type, box and swizzle";
    return failure();
  }
  auto strideScales = recipe.getAs<DenseI64ArrayAttr>("stride_scales");
  int64_t rank = shape.size();
  if (rank < 2 || rank > 5 || shapeArgs.size() != rank ||
      strides.size() != rank || strideArgs.size() != rank ||
      box.size() != rank || (strideScales && strideScales.size() != rank)) {
    error = "tile.tma describes views of rank 2 to 5: shape, strides, box "
            "(and stride_scales) need one entry per dim";
    return failure();
  }
  auto inRange = [&](int64_t arg) { return arg < int64_t(numParams); };
  if (global.getInt() < 0 || !inRange(global.getInt()) ||
      !llvm::all_of(shapeArgs.asArrayRef(), inRange) ||
      !llvm::all_of(strideArgs.asArrayRef(), inRange)) {
    error = "tile.tma names a parameter the kernel does not have";
    return failure();
  }
  Type type = elementType.getValue();
  int dataType = getTensorMapDataType(type);
  if (dataType < 0) {
    error = "tile.tma: no tensor-map data type for " + getTypeName(type);
    return failure();
  }
  int64_t bytes = type.getIntOrFloatBitWidth() / 8;
  int swizzleEnum;
  switch (swizzle.getInt()) {
  case 0:
    swizzleEnum = 0;
    break;
  case 32:
    swizzleEnum = 1;
    break;
  case 64:
    swizzleEnum = 2;
    break;
  case 128:
    swizzleEnum = 3;
    break;
  default:
    error = "tile.tma: swizzle must be 0, 32, 64 or 128 bytes";
    return failure();
  }
  // A scale multiplies a parameter stride (a compact view's n1 * 64);
  // TmaDescriptors.cpp writes 1 for a constant one.
  if (strideScales)
    for (int64_t d = 0; d < rank; ++d)
      if (strideScales[d] < 1 || (strideArgs[d] < 0 && strideScales[d] != 1)) {
        error = "tile.tma: stride_scales[" + std::to_string(d) + "] is " +
                std::to_string(strideScales[d]) +
                "; a scale multiplies a parameter stride, is at least 1, and "
                "is 1 where the stride is a constant";
        return failure();
      }
  // The stride of dim d in units of `unit` (bytes, or elements).
  auto stride = [&](int64_t d, int64_t unit) {
    return entry(strideArgs[d], strides[d],
                 unit * (strideScales ? strideScales[d] : int64_t(1)));
  };
  llvm::json::Array globalDim, globalStrides, boxDim, elementStrides;
  for (int64_t d = rank - 1; d >= 0; --d) {
    globalDim.push_back(entry(shapeArgs[d], shape[d], 1));
    boxDim.push_back(box[d]);
    elementStrides.push_back(1);
  }
  for (int64_t d = rank - 2; d >= 0; --d)
    globalStrides.push_back(stride(d, bytes));
  return llvm::json::Value(llvm::json::Object{
      {"rank", rank},
      {"element_type", getTypeName(type)},
      {"element_bytes", bytes},
      {"data_type", dataType},
      {"global_address", llvm::json::Object{{"arg", global.getInt()}}},
      {"global_dim", std::move(globalDim)},
      {"global_strides", std::move(globalStrides)},
      {"inner_stride", stride(rank - 1, 1)},
      {"box_dim", std::move(boxDim)},
      {"element_strides", std::move(elementStrides)},
      {"interleave", 0},
      {"swizzle", swizzleEnum},
      {"swizzle_bytes", swizzle.getInt()},
      {"l2_promotion", 2},
      {"oob_fill", 0}});
}

} // namespace

FailureOr<std::vector<KernelInfo>>
tile::extractKernelMetadata(ModuleOp llvmDialectModule) {
  std::vector<KernelInfo> kernels;
  bool failed = false;
  llvmDialectModule.walk([&](LLVM::LLVMFuncOp func) {
    if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      return;
    KernelInfo info;
    info.name = func.getSymName().str();

    auto fail = [&](const Twine &message) {
      func.emitError() << message;
      failed = true;
    };

    if (auto warps = func->getAttrOfType<IntegerAttr>("tile.num_warps")) {
      if (warps.getInt() <= 0 || warps.getInt() > 32)
        return fail("tile.num_warps must be in 1..32, got " +
                    Twine(warps.getInt()));
      info.numWarps = warps.getInt();
    } else if (func->hasAttr("tile.num_warps")) {
      return fail("tile.num_warps must be an integer attribute");
    }

    unsigned maxntid = 0;
    if (auto ntid = func->getAttrOfType<DenseI32ArrayAttr>(
            NVVM::NVVMDialect::getMaxntidAttrName())) {
      maxntid = 1;
      for (int32_t extent : ntid.asArrayRef())
        maxntid *= extent > 0 ? extent : 0;
      if (!ntid.empty() && llvm::any_of(ntid.asArrayRef().drop_front(),
                                        [](int32_t e) { return e != 1; }))
        return fail("kernels are launched with 1-D blocks: nvvm.maxntid must "
                    "be [T, 1, 1]");
    }
    if (info.numWarps && maxntid && maxntid != info.numWarps * kWarpSize)
      return fail(
          "nvvm.maxntid (" + Twine(maxntid) +
          " threads) disagrees with tile.num_warps = " + Twine(info.numWarps) +
          " (" + Twine(info.numWarps * kWarpSize) + " threads)");
    if (!info.numWarps && maxntid) {
      if (maxntid % kWarpSize != 0)
        return fail("nvvm.maxntid must be a multiple of 32 threads, got " +
                    Twine(maxntid));
      info.numWarps = maxntid / kWarpSize;
    }
    if (!info.numWarps)
      info.numWarps = 4; // The language's default.
    info.threadsPerBlock = info.numWarps * kWarpSize;

    if (Attribute shared = func->getAttr("tile.shared_bytes")) {
      auto bytes = dyn_cast<IntegerAttr>(shared);
      if (!bytes || bytes.getInt() < 0)
        return fail("tile.shared_bytes must be a non-negative integer");
      info.sharedBytes = bytes.getInt();
    }

    if (Attribute cluster =
            func->getAttr(NVVM::NVVMDialect::getClusterDimAttrName())) {
      auto dims = dyn_cast<DenseI32ArrayAttr>(cluster);
      if (!dims || dims.size() != 3 ||
          llvm::any_of(dims.asArrayRef(), [](int32_t d) { return d < 1; }))
        return fail("nvvm.cluster_dim must be array<i32: X, Y, Z> with each "
                    "extent at least 1");
      for (int32_t d : dims.asArrayRef())
        info.clusterDims.push_back(d);
    }

    ArrayRef<Type> paramTypes = func.getFunctionType().getParams();
    auto declaredTypes = func->getAttrOfType<ArrayAttr>("tile.arg_types");
    if (func->hasAttr("tile.arg_types") && !declaredTypes)
      return fail("tile.arg_types must be an array of strings");
    if (declaredTypes && declaredTypes.size() != paramTypes.size())
      return fail("tile.arg_types lists " + Twine(declaredTypes.size()) +
                  " types but the kernel has " + Twine(paramTypes.size()) +
                  " parameters");
    auto declaredDivisibility =
        func->getAttrOfType<DenseI64ArrayAttr>("tile.arg_divisibility");
    if (func->hasAttr("tile.arg_divisibility") && !declaredDivisibility)
      return fail("tile.arg_divisibility must be an array of i64");
    if (declaredDivisibility &&
        declaredDivisibility.size() != int64_t(paramTypes.size()))
      return fail("tile.arg_divisibility lists " +
                  Twine(declaredDivisibility.size()) +
                  " values but the kernel has " + Twine(paramTypes.size()) +
                  " parameters");
    auto declaredNames = func->getAttrOfType<ArrayAttr>("tile.arg_names");
    if (declaredNames && declaredNames.size() != paramTypes.size())
      return fail("tile.arg_names lists " + Twine(declaredNames.size()) +
                  " names but the kernel has " + Twine(paramTypes.size()) +
                  " parameters");

    for (auto [index, type] : llvm::enumerate(paramTypes)) {
      KernelParam param;
      param.index = index;
      param.name = "arg" + std::to_string(index);
      std::string actual = typeName(type);
      std::string typeText;
      llvm::raw_string_ostream(typeText) << type;
      if (actual.empty())
        return fail("parameter " + Twine(index) + " has type " + typeText +
                    ", which a launcher cannot pass; kernel parameters must "
                    "be pointers, integers or floats");
      param.type = actual;
      if (declaredTypes) {
        auto declared = dyn_cast<StringAttr>(declaredTypes[index]);
        if (!declared)
          return fail("tile.arg_types must be an array of strings");
        if (!isCompatible(declared.getValue(), actual))
          return fail("tile.arg_types[" + Twine(index) + "] is \"" +
                      declared.getValue() +
                      "\" but the parameter's LLVM type is " + actual);
        param.type = declared.getValue().str();
      }
      if (declaredNames) {
        auto name = dyn_cast<StringAttr>(declaredNames[index]);
        if (!name)
          return fail("tile.arg_names must be an array of strings");
        param.name = name.getValue().str();
      }
      for (StringRef attrName : {"tile.divisibility", "llvm.align"}) {
        Attribute attr = func.getArgAttr(index, attrName);
        if (!attr)
          continue;
        auto value = dyn_cast<IntegerAttr>(attr);
        if (!value || value.getInt() <= 0 ||
            !llvm::isPowerOf2_64(value.getInt()))
          return fail("parameter " + Twine(index) + ": " + attrName +
                      " must be a positive power of two");
        // PTX's `.align` (and LLVM's) stop at 2^31; larger ones fail later
        // in the translation, without a location.
        if (value.getInt() > (int64_t(1) << 31))
          return fail("parameter " + Twine(index) + ": " + attrName + " is " +
                      Twine(value.getInt()) +
                      ", above the largest alignment PTX represents, "
                      "2147483648 (2^31)");
        param.divisibility =
            std::max<uint64_t>(param.divisibility, value.getInt());
      }
      if (param.type == "tma_descriptor") {
        auto recipe = func.getArgAttrOfType<DictionaryAttr>(index, "tile.tma");
        if (!recipe)
          return fail("parameter " + Twine(index) +
                      " is a tma_descriptor without its tile.tma recipe");
        std::string error;
        FailureOr<llvm::json::Value> json =
            tmaRecipeToJSON(recipe, paramTypes.size(), error);
        if (!::mlir::succeeded(json))
          return fail("parameter " + Twine(index) + ": " + error);
        param.tma = std::move(*json);
      }
      if (param.type == "global_tensor") {
        auto recipe =
            func.getArgAttrOfType<DictionaryAttr>(index, "tile.global_tensor");
        std::string error = "a global_tensor without its tile.global_tensor "
                            "recipe";
        FailureOr<llvm::json::Value> json =
            recipe ? globalTensorRecipeToJSON(recipe, paramTypes.size(), error)
                   : FailureOr<llvm::json::Value>(failure());
        if (!::mlir::succeeded(json))
          return fail("parameter " + Twine(index) + ": " + error);
        param.globalTensor = std::move(*json);
      }
      if (declaredDivisibility) {
        int64_t value = declaredDivisibility[index];
        if (value <= 0 || !llvm::isPowerOf2_64(value))
          return fail("parameter " + Twine(index) +
                      ": tile.arg_divisibility must be a positive power of "
                      "two");
        param.divisibility = std::max<uint64_t>(param.divisibility, value);
      }
      info.params.push_back(std::move(param));
    }
    kernels.push_back(std::move(info));
  });
  if (failed)
    return failure();
  return kernels;
}

llvm::json::Value tile::kernelMetadataToJSON(ArrayRef<KernelInfo> kernels,
                                             StringRef arch, StringRef format,
                                             StringRef binaryFileName) {
  llvm::json::Array kernelArray;
  for (const KernelInfo &kernel : kernels) {
    llvm::json::Array params;
    for (const KernelParam &param : kernel.params) {
      llvm::json::Object object{{"index", param.index},
                                {"name", param.name},
                                {"type", param.type},
                                {"divisibility", param.divisibility}};
      if (param.tma.kind() != llvm::json::Value::Null)
        object["tma"] = param.tma;
      if (param.globalTensor.kind() != llvm::json::Value::Null)
        object["global_tensor"] = param.globalTensor;
      params.push_back(std::move(object));
    }
    llvm::json::Object object{{"name", kernel.name},
                              {"params", std::move(params)},
                              {"num_warps", kernel.numWarps},
                              {"threads_per_block", kernel.threadsPerBlock},
                              {"shared_bytes", kernel.sharedBytes}};
    if (!kernel.clusterDims.empty())
      object["cluster_dims"] = llvm::json::Array(kernel.clusterDims);
    if (kernel.registers > 0) {
      object["registers"] = kernel.registers;
      object["spill_bytes"] = kernel.spillBytes;
    }
    kernelArray.push_back(std::move(object));
  }
  return llvm::json::Object{{"version", 1},
                            {"kernels", std::move(kernelArray)},
                            {"arch", arch},
                            {"format", format},
                            {"binary", binaryFileName}};
}
