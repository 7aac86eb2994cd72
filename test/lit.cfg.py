# -*- Python -*-
import os

import lit.formats
import lit.util
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TILE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".tl"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py",
                   "Inputs", "unit", "gpu", "downstream"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "test")

config.environment["FILECHECK_OPTS"] = "--enable-var-scope"
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

config.substitutions.append(("%tile_src", config.tile_source_dir))
config.substitutions.append(("%tile_libs", config.tile_libs_dir))
config.substitutions.append(("%shlibext", config.llvm_shlib_ext))
config.substitutions.append(("%python", config.python_executable))

tool_dirs = [config.tile_tools_dir, config.llvm_tools_dir]
tools = ["tile-opt", "tile-layout", "tile-compile",
         ToolSubst("mlir-opt", unresolved="ignore")]
llvm_config.add_tool_substitutions(tools, tool_dirs)
# `not` and `count` at the start of a RUN line are found through PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

if config.ptxas_executable:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas_executable))

# Embedding tests: the build tree, the MLIR CMake package and cmake itself.
config.substitutions.append(("%tile_obj", config.tile_obj_root))
config.substitutions.append(("%mlir_cmake_dir", config.mlir_cmake_dir))
if lit.util.which("cmake"):
    config.available_features.add("cmake")
