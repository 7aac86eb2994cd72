//===- ParametersTest.cpp - Kernel parameters ${NAME} ---------------------===//

#include "tile/Compiler/Parameters.h"

#include "gtest/gtest.h"

using namespace tile;

namespace {
using Defines = std::vector<std::pair<std::string, std::string>>;

std::string substitute(StringRef source, const Defines &defines,
                       std::vector<ParameterError> &errors) {
  std::optional<std::string> out =
      substituteParameters(source, defines, errors);
  return out.value_or("<failed>");
}
} // namespace

TEST(ParametersTest, FindsUsesWithOffsetsAndDefaults) {
  std::vector<ParameterError> errors;
  std::vector<ParameterUse> uses =
      findParameterUses("a ${X} b ${ Y = f16 }c${X}", errors);
  ASSERT_TRUE(errors.empty());
  ASSERT_EQ(uses.size(), 3u);
  EXPECT_EQ(uses[0].offset, 2u);
  EXPECT_EQ(uses[0].length, 4u);
  EXPECT_EQ(uses[0].name, "X");
  EXPECT_FALSE(uses[0].defaultValue);
  EXPECT_EQ(uses[1].offset, 9u);
  EXPECT_EQ(uses[1].length, 12u);
  EXPECT_EQ(uses[1].name, "Y");
  EXPECT_EQ(uses[1].defaultValue, std::optional<std::string>("f16"));
  EXPECT_EQ(uses[2].offset, 22u);
}

TEST(ParametersTest, DefinesWinOverDefaultsAndEveryUseIsReplaced) {
  std::vector<ParameterError> errors;
  EXPECT_EQ(substitute("tensor<${B=64}x${B}x${T=f32}>", {{"B", "128"}}, errors),
            "tensor<128x128xf32>");
  EXPECT_TRUE(errors.empty());
  EXPECT_EQ(substitute("no parameters", {}, errors), "no parameters");
  EXPECT_EQ(substitute("$x {y} $ {z}", {}, errors), "$x {y} $ {z}");
  EXPECT_TRUE(errors.empty());
}

TEST(ParametersTest, UndefinedIsReportedOncePerNameAtItsFirstUse) {
  std::vector<ParameterError> errors;
  substitute("${A} ${B=1} ${A}", {}, errors);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].offset, 0u);
  EXPECT_EQ(errors[0].message,
            "parameter 'A' has no value; pass -DA=VALUE (Python: "
            "defines={'A': VALUE}) or give a default: ${A=VALUE}");
}

TEST(ParametersTest, BadDefinesAreErrorsWithoutOffset) {
  std::vector<ParameterError> errors;
  substitute("${A}", {{"A", "1"}, {"A", "2"}, {"B", "3"}, {"C", "x}"}}, errors);
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].offset, std::string::npos);
  EXPECT_EQ(errors[0].message,
            "-DA=2: parameter 'A' is given twice; give it once");
  EXPECT_EQ(errors[1].message,
            "-DB=3 is not used: the kernel has no ${B} (its parameters: A)");
  EXPECT_EQ(errors[2].message,
            "-DC=x}: '}' cannot appear in a value; values are numbers, types "
            "or identifiers (letters, digits and _ . + -)");
}

TEST(ParametersTest, MalformedUses) {
  std::vector<ParameterError> errors;
  findParameterUses("ok ${A}\nbad ${B\n}", errors);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].offset, 12u);

  errors.clear();
  findParameterUses("${9lives}", errors);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].offset, 0u);

  errors.clear();
  findParameterUses("${N=4} ${N=4} ${N=8}", errors);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].offset, 14u);
}

TEST(ParametersTest, ValueAndNameChecks) {
  EXPECT_TRUE(isValidParameterName("_x1"));
  EXPECT_FALSE(isValidParameterName("1x"));
  EXPECT_FALSE(isValidParameterName(""));
  EXPECT_FALSE(isValidParameterName("a-b"));
  EXPECT_FALSE(checkParameterValue("-1.5e-3"));
  EXPECT_FALSE(checkParameterValue("64x64xf16"));
  EXPECT_EQ(checkParameterValue(""),
            std::optional<std::string>("the value is empty"));
  EXPECT_TRUE(checkParameterValue("a\nb"));
}
