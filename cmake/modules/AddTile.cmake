# Helpers shared by tile's CMake files.

# add_tile_library(name sources... [DEPENDS ...] [LINK_LIBS ...]
#                  [LINK_COMPONENTS ...] [MLIR_LIBS ...])
# A library of the project. MLIR_LIBS lists the upstream MLIR libraries the
# library uses; with MLIR_LINK_MLIR_DYLIB they resolve to libMLIR.so.
function(add_tile_library name)
  cmake_parse_arguments(ARG "" "" "MLIR_LIBS" ${ARGN})
  add_mlir_library(${name} ${ARG_UNPARSED_ARGUMENTS} DISABLE_INSTALL)
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  endif()
  install(TARGETS ${name} EXPORT TileTargets
    ARCHIVE DESTINATION lib${LLVM_LIBDIR_SUFFIX}
    LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX}
    RUNTIME DESTINATION bin)
  set_property(GLOBAL APPEND PROPERTY TILE_LIBS ${name})
endfunction()

# add_tile_tool(name sources... [LINK_LIBS ...])
function(add_tile_tool name)
  cmake_parse_arguments(ARG "" "" "LINK_LIBS" ${ARGN})
  add_llvm_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  llvm_update_compile_flags(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  install(TARGETS ${name} RUNTIME DESTINATION bin)
  set_property(GLOBAL APPEND PROPERTY TILE_TOOLS ${name})
endfunction()

# add_tile_unittest(name sources... LINK_LIBS ...)
function(add_tile_unittest name)
  cmake_parse_arguments(ARG "" "" "LINK_LIBS" ${ARGN})
  add_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  llvm_update_compile_flags(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS} GTest::gtest_main)
  set_target_properties(${name} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${TILE_BINARY_DIR}/test/unit)
  set_property(GLOBAL APPEND PROPERTY TILE_UNITTESTS ${name})
endfunction()
