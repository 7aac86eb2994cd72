"""Checks tile.runtime's side of a clustered kernel's metadata with no GPU:
the cluster shape is read, a grid that is not a multiple of it is refused
before the launch, and malformed cluster_dims are metadata errors.

    cluster_runtime_check.py METADATA.json
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.environ["TILE_SRC"], "python"))
import tile.runtime as rt  # noqa: E402

meta = rt.ModuleMetadata.from_json(json.load(open(sys.argv[1])), sys.argv[1])
for k in meta.kernels:
    print("kernel", k.name, "cluster", k.cluster_dims)
kernel = meta.kernels[0]
for grid in ((132, 1, 1), (133, 1, 1), (4, 3, 1)):
    try:
        rt._check_cluster_grid(grid, kernel.cluster_dims, kernel.name)
        print("grid", grid, "ok")
    except rt.LaunchError as e:
        print("LaunchError:", e)
for bad in ([2, 1], [2, 0, 1], "2,1,1"):
    obj = {"format": "ptx", "arch": "sm_90", "binary": "x",
           "kernels": [{"name": "k", "params": [], "num_warps": 4, "threads_per_block": 128,
                        "shared_bytes": 0, "cluster_dims": bad}]}
    try:
        rt.ModuleMetadata.from_json(obj)
        print("no error for", bad)
    except rt.MetadataError as e:
        print("MetadataError:", e)
