//===- TileClusterOps.td - Thread-block clusters -*- tablegen -*-===//
//
// The programs of a kernel with `cluster_dims` (sm_90) run in clusters:
// where a program stands in its cluster and in the grid of clusters, and
// the cluster barrier. The other cluster features are operands of the
// layout dialect's TMA and mbarrier ops: a TMA load multicast to several
// programs of the cluster (`multicast %mask` on
// layout.async_tma_copy_global_to_local) and an arrival on a peer
// program's mbarrier (`cta %rank` on layout.arrive_barrier).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILECLUSTEROPS_TD
#define TILE_DIALECT_TILE_IR_TILECLUSTEROPS_TD

def Tile_ClusterCtaRankOp : Tile_Op<"cluster_cta_rank", [Pure]> {
  let summary = "rank of this program in its cluster";
  let description = [{
    The program's rank in its cluster, 0 to (cluster size - 1), x fastest
    (`%cluster_ctarank`): for `cluster_dims = array<i32: 2, 1, 1>` and a 1-D
    grid, `program_id x % 2`. 0 in a kernel without `cluster_dims`. The
    rank names a program of the cluster in a multicast mask and in
    `layout.arrive_barrier ... cta %rank`.

    ```mlir
    %r = tile.cluster_cta_rank : i32
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_ClusterIdOp : Tile_Op<"cluster_id", [Pure]> {
  let summary = "index of this program's cluster in the grid of clusters";
  let description = [{
    The index of the program's cluster along x, y or z (`%clusterid`):
    `program_id d / cluster_dims[d]`.

    ```mlir
    %q = tile.cluster_id x : i32
    ```
  }];
  let arguments = (ins Tile_ProgramDimAttr:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_NumClustersOp : Tile_Op<"num_clusters", [Pure]> {
  let summary = "number of clusters in the grid along x, y or z";
  let description = [{
    `num_programs d / cluster_dims[d]` (`%nclusterid`).

    ```mlir
    %nq = tile.num_clusters x : i32
    ```
  }];
  let arguments = (ins Tile_ProgramDimAttr:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$dim attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tile_ClusterArriveOp : Tile_Op<"cluster_arrive", [
    MemoryEffects<[MemRead, MemWrite]>
  ]> {
  let summary = "arrives on the cluster barrier";
  let description = [{
    Every thread that executes it arrives on the cluster's barrier
    (`barrier.cluster.arrive`, release semantics: its memory accesses
    before, shared memory of peer programs included, are visible to the
    threads of the cluster that pass the matching `tile.cluster_wait`).
    With `relaxed` the arrival orders no memory
    (`barrier.cluster.arrive.relaxed`): for a pure execution barrier.

    Every thread of every program of the cluster arrives before any
    passes the wait (threads that have exited excepted), so in a
    warp-specialized kernel each partition arrives and waits. A program
    writes into a peer's shared memory (multicast loads, remote arrivals)
    only after a cluster barrier that follows the peer's mbarrier
    initialization, and leaves only after a cluster barrier that follows
    the peer's last such write.

    ```mlir
    tile.cluster_arrive
    tile.cluster_wait
    tile.cluster_arrive relaxed
    ```
  }];
  let arguments = (ins UnitAttr:$relaxed);
  let assemblyFormat = "(`relaxed` $relaxed^)? attr-dict";
  let hasVerifier = 1;
}

def Tile_ClusterWaitOp : Tile_Op<"cluster_wait", [
    MemoryEffects<[MemRead, MemWrite]>
  ]> {
  let summary = "waits on the cluster barrier";
  let description = [{
    The thread waits until every (non-exited) thread of the cluster has
    arrived since its own arrival (`barrier.cluster.wait`, acquire
    semantics). Each `tile.cluster_wait` follows the thread's
    `tile.cluster_arrive`.

    ```mlir
    tile.cluster_wait
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // TILE_DIALECT_TILE_IR_TILECLUSTEROPS_TD
