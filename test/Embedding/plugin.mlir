// Debian's stock mlir-opt loads tile's dialects and passes from the plugin.
// Pass flags are parsed before plugins load, so passes go through
// --pass-pipeline.
// RUN: mlir-opt --load-dialect-plugin=%tile_libs/libTilePlugin%shlibext \
// RUN:   --load-pass-plugin=%tile_libs/libTilePlugin%shlibext \
// RUN:   --pass-pipeline="builtin.module(layout-to-linear)" %s | FileCheck %s

// CHECK: #[[L:.*]] = #layout.linear<register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}8, 0]]>
// CHECK: func.func @f(%{{.*}}: tensor<16x16xf32, #[[L]]>) -> tensor<16x16xf32, #[[L]]>
func.func @f(%arg0: tensor<16x16xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]>>)
    -> tensor<16x16xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]>> {
  return %arg0 : tensor<16x16xf32, #layout.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]>>
}
