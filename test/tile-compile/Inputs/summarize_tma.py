"""Prints the TMA descriptor recipes of a tile-compile metadata file, one
line per descriptor, for FileCheck:

    tma_load4d rank=4 box=64,1,64,1 dims=a5,a4,a3,a2 strides=a8*2,a7*2,a6*2 estr=1,1,1,1 swizzle=3
"""
import json
import sys


def entry(e):
    if "value" in e:
        return str(e["value"])
    return f"a{e['arg']}" + (f"*{e['scale']}" if e.get("scale", 1) != 1 else "")


for k in json.load(open(sys.argv[1]))["kernels"]:
    for p in k["params"]:
        t = p.get("tma")
        if t is None:
            continue
        print(f"{k['name']} rank={t['rank']} box={','.join(map(str, t['box_dim']))} "
              f"dims={','.join(entry(e) for e in t['global_dim'])} "
              f"strides={','.join(entry(e) for e in t['global_strides'])} "
              f"estr={','.join(map(str, t['element_strides']))} swizzle={t['swizzle']}")
