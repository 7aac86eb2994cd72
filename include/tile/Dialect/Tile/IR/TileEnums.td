//===- TileEnums.td - Enumerations of the tile dialect -----*- tablegen -*-===//

#ifndef TILE_DIALECT_TILE_IR_TILEENUMS_TD
#define TILE_DIALECT_TILE_IR_TILEENUMS_TD

include "tile/Dialect/Tile/IR/TileDialect.td"
include "mlir/IR/EnumAttr.td"

// An integer attribute (not a dialect attribute) so that the op syntax
// prints the bare keyword: `tile.program_id x : i32`.
def Tile_ProgramDimAttr : I32EnumAttr<"ProgramDim", "grid dimension", [
    I32EnumAttrCase<"x", 0>, I32EnumAttrCase<"y", 1>, I32EnumAttrCase<"z", 2>
  ]> {
  let cppNamespace = "::tile::tl";
}

def Tile_PaddingMode : I32EnumAttr<"PaddingMode",
    "value of the elements of a tile outside the view", [
    I32EnumAttrCase<"undetermined", 0>, I32EnumAttrCase<"zero", 1>,
    I32EnumAttrCase<"nan", 2>, I32EnumAttrCase<"pos_inf", 3>,
    I32EnumAttrCase<"neg_inf", 4>
  ]> {
  let cppNamespace = "::tile::tl";
  let genSpecializedAttr = 0;
}
def Tile_PaddingModeAttr : EnumAttr<Tile_Dialect, Tile_PaddingMode, "padding"> {
  let assemblyFormat = "$value";
}

def Tile_ReduceKind : I32EnumAttr<"ReduceKind", "predefined reduction", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"max", 1>,
    I32EnumAttrCase<"min", 2>
  ]> {
  let cppNamespace = "::tile::tl";
  let genSpecializedAttr = 0;
}
def Tile_ReduceKindAttr : EnumAttr<Tile_Dialect, Tile_ReduceKind, "reduce_kind"> {
  let assemblyFormat = "$value";
}

def Tile_InputPrecision : I32EnumAttr<"InputPrecision",
    "how tile.dot multiplies f32 inputs", [
    I32EnumAttrCase<"tf32", 0>, I32EnumAttrCase<"ieee", 1>
  ]> {
  let cppNamespace = "::tile::tl";
  let genSpecializedAttr = 0;
}
def Tile_InputPrecisionAttr : EnumAttr<Tile_Dialect, Tile_InputPrecision,
                                       "input_precision"> {
  let assemblyFormat = "$value";
}

def Tile_AtomicRMWKind : I32EnumAttr<"AtomicRMWKind",
    "read-modify-write operation of tile.atomic_rmw", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"max", 1>,
    I32EnumAttrCase<"min", 2>, I32EnumAttrCase<"umax", 3>,
    I32EnumAttrCase<"umin", 4>,
    // `and`, `or` and `xor` are C++ alternative tokens.
    I32EnumAttrCase<"and_", 5, "and">, I32EnumAttrCase<"or_", 6, "or">,
    I32EnumAttrCase<"xor_", 7, "xor">, I32EnumAttrCase<"xchg", 8>
  ]> {
  let cppNamespace = "::tile::tl";
  let genSpecializedAttr = 0;
}
def Tile_AtomicRMWKindAttr : EnumAttr<Tile_Dialect, Tile_AtomicRMWKind,
                                      "atomic_rmw_kind"> {
  let assemblyFormat = "$value";
}

// PTX memory-consistency semantics of an atomic (tl.atomic_*'s `sem`).
def Tile_MemSemantic : I32EnumAttr<"MemSemantic",
    "memory ordering of an atomic", [
    I32EnumAttrCase<"relaxed", 0>, I32EnumAttrCase<"acquire", 1>,
    I32EnumAttrCase<"release", 2>, I32EnumAttrCase<"acq_rel", 3>
  ]> {
  let cppNamespace = "::tile::tl";
  let genSpecializedAttr = 0;
}
def Tile_MemSemanticAttr : EnumAttr<Tile_Dialect, Tile_MemSemantic, "sem"> {
  let assemblyFormat = "$value";
}

// The threads an atomic is atomic with respect to (tl.atomic_*'s `scope`).
def Tile_MemScope : I32EnumAttr<"MemScope", "scope of an atomic", [
    I32EnumAttrCase<"cta", 0>, I32EnumAttrCase<"gpu", 1>,
    I32EnumAttrCase<"sys", 2>
  ]> {
  let cppNamespace = "::tile::tl";
  let genSpecializedAttr = 0;
}
def Tile_MemScopeAttr : EnumAttr<Tile_Dialect, Tile_MemScope, "scope"> {
  let assemblyFormat = "$value";
}

#endif // TILE_DIALECT_TILE_IR_TILEENUMS_TD
