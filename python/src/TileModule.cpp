//===- TileModule.cpp - The _tile Python extension ------------------------===//
//
// pybind11 bindings of PythonAPI.h. Only standard types cross this file:
// compile results come back as a dict, layout and CuTe failures as
// ValueError. python/tile/compiler.py and layouts.py are the public API.
//
//===----------------------------------------------------------------------===//

#include "PythonAPI.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <stdexcept>

namespace py = pybind11;
using namespace tile::python;

namespace {
std::string valueOrThrow(const TextResult &result) {
  if (!result.ok)
    throw py::value_error(result.error);
  return result.value;
}
} // namespace

PYBIND11_MODULE(_tile, m) {
  m.doc() = "tile's compiler and layout calculator (use the tile package)";

  m.def(
      "compile",
      [](const std::string &source, const std::string &sourceName,
         const std::string &arch, const std::string &emit, unsigned optLevel,
         const std::string &assembler, const std::string &ptxas,
         unsigned numStages) {
        CompileRequest request;
        request.source = source;
        request.sourceName = sourceName;
        request.arch = arch;
        request.emit = emit;
        request.optLevel = optLevel;
        request.assembler = assembler;
        request.ptxasPath = ptxas;
        request.numStages = numStages;
        CompileResponse response;
        {
          // Compilation may take a while; other Python threads can run.
          py::gil_scoped_release release;
          response = compile(request);
        }
        py::dict out;
        out["ok"] = response.ok;
        out["diagnostics"] = response.diagnostics;
        out["format"] = response.format;
        if (response.format == "cubin")
          out["output"] = py::bytes(response.output);
        else
          out["output"] = response.output;
        out["ptx"] = response.ptx;
        out["metadata_json"] = response.metadataJson;
        out["note"] = response.note;
        return out;
      },
      py::arg("source"), py::arg("source_name") = "<string>",
      py::arg("arch") = "sm_90", py::arg("emit") = "cubin",
      py::arg("opt_level") = 3, py::arg("assembler") = "auto",
      py::arg("ptxas") = "", py::arg("num_stages") = 0,
      "Compiles kernel text; returns a dict (ok, diagnostics, format, "
      "output, ptx, metadata_json, note).");

  m.def("can_assemble_cubin", &canAssembleCubin,
        "True when ptxas or libnvJitLink is found.");
  m.def(
      "ptx_version",
      [](const std::string &arch) { return valueOrThrow(checkArch(arch)); },
      py::arg("arch"),
      "The PTX ISA version emitted for arch; ValueError for a bad arch.");

  m.def(
      "layout_table",
      [](const std::string &attr, const std::vector<int64_t> &shape,
         unsigned maxRows, unsigned maxCols) {
        return valueOrThrow(layoutTable(attr, shape, maxRows, maxCols));
      },
      py::arg("attr"), py::arg("shape"), py::arg("max_rows") = 0,
      py::arg("max_cols") = 0);
  m.def(
      "layout_linear",
      [](const std::string &attr, const std::vector<int64_t> &shape) {
        return valueOrThrow(layoutLinear(attr, shape));
      },
      py::arg("attr"), py::arg("shape"));
  m.def(
      "layout_json",
      [](const std::string &attr, const std::vector<int64_t> &shape) {
        return valueOrThrow(layoutJson(attr, shape));
      },
      py::arg("attr"), py::arg("shape"));
  m.def(
      "layout_svg",
      [](const std::string &attr, const std::vector<int64_t> &shape,
         unsigned maxRows, unsigned maxCols, unsigned elementBits, bool html) {
        return valueOrThrow(
            layoutSvg(attr, shape, maxRows, maxCols, elementBits, html));
      },
      py::arg("attr"), py::arg("shape"), py::arg("max_rows") = 0,
      py::arg("max_cols") = 0, py::arg("element_bits") = 0,
      py::arg("html") = false);
  m.def(
      "layout_convert",
      [](const std::string &attr, const std::string &dst,
         const std::vector<int64_t> &shape, unsigned elementBits,
         const std::string &strategy, const std::string &format,
         unsigned maxRows, unsigned maxCols) {
        return valueOrThrow(layoutConvert(attr, dst, shape, elementBits,
                                          strategy, format, maxRows, maxCols));
      },
      py::arg("attr"), py::arg("dst"), py::arg("shape"),
      py::arg("element_bits") = 32, py::arg("strategy") = "auto",
      py::arg("format") = "text", py::arg("max_rows") = 0,
      py::arg("max_cols") = 0);
  m.def(
      "layout_canonical",
      [](const std::string &attr) {
        return valueOrThrow(layoutCanonical(attr));
      },
      py::arg("attr"));
  m.def(
      "cute_eval",
      [](const std::string &expr) { return valueOrThrow(cuteEval(expr)); },
      py::arg("expr"));
  m.def(
      "cute_normalize",
      [](const std::string &text) { return valueOrThrow(cuteNormalize(text)); },
      py::arg("layout"));
  m.def(
      "cute_table",
      [](const std::string &text) { return valueOrThrow(cuteTable(text)); },
      py::arg("layout"));
}
