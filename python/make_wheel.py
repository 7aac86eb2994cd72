#!/usr/bin/env python3
"""Writes tile's wheel from python/tile/*.py and a built libtile_capi.so;
python/build_wheel.sh calls it after the static build.

The wheel is tagged py3-none-linux_x86_64: the package reaches the compiler
through ctypes (tile/_capi.py), not through an extension module, so the one
file serves every CPython >= 3.9 on x86-64 Linux. A wheel is a zip with
METADATA, WHEEL and RECORD in <name>-<version>.dist-info/ (PEP 427, PEP
376's RECORD with sha256 digests); written here with the standard library
only, so the build needs no setuptools or wheel package.

    python3 python/make_wheel.py --library build-wheel/python/tile/libtile_capi.so --out dist
"""

import argparse
import base64
import glob
import hashlib
import os
import re
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
TAG = "py3-none-linux_x86_64"


def project_field(name):
    """A string field of [project] in python/pyproject.toml."""
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        m = re.search(rf'^{name}\s*=\s*"([^"]*)"', f.read(), re.M)
    if not m:
        sys.exit(f"make_wheel.py: no {name} in python/pyproject.toml")
    return m.group(1)


def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(
        hashlib.sha256(data).digest()).rstrip(b"=").decode()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--library", required=True,
                        help="the libtile_capi.so to package (the static build's)")
    parser.add_argument("--sources", default=os.path.join(HERE, "tile"),
                        help="the package's Python sources (default python/tile)")
    parser.add_argument("--out", required=True, help="directory for the .whl")
    args = parser.parse_args()

    version = project_field("version")
    name = project_field("name")
    if not os.path.exists(args.library):
        sys.exit(f"make_wheel.py: {args.library} does not exist")
    files = [(f"tile/{os.path.basename(p)}", p)
             for p in sorted(glob.glob(os.path.join(args.sources, "*.py")))]
    files.append(("tile/libtile_capi.so", args.library))

    dist_info = f"{name}-{version}.dist-info"
    metadata = "\n".join([
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
        f"Summary: {project_field('description')}",
        "Requires-Python: >=3.9",
        "Provides-Extra: torch",
        'Requires-Dist: torch; extra == "torch"',
        "",
        "tile compiles kernels (tile dialect text or @tile.jit Python) to PTX and",
        "cubins in process, launches them on torch tensors, and prints layouts.",
        "LLVM and MLIR are linked into tile/libtile_capi.so; cubins come from",
        "nvJitLink (the nvidia-nvjitlink wheel or a CUDA toolkit) or ptxas, else",
        "the CUDA driver compiles the PTX. See docs/Python.md in the repository.",
        ""])
    wheel = "\n".join(["Wheel-Version: 1.0", "Generator: tile make_wheel.py",
                       "Root-Is-Purelib: false", f"Tag: {TAG}", ""])

    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, f"{name}-{version}-{TAG}.whl")
    record = []
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED,
                         compresslevel=9) as whl:
        def add(arcname, data, mode=0o644):
            info = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            whl.writestr(info, data, compresslevel=9)
            record.append(f"{arcname},{digest(data)},{len(data)}")

        for arcname, src in files:
            with open(src, "rb") as f:
                add(arcname, f.read(), 0o755 if src.endswith(".so") else 0o644)
        add(f"{dist_info}/METADATA", metadata.encode())
        add(f"{dist_info}/WHEEL", wheel.encode())
        add(f"{dist_info}/top_level.txt", b"tile\n")
        record.append(f"{dist_info}/RECORD,,")
        info = zipfile.ZipInfo(f"{dist_info}/RECORD", date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = 0o100644 << 16
        whl.writestr(info, "\n".join(record) + "\n", zipfile.ZIP_DEFLATED)
    size = os.path.getsize(args.library)
    print(f"wrote {path} ({os.path.getsize(path) / 2**20:.1f} MiB; "
          f"libtile_capi.so {size / 2**20:.1f} MiB)")


if __name__ == "__main__":
    main()
