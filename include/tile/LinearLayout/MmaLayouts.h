//===- MmaLayouts.h - Linear forms of the tensor-core layouts ----*- C++
//-*-===//
//
// The linear layouts of NVIDIA's tensor-core layouts, with Triton's semantics
// (LinearLayoutConversions.cpp there), built from plain parameters so that
// they can be tested without MLIR:
//
//  - the nvmma accumulator (mma.sync "v2", wgmma "v3"),
//  - the dot operands of an nvmma layout (A and B for v2, register A for v3)
//    and of a blocked layout (the FMA fallback),
//  - the nvmma shared-memory layout (the 8-row swizzled core tiles that TMA,
//    wgmma and ldmatrix read and write).
//
// Distributed results map (register, lane, warp, block) to (dim0, ...);
// the shared result maps (offset, block) to (dim0, ...). Parameters are
// validated by the caller (the layout dialect's verifiers); shape problems
// are reported as std::nullopt with the reason in `why`.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LINEARLAYOUT_MMALAYOUTS_H
#define TILE_LINEARLAYOUT_MMALAYOUTS_H

#include "tile/LinearLayout/LinearLayout.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace tile {

/// The CTA (cluster) fields shared by Triton's layouts. Empty arrays mean a
/// single CTA for any rank.
struct CTAFields {
  llvm::ArrayRef<unsigned> ctasPerCGA;
  llvm::ArrayRef<unsigned> ctaSplitNum;
  llvm::ArrayRef<unsigned> ctaOrder;
};

/// Triton's combineCtaCgaWithShape: fits the CTA tile `ctaLayout` (input
/// dims register/lane/warp or offset) to the per-CTA part of `shape`
/// (repeating it in more `repeatDim` bases, visiting the out dims in the
/// layout's own order; broadcasting its largest bases where it is too
/// large) and appends the cluster's "block" bases. Output dims come out in
/// standard order dim0, dim1, ...
LinearLayout combineCtaCgaWithShape(const LinearLayout &ctaLayout,
                                    const CTAFields &cta,
                                    llvm::ArrayRef<int64_t> shape,
                                    llvm::StringRef repeatDim = "register");

/// Triton's nvidiaMmaTile: kWidth registers along order[0], then 4 lanes
/// along order[0], 8 lanes along order[1], tileShape[order[1]] / 8
/// registers along order[1] and tileShape[order[0]] / (4 * kWidth)
/// registers along order[0]. Output dims are in `repOrder` (fastest first).
LinearLayout nvidiaMmaTile(llvm::ArrayRef<unsigned> tileShape, unsigned kWidth,
                           llvm::ArrayRef<unsigned> order,
                           llvm::ArrayRef<unsigned> repOrder);

/// `[rank-1, ..., 0]` (row-major) or the same with the first two swapped.
llvm::SmallVector<unsigned> getMatrixOrder(unsigned rank, bool rowMajor);

/// Parameters of an nvmma (accumulator) layout. Rank = warpsPerCTA.size().
/// instrShape: v2 `[16, 8]` (`[1, 16, 8]` for rank 3), v3 `[16, N, K]`.
struct NvmmaParams {
  unsigned versionMajor;
  llvm::ArrayRef<unsigned> warpsPerCTA;
  llvm::ArrayRef<unsigned> instrShape;
  CTAFields cta;
};

/// The accumulator layout (Triton's NvidiaMmaEncodingAttr::toLinearLayout).
std::optional<LinearLayout> nvmmaToLinearLayout(const NvmmaParams &mma,
                                                llvm::ArrayRef<int64_t> shape,
                                                std::string *why = nullptr);

/// The dot-operand layout of an nvmma parent (Triton's
/// nvidiaDotToLinearLayout): opIdx 0 = A (M x K), 1 = B (K x N, v2 only).
std::optional<LinearLayout>
nvmmaDotOperandToLinearLayout(const NvmmaParams &mma, unsigned opIdx,
                              unsigned kWidth, llvm::ArrayRef<int64_t> shape,
                              std::string *why = nullptr);

/// Parameters of a blocked layout.
struct BlockedParams {
  llvm::ArrayRef<unsigned> sizePerThread;
  llvm::ArrayRef<unsigned> threadsPerWarp;
  llvm::ArrayRef<unsigned> warpsPerCTA;
  llvm::ArrayRef<unsigned> order;
  CTAFields cta;
};

/// The dot-operand layout of a blocked parent (Triton's
/// fmaDotToLinearLayout): every thread holds the whole K extent in
/// registers; lanes and warps are broadcast along K.
std::optional<LinearLayout>
blockedDotOperandToLinearLayout(const BlockedParams &blocked, unsigned opIdx,
                                llvm::ArrayRef<int64_t> shape,
                                std::string *why = nullptr);

/// Parameters of an nvmma shared layout.
struct NvmmaSharedParams {
  unsigned swizzlingByteWidth; // 0, 32, 64 or 128
  bool transposed;             // dim0 (not dim1) is the contiguous dim
  unsigned elementBitWidth;    // 8, 16 or 32
  CTAFields cta;
};

/// The (offset, block) -> (dim0, dim1) form of an nvmma shared layout
/// (Triton's nvmmaSharedToLinearLayout). The core tile is 8 rows of
/// swizzlingByteWidth bytes, the 16-byte chunk c of row r stored at chunk
/// c xor (r / perPhase) % maxPhase; rows (up to 256, a TMA box) come first,
/// then further swizzle-width blocks along the contiguous dim. Fails for a
/// shape that is not rank 2 or smaller than one core tile.
std::optional<LinearLayout>
nvmmaSharedToLinearLayout(const NvmmaSharedParams &shared,
                          llvm::ArrayRef<int64_t> shape,
                          std::string *why = nullptr);

/// Triton's default nvmma shared layout for a tile of `shape` whose dims
/// are stored in `order` (fastest first): the largest swizzle of 128, 64
/// and 32 bytes dividing the contiguous dim's size in bytes (0 if none, or
/// if the other dims hold fewer than 8 rows), transposed when the
/// contiguous dim is not the last one.
NvmmaSharedParams getDefaultNvmmaShared(llvm::ArrayRef<int64_t> shape,
                                        unsigned elementBitWidth,
                                        llvm::ArrayRef<unsigned> order);

} // namespace tile

#endif // TILE_LINEARLAYOUT_MMALAYOUTS_H
