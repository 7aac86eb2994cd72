# -*- Python -*-
# Runs the GoogleTest unit-test binaries (test/unit/*Tests) under lit.
import os

import lit.formats

config.name = "TILE-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.tile_obj_root, "test", "unit")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
