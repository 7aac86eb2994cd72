//===- AssemblerLogTest.cpp - Reading ptxas's resource report back --------===//
//
// The two forms seen from the CUDA 13 assemblers: ptxas -v (properties on an
// indented line) and nvJitLink -verbose (every line prefixed "ptxas").
//
//===----------------------------------------------------------------------===//

#include "tile/Target/AssemblerLog.h"

#include "gtest/gtest.h"

using namespace tile;

TEST(AssemblerLogTest, PtxasForm) {
  std::vector<KernelResourceUsage> kernels = parseAssemblerLog(
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function 'softmax' for 'sm_90a'\n"
      "ptxas info    : Function properties for softmax\n"
      "    24 bytes stack frame, 20 bytes spill stores, 12 bytes spill loads\n"
      "ptxas info    : Used 255 registers, used 1 barriers, 384 bytes "
      "cmem[0]\n"
      "ptxas info    : Compile time = 12.5 ms\n"
      "ptxas info    : Compiling entry function 'copy' for 'sm_90a'\n"
      "ptxas info    : Function properties for copy\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 18 registers, used 0 barriers\n");
  ASSERT_EQ(kernels.size(), 2u);
  EXPECT_EQ(kernels[0].kernel, "softmax");
  EXPECT_EQ(kernels[0].registers, 255u);
  EXPECT_EQ(kernels[0].stackFrameBytes, 24u);
  EXPECT_EQ(kernels[0].spillStoreBytes, 20u);
  EXPECT_EQ(kernels[0].spillLoadBytes, 12u);
  EXPECT_EQ(kernels[1].kernel, "copy");
  EXPECT_EQ(kernels[1].registers, 18u);
  EXPECT_EQ(kernels[1].spillStoreBytes, 0u);
}

TEST(AssemblerLogTest, NvJitLinkFormAndCalleeProperties) {
  // A callee's properties (vprintf here) must not be taken for the
  // kernel's.
  std::vector<KernelResourceUsage> kernels = parseAssemblerLog(
      "ptxas info    : Compiling entry function 'k' for 'sm_90a'\n"
      "ptxas info    : Function properties for k\n"
      "ptxas         .     8 bytes stack frame, 4 bytes spill stores, 4 "
      "bytes spill loads\n"
      "ptxas info    : Function properties for vprintf\n"
      "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 "
      "bytes spill loads\n"
      "ptxas info    : Used 40 registers, used 0 barriers\n");
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].registers, 40u);
  EXPECT_EQ(kernels[0].stackFrameBytes, 8u);
  EXPECT_EQ(kernels[0].spillStoreBytes, 4u);
  EXPECT_EQ(kernels[0].spillLoadBytes, 4u);
}

TEST(AssemblerLogTest, NothingToRead) {
  EXPECT_TRUE(parseAssemblerLog("").empty());
  EXPECT_TRUE(parseAssemblerLog("ptxas info    : 0 bytes gmem\n").empty());
}
