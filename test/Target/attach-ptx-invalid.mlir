// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-attach-ptx{arch=sm_90 opt-level=5})' -verify-diagnostics

// An optimization level out of range is an error at the module that names
// the value (it used to print "got " and nothing: the option, not its
// value, was streamed).

// expected-error @below {{tile-attach-ptx: opt-level must be 0 to 3, got 5}}
module {
}
