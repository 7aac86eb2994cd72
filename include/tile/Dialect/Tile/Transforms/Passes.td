//===- Passes.td - Tile dialect passes ----------------------*- tablegen -*-===//
//
// The passes that run on tile kernels before the lowering: layout
// assignment and layout-conversion cleanup. docs/Passes.md describes them in
// pipeline order.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD
#define TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def AssignLayoutsPass : Pass<"tile-assign-layouts", "::tile::tl::KernelOp"> {
  let summary = "Give every tensor of a kernel a distributed layout";
  let description = [{
    A CuTe TV layout (#layout.tv) spanning fewer warps than the kernel
    first gets `warps = num_warps` (its other warps hold copies).

    Kernels may leave tensor encodings out. This pass chooses blocked
    layouts for the memory accesses (`tile.load`/`tile.store` on pointer
    tensors, `tile.load_tile`/`store_tile`, `tile.load_at`/`store_at`):
    coalesced along the contiguous axis (the view axis with static stride 1,
    else the last one; for pointer tensors the axis along which a
    contiguity analysis of `tile.arange`, `tile.splat`, `tile.addptr`,
    `arith.addi`/`muli`, `tile.expand_dims` and `tile.broadcast` finds the
    longest runs of consecutive addresses), with up to 16 bytes per thread
    and access as far as alignment (`tile.divisibility`) allows, lanes
    filling the contiguous axis first and `num_warps` warps.

    Layouts then propagate forward and backward through elementwise ops,
    splats, aranges and constants (which take their consumer's layout),
    `tile.broadcast`, `tile.expand_dims` and `tile.reduce` (slice layouts),
    and the iteration arguments, results and yields of `scf.for` and
    `scf.if`. A `layout.convert` is inserted only where a producer and a
    consumer disagree. A layout written in the input is never changed.
    Afterwards every tensor in the kernel has a layout; a tensor whose
    layout cannot be decided is a located error saying which layout to
    write.

    A `tile.dot` without layouts is a layout anchor too (as Triton's
    AccelerateMatmul): its accumulator gets a tensor-core layout
    (`#layout.nvmma` version 3, wgmma, on sm_90 when the shape allows,
    else version 2, mma.sync; a blocked layout and multiply-adds when
    neither fits or `input_precision = ieee`) that propagates to the
    accumulator's initial value, loop-carried values and users; A and B
    are converted to `#layout.dot_operand` layouts, or, for wgmma, stored
    into `#layout.nvmma_shared` buffers (`layout.local_alloc`, after a
    `layout.barrier`). `compute-capability` names the target.

    With `remarks=true`, every tensor whose layout gives one thread more
    than `register-budget` 32-bit registers gets a remark (such tiles spill;
    unless `tile-split-tiles`, which runs next in the default pipeline,
    splits them into loops over chunks).
  }];
  let dependentDialects = ["::tile::layout::LayoutDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Remark on tensors that need more registers than the budget">,
    Option<"registerBudget", "register-budget", "unsigned",
           /*default=*/"64",
           "32-bit registers per thread one tensor may use before a remark">,
    Option<"computeCapability", "compute-capability", "unsigned",
           /*default=*/"90",
           "Compute capability of the target (80, 89, 90, ...): decides "
           "which tensor-core instruction a tile.dot without layouts uses">,
  ];
}

def OptimizeConvertsPass : Pass<"tile-optimize-converts",
                                "::tile::tl::KernelOp"> {
  let summary = "Remove layout conversions that are not needed";
  let description = [{
    Rewrites, until none applies:
    - a `layout.convert` between layouts with equal linear forms is folded
      when its source can take the target layout instead;
    - round trips (`A -> B -> A`) and chains of converts collapse;
    - splats, aranges and splat constants are rebuilt in the target layout
      instead of being converted;
    - an elementwise op whose tensor operands are all converts from one
      layout `A` (or cheap values) is computed in `A` and converted once
      (`convert(a) + convert(b) -> convert(a + b)`), when that removes
      conversions;
    - converts of loop-carried values at the top and bottom of an `scf.for`
      body move out of the loop (the iteration argument changes layout), and
      converts of loop-invariant values are hoisted out of the loop.
    With `remarks=true`, every conversion left gets a remark saying why it
    stays and its cost class (none, register permutation, warp shuffle,
    shared memory).
  }];
  let dependentDialects = ["::tile::layout::LayoutDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark for every conversion that is left">,
  ];
}

def SplitTilesPass : Pass<"tile-split-tiles", "::tile::tl::KernelOp"> {
  let summary = "Split tiles above the register budget into loops over chunks";
  let description = [{
    Runs after `tile-assign-layouts` (every tensor has a layout). A tensor
    whose layout gives one thread more than `register-budget` 32-bit
    registers is split along the axis its registers walk (the longest one
    that lanes and warps do not cover): the computation that carries it,
    from the loads (`tile.load_tile`, `tile.load_at`, `tile.load` through
    pointer tensors built with `tile.arange`, `tile.splat`, `tile.addptr`,
    `tile.expand_dims`, `tile.broadcast`) through elementwise ops,
    broadcasts, converts and reductions over other axes, to its stores and
    its reductions along the split axis, is recomputed chunk by chunk in an
    `scf.for`. The chunk is the largest power of two whose tensors need at
    most `chunk-registers` registers per thread and whose layouts still
    spread over every lane and warp. A reduction along
    the split axis becomes a loop-carried accumulator in the chunk's layout
    (combined elementwise, initialized with the reduction's identity, or
    with the first chunk for a combiner region) reduced once after the
    loop. A value needed after such a reduction (softmax: max, then the sum
    of exp(x - max), then the normalized row) makes another loop that
    recomputes the chunks from the loads (re-reading global memory).

    What cannot be split exactly (a tensor used by an op the pass does not
    know, inside a region, a memory access that the loops would reorder
    with another one) is left as it is; with `remarks=true` every tensor
    above the budget that stays gets a remark saying why, and every split
    one saying the chunk and the number of loops.
  }];
  let dependentDialects = ["::tile::layout::LayoutDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Remark on every tensor above the budget: how it was split or "
           "why not">,
    Option<"registerBudget", "register-budget", "unsigned",
           /*default=*/"64",
           "32-bit registers per thread one tensor may use (at least 1)">,
    Option<"chunkRegisters", "chunk-registers", "unsigned",
           /*default=*/"16",
           "32-bit registers per thread each tensor of a chunk may use "
           "(1 to register-budget)">,
  ];
}

def CheckResourcesPass : Pass<"tile-check-resources", "::tile::tl::KernelOp"> {
  let summary = "Refuse ops whose tensors need more registers per thread "
                "than a thread can reasonably hold";
  let description = [{
    Runs after `tile-assign-layouts` and `tile-split-tiles` (every tensor
    has a layout; what the split could turn into loops already has). For
    every op, adds the 32-bit registers per thread that its tensor operands
    and results need in their layouts (a register holds one element of 32
    bits or less, two for 64-bit elements). An op above `max-registers`
    gets an error naming its largest tensor and the numbers; the pipeline
    stops there, before the lowering unrolls the op per register (its time
    and memory grow with the registers: tens of thousands of registers per
    thread took minutes and gigabytes).

    The register file holds 255 registers per thread; what is above that
    spills to local memory. The default cap, 2048 (8 KiB per thread), leaves
    room for tiles that merely spill (the 1 x 65536 softmax without the
    split needs 1536) and refuses layouts that cannot be meant
    (`sizePerThread = [65536]`, or a 1M-element tile with the split turned
    off). docs/Passes.md gives the measurements behind it.
  }];
  let options = [
    Option<"maxRegisters", "max-registers", "unsigned", /*default=*/"2048",
           "32-bit registers per thread the tensors of one op may need">,
  ];
}

def UseTmaPass : Pass<"tile-use-tma", "::tile::tl::KernelOp"> {
  let summary = "Lower tile.load_tile/store_tile marked allow_tma to TMA copies";
  let description = [{
    cuTile's `allow_tma` hint: a `tile.load_tile` or `tile.store_tile`
    carrying the unit attribute `allow_tma` becomes a TMA copy through
    shared memory when that is legal and gives the same result, and stays
    an ordinary access otherwise (with a remark under `remarks=true`
    saying why). Legal: sm_90 or newer; a 2-D tile of 8-, 16- or 32-bit
    elements in a distributed layout, at most 256 rows, whose rows are a
    multiple of 16 bytes; no `order` (identity); padding `zero` or
    `undetermined` (TMA fills zeros); the view made by `tile.make_view` in
    the kernel from a pointer parameter promised 16-byte aligned
    (`tile.divisibility`), extents and strides that are parameters or
    constants, the last stride 1 and the row stride a proven multiple of
    16 bytes (a constant, or a parameter whose `tile.divisibility` makes
    it one); for a store also the extent of the last dim a proven multiple
    of 16 bytes (TMA stores write whole 16-byte chunks). Those promises are
    what the launcher checks, so a rewritten kernel never fails where the
    original would run.

    A load becomes: `tile.make_tensor_desc` (128-, 64- or 32-byte swizzle,
    the widest the row fits), a buffer and an mbarrier
    (`layout.local_alloc`), `layout.fence_async_shared` and
    `layout.init_barrier`, `layout.barrier_expect`,
    `layout.async_tma_copy_global_to_local`, `layout.wait_barrier` on
    parity 0, `layout.local_load` into the original result layout, and
    `layout.inval_barrier` (whose CTA barrier also ends the buffer's use).
    A store becomes `layout.local_store` into the buffer,
    `layout.async_tma_copy_local_to_global` and
    `layout.async_tma_store_wait {pendings = 0}`.
  }];
  let dependentDialects = ["::tile::layout::LayoutDialect"];
  let options = [
    Option<"computeCapability", "compute-capability", "unsigned",
           /*default=*/"90", "Compute capability of the target">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Remark on each allow_tma access: TMA, or why not">,
  ];
}

def TilePipelinePass : Pass<"tile-pipeline", "::tile::tl::KernelOp"> {
  let summary = "Software-pipeline the loads that feed tile.dot in loops";
  let description = [{
    Runs after layout assignment. For an innermost `scf.for` whose body
    loads tiles (`tile.load_tile`, `tile.load`) that reach an operand of a
    `tile.dot` through `layout.local_alloc`, `layout.convert` and casts, the
    loads become asynchronous copies (`tile.async_load_tile`,
    `layout.async_copy_global_to_local`) into `S`-slot shared-memory
    buffers, issued `S - 1` iterations ahead: a prologue issues the copies
    of iterations 0 .. S-2 (each predicated on its iteration existing, so
    trip counts below S - 1 and bounds known only at run time are safe),
    iteration i waits for its own copies (`layout.async_wait {num = S-2}`,
    one commit group per iteration), computes on slot i mod S and issues
    the copies of iteration i + S - 1 into slot (i - 1) mod S, and after
    the loop `layout.async_wait {num = 0}` drains. wgmma operands read the
    slots directly; mma.sync operands are read from their slots with
    `layout.local_load` (ldmatrix) into the dot-operand layouts. The only
    wgmma of a loop stays asynchronous with one group in flight
    (`tile.dot ... async` and `tile.dot_wait {pendings = 1}` in the loop,
    `pendings = 0` after it), with a barrier before a slot is reused.

    The stage count of a loop is its `tile.num_stages` attribute, else its
    kernel's, else `num-stages`, else the default: as many stages as fit
    in 227 KiB of shared memory beside what the kernel already allocates
    (its other buffers and the scratch of its layout conversions), at most
    3 (docs/Passes.md has the measurement). `S = 1` leaves the loop as it
    is. A stage count whose buffers do not fit is an error at the loop
    naming the bytes. A loop that cannot be pipelined (the loop writes
    global memory, the addresses depend on another load, the load pads
    with something other than zeros, ...) is left unchanged; with
    `remarks=true` it gets a remark saying why, and a pipelined loop one
    giving its schedule.
  }];
  let dependentDialects = ["::tile::layout::LayoutDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"numStages", "num-stages", "unsigned", /*default=*/"0",
           "Stages of loops without a tile.num_stages attribute (0: from "
           "the shared-memory budget; 1: no pipelining)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Remark on every loop with a dot: its schedule, or why it is not "
           "pipelined">,
  ];
}

def VersionStridesPass : Pass<"tile-version-strides", "::tile::tl::KernelOp"> {
  let summary = "Version loops that feed dots on the unit inner stride of "
                "their views";
  let description = [{
    Runs before layout assignment. For an innermost `scf.for` whose
    `tile.load_tile` ops feed a `tile.dot` and read views made (outside
    the loop) with run-time strides, the loop is duplicated under
    `scf.if`: when every such view has a last stride of 1, a 16-byte
    aligned base and other strides that are multiples of 16 bytes, a copy
    of the loop reads views with a static unit last stride whose pointer
    and other strides are wrapped in `tile.assume_multiple` (so their
    tiles become 16-byte `cp.async` copies, pipelined by tile-pipeline);
    otherwise the original loop runs, marked `tile.num_stages = 1`. Loops
    with `tile.num_stages = 1` (on the loop or the kernel) are left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileWarpSpecializePass : Pass<"tile-warp-specialize",
                                  "::tile::tl::KernelOp"> {
  let summary = "Split a GEMM loop into a TMA producer warpgroup and wgmma "
                "consumers";
  let description = [{
    Runs after layout assignment, before `tile-pipeline`. For the `scf.for`
    of a kernel (directly in its body) whose `tile.load_tile`s feed wgmma
    `tile.dot`s through `layout.local_alloc`, and that TMA can copy (the
    rules of `tile-use-tma`; `allow_tma` is not needed: the values are the
    same), the kernel becomes a `tile.warp_specialize` (docs/Passes.md):

    - outside it: the TMA descriptors, an `S`-slot shared-memory ring per
      load, `full[S]` and `empty[S]` mbarriers (one arrival each), their
      initialization, and the scalar ops the producer needs;
    - a producer partition (`warps(4) regs(P)`) running the loop's address
      computation: step i waits for `empty[i mod S]` with parity
      `((i / S) & 1) ^ 1` (the first round passes at once), expects the
      slot's bytes on `full[i mod S]` and issues the TMA copies;
    - the default partition (the kernel's warps, `regs(C)`): everything
      else of the kernel; step i of the loop waits for `full[i mod S]` with
      parity `(i / S) & 1`, runs the body on the slot (the wgmma stays
      asynchronous with one group in flight when it accumulates into an
      iteration argument, and releases slot `(i - 1) mod S` on `empty`
      after `tile.dot_wait {pendings = 1}`; else the slot is released at
      the end of the step).

    Trip counts below `S` and run-time bounds need nothing special: both
    partitions run the loop's own bounds. Which loops: those whose
    `tile.warp_specialize` attribute (on the loop, else on the kernel) is
    `true` or gives the budgets (`array<i32: C, P>`), and with `all-loops`
    every eligible loop without `tile.warp_specialize = false`. `S` is the
    loop's (else the kernel's) `tile.num_stages`, else `num-stages`, else
    as many slots as fit in shared memory, at most 4. `P` is
    `producer-regs` (40), `C` what is left of the 64K-register file for the
    kernel's warps (at most 240). A loop that cannot be specialized is left
    as it is (tile-pipeline may still pipeline it), with a remark saying
    why when the loop asked for it or `remarks=true`; budgets that do not
    fit the register file are an error at the attribute's op.
  }];
  let dependentDialects = ["::tile::layout::LayoutDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [
    Option<"allLoops", "all-loops", "bool", /*default=*/"false",
           "Specialize every eligible loop, not only those whose "
           "tile.warp_specialize attribute asks">,
    Option<"numStages", "num-stages", "unsigned", /*default=*/"0",
           "Ring slots of loops without tile.num_stages (0: as many as "
           "fit shared memory, at most 4)">,
    Option<"producerRegs", "producer-regs", "unsigned", /*default=*/"40",
           "Registers per thread of the producer warpgroup (24..256, a "
           "multiple of 8)">,
    Option<"computeCapability", "compute-capability", "unsigned",
           /*default=*/"90", "Compute capability of the target">,
    Option<"warpgroupRelease", "warpgroup-release", "bool",
           /*default=*/"true",
           "With several consumer warpgroups, each releases a slot on its "
           "own (one arrival per warpgroup); false: a partition barrier "
           "and one arrival">,
    Option<"pingPong", "ping-pong", "bool", /*default=*/"false",
           "With several consumer warpgroups and a loop that waits for its "
           "wgmma before register work on their results (overlapped dots), "
           "the warpgroups take turns issuing their wgmma (turn mbarriers; "
           "off by default: 0.96-1.01x on the layout-free attention, "
           "docs/Passes.md)">,
    Option<"prologueCopies", "prologue-copies", "bool", /*default=*/"true",
           "Tiles loaded before the loop (in the kernel's block) that only "
           "wgmma read from shared memory become TMA copies the producer "
           "issues once, before its loop">,
    Option<"lastIterationYields", "last-iteration-yields", "bool",
           /*default=*/"true",
           "In the specialized loop, a branch taken only in the last "
           "iteration (`iv + step < ub` false) yields into an iteration "
           "argument nothing reads after the loop the argument itself, "
           "not its placeholder">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Remark on every loop with a dot: its partitions, or why it "
           "stays as it is">,
  ];
}

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD
