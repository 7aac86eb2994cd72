//===- TileWarpSpecializeOps.td - Warp partitions ----------*- tablegen -*-===//
//
// tile.warp_specialize: the kernel's warps split into partitions that run
// different code (a TMA producer, wgmma consumers), each with its own warp
// count and register budget. Included from TileOps.td; docs/TileLanguage.md
// ("Warp specialization") has the full semantics and docs/Lowering.md the
// lowering.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEWARPSPECIALIZEOPS_TD
#define TILE_DIALECT_TILE_IR_TILEWARPSPECIALIZEOPS_TD

def Tile_WarpSpecializeOp : Tile_Op<"warp_specialize", [
    RecursiveMemoryEffects, NoTerminator
  ]> {
  let summary = "run different code in different warps of a program";
  let description = [{
    Splits the program's warps into partitions. The `default` region runs
    in the kernel's `num_warps` warps (warps `0 .. num_warps - 1`), each
    `partition warps(W)` region in the next `W` warps, in order; the kernel
    is launched with `num_warps` plus the workers' warps. Each region is one
    block that reads values from above: scalars, pointers, views, TMA
    descriptors and shared-memory buffers (register tensors cannot cross
    partitions: they live in the registers of the warps that made them).
    Inside a partition, thread and warp ids count from the partition's first
    warp, tensors are laid out for the partition's warps, and `layout.barrier`
    and the program-level mbarrier ops synchronize the partition only (named
    barrier 1 + partition index, the partition's threads). Partitions
    communicate through shared memory, ordered by mbarriers.

    `regs(R)` sets the partition's registers per thread with `setmaxnreg`
    when it starts (24 to 256, a multiple of 8); it needs whole
    warpgroups (every partition a multiple of 4 warps), and the budgets must
    fit the register file: sum of R x threads <= 65536, a partition without
    `regs` counting the registers it is launched with (65536 / threads,
    rounded down to a multiple of 8, at most 248).

    `replicas(N)` on a worker partition runs its region in `N` groups of
    `W` warps, one after the other: each replica is a partition of its own
    (thread ids from its first warp, its own named barrier), and
    `tile.replica_id` tells them apart. Identical consumer warpgroups
    (FlashAttention-3's ping-pong consumers, CUTLASS's cooperative ones)
    are written, and compiled, once.

    The op is the kernel's last (only `tile.return` follows): each partition
    leaves the kernel when it ends.

    ```mlir
    tile.warp_specialize default regs(232) {
      // two consumer warpgroups (the kernel's 8 warps): wgmma, epilogue
    } partition warps(4) regs(40) {
      // one producer warpgroup: TMA loads into the ring
    }
    tile.return
    ```
  }];
  // partition_replicas: one entry per worker partition (absent: 1 each).
  let arguments = (ins DenseI32ArrayAttr:$partition_num_warps,
                       DenseI32ArrayAttr:$partition_regs,
                       OptionalAttr<DenseI32ArrayAttr>:$partition_replicas);
  let regions = (region VariadicRegion<SizedRegion<1>>:$partitions);
  let extraClassDeclaration = [{
    /// The region of partition `i` (0: the default partition).
    ::mlir::Region &getPartition(unsigned i) { return getPartitions()[i]; }
    /// Partitions, the default one included.
    unsigned getNumPartitions() { return getPartitions().size(); }
    /// The warps of one replica of partition `i` (the kernel's num_warps
    /// for 0).
    int32_t getPartitionWarps(unsigned i);
    /// How many replicas of partition `i` run (1 unless `replicas(N)`).
    int32_t getPartitionReplicaCount(unsigned i);
    /// The first warp of partition `i` (of its first replica).
    int32_t getPartitionFirstWarp(unsigned i);
    /// The named barrier of the first replica of partition `i`: 1 + the
    /// replicas of the partitions before it (barrier 0 is the CTA's).
    int32_t getPartitionFirstBarrier(unsigned i);
    /// The registers per thread partition `i` asks for (0: no setmaxnreg).
    int32_t getPartitionRegs(unsigned i) {
      return getPartitionRegs()[i];
    }
    /// Warps of the program: every partition's.
    int32_t getTotalWarps();
    /// Registers per thread at launch (the kernel's maxnreg): 65536 /
    /// threads, rounded down to a multiple of 8, at most 248.
    int32_t getLaunchRegs();
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// warp_id and replica_id read the thread's position (a read effect, not
// Pure): CSE must not replace one in a partition by one computed before
// tile.warp_specialize, whose value is the program-wide one.
def Tile_WarpIdOp : Tile_Op<"warp_id", [MemoryEffects<[MemRead]>]> {
  let summary = "index of this warp in the program or its partition";
  let description = [{
    The warp's index, the same in every lane of the warp: `tid.x / 32` in a
    kernel's body, and counted from the partition's first warp inside a
    `tile.warp_specialize` region (0 .. W - 1 in a `partition warps(W)`,
    0 .. num_warps - 1 in the default one), as the partition's thread ids
    are. It lets a partition run code in some of its warps only, e.g. a
    TMA producer whose program-level ops (issued by the partition's first
    thread) need only warp 0, so that the other warps leave at once
    instead of stepping through the same loop with nothing to issue:

    ```mlir
    } partition warps(4) regs(40) {
      %w = tile.warp_id : i32
      %lead = arith.cmpi eq, %w, %c0 : i32
      scf.if %lead {
        // the producer's loop: waits, expect-tx, TMA loads
      }
    }
    ```

    Code under such a branch must not synchronize the whole partition
    (`layout.barrier`, the partition's named barrier, waits for all of
    its warps): the verifier refuses a `layout.barrier` in an `scf.if`
    whose condition, or an `scf.for` whose bounds, are computed from
    `tile.warp_id`.
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_ReplicaIdOp : Tile_Op<"replica_id", [MemoryEffects<[MemRead]>]> {
  let summary = "which replica of a replicated partition runs this code";
  let description = [{
    In a `partition warps(W) replicas(N)` region of `tile.warp_specialize`,
    the index (0 .. N - 1) of the replica the warp belongs to: warps
    `first + r W .. first + r W + W - 1` run replica `r`. 0 anywhere else.
    The same in every lane of a warp and every warp of a replica, so a
    branch on it is uniform across the replica. Two consumer warpgroups
    that differ only in their rows and barriers:

    ```mlir
    } partition warps(4) replicas(2) regs(240) {
      %w = tile.replica_id : i32
      %q = layout.memdesc_index %sq[%w] : ...   // this consumer's Q slot
      %row = arith.muli %w, %c64 : i32          // its 64 rows of the tile
      ...
    }
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

#endif // TILE_DIALECT_TILE_IR_TILEWARPSPECIALIZEOPS_TD
