"""Prints a tile-compile metadata file one kernel per line, for FileCheck:

    format=cubin arch=sm_90 binary=add.cubin
    kernel add warps=4 threads=128 shared=0 params=ptr<f32>/16,i32/1
"""
import json
import sys

d = json.load(open(sys.argv[1]))
print(f"format={d['format']} arch={d['arch']} binary={d['binary']}")
for k in d["kernels"]:
    params = ",".join(f"{p['type']}/{p['divisibility']}" for p in k["params"])
    print(f"kernel {k['name']} warps={k['num_warps']} threads={k['threads_per_block']} "
          f"shared={k['shared_bytes']} params={params}")
