//===- ConversionPlan.h - Planning layout conversions and accesses -------===//
//
// Pure functions over linear layouts that decide how a layout conversion or
// a shared-memory access is carried out; the LLVM/NVVM lowering emits what
// they describe. Conventions:
//
// * A distributed (register) layout has input dims "register", "lane",
//   "warp" and optionally "block" (absent dims have size 1) and output dims
//   naming tensor coordinates ("dim0", ...). Register index r of a thread
//   holds the element layout(register = r, lane, warp, block).
// * A shared-memory layout has input dim "offset" (in elements, optionally
//   "block") and the tensor dims as outputs.
// * A "reg -> mem" map has the distributed input dims and the single output
//   dim "offset": it gives, for each (register, lane, warp), the element
//   offset in shared memory.
//
// Everything here is linear over F2, so each plan is a handful of XOR masks
// that the lowering applies to the lane id (one XOR per set bit) and to
// compile-time register indices.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LINEARLAYOUT_CONVERSIONPLAN_H
#define TILE_LINEARLAYOUT_CONVERSIONPLAN_H

#include "tile/LinearLayout/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"

#include <optional>
#include <string>

namespace tile {

//===----------------------------------------------------------------------===//
// Classification
//===----------------------------------------------------------------------===//

/// How far data travels in a conversion, from cheapest to most expensive.
enum class ConversionKind {
  /// Same data placement: the result is the source values.
  None,
  /// Every thread already holds what it needs; registers are permuted,
  /// duplicated or dropped.
  RegisterPermutation,
  /// Data moves between lanes of one warp only (warps, blocks keep their
  /// data). Lowered with planWarpShuffle, or through shared memory when that
  /// returns no plan.
  WarpShuffle,
  /// Data moves between warps of a CTA: a shared-memory round trip
  /// (planSharedMemoryConversion).
  SharedMemory,
  /// Data moves between CTAs of a cluster (not supported by the planners).
  CrossCTA,
};

llvm::StringRef stringifyConversionKind(ConversionKind kind);

struct ConversionAnalysis {
  ConversionKind kind;
  /// C = dst.invertAndCompose(src): maps each destination hardware index
  /// (register, lane, warp, block) to a source hardware index holding the
  /// same element (registers of the own thread preferred; never a broadcast
  /// copy of the source).
  LinearLayout map;
  /// C with the hardware levels that do not move quotiented out, starting
  /// at "block", then "warp", then "lane" (stopping at the first that
  /// moves). For RegisterPermutation it is register -> register; for
  /// WarpShuffle (register, lane) -> (register, lane). For None it is
  /// register -> register as well (an identity).
  LinearLayout reduced;
};

/// Analyzes the conversion of a tensor from distributed layout `src` to
/// distributed layout `dst`. Fails (with a message) unless both have only
/// the input dims register/lane/warp/block, the same lane, warp and block
/// sizes, the same output dims (names, any order, and sizes), and `src` is
/// surjective (it holds every element).
std::optional<ConversionAnalysis>
analyzeConversion(const LinearLayout &src, const LinearLayout &dst,
                  std::string *error = nullptr);

/// analyzeConversion(src, dst)->kind; a fatal usage error on invalid input.
ConversionKind classifyConversion(const LinearLayout &src,
                                  const LinearLayout &dst);

//===----------------------------------------------------------------------===//
// Register permutation
//===----------------------------------------------------------------------===//

/// For a conversion of kind None or RegisterPermutation: element r is the
/// source register index whose value destination register r takes (the
/// same in every thread). std::nullopt for any other kind or invalid input.
std::optional<llvm::SmallVector<int32_t>>
planRegisterPermutation(const LinearLayout &src, const LinearLayout &dst,
                        std::string *error = nullptr);

//===----------------------------------------------------------------------===//
// Warp shuffles
//===----------------------------------------------------------------------===//

/// A conversion done with one `shfl.sync.idx` per round (32-bit values;
/// wider types shuffle each 32-bit piece with the same indices). In round t
/// (0 <= t < numRounds), the lane with id `lane`:
///   1. sends its source register sendReg(t, lane), picked at run time by a
///      select chain over sendRegCandidates(t) (numSendSelects selects);
///   2. reads the value sent by lane srcLane(t, lane);
///   3. stores it as its destination register dstReg(t, lane). When
///      numRecvSelects > 0 this index depends on the lane: destination
///      register r is then the result of round r ^ a where a =
///      XOR of dstRegOfLaneBit over the set bits of the lane id, picked by a
///      select chain over the rounds r ^ a for a in dstRegCandidates().
/// All three are XOR-linear in the lane id plus a per-round constant. The
/// plan is the same in every warp and block.
struct WarpShufflePlan {
  int numRounds = 0;
  /// Per round t.
  llvm::SmallVector<int32_t> srcLaneXor;
  llvm::SmallVector<int32_t> sendRegXor;
  /// Per lane bit i: the contribution of bit i of the lane id.
  llvm::SmallVector<int32_t> srcLaneOfLaneBit;
  llvm::SmallVector<int32_t> sendRegOfLaneBit;
  llvm::SmallVector<int32_t> dstRegOfLaneBit;
  /// Selects per round on the sending side (2^rank - 1 of the lane ->
  /// register map) and per destination register on the receiving side.
  int numSendSelects = 0;
  int numRecvSelects = 0;

  int32_t srcLane(int t, int32_t lane) const;
  int32_t sendReg(int t, int32_t lane) const;
  int32_t dstReg(int t, int32_t lane) const;
  /// The distinct values sendReg(t, lane) takes over all lanes.
  llvm::SmallVector<int32_t> sendRegCandidates(int t) const;
  /// The distinct values of dstReg(t, lane) ^ t over all lanes.
  llvm::SmallVector<int32_t> dstRegCandidates() const;
  /// True when every lane reads its own value in round t: the round needs
  /// no shuffle, only the send-side select.
  bool isLocalRound(int t) const;
  /// The rounds that need a `shfl.sync` (those that are not local).
  int numShuffles() const;
};

/// Plans a WarpShuffle conversion (also accepts None/RegisterPermutation,
/// which then need no selects but still shuffle). Returns std::nullopt (and
/// why in `whyNot`) for conversions that cross warps, when no plan exists
/// in this scheme, or when a round would need more than `maxSelects`
/// selects on either side; the caller then uses shared memory.
std::optional<WarpShufflePlan> planWarpShuffle(const LinearLayout &src,
                                               const LinearLayout &dst,
                                               int maxSelects = 3,
                                               std::string *whyNot = nullptr);

/// Checks `plan` by running it on every lane, warp and block of `dst`:
/// each destination register must receive the element `dst` puts there,
/// from a source register that holds it, exactly once, and every register
/// and lane index must be in range. Returns false (and why in `error`)
/// otherwise. Linear in lanes x warps x blocks x rounds; the lowering runs
/// it as a safety net before it emits a plan.
bool verifyWarpShufflePlan(const LinearLayout &src, const LinearLayout &dst,
                           const WarpShufflePlan &plan,
                           std::string *error = nullptr);

//===----------------------------------------------------------------------===//
// Vectorization and bank conflicts
//===----------------------------------------------------------------------===//

/// Which registers of a thread form one vector access of a reg -> memory
/// map: elems = 2^regBits.size() elements, and vector element i (bits
/// b of i) is register start | sum of 2^regBits[b], for each start register
/// whose regBits are all zero. Memory offsets of a vector are contiguous
/// and aligned to the vector size.
struct VectorAccess {
  int elems = 1;
  llvm::SmallVector<int> regBits;

  /// Whether register `r` starts a vector (none of its regBits set).
  bool isStart(int32_t r) const {
    return llvm::none_of(regBits, [&](int bit) { return r & (1 << bit); });
  }
  /// The registers of the vector starting at `start`, in element order.
  llvm::SmallVector<int32_t> registers(int32_t start) const {
    llvm::SmallVector<int32_t> regs;
    for (int i = 0; i < elems; ++i) {
      int32_t r = start;
      for (auto [bit, regBit] : llvm::enumerate(regBits))
        if (i & (1 << bit))
          r |= 1 << regBit;
      regs.push_back(r);
    }
    return regs;
  }
};

/// The widest vector access of `regToMem` (input dims including "register",
/// first output dim the memory offset in elements; other output dims must
/// be 0 on the vector's registers) with at most `maxBits` bits: register
/// bits j_0, j_1, ... whose bases are the offsets 1, 2, 4, ..., such that
/// every other basis of every input dim is a multiple of the vector size in
/// that offset (alignment). Registers need not be consecutive.
VectorAccess analyzeVectorization(const LinearLayout &regToMem, int elemBits,
                                  int maxBits = 128);
/// analyzeVectorization(...).elems.
int largestVectorization(const LinearLayout &regToMem, int elemBits,
                         int maxBits = 128);

/// Wavefronts (shared-memory passes) one warp-wide access takes when the
/// threads of `regLayout` read or write the tensor stored with
/// `sharedLayout` (input dims offset[, block]; it must be surjective onto
/// the tensor dims of regLayout), using vectors of `vectorElems` elements
/// (0: the largest vectorization, at most 128 bits). Model: 32 banks of
/// 4 bytes; 128-bit accesses are served in 4 phases of 8 lanes, 64-bit in 2
/// of 16, narrower in 1 of 32; a phase takes as many wavefronts as the
/// largest number of distinct 4-byte words it needs from one bank. The
/// ideal is idealWavefronts(vector bits). Counted for warp 0, block 0 and
/// the first vector of registers (the others differ by an XOR constant,
/// which permutes banks without changing the count). Returns -1 on invalid
/// input (bad elemBits, sharedLayout not covering the tensor, vectorElems
/// not a valid vector).
int countBankConflicts(const LinearLayout &regLayout,
                       const LinearLayout &sharedLayout, int elemBits,
                       int vectorElems = 0);
/// Wavefronts of a conflict-free warp-wide access of `vectorBits` per lane
/// (lanes = 32): 4 for 128 bits, 2 for 64, 1 otherwise.
int idealWavefronts(int vectorBits, int numLanes = 32);

/// How the threads of a distributed layout access a tensor stored in shared
/// memory with a given shared layout (local loads and stores).
struct SharedAccessPlan {
  /// regLayout.invertAndCompose(sharedLayout): (register, lane, warp[,
  /// block]) -> (offset[, block]).
  LinearLayout map;
  VectorAccess vector;
  int wavefronts = 0;
  int idealWavefronts = 0;
};

/// Plans the access of `regLayout`'s threads to a tensor stored as
/// `sharedLayout` (input dims offset[, block], surjective onto the tensor
/// dims, which must be those of regLayout), with vectors of at most
/// `maxVectorBits`. Fails with a message on invalid input.
std::optional<SharedAccessPlan>
planSharedAccess(const LinearLayout &regLayout,
                 const LinearLayout &sharedLayout, int elemBits,
                 std::string *error = nullptr, int maxVectorBits = 128);

//===----------------------------------------------------------------------===//
// Shared-memory round trip
//===----------------------------------------------------------------------===//

struct SharedMemoryPlan {
  /// The scratch layout: ("offset" (elements), "iteration"[, "block"]) ->
  /// the tensor dims; injective on offset and iteration, with the source's
  /// block bases (so invertible unless CTAs hold copies). Without a scratch
  /// size limit "iteration" has size 1 and the scratch holds the CTA's whole
  /// part of the tensor; otherwise the conversion runs in numIterations
  /// rounds (store, barrier, load, barrier), each moving the elements whose
  /// iteration is the round number through a scratch of scratchBytes.
  LinearLayout scratch;
  int numIterations = 1;
  /// src.invertAndCompose(scratch) and dst.invertAndCompose(scratch):
  /// (register, lane, warp[, block]) -> (offset, iteration[, block]); a
  /// block maps to itself. The iteration depends on the register only
  /// (lanes and warps map to iteration 0): in round i a thread stores the
  /// source registers, and loads the destination registers, whose iteration
  /// is i.
  LinearLayout storeMap;
  LinearLayout loadMap;
  /// The vector access of each side (its register bits in regBits).
  VectorAccess storeVector;
  VectorAccess loadVector;
  /// Wavefronts per warp-wide store/load at those widths, and the ideal.
  int storeWavefronts = 0;
  int loadWavefronts = 0;
  int idealStoreWavefronts = 0;
  int idealLoadWavefronts = 0;
  int64_t scratchBytes = 0;
};

/// Plans the shared-memory round trip of a conversion from `src` to `dst`
/// (distributed layouts; over a cluster both must have the same "block"
/// bases, each CTA then converts its own part and the scratch layout gets
/// the same "block" bases) of elements of `elemBits` bits (a power of
/// two, 8..64; the lowering widens i1 to i8 first). The scratch layout is
/// chosen for the widest vectors both sides can use (elements held in registers
/// of both, up to `maxVectorBits`), possibly wider on one side, and
/// XOR-swizzled so that the lanes of one access phase hit distinct banks on the
/// store and on the load where possible. Among the candidate widths, the plan
/// with the fewest wavefronts in total (then the fewest instructions) is
/// returned. With `maxScratchBytes` > 0, directions that both layouts hold in
/// registers (and that are not part of the vector) become iterations until
/// the scratch fits; fails if it cannot.
std::optional<SharedMemoryPlan>
planSharedMemoryConversion(const LinearLayout &src, const LinearLayout &dst,
                           int elemBits, std::string *error = nullptr,
                           int maxVectorBits = 128,
                           int64_t maxScratchBytes = 0);

/// planSharedMemoryConversion(...)->scratch; a fatal usage error on invalid
/// input.
LinearLayout chooseScratchLayout(const LinearLayout &src,
                                 const LinearLayout &dst, int elemBits);

//===----------------------------------------------------------------------===//
// Cost model: shuffles against a shared-memory round trip
//===----------------------------------------------------------------------===//

/// Per-warp issue costs, in eighths of a shared-memory wavefront. A
/// warp-wide `shfl.sync` and one conflict-free wavefront of `ld/st.shared`
/// both take the SM's shared-memory crossbar for about a cycle (8 each). A
/// select (the lowering builds select trees with one lane-bit test per
/// level) is an ALU instruction: 1. A barrier, with other CTAs on the SM to
/// hide it, costs about one wavefront: 8. The weights were fitted to the
/// convert-heavy loops of test/gpu/kernels/shfl_bench.mlir on an H100
/// (docs/Lowering.md has the measurements).
struct ConversionCostModel {
  int64_t shuffle = 8;
  int64_t select = 1;
  int64_t wavefront = 8;
  int64_t barrier = 8;
};

/// The cost of running `plan` on elements of `elemBits` bits: every
/// non-local round shuffles each 32-bit piece (64-bit values take two,
/// narrower ones are widened to one), and every round selects its sent
/// register (numSendSelects) and every destination register its round
/// (numRecvSelects), once per piece.
int64_t estimateWarpShuffleCost(const WarpShufflePlan &plan, int elemBits,
                                const ConversionCostModel &model = {});

/// The cost of the shared-memory round trip `plan` from `src` to `dst`:
/// one vector store per distinct source vector and one vector load per
/// destination vector, each taking the plan's wavefronts, and two barriers
/// per iteration (before the stores and between the stores and the loads).
int64_t estimateSharedMemoryCost(const SharedMemoryPlan &plan,
                                 const LinearLayout &src,
                                 const LinearLayout &dst,
                                 const ConversionCostModel &model = {});

} // namespace tile

#endif // TILE_LINEARLAYOUT_CONVERSIONPLAN_H
