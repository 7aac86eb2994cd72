//===- MemoryOrdering.cpp - Hints and memory order of global accesses -----===//
//
// A view access with cuTile's `latency`, `memory_order` or `memory_scope`
// is emitted exactly as one without (MemoryAccess.cpp decides vectors,
// masks and versioning), then qualified in three steps:
//  1. getAccessQualifiers spells the hints in PTX (docs/TileLanguage.md's
//     table): `.relaxed.<scope>` / `.acquire.<scope>` / `.release.<scope>`
//     between `ld`/`st` and `.global`, `.L1::evict_last` or
//     `.L1::no_allocate` after it, and an `.L2::cache_hint` operand made by
//     `createpolicy.fractional.L2::evict_{first,last}.b64 p, 1.0`.
//  2. The pattern tags the global loads and stores it emitted
//     (tagMemoryAccesses): inline-asm blocks that contain `ld.global.` or
//     `st.global.`, and plain llvm.load/llvm.store outside shared memory.
//  3. After the conversion (applyAccessQualifiers), each tagged asm block
//     has every `ld.global.`/`st.global.` statement qualified (and the
//     policy operand appended, the policy register declared in a scope of
//     its own), and each tagged llvm.load/llvm.store becomes the equivalent
//     inline asm (a vector of sub-32-bit elements travels as 32-bit words).
// A tile op is the whole program's: a release store first waits for every
// thread (`bar.sync 0`, emitReleaseBarrier; in a warp_specialize partition
// every thread of the partition, its named barrier), so that the earlier
// accesses by any thread are ordered before it; an acquire load is done by
// every thread that uses the value, which orders that thread's later
// accesses (no barrier after it: a spin loop's threads may leave it at
// different iterations).
// PTX allows `.v2`/`.v4` with every qualifier used here (ld.relaxed,
// ld.acquire, st.relaxed, st.release included), so no access is split; the
// memory model treats a vector access as one access per element, in no
// particular order. A weak access without latency is not touched.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecializeLowering.h"
#include "tile/Conversion/TileToLLVM/MemoryOrdering.h"

#include "tile/Conversion/TileToLLVM/Registers.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"

using namespace tile;
namespace LLVM = mlir::LLVM;

/// The discardable attribute that carries the qualifiers from the pattern
/// to applyAccessQualifiers: [loadSem, storeSem, loadCache, storeCache,
/// l2Policy].
static constexpr StringLiteral kQualifiersAttr = "tile.access_qualifiers";

AccessQualifiers tile::getAccessQualifiers(const tl::AccessHints &hints) {
  AccessQualifiers q;
  if (hints.order) {
    std::string scope = "." + tl::stringifyMemScope(hints.scope).str();
    switch (*hints.order) {
    case tl::MemSemantic::relaxed:
      q.loadSem = q.storeSem = ".relaxed" + scope;
      break;
    case tl::MemSemantic::acquire:
      q.loadSem = ".acquire" + scope;
      break;
    case tl::MemSemantic::release:
      q.storeSem = ".release" + scope;
      break;
    case tl::MemSemantic::acq_rel: // rejected by the verifier
      break;
    }
  }
  switch (hints.getBand()) {
  case tl::LatencyBand::low:
    q.loadCache = ".L1::evict_last";
    q.l2Policy = "evict_last";
    break;
  case tl::LatencyBand::high:
    q.loadCache = q.storeCache = ".L1::no_allocate";
    q.l2Policy = "evict_first";
    break;
  case tl::LatencyBand::none:
  case tl::LatencyBand::medium:
    break;
  }
  return q;
}

std::string tile::whyAccessHintsNotLowerable(Operation *op,
                                             int computeCapability) {
  tl::AccessHints hints = tl::getAccessHints(op);
  if (hints.order && computeCapability < 70)
    return "memory_order needs sm_70 or newer (ld.relaxed/acquire, "
           "st.relaxed/release); the target is sm_" +
           std::to_string(computeCapability);
  tl::LatencyBand band = hints.getBand();
  if ((band == tl::LatencyBand::low || band == tl::LatencyBand::high) &&
      computeCapability < 80)
    return "latency " + std::to_string(*hints.latency) +
           " needs sm_80 or newer (createpolicy for its L2 hint); drop it "
           "or use 4..7; the target is sm_" +
           std::to_string(computeCapability);
  return "";
}

void tile::emitReleaseBarrier(OpBuilder &b, Location loc,
                              const tl::AccessHints &hints) {
  if (hints.order != tl::MemSemantic::release)
    return;
  // Inline asm, which barrier elision keeps; in a warp_specialize partition
  // its named barrier (barrier 0 would wait for every warp of the CTA).
  if (auto named = emitPartitionBarrier(b, loc)) {
    LLVM::InlineAsmOp::create(
        b, loc, TypeRange{},
        ValueRange{named->first, i32Const(b, loc, named->second)},
        "bar.sync $0, $1;", "r,r", /*has_side_effects=*/true,
        /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr(), ArrayAttr());
    return;
  }
  LLVM::InlineAsmOp::create(b, loc, TypeRange{}, ValueRange{}, "bar.sync 0;",
                            "", /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

//===----------------------------------------------------------------------===//
// Tagging
//===----------------------------------------------------------------------===//

EmittedRange::EmittedRange(OpBuilder &b) : block(b.getInsertionBlock()) {
  Block::iterator ip = b.getInsertionPoint();
  before = ip == block->begin() ? nullptr : &*std::prev(ip);
}

SmallVector<Operation *> EmittedRange::getOps(OpBuilder &b) const {
  SmallVector<Operation *> ops;
  if (b.getInsertionBlock() != block)
    return ops;
  Block::iterator it =
      before ? std::next(before->getIterator()) : block->begin();
  for (Block::iterator end = b.getInsertionPoint(); it != end; ++it)
    ops.push_back(&*it);
  return ops;
}

static bool isSharedPointer(Value ptr) {
  auto type = dyn_cast<LLVM::LLVMPointerType>(ptr.getType());
  return type && type.getAddressSpace() == 3;
}

static bool isGlobalAccess(Operation *op) {
  if (auto asmOp = dyn_cast<LLVM::InlineAsmOp>(op)) {
    StringRef s = asmOp.getAsmString();
    return s.contains("ld.global.") || s.contains("st.global.");
  }
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    return !isSharedPointer(load.getAddr());
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    return !isSharedPointer(store.getAddr());
  return false;
}

void tile::tagMemoryAccesses(ArrayRef<Operation *> ops,
                             const AccessQualifiers &q) {
  if (ops.empty() || q.empty())
    return;
  Builder b(ops.front()->getContext());
  ArrayAttr attr = b.getStrArrayAttr(
      {q.loadSem, q.storeSem, q.loadCache, q.storeCache, q.l2Policy});
  // Nested ops too: a versioned store's two versions are an scf.if.
  for (Operation *op : ops)
    op->walk([&](Operation *nested) {
      if (isGlobalAccess(nested))
        nested->setAttr(kQualifiersAttr, attr);
    });
}

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

/// The policy register of the L2 hint.
static constexpr StringLiteral kPolicyReg = "%tile_l2pol";

/// `asmStr` with every `ld.global.` / `st.global.` statement qualified.
static std::string qualifyAsm(StringRef asmStr, const AccessQualifiers &q) {
  std::string hint = q.l2Policy.empty() ? "" : ".L2::cache_hint";
  std::string ld = "ld" + q.loadSem + ".global" + q.loadCache + hint + ".";
  std::string st = "st" + q.storeSem + ".global" + q.storeCache + hint + ".";
  SmallVector<StringRef> statements;
  asmStr.split(statements, ';');
  std::string out;
  for (auto [i, statement] : llvm::enumerate(statements)) {
    std::string s = statement.str();
    bool qualified = false;
    for (auto [from, to] :
         {std::pair<StringRef, StringRef>("ld.global.", ld),
          std::pair<StringRef, StringRef>("st.global.", st)}) {
      size_t at = s.find(from.str());
      if (at == std::string::npos)
        continue;
      s.replace(at, from.size(), to.str());
      qualified = true;
    }
    if (qualified && !hint.empty())
      s += (", " + kPolicyReg).str();
    out += s;
    if (i + 1 < statements.size())
      out += ";";
  }
  if (hint.empty())
    return out;
  return "{\n\t.reg .b64 " + kPolicyReg.str() +
         ";\n\tcreatepolicy.fractional.L2::" + q.l2Policy + ".b64 " +
         kPolicyReg.str() + ", 1.0;\n\t" + out + "\n\t}";
}

namespace {
/// How a loaded or stored LLVM type travels through inline asm: `numWords`
/// words of `wordBits` (8, 16, 32 or 64) bits; `packed` when a vector of
/// narrower elements travels as 32-bit words (bitcast).
struct WordPlan {
  unsigned numWords = 0;
  unsigned wordBits = 0;
  bool packed = false;
};
} // namespace

static unsigned getBits(Type t) {
  if (isa<LLVM::LLVMPointerType>(t))
    return 64;
  if (t.isIntOrFloat())
    return t.getIntOrFloatBitWidth();
  return 0;
}

static std::optional<WordPlan> planWords(Type type) {
  WordPlan plan;
  if (auto vec = dyn_cast<VectorType>(type)) {
    if (vec.getRank() != 1 || vec.isScalable())
      return std::nullopt;
    unsigned n = vec.getNumElements();
    unsigned bits = getBits(vec.getElementType());
    if (bits == 0 || bits == 1)
      return std::nullopt;
    if (bits < 32 && (n * bits) % 32 == 0) {
      plan = {n * bits / 32, 32, true};
    } else {
      plan = {n, bits, false};
    }
  } else {
    unsigned bits = getBits(type);
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
      return std::nullopt;
    plan = {1, bits, false};
  }
  if (plan.numWords != 1 && plan.numWords != 2 && plan.numWords != 4)
    return std::nullopt;
  if (plan.wordBits != 8 && plan.wordBits != 16 && plan.wordBits != 32 &&
      plan.wordBits != 64)
    return std::nullopt;
  return plan;
}

/// The inline-asm register (constraint letter, width) of a word.
static std::pair<char, unsigned> wordRegister(unsigned bits) {
  if (bits <= 16)
    return {'h', 16};
  if (bits == 32)
    return {'r', 32};
  return {'l', 64};
}

/// `v` (a scalar of `bits` bits) as the integer register of its word.
static Value toWord(OpBuilder &b, Location loc, Value v, unsigned bits) {
  Type t = v.getType();
  Type word = b.getIntegerType(bits);
  if (isa<LLVM::LLVMPointerType>(t))
    v = LLVM::PtrToIntOp::create(b, loc, word, v);
  else if (isa<FloatType>(t))
    v = LLVM::BitcastOp::create(b, loc, word, v);
  unsigned reg = wordRegister(bits).second;
  if (reg != bits)
    v = LLVM::ZExtOp::create(b, loc, b.getIntegerType(reg), v);
  return v;
}

/// The word register `w` as a scalar of type `t`.
static Value fromWord(OpBuilder &b, Location loc, Value w, Type t,
                      unsigned bits) {
  Type word = b.getIntegerType(bits);
  if (w.getType() != word)
    w = LLVM::TruncOp::create(b, loc, word, w);
  if (isa<LLVM::LLVMPointerType>(t))
    return LLVM::IntToPtrOp::create(b, loc, t, w);
  if (isa<FloatType>(t))
    return LLVM::BitcastOp::create(b, loc, t, w);
  return w;
}

/// The words of `value` (of the planned type).
static SmallVector<Value> splitWords(OpBuilder &b, Location loc, Value value,
                                     const WordPlan &plan) {
  SmallVector<Value> words;
  auto vec = dyn_cast<VectorType>(value.getType());
  if (!vec)
    return {toWord(b, loc, value, plan.wordBits)};
  if (plan.packed)
    value = LLVM::BitcastOp::create(
        b, loc, VectorType::get({int64_t(plan.numWords)}, b.getI32Type()),
        value);
  for (unsigned j = 0; j < plan.numWords; ++j) {
    Value e =
        LLVM::ExtractElementOp::create(b, loc, value, i32Const(b, loc, j));
    words.push_back(toWord(b, loc, e, plan.wordBits));
  }
  return words;
}

/// The value of type `type` made of `words`.
static Value joinWords(OpBuilder &b, Location loc, ArrayRef<Value> words,
                       Type type, const WordPlan &plan) {
  auto vec = dyn_cast<VectorType>(type);
  if (!vec)
    return fromWord(b, loc, words.front(), type, plan.wordBits);
  Type elem = plan.packed ? b.getI32Type() : vec.getElementType();
  auto wordVec = VectorType::get({int64_t(plan.numWords)}, elem);
  Value result = LLVM::UndefOp::create(b, loc, wordVec);
  for (auto [j, w] : llvm::enumerate(words))
    result = LLVM::InsertElementOp::create(
        b, loc, result, fromWord(b, loc, w, elem, plan.wordBits),
        i32Const(b, loc, j));
  if (plan.packed)
    result = LLVM::BitcastOp::create(b, loc, type, result);
  return result;
}

static std::string vectorSuffix(const WordPlan &plan) {
  return plan.numWords > 1 ? ".v" + std::to_string(plan.numWords) : "";
}

static LLVM::InlineAsmOp createAsm(OpBuilder &b, Location loc, Type result,
                                   ValueRange operands, StringRef asmStr,
                                   StringRef constraints) {
  return LLVM::InlineAsmOp::create(
      b, loc, result ? TypeRange{result} : TypeRange{}, operands, asmStr,
      constraints, /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
      ArrayAttr());
}

static LogicalResult rewriteLoad(IRRewriter &b, LLVM::LoadOp load,
                                 const AccessQualifiers &q) {
  Type type = load.getType();
  std::optional<WordPlan> plan = planWords(type);
  if (!plan)
    return load.emitError() << "cannot apply memory_order/latency to a load "
                               "of "
                            << type;
  Location loc = load.getLoc();
  b.setInsertionPoint(load);
  unsigned n = plan->numWords;
  auto [letter, regBits] = wordRegister(plan->wordBits);
  std::string asmStr = "ld.global" + vectorSuffix(*plan) + ".b" +
                       std::to_string(plan->wordBits) + " ";
  std::string constraints;
  if (n > 1)
    asmStr += "{";
  for (unsigned j = 0; j < n; ++j) {
    asmStr += (j ? ", $" : "$") + std::to_string(j);
    constraints += std::string(j ? ",=" : "=") + letter;
  }
  if (n > 1)
    asmStr += "}";
  asmStr += ", [$" + std::to_string(n) + "];";
  constraints += ",l";
  Type regType = b.getIntegerType(regBits);
  Type resultType = n == 1 ? regType
                           : LLVM::LLVMStructType::getLiteral(
                                 b.getContext(), SmallVector<Type>(n, regType));
  auto asmOp = createAsm(b, loc, resultType, {load.getAddr()},
                         qualifyAsm(asmStr, q), constraints);
  SmallVector<Value> words;
  for (unsigned j = 0; j < n; ++j)
    words.push_back(
        n == 1 ? asmOp.getResult(0)
               : LLVM::ExtractValueOp::create(b, loc, asmOp.getResult(0), j)
                     .getResult());
  b.replaceOp(load, joinWords(b, loc, words, type, *plan));
  return success();
}

static LogicalResult rewriteStore(IRRewriter &b, LLVM::StoreOp store,
                                  const AccessQualifiers &q) {
  Type type = store.getValue().getType();
  std::optional<WordPlan> plan = planWords(type);
  if (!plan)
    return store.emitError() << "cannot apply memory_order/latency to a "
                                "store of "
                             << type;
  Location loc = store.getLoc();
  b.setInsertionPoint(store);
  unsigned n = plan->numWords;
  char letter = wordRegister(plan->wordBits).first;
  std::string asmStr = "st.global" + vectorSuffix(*plan) + ".b" +
                       std::to_string(plan->wordBits) + " [$0], ";
  std::string constraints = "l";
  if (n > 1)
    asmStr += "{";
  for (unsigned j = 0; j < n; ++j) {
    asmStr += (j ? ", $" : "$") + std::to_string(j + 1);
    constraints += std::string(",") + letter;
  }
  if (n > 1)
    asmStr += "}";
  asmStr += ";";
  SmallVector<Value> operands{store.getAddr()};
  operands.append(splitWords(b, loc, store.getValue(), *plan));
  createAsm(b, loc, Type(), operands, qualifyAsm(asmStr, q), constraints);
  b.eraseOp(store);
  return success();
}

LogicalResult tile::applyAccessQualifiers(Operation *module) {
  SmallVector<Operation *> tagged;
  module->walk([&](Operation *op) {
    if (op->hasAttr(kQualifiersAttr))
      tagged.push_back(op);
  });
  IRRewriter rewriter(module->getContext());
  bool ok = true;
  for (Operation *op : tagged) {
    auto attr = op->getAttrOfType<ArrayAttr>(kQualifiersAttr);
    op->removeAttr(kQualifiersAttr);
    if (!attr || attr.size() != 5)
      continue;
    auto str = [&](unsigned i) {
      auto s = dyn_cast<StringAttr>(attr[i]);
      return s ? s.getValue().str() : std::string();
    };
    AccessQualifiers q{str(0), str(1), str(2), str(3), str(4)};
    if (auto asmOp = dyn_cast<LLVM::InlineAsmOp>(op))
      asmOp.setAsmString(qualifyAsm(asmOp.getAsmString(), q));
    else if (auto load = dyn_cast<LLVM::LoadOp>(op))
      ok &= succeeded(rewriteLoad(rewriter, load, q));
    else if (auto store = dyn_cast<LLVM::StoreOp>(op))
      ok &= succeeded(rewriteStore(rewriter, store, q));
  }
  return success(ok);
}
