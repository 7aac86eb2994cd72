//===- AxisInfo.cpp - Contiguity and divisibility of integers -------------===//

#include "tile/Dialect/Tile/Analysis/AxisInfo.h"

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <numeric>

using namespace mlir;
using namespace tile;
using namespace tile::tl;

// Divisibilities are capped here so that products never overflow.
static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

int64_t tile::tl::highestPowerOf2Divisor(int64_t v) {
  if (v == 0)
    return kMaxDivisibility;
  uint64_t u = static_cast<uint64_t>(v);
  return std::min<int64_t>(int64_t(u & (~u + 1)), kMaxDivisibility);
}

static int64_t mulCapped(int64_t a, int64_t b) {
  if (a >= kMaxDivisibility || b >= kMaxDivisibility)
    return kMaxDivisibility;
  return std::min(a * b, kMaxDivisibility);
}

static SmallVector<int64_t> getShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return SmallVector<int64_t>(tensor.getShape());
  return {};
}

/// Size in bytes of the pointee of a pointer (tensor) type; 1 otherwise.
static int64_t pointeeBytes(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    type = tensor.getElementType();
  if (auto ptr = dyn_cast<PtrType>(type)) {
    unsigned bits = ptr.getPointeeType().getIntOrFloatBitWidth();
    return std::max<int64_t>(1, bits / 8);
  }
  return 1;
}

/// Nothing known: runs of length 1, divisible by 1 (pointers: by their
/// element size, the natural alignment).
static AxisInfo weakest(Type type) {
  SmallVector<int64_t> shape = getShape(type);
  AxisInfo info;
  info.contiguity.assign(shape.size(), 1);
  info.constancy.assign(shape.size(), 1);
  info.divisibility.assign(shape.size(), 1);
  if (isa<PtrType>(getElementTypeOrSelf(type)))
    info.divisibility.assign(shape.size(), pointeeBytes(type));
  return info;
}

/// A tensor (or scalar) all of whose elements have divisibility `div`.
static AxisInfo uniform(Type type, int64_t div,
                        std::optional<int64_t> constant = std::nullopt) {
  SmallVector<int64_t> shape = getShape(type);
  AxisInfo info;
  info.contiguity.assign(shape.size(), 1);
  info.constancy = shape;
  info.divisibility.assign(shape.size(), div);
  info.constant = constant;
  return info;
}

int64_t AxisInfoAnalysis::getDivisibility(Value scalar) {
  const AxisInfo &info = get(scalar);
  if (info.constant)
    return highestPowerOf2Divisor(*info.constant);
  // Scalars keep their divisibility in a rank-0 slot.
  return info.divisibility.empty() ? 1 : info.divisibility.front();
}

const AxisInfo &AxisInfoAnalysis::get(Value value) {
  auto it = cache.find(value);
  if (it != cache.end())
    return it->second;
  AxisInfo info = compute(value);
  return cache[value] = std::move(info);
}

/// A scalar's facts are kept as a rank-0 AxisInfo plus one divisibility
/// entry, so that scalar and tensor rules share code.
static AxisInfo scalarInfo(int64_t div, std::optional<int64_t> constant) {
  AxisInfo info;
  info.divisibility.push_back(div);
  info.constant = constant;
  return info;
}

static int64_t scalarDiv(const AxisInfo &info) {
  if (info.constant)
    return highestPowerOf2Divisor(*info.constant);
  return info.divisibility.empty() ? 1 : info.divisibility.front();
}

/// a + b elementwise (b scaled by `bScale`, for pointer offsets).
static AxisInfo addInfo(Type type, const AxisInfo &a, const AxisInfo &b,
                        int64_t bScale) {
  AxisInfo r = weakest(type);
  for (int64_t d = 0, e = r.getRank(); d < e; ++d) {
    // A run of consecutive values plus a run of equal values stays
    // consecutive over their common length.
    r.contiguity[d] = std::max(std::gcd(a.contiguity[d], b.constancy[d]),
                               std::gcd(b.contiguity[d], a.constancy[d]));
    r.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
    r.divisibility[d] = std::gcd(a.divisibility[d],
                                 mulCapped(b.divisibility[d], bScale));
  }
  if (a.constant && b.constant)
    r.constant = *a.constant + *b.constant * bScale;
  return r;
}

/// The facts of `lhs <pred> rhs`. Its runs of equal values are those of
/// both sides, and more: where one side runs through consecutive values
/// and the other is constant, the boundary of `x < n` (and `x >= n`) is
/// the multiple of n's divisibility, so every aligned chunk of
/// gcd(contiguity, divisibility of x, divisibility of n) elements compares
/// the same way (a mask `offs < n` is uniform over vectors when n is a
/// multiple of their width).
static AxisInfo compareInfo(Type type, arith::CmpIPredicate pred,
                            const AxisInfo &lhs, const AxisInfo &rhs) {
  AxisInfo r = weakest(type);
  int64_t e = r.getRank();
  if (lhs.getRank() != e || rhs.getRank() != e)
    return r;
  using P = arith::CmpIPredicate;
  // x < n or x >= n (x the contiguous side): the boundary is at n.
  bool lhsRuns = pred == P::slt || pred == P::ult || pred == P::sge ||
                 pred == P::uge;
  // n > x or n <= x: the same with the sides swapped.
  bool rhsRuns = pred == P::sgt || pred == P::ugt || pred == P::sle ||
                 pred == P::ule;
  for (int64_t d = 0; d < e; ++d) {
    r.constancy[d] = std::gcd(lhs.constancy[d], rhs.constancy[d]);
    const AxisInfo *runs = lhsRuns ? &lhs : rhsRuns ? &rhs : nullptr;
    const AxisInfo *bound = lhsRuns ? &rhs : rhsRuns ? &lhs : nullptr;
    if (!runs || runs->contiguity[d] <= 1)
      continue;
    int64_t chunk = std::gcd(runs->contiguity[d], runs->divisibility[d]);
    chunk = std::gcd(chunk, bound->divisibility[d]);
    // The bound must hold still over the chunk.
    chunk = std::gcd(chunk, bound->constancy[d]);
    r.constancy[d] = std::max(r.constancy[d], chunk);
  }
  return r;
}

AxisInfo AxisInfoAnalysis::loopArgInfo(scf::ForOp forOp, BlockArgument arg) {
  Type type = arg.getType();
  bool isTensor = isa<RankedTensorType>(type);
  // The induction variable: lb + k * step.
  if (arg == forOp.getInductionVar())
    return scalarInfo(std::gcd(getDivisibility(forOp.getLowerBound()),
                               getDivisibility(forOp.getStep())),
                      std::nullopt);
  // An iteration argument advanced by the same amount in every element
  // (x = x + splat(s), p = addptr(p, splat(s))) keeps the runs of its
  // initial value; the divisibility is that of both. Anything else is
  // unknown (no fixpoint iteration here).
  auto unknown = [&] {
    return isTensor ? weakest(type) : scalarInfo(pointeeBytes(type),
                                                  std::nullopt);
  };
  unsigned i = arg.getArgNumber() - forOp.getNumInductionVars();
  if (i >= forOp.getInitArgs().size())
    return unknown();
  Value init = forOp.getInitArgs()[i];
  Value next = forOp.getBody()->getTerminator()->getOperand(i);
  Value step;
  int64_t scale = 1;
  if (auto addptr = next.getDefiningOp<AddPtrOp>()) {
    if (addptr.getPtr() == arg) {
      step = addptr.getOffset();
      scale = pointeeBytes(type);
    }
  } else if (auto add = next.getDefiningOp<arith::AddIOp>()) {
    if (add.getLhs() == arg)
      step = add.getRhs();
    else if (add.getRhs() == arg)
      step = add.getLhs();
  }
  if (!step)
    return unknown();
  // The step must not depend on the argument itself.
  if (step.getParentBlock() == forOp.getBody() && !step.getDefiningOp())
    return unknown();
  // Guard against cycles: the argument is unknown while its facts are
  // being computed.
  cache[arg] = unknown();
  AxisInfo s = get(step);
  AxisInfo r = get(init);
  if (!isTensor) {
    int64_t div = std::gcd(scalarDiv(r), mulCapped(scalarDiv(s), scale));
    return scalarInfo(div, std::nullopt);
  }
  SmallVector<int64_t> shape = getShape(type);
  if (r.getRank() != (int64_t)shape.size())
    return unknown();
  for (size_t d = 0; d < shape.size(); ++d) {
    // Uniform steps only: every element moves by the same amount.
    bool uniform = s.getRank() == 0 ||
                   (s.getRank() == (int64_t)shape.size() &&
                    s.constancy[d] >= shape[d]);
    if (!uniform)
      return unknown();
    int64_t sDiv = s.getRank() == 0 ? scalarDiv(s) : s.divisibility[d];
    if (s.constant)
      sDiv = highestPowerOf2Divisor(*s.constant);
    r.divisibility[d] = std::gcd(r.divisibility[d], mulCapped(sDiv, scale));
  }
  r.constant.reset();
  return r;
}

AxisInfo AxisInfoAnalysis::compute(Value value) {
  Type type = value.getType();
  bool isTensor = isa<RankedTensorType>(type);

  // Kernel parameters: tile.divisibility, else the natural alignment.
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (auto forOp = dyn_cast_or_null<scf::ForOp>(arg.getOwner()->getParentOp()))
      return loopArgInfo(forOp, arg);
    int64_t div = pointeeBytes(type);
    if (arg.getOwner()->getParentOp() == kernel)
      if (auto k = dyn_cast<KernelOp>(kernel))
        if (std::optional<int64_t> d = k.getArgDivisibility(arg.getArgNumber()))
          div = std::max(div, *d);
    return isTensor ? weakest(type) : scalarInfo(div, std::nullopt);
  }

  Operation *op = value.getDefiningOp();
  auto fromScalar = [&](int64_t div) {
    return isTensor ? weakest(type) : scalarInfo(div, std::nullopt);
  };

  // Constants.
  if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
    if (auto i = dyn_cast<IntegerAttr>(cst.getValue())) {
      int64_t v = i.getValue().getSExtValue();
      return scalarInfo(highestPowerOf2Divisor(v), v);
    }
    if (auto dense = dyn_cast<DenseIntElementsAttr>(cst.getValue()))
      if (dense.isSplat()) {
        int64_t v = dense.getSplatValue<APInt>().getSExtValue();
        return uniform(type, highestPowerOf2Divisor(v), v);
      }
    return fromScalar(1);
  }

  if (auto arange = dyn_cast<ArangeOp>(op)) {
    AxisInfo r = weakest(type);
    if (r.getRank() == 1) {
      r.contiguity[0] = getShape(type)[0];
      r.divisibility[0] = highestPowerOf2Divisor(arange.getStart());
    }
    return r;
  }

  if (auto splat = dyn_cast<SplatOp>(op)) {
    AxisInfo s = get(splat.getSrc());
    int64_t div = scalarDiv(s);
    if (isa<PtrType>(splat.getSrc().getType()))
      div = std::max(div, pointeeBytes(type));
    return uniform(type, div, s.constant);
  }

  if (auto addptr = dyn_cast<AddPtrOp>(op)) {
    int64_t scale = pointeeBytes(type);
    AxisInfo p = get(addptr.getPtr());
    AxisInfo o = get(addptr.getOffset());
    if (!isTensor)
      return scalarInfo(std::gcd(scalarDiv(p), mulCapped(scalarDiv(o), scale)),
                        std::nullopt);
    AxisInfo r = addInfo(type, p, o, scale);
    r.constant.reset();
    return r;
  }

  if (isa<arith::AddIOp, arith::SubIOp>(op)) {
    AxisInfo a = get(op->getOperand(0));
    AxisInfo b = get(op->getOperand(1));
    if (!isTensor) {
      std::optional<int64_t> c;
      if (a.constant && b.constant)
        c = isa<arith::AddIOp>(op) ? *a.constant + *b.constant
                                   : *a.constant - *b.constant;
      return scalarInfo(std::gcd(scalarDiv(a), scalarDiv(b)), c);
    }
    if (isa<arith::AddIOp>(op))
      return addInfo(type, a, b, 1);
    // a - b stays consecutive only where b is constant.
    AxisInfo r = weakest(type);
    for (int64_t d = 0, e = r.getRank(); d < e; ++d) {
      r.contiguity[d] = std::gcd(a.contiguity[d], b.constancy[d]);
      r.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
      r.divisibility[d] = std::gcd(a.divisibility[d], b.divisibility[d]);
    }
    if (a.constant && b.constant)
      r.constant = *a.constant - *b.constant;
    return r;
  }

  if (isa<arith::MulIOp>(op)) {
    AxisInfo a = get(op->getOperand(0));
    AxisInfo b = get(op->getOperand(1));
    if (!isTensor) {
      std::optional<int64_t> c;
      if (a.constant && b.constant)
        c = *a.constant * *b.constant;
      return scalarInfo(mulCapped(scalarDiv(a), scalarDiv(b)), c);
    }
    AxisInfo r = weakest(type);
    for (int64_t d = 0, e = r.getRank(); d < e; ++d) {
      r.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
      r.divisibility[d] = mulCapped(a.divisibility[d], b.divisibility[d]);
      // x * 1 keeps x's runs.
      if (b.constant && *b.constant == 1)
        r.contiguity[d] = a.contiguity[d];
      else if (a.constant && *a.constant == 1)
        r.contiguity[d] = b.contiguity[d];
    }
    if (a.constant && b.constant)
      r.constant = *a.constant * *b.constant;
    return r;
  }

  // Integer width changes and index casts keep the facts (offsets are
  // assumed not to wrap, as in Triton).
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::IndexCastOp,
          arith::IndexCastUIOp>(op)) {
    AxisInfo r = get(op->getOperand(0));
    return r;
  }

  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    AxisInfo s = get(expand.getSrc());
    int64_t axis = expand.getAxis();
    if (axis < 0 || axis > s.getRank())
      return weakest(type);
    bool allConstant = s.constant.has_value();
    int64_t div = allConstant && s.getRank() ? s.divisibility[0] : 1;
    s.contiguity.insert(s.contiguity.begin() + axis, 1);
    s.constancy.insert(s.constancy.begin() + axis, 1);
    s.divisibility.insert(s.divisibility.begin() + axis, div);
    return s;
  }

  // tile.trans: result dim i is operand dim order[i], facts included.
  if (auto trans = dyn_cast<TransOp>(op)) {
    AxisInfo s = get(trans.getSrc());
    ArrayRef<int32_t> order = trans.getOrder();
    if (s.getRank() != int64_t(order.size()))
      return weakest(type);
    AxisInfo r = s;
    for (auto [i, d] : llvm::enumerate(order)) {
      if (d < 0 || d >= s.getRank())
        return weakest(type);
      r.contiguity[i] = s.contiguity[d];
      r.constancy[i] = s.constancy[d];
      r.divisibility[i] = s.divisibility[d];
    }
    return r;
  }

  if (auto bcast = dyn_cast<BroadcastOp>(op)) {
    AxisInfo s = get(bcast.getSrc());
    SmallVector<int64_t> from = getShape(bcast.getSrc().getType());
    SmallVector<int64_t> to = getShape(type);
    if (from.size() != to.size() || s.getRank() != (int64_t)to.size())
      return weakest(type);
    for (size_t d = 0; d < to.size(); ++d)
      if (from[d] == 1 && to[d] != 1) {
        s.contiguity[d] = 1;
        s.constancy[d] = to[d];
      }
    return s;
  }

  if (auto cmp = dyn_cast<arith::CmpIOp>(op))
    return compareInfo(type, cmp.getPredicate(), get(cmp.getLhs()),
                       get(cmp.getRhs()));

  if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op)) {
    AxisInfo a = get(op->getOperand(0));
    AxisInfo b = get(op->getOperand(1));
    // x & y keeps the trailing zeros of either; | and ^ those of both.
    bool isAnd = isa<arith::AndIOp>(op);
    if (!isTensor) {
      int64_t da = scalarDiv(a), db = scalarDiv(b);
      return scalarInfo(isAnd ? std::max(da, db) : std::min(da, db),
                        std::nullopt);
    }
    AxisInfo r = weakest(type);
    for (int64_t d = 0, e = r.getRank(); d < e; ++d) {
      if (a.getRank() != e || b.getRank() != e)
        break;
      r.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
      r.divisibility[d] = isAnd
                              ? std::max(a.divisibility[d], b.divisibility[d])
                              : std::min(a.divisibility[d], b.divisibility[d]);
    }
    return r;
  }

  if (auto select = dyn_cast<arith::SelectOp>(op)) {
    AxisInfo c = get(select.getCondition());
    AxisInfo a = get(select.getTrueValue());
    AxisInfo b = get(select.getFalseValue());
    if (!isTensor)
      return scalarInfo(std::gcd(scalarDiv(a), scalarDiv(b)), std::nullopt);
    AxisInfo r = weakest(type);
    int64_t e = r.getRank();
    if (a.getRank() != e || b.getRank() != e)
      return r;
    for (int64_t d = 0; d < e; ++d) {
      // A scalar condition picks one side for the whole tensor.
      int64_t cConst = c.getRank() == e ? c.constancy[d] : getShape(type)[d];
      r.constancy[d] =
          std::gcd(cConst, std::gcd(a.constancy[d], b.constancy[d]));
      r.contiguity[d] =
          std::gcd(cConst, std::min(a.contiguity[d], b.contiguity[d]));
      r.divisibility[d] = std::gcd(a.divisibility[d], b.divisibility[d]);
    }
    return r;
  }

  if (isa<arith::ShLIOp>(op)) {
    AxisInfo a = get(op->getOperand(0));
    AxisInfo s = get(op->getOperand(1));
    if (!s.constant || *s.constant < 0 || *s.constant > 30)
      return fromScalar(1);
    int64_t factor = int64_t(1) << *s.constant;
    if (!isTensor)
      return scalarInfo(mulCapped(scalarDiv(a), factor), std::nullopt);
    AxisInfo r = weakest(type);
    for (int64_t d = 0, e = r.getRank(); d < e && a.getRank() == e; ++d) {
      r.constancy[d] = a.constancy[d];
      r.divisibility[d] = mulCapped(a.divisibility[d], factor);
      if (factor == 1)
        r.contiguity[d] = a.contiguity[d];
    }
    return r;
  }

  if (isa<ProgramIdOp, NumProgramsOp>(op))
    return scalarInfo(1, std::nullopt);

  // A promised multiple (tile-version-strides writes it where a run-time
  // test holds); a pointer's address keeps the pointer's alignment.
  if (auto assume = dyn_cast<AssumeMultipleOp>(op)) {
    AxisInfo a = get(assume.getValue());
    int64_t div = std::min<int64_t>(std::max<int64_t>(1, assume.getDivisor()),
                                    int64_t(1) << 30);
    return scalarInfo(std::max(scalarDiv(a), div), a.constant);
  }
  if (auto toInt = dyn_cast<PtrToIntOp>(op))
    return scalarInfo(scalarDiv(get(toInt.getPtr())), std::nullopt);

  return fromScalar(pointeeBytes(type));
}
