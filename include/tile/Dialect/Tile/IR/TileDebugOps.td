//===- TileDebugOps.td - Device print and assert -----------*- tablegen -*-===//
//
// Triton's tl.device_print and tl.device_assert. docs/TileLanguage.md
// ("Device print and assert") gives the printed format and when asserts
// are compiled in.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEDEBUGOPS_TD
#define TILE_DIALECT_TILE_IR_TILEDEBUGOPS_TD

def Tile_PrintOp : Tile_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "print values from the device (vprintf)";
  let description = [{
    Prints `prefix` and each operand: a scalar once per thread, with the
    program id and thread index; a tensor once per element, with the
    program id and the element's coordinates.

    ```mlir
    tile.print "x = " %x, %t : f32, tensor<128xi32, #l>
    ```
  }];
  let arguments = (ins StrAttr:$prefix, Variadic<Tile_Value>:$args);
  let assemblyFormat = "$prefix ($args^ `:` type($args))? attr-dict";
  let hasVerifier = 1;
}

def Tile_AssertOp : Tile_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "stop the kernel with a message where a condition is false";
  let description = [{
    Where an element of `cond` is false, the thread calls `__assertfail`
    with `message`, the op's file and line: the kernel stops and the
    launch reports a device-side assert. Compiled in only when asked for
    (`tile-compile --enable-asserts`, or a `tile.enable_asserts` unit
    attribute on the kernel or module); otherwise the op is erased.

    ```mlir
    tile.assert %ok, "index out of range" : tensor<128xi1, #l>
    ```
  }];
  let arguments = (ins Tile_BoolLike:$cond, StrAttr:$message);
  let assemblyFormat = "$cond `,` $message attr-dict `:` type($cond)";
}

#endif // TILE_DIALECT_TILE_IR_TILEDEBUGOPS_TD
