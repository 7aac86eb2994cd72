# TILE_STATIC_LLVM: link LLVM and MLIR statically into libtile_capi.so (the
# Python wheel's one native file; python/build_wheel.sh, docs/Python.md).
#
# Debian ships the static libraries (/usr/lib/llvm-22/lib/lib{LLVM,MLIR}*.a)
# but built MLIR's against libLLVM.so: the imported MLIR targets name `LLVM`
# (the shared library) as their LLVM dependency, and LLVMConfig.cmake turns
# LLVM_LINK_LLVM_DYLIB on. Here llvm_config (LINK_COMPONENTS) is switched to
# the static component libraries, and every imported MLIR target's `LLVM` is
# replaced by TileStaticLLVM, an interface target listing all of them: lld
# (the linker of the static build) resolves archives in any order and takes
# only the members something references.

if(MLIR_LINK_MLIR_DYLIB)
  message(FATAL_ERROR "TILE_STATIC_LLVM links MLIR's static libraries: "
                      "configure with -DMLIR_LINK_MLIR_DYLIB=OFF")
endif()
set(LLVM_LINK_LLVM_DYLIB OFF)

# LLVMSupport links zstd, whose CMake package Debian leaves to libzstd-dev;
# the runtime library is enough (and --as-needed drops it when nothing
# compressed is read or written).
if(NOT TARGET zstd::libzstd_shared)
  find_library(TILE_ZSTD_LIBRARY NAMES zstd libzstd.so.1)
  if(TILE_ZSTD_LIBRARY)
    add_library(zstd::libzstd_shared SHARED IMPORTED)
    set_target_properties(zstd::libzstd_shared PROPERTIES
      IMPORTED_LOCATION ${TILE_ZSTD_LIBRARY})
  else()
    add_library(zstd::libzstd_shared INTERFACE IMPORTED)
  endif()
endif()

# Whether an imported library target's file is installed (Debian leaves out
# a few that are exported, e.g. Polly).
function(tile_imported_file_exists target out)
  set(${out} FALSE PARENT_SCOPE)
  foreach(config IMPORTED_LOCATION IMPORTED_LOCATION_RELWITHDEBINFO
                 IMPORTED_LOCATION_RELEASE IMPORTED_LOCATION_NONE)
    get_target_property(location ${target} ${config})
    if(location AND EXISTS "${location}")
      set(${out} TRUE PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# Every static LLVM library that is installed, its dependencies on what is
# not installed or not defined dropped: LLVMExtensions names Polly (Debian
# ships no libPolly.a; the extension hooks are referenced only by opt's
# main), LLVMLineEditor names LibEdit::LibEdit, which LLVMConfig.cmake leaves
# undefined. Nothing tile links references either.
set(tile_static_llvm_libs)
foreach(lib ${LLVM_AVAILABLE_LIBS})
  if(NOT TARGET ${lib} OR NOT lib MATCHES "^LLVM."
     OR lib MATCHES "^LLVM(BOLT|Exegesis)")
    continue()
  endif()
  get_target_property(type ${lib} TYPE)
  if(NOT type STREQUAL "STATIC_LIBRARY")
    continue()
  endif()
  tile_imported_file_exists(${lib} installed)
  if(NOT installed)
    continue()
  endif()
  get_target_property(deps ${lib} INTERFACE_LINK_LIBRARIES)
  set(kept)
  foreach(dep ${deps})
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" name "${dep}")
    if(name MATCHES "::" AND NOT TARGET ${name})
      continue()
    endif()
    if(TARGET ${name} AND NOT name MATCHES "::")
      get_target_property(imported ${name} IMPORTED)
      get_target_property(dep_type ${name} TYPE)
      if(imported AND NOT dep_type STREQUAL "INTERFACE_LIBRARY")
        tile_imported_file_exists(${name} installed)
        if(NOT installed)
          continue()
        endif()
      endif()
    endif()
    list(APPEND kept "${dep}")
  endforeach()
  if(deps)
    set_target_properties(${lib} PROPERTIES INTERFACE_LINK_LIBRARIES "${kept}")
  endif()
  list(APPEND tile_static_llvm_libs ${lib})
endforeach()
list(LENGTH tile_static_llvm_libs count)
message(STATUS "TILE_STATIC_LLVM: ${count} static LLVM libraries")

add_library(TileStaticLLVM INTERFACE)
target_link_libraries(TileStaticLLVM INTERFACE ${tile_static_llvm_libs})

get_directory_property(imported IMPORTED_TARGETS)
foreach(target ${imported})
  if(NOT target MATCHES "^(MLIR|mlir_)")
    continue()
  endif()
  get_target_property(libs ${target} INTERFACE_LINK_LIBRARIES)
  if(NOT libs)
    continue()
  endif()
  list(TRANSFORM libs REPLACE "^LLVM$" "TileStaticLLVM")
  list(TRANSFORM libs REPLACE "^\\$<LINK_ONLY:LLVM>$"
       "$<LINK_ONLY:TileStaticLLVM>")
  set_target_properties(${target} PROPERTIES INTERFACE_LINK_LIBRARIES "${libs}")
endforeach()
