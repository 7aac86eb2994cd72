//===- TileAssumeOps.td - Facts the compiler may use -*- tablegen -*-===//
//
// What the stride versioning of tile-version-strides needs: a pointer's
// address as an integer (to test its alignment at run time) and a promise
// that a scalar is a multiple of a power of two (Triton's tl.multiple_of),
// which the access facts then use to prove vector widths.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEASSUMEOPS_TD
#define TILE_DIALECT_TILE_IR_TILEASSUMEOPS_TD

def Tile_AssumeMultipleOp : Tile_Op<"assume_multiple", [
    Pure, AllTypesMatch<["value", "result"]>
  ]> {
  let summary = "promise that a scalar is a multiple of a power of two";
  let description = [{
    Returns `value` and promises that it is a multiple of `divisor` (a
    power of two); for a pointer, that its address is a multiple of
    `divisor` bytes. The access facts (vector widths, cp.async sizes) use
    the promise; nothing checks it, and a value that breaks it gives
    undefined results. tile-version-strides writes it under the run-time
    test that makes it true.

    ```mlir
    %p16 = tile.assume_multiple %p, 16 : !tile.ptr<f16>
    %ld8 = tile.assume_multiple %ld, 8 : i32
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnySignlessIntegerOrIndex, Tile_Ptr]>:$value,
                       I64Attr:$divisor);
  let results = (outs AnyTypeOf<[AnySignlessIntegerOrIndex, Tile_Ptr]>:$result);
  let assemblyFormat = "$value `,` $divisor attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Tile_PtrToIntOp : Tile_Op<"ptr_to_int", [Pure]> {
  let summary = "the address of a pointer as an integer";
  let description = [{
    The address `ptr` holds, as an `i64` (for alignment tests).

    ```mlir
    %addr = tile.ptr_to_int %p : !tile.ptr<f16>
    ```
  }];
  let arguments = (ins Tile_Ptr:$ptr);
  let results = (outs I64:$result);
  let assemblyFormat = "$ptr attr-dict `:` qualified(type($ptr))";
}

#endif // TILE_DIALECT_TILE_IR_TILEASSUMEOPS_TD
