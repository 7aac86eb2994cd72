//===- TileWarpSpecialize.cpp - tile.warp_specialize ----------------------===//
//
// The partitions of a warp-specialized program: their syntax, the warps and
// registers each gets, and the checks that make the split executable:
//  1. where the op may stand (directly in a kernel, last before tile.return,
//     once per kernel), so that no code runs in all warps after it;
//  2. the warp counts (whole warpgroups where setmaxnreg needs them, at most
//     1024 threads) and the register budgets (24..256, multiples of 8,
//     fitting the 64K-register file of the CTA);
//  3. what crosses partitions: no register tensor is used in a partition
//     that did not compute it, and no tensor is computed before the op (all
//     warps run that code, but its layouts name only the default warps);
//  4. an mbarrier several partitions use is initialized before the op.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Layout/IR/BarrierUnderBranch.h"
#include "tile/Dialect/Layout/IR/BufferViews.h"
#include "tile/Dialect/Layout/IR/LayoutDialect.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/WarpRegisters.h"

using namespace tile;
using namespace tile::tl;

namespace {
/// Warps of a CTA (1024 threads).
constexpr int32_t kMaxWarps = 32;
/// Named barriers 0 .. 15; 0 is the whole CTA's.
constexpr int32_t kMaxNamedBarrier = 15;
} // namespace

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

int32_t WarpSpecializeOp::getPartitionWarps(unsigned i) {
  if (i == 0) {
    if (auto kernel = dyn_cast_or_null<KernelOp>((*this)->getParentOp()))
      return kernel.getNumWarps();
    // Being lowered: the kernel is an llvm.func by now.
    if (auto warps = (*this)->getAttrOfType<IntegerAttr>(kDefaultWarpsAttr))
      return warps.getInt();
    return 0;
  }
  ArrayRef<int32_t> warps = getPartitionNumWarps();
  return i - 1 < warps.size() ? warps[i - 1] : 0;
}

int32_t WarpSpecializeOp::getPartitionReplicaCount(unsigned i) {
  std::optional<ArrayRef<int32_t>> replicas = getPartitionReplicas();
  if (i == 0 || !replicas || i - 1 >= replicas->size())
    return 1;
  return (*replicas)[i - 1];
}

int32_t WarpSpecializeOp::getPartitionFirstWarp(unsigned i) {
  int32_t first = 0;
  for (unsigned j = 0; j < i; ++j)
    first += getPartitionWarps(j) * getPartitionReplicaCount(j);
  return first;
}

int32_t WarpSpecializeOp::getPartitionFirstBarrier(unsigned i) {
  int32_t first = 1;
  for (unsigned j = 0; j < i; ++j)
    first += getPartitionReplicaCount(j);
  return first;
}

int32_t WarpSpecializeOp::getTotalWarps() {
  return getPartitionFirstWarp(getNumPartitions());
}

int32_t WarpSpecializeOp::getLaunchRegs() {
  return getLaunchRegsForWarps(getTotalWarps());
}

std::optional<WarpPartition> tl::getWarpPartition(Block *block) {
  for (Region *region = block ? block->getParent() : nullptr; region;
       region = region->getParentRegion()) {
    auto ws = dyn_cast_or_null<WarpSpecializeOp>(region->getParentOp());
    if (!ws)
      continue;
    return WarpPartition{ws, region->getRegionNumber()};
  }
  return std::nullopt;
}

std::optional<WarpPartition> tl::getWarpPartition(Operation *op) {
  return getWarpPartition(op->getBlock());
}

int32_t tl::getNumWarpsAt(Operation *op) {
  if (std::optional<WarpPartition> partition = getWarpPartition(op))
    return partition->getNumWarps();
  auto kernel = dyn_cast<KernelOp>(op);
  if (!kernel)
    kernel = op->getParentOfType<KernelOp>();
  return kernel ? kernel.getNumWarps() : 0;
}

//===----------------------------------------------------------------------===//
// Syntax:
//   tile.warp_specialize default [regs(R)] { ... }
//       (partition warps(W) [replicas(N)] [regs(R)] { ... })+ attr-dict
//===----------------------------------------------------------------------===//

/// Parses a partition's region; `{ }` becomes one empty block.
static ParseResult parsePartitionRegion(OpAsmParser &parser, Region &region) {
  if (parser.parseRegion(region))
    return failure();
  if (region.empty())
    region.emplaceBlock();
  return success();
}

static ParseResult parseOptionalRegs(OpAsmParser &parser, int32_t &regs) {
  regs = 0;
  if (failed(parser.parseOptionalKeyword("regs")))
    return success();
  return failure(parser.parseLParen() || parser.parseInteger(regs) ||
                 parser.parseRParen());
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<int32_t> warps, regs;
  int32_t defaultRegs = 0;
  if (parser.parseKeyword("default") || parseOptionalRegs(parser, defaultRegs))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("replicas")))
    return parser.emitError(parser.getCurrentLocation(),
                            "replicas(N) is only for worker partitions "
                            "(`partition warps(W) replicas(N)`): the default "
                            "region runs the kernel's num_warps warps once");
  regs.push_back(defaultRegs);
  if (parsePartitionRegion(parser, *result.addRegion()))
    return failure();
  SmallVector<int32_t> replicas;
  bool anyReplicas = false;
  while (succeeded(parser.parseOptionalKeyword("partition"))) {
    int32_t numWarps = 0, partitionRegs = 0, numReplicas = 1;
    if (parser.parseKeyword("warps") || parser.parseLParen() ||
        parser.parseInteger(numWarps) || parser.parseRParen())
      return failure();
    // `replicas(N)` and `regs(R)`, each at most once, in either order.
    bool seenReplicas = false, seenRegs = false;
    while (true) {
      SMLoc loc = parser.getCurrentLocation();
      if (succeeded(parser.parseOptionalKeyword("replicas"))) {
        if (seenReplicas)
          return parser.emitError(loc, "replicas(N) given twice");
        seenReplicas = anyReplicas = true;
        if (parser.parseLParen() || parser.parseInteger(numReplicas) ||
            parser.parseRParen())
          return failure();
        continue;
      }
      if (succeeded(parser.parseOptionalKeyword("regs"))) {
        if (seenRegs)
          return parser.emitError(loc, "regs(R) given twice");
        seenRegs = true;
        if (parser.parseLParen() || parser.parseInteger(partitionRegs) ||
            parser.parseRParen())
          return failure();
        continue;
      }
      break;
    }
    if (parsePartitionRegion(parser, *result.addRegion()))
      return failure();
    warps.push_back(numWarps);
    regs.push_back(partitionRegs);
    replicas.push_back(numReplicas);
  }
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  Builder &b = parser.getBuilder();
  result.addAttribute(getPartitionNumWarpsAttrName(result.name),
                      b.getDenseI32ArrayAttr(warps));
  result.addAttribute(getPartitionRegsAttrName(result.name),
                      b.getDenseI32ArrayAttr(regs));
  if (anyReplicas)
    result.addAttribute(getPartitionReplicasAttrName(result.name),
                        b.getDenseI32ArrayAttr(replicas));
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &p) {
  // replicas(N) inline when every entry is one the syntax can say (>= 1).
  std::optional<ArrayRef<int32_t>> replicas = getPartitionReplicas();
  bool inlineReplicas =
      replicas && replicas->size() + 1 == getNumPartitions() &&
      llvm::all_of(*replicas, [](int32_t n) { return n >= 1; });
  auto printRegs = [&](unsigned i) {
    if (i < getPartitionRegs().size() && getPartitionRegs(i) != 0)
      p << " regs(" << getPartitionRegs(i) << ")";
  };
  p << " default";
  printRegs(0);
  p << ' ';
  p.printRegion(getPartition(0), /*printEntryBlockArgs=*/false);
  for (unsigned i = 1, e = getNumPartitions(); i < e; ++i) {
    p << " partition warps(" << getPartitionWarps(i) << ")";
    if (inlineReplicas && getPartitionReplicaCount(i) != 1)
      p << " replicas(" << getPartitionReplicaCount(i) << ")";
    printRegs(i);
    p << ' ';
    p.printRegion(getPartition(i), /*printEntryBlockArgs=*/false);
  }
  SmallVector<StringRef, 3> elided = {getPartitionNumWarpsAttrName(),
                                      getPartitionRegsAttrName()};
  if (inlineReplicas)
    elided.push_back(getPartitionReplicasAttrName());
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
}

//===----------------------------------------------------------------------===//
// Verifier
//===----------------------------------------------------------------------===//

/// "partition #i" or "the default partition".
static std::string partitionName(unsigned i) {
  return i == 0 ? std::string("the default partition")
                : "partition #" + std::to_string(i);
}

/// Check 3: register tensors neither cross into a partition nor are made
/// before the op.
static LogicalResult verifyCaptures(WarpSpecializeOp op) {
  for (unsigned i = 0, e = op.getNumPartitions(); i < e; ++i) {
    Region &region = op.getPartition(i);
    WalkResult result = region.walk([&](Operation *inner) {
      for (Value operand : inner->getOperands()) {
        if (!isa<RankedTensorType>(operand.getType()))
          continue;
        if (region.isAncestor(operand.getParentRegion()))
          continue;
        InFlightDiagnostic diag =
            inner->emitOpError()
            << "uses the register tensor " << operand.getType()
            << " from outside " << partitionName(i)
            << "; tensors stay in the registers of the warps that computed "
               "them: compute it inside the partition, or pass it through "
               "shared memory (layout.local_alloc) ordered by an mbarrier";
        diag.attachNote(operand.getLoc()) << "defined here";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
  }
  auto kernel = cast<KernelOp>(op->getParentOp());
  WalkResult result =
      kernel.getBody().walk<WalkOrder::PreOrder>([&](Operation *outer) {
        if (outer == op.getOperation())
          return WalkResult::skip();
        for (Type type : outer->getResultTypes())
          if (isa<RankedTensorType>(type)) {
            InFlightDiagnostic diag =
                op.emitOpError()
                << "the kernel computes the register tensor " << type
                << " outside the partitions; every warp runs the code before "
                   "tile.warp_specialize, but tensor layouts name only the "
                   "default partition's warps: move it into a partition";
            diag.attachNote(outer->getLoc()) << "computed here";
            return WalkResult::interrupt();
          }
        return WalkResult::advance();
      });
  return failure(result.wasInterrupted());
}

/// Check 4: an mbarrier that several partitions use is initialized before
/// the op, whose CTA barrier after the initialization orders it for every
/// warp; initialized inside one partition, the others may arrive on it or
/// wait on it first.
static LogicalResult verifyBarrierInits(WarpSpecializeOp op) {
  unsigned numPartitions = op.getNumPartitions();
  // For each partition, the buffers it uses and one use of each.
  SmallVector<llvm::DenseMap<Value, Operation *>> used(numPartitions);
  for (unsigned i = 0; i < numPartitions; ++i)
    op.getPartition(i).walk([&](Operation *inner) {
      // A slot taken is not a use yet; name the op that uses it.
      if (isa<layout::MemDescIndexOp>(inner))
        return;
      for (Value operand : inner->getOperands())
        if (isa<layout::MemDescType>(operand.getType()))
          used[i].try_emplace(layout::getViewedBuffer(operand), inner);
    });
  for (unsigned i = 0; i < numPartitions; ++i) {
    Region &region = op.getPartition(i);
    WalkResult result = region.walk([&](layout::InitBarrierOp init) {
      Value root = layout::getViewedBuffer(init.getBarrier());
      if (region.isAncestor(root.getParentRegion()))
        return WalkResult::advance();
      if (op.getPartitionReplicaCount(i) > 1) {
        init.emitOpError()
            << "initializes, in the replicated " << partitionName(i)
            << ", an mbarrier allocated outside it: every replica would "
               "initialize it while the others may already use it; "
               "allocate it in the partition (each replica then has its "
               "own) or initialize it before tile.warp_specialize";
        return WalkResult::interrupt();
      }
      for (unsigned j = 0; j < numPartitions; ++j) {
        auto other = used[j].find(root);
        if (j == i || other == used[j].end())
          continue;
        InFlightDiagnostic diag =
            init.emitOpError()
            << "initializes, in " << partitionName(i) << ", an mbarrier that "
            << partitionName(j)
            << " uses too: it may arrive on it or wait on it before the "
               "initialization; initialize it before tile.warp_specialize "
               "(the CTA barrier after layout.init_barrier then orders it "
               "for every warp)";
        diag.attachNote(other->second->getLoc())
            << "used here, in " << partitionName(j);
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
  }
  return success();
}

LogicalResult WarpSpecializeOp::verify() {
  // 1. Where the op stands.
  auto kernel = dyn_cast_or_null<KernelOp>((*this)->getParentOp());
  if (!kernel)
    return emitOpError() << "must be directly in the body of a tile.kernel "
                            "(not nested in a loop, a branch or another "
                            "partition): it splits the program's warps once";
  Operation *next = (*this)->getNextNode();
  if (!next || !isa<ReturnOp>(next))
    return emitOpError()
           << "must be the kernel's last op before tile.return: the worker "
              "warps leave the kernel when their partition ends; move the "
              "code that follows into the default partition";
  int count = 0;
  kernel.getBody().walk([&](WarpSpecializeOp) { ++count; });
  if (count > 1)
    return emitOpError() << "a kernel has at most one tile.warp_specialize; "
                            "merge the partitions into one op";

  unsigned numPartitions = getNumPartitions();
  if (numPartitions < 2)
    return emitOpError() << "needs at least one `partition warps(N) { ... }` "
                            "region after the default one";
  if (getPartitionNumWarps().size() != numPartitions - 1)
    return emitOpError() << "partition_num_warps has "
                         << getPartitionNumWarps().size() << " entries for "
                         << numPartitions - 1
                         << " worker partitions; give one per partition";
  if (getPartitionRegs().size() != numPartitions)
    return emitOpError() << "partition_regs has " << getPartitionRegs().size()
                         << " entries for " << numPartitions
                         << " partitions (the default one first); give one "
                            "per partition, 0 for none";

  if (std::optional<ArrayRef<int32_t>> replicas = getPartitionReplicas();
      replicas && replicas->size() != numPartitions - 1)
    return emitOpError() << "partition_replicas has " << replicas->size()
                         << " entries for " << numPartitions - 1
                         << " worker partitions; give one per partition";

  // 2. Warps, replicas, named barriers and registers. Each count is
  // bounded before any is summed (the sums are then small).
  for (unsigned i = 1; i < numPartitions; ++i) {
    if (getPartitionWarps(i) < 1)
      return emitOpError() << partitionName(i) << " has "
                           << getPartitionWarps(i)
                           << " warps; give it at least 1";
    if (getPartitionWarps(i) > kMaxWarps)
      return emitOpError() << partitionName(i) << " has "
                           << getPartitionWarps(i)
                           << " warps; a program has at most " << kMaxWarps
                           << " warps (1024 threads)";
    if (getPartitionReplicaCount(i) < 1 ||
        getPartitionReplicaCount(i) > kMaxNamedBarrier)
      return emitOpError() << "replicas(" << getPartitionReplicaCount(i)
                           << ") of " << partitionName(i)
                           << " is not a replica count; give 1 to "
                           << kMaxNamedBarrier
                           << " (each replica takes a named barrier)";
  }
  // Each replica synchronizes with its own named barrier, 1 .. 15.
  int32_t lastBarrier = getPartitionFirstBarrier(numPartitions) - 1;
  if (lastBarrier > kMaxNamedBarrier)
    return emitOpError() << "the partitions and their replicas need "
                         << lastBarrier
                         << " named barriers (one each, from 1) but the "
                            "hardware has barriers 1 .. "
                         << kMaxNamedBarrier
                         << " besides the CTA's; use fewer replicas or "
                            "partitions";
  int64_t totalWarps = getTotalWarps();
  if (totalWarps > kMaxWarps)
    return emitOpError() << "the partitions have " << totalWarps
                         << " warps in all (the kernel's num_warps = "
                         << kernel.getNumWarps()
                         << " and the workers'); a program has at most "
                         << kMaxWarps << " warps (1024 threads)";
  bool anyRegs = false;
  for (unsigned i = 0; i < numPartitions; ++i) {
    int32_t regs = getPartitionRegs(i);
    if (regs == 0)
      continue;
    anyRegs = true;
    if (!isSetmaxnregCount(regs))
      return emitOpError()
             << "regs(" << regs << ") of " << partitionName(i)
             << " is not a setmaxnreg count; use a multiple of 8 from "
             << kMinSetmaxnregRegs << " to " << kMaxSetmaxnregRegs;
  }
  if (anyRegs) {
    for (unsigned i = 0; i < numPartitions; ++i)
      if (getPartitionWarps(i) % 4 != 0)
        return emitOpError()
               << partitionName(i) << " has " << getPartitionWarps(i)
               << " warps, but setmaxnreg sets the registers of whole "
                  "warpgroups: give every partition a multiple of 4 warps "
                  "(the default one: the kernel's num_warps), or drop regs()";
    int64_t launchRegs = getLaunchRegs();
    int64_t used = 0;
    std::string terms;
    for (unsigned i = 0; i < numPartitions; ++i) {
      int64_t regs = getPartitionRegs(i) ? getPartitionRegs(i) : launchRegs;
      int64_t threads = int64_t(getPartitionWarps(i)) *
                        getPartitionReplicaCount(i) * kWarpThreads;
      used += regs * threads;
      terms += (i ? " + " : "") + std::to_string(regs) + " x " +
               std::to_string(threads);
    }
    if (used > kRegistersPerCTA)
      return emitOpError()
             << "the register budgets need " << used << " registers (" << terms
             << " threads) but a CTA has " << kRegistersPerCTA
             << "; lower regs() (a partition without regs() keeps the "
             << launchRegs << " it is launched with)";
  }

  // 3. What crosses partitions; 4. where shared mbarriers are initialized.
  if (failed(verifyCaptures(*this)))
    return failure();
  return verifyBarrierInits(*this);
}

//===----------------------------------------------------------------------===//
// tile.warp_id
//===----------------------------------------------------------------------===//

LogicalResult WarpIdOp::verify() {
  if (!(*this)->getParentOfType<KernelOp>())
    return emitOpError("must be inside a tile.kernel (it counts the warps of "
                       "the program, or of its warp_specialize partition)");
  return layout::verifyNoBarrierUnderBranchOn(
      *this, "the warps that skip the branch never arrive and the kernel "
             "hangs; move the barrier out of the branch, or synchronize the "
             "warps in it with an mbarrier (layout.arrive_barrier / "
             "layout.wait_barrier)");
}

//===----------------------------------------------------------------------===//
// tile.replica_id
//===----------------------------------------------------------------------===//

LogicalResult ReplicaIdOp::verify() {
  // A branch on it may hold layout.barrier: the whole replica takes it, and
  // each replica synchronizes with its own named barrier.
  if (!(*this)->getParentOfType<KernelOp>())
    return emitOpError("must be inside a tile.kernel (it numbers the replicas "
                       "of a `partition warps(W) replicas(N)` region)");
  return success();
}
