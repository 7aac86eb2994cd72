"""Checks tile.runtime against metadata written by tile-compile, with no GPU:
the metadata parses, and arguments are packed or rejected as documented.

    runtime_check.py METADATA.json
"""
import ctypes
import json
import os
import sys

sys.path.insert(0, os.path.join(os.environ["TILE_SRC"], "python"))
import tile.runtime as rt  # noqa: E402

meta = rt.ModuleMetadata.from_json(json.load(open(sys.argv[1])), sys.argv[1])
print("format", meta.format, "arch", meta.arch, "binary", meta.binary)
for k in meta.kernels:
    print("kernel", k.name, k.threads_per_block, k.shared_bytes,
          [(p.name, p.type, p.divisibility) for p in k.params])

kernel = meta.kernels[0]
packed = rt.pack_arguments(kernel, [0x1000, 0x2000, 0x3000, 7])
print("packed", [type(v).__name__ for v in packed], packed[3].value)


def expect_error(args):
    try:
        rt.pack_arguments(kernel, args)
    except rt.LaunchError as e:
        print("LaunchError:", e)
    else:
        print("no error for", args)


expect_error([0x1000, 0x2000, 0x3000])
expect_error([0x1000, 0x2000, 0x3000, 2**31])
expect_error([0x1000, 0x2000, 0x3000, 1.5])
expect_error([0x1000, 0x2000, 0x3000, True])
expect_error([0x1000, 0x2000, "p", 1])
expect_error([0x1000, 0x2000, 0x3004, 1])

try:
    rt.ModuleMetadata.from_json({"format": "sass", "arch": "sm_90", "binary": "x", "kernels": []})
except rt.MetadataError as e:
    print("MetadataError:", e)
