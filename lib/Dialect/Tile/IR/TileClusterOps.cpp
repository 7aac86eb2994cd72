//===- TileClusterOps.cpp - Thread-block cluster ops ----------------------===//
//
// The verifiers of TileClusterOps.td: each op stands in a tile.kernel (the
// cluster is the kernel's `cluster_dims`; without it every program is a
// cluster of one, where the ops are valid and trivial).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"

using namespace tile;
using namespace tile::tl;

static LogicalResult verifyInKernel(Operation *op) {
  if (!op->getParentOfType<KernelOp>())
    return op->emitOpError("must be inside a tile.kernel (the cluster is the "
                           "kernel's `cluster_dims`)");
  return success();
}

LogicalResult ClusterCtaRankOp::verify() { return verifyInKernel(*this); }
LogicalResult ClusterIdOp::verify() { return verifyInKernel(*this); }
LogicalResult NumClustersOp::verify() { return verifyInKernel(*this); }
LogicalResult ClusterArriveOp::verify() { return verifyInKernel(*this); }
LogicalResult ClusterWaitOp::verify() { return verifyInKernel(*this); }
