//===- TileGlobalOps.td - Global memory owned by a launch ----*- tablegen -*-===//
//
// tile.global_tensor: scratch global memory for one kernel launch, shared by
// all its programs (Tilus's global_tensor, Triton's global scratch).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEGLOBALOPS_TD
#define TILE_DIALECT_TILE_IR_TILEGLOBALOPS_TD

def Tile_GlobalTensorOp : Tile_Op<"global_tensor"> {
  let summary = "global memory for one launch, shared by all programs";
  let description = [{
    A buffer of `prod(shape)` elements of the result's pointee type in
    global memory, allocated by the launcher for one launch of the kernel
    and shared by all its programs (scratch for split reductions,
    semaphores, workspaces): the result points at its first element,
    row major, aligned to 256 bytes. With `zeroed` every byte is 0 when the
    launch starts; otherwise the contents are undefined. Each op is one
    buffer, whatever the control flow around it.

    Each extent is an integer or an integer kernel parameter (the launcher
    computes the size from the launch's arguments before it launches):

    ```mlir
    %partials = tile.global_tensor shape [%m, 64] zeroed : !tile.ptr<f32>
    %sems = tile.global_tensor shape [128] zeroed : !tile.ptr<i32>
    ```

    The lowering turns the op into a hidden pointer parameter of the kernel
    with the recipe `tile.global_tensor = {shape_args, shape, element_bytes,
    zeroed}` (docs/Lowering.md); the metadata lists it with type
    `global_tensor` and the launcher (tile.runtime, or any C++ launcher as
    docs/tile-compile.md describes) allocates, zeroes, passes and frees it.
  }];
  let arguments = (ins Variadic<Tile_IndexLike>:$shape,
                       DenseI64ArrayAttr:$static_shape,
                       UnitAttr:$zeroed);
  // An allocation: two ops are two buffers (never merged by CSE).
  let results = (outs Res<Tile_Ptr, "", [MemAlloc]>:$result);
  let extraClassDeclaration = [{
    /// Static extents as integer attributes, dynamic ones as values.
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedShape();
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // TILE_DIALECT_TILE_IR_TILEGLOBALOPS_TD
