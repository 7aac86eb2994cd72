// Runs the warp-wide shared-memory accesses listed in a cases file (see
// BankConflictCases.cpp), one warp, one load kernel and one store kernel per
// case, so that Nsight Compute can count the wavefronts of each.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

template <int Bytes>
struct Vec;
template <>
struct Vec<1> {
  using T = unsigned char;
};
template <>
struct Vec<2> {
  using T = unsigned short;
};
template <>
struct Vec<4> {
  using T = unsigned;
};
template <>
struct Vec<8> {
  using T = uint2;
};
template <>
struct Vec<16> {
  using T = uint4;
};

__device__ unsigned fold(unsigned v) { return v; }
__device__ unsigned fold(uint2 v) { return v.x ^ v.y; }
__device__ unsigned fold(uint4 v) { return v.x ^ v.y ^ v.z ^ v.w; }

template <int Bytes>
__global__ void loadKernel(const int *offsets, unsigned *out) {
  extern __shared__ __align__(16) unsigned char smem[];
  using T = typename Vec<Bytes>::T;
  T v = *reinterpret_cast<T *>(smem + offsets[threadIdx.x]);
  out[threadIdx.x] = fold(v);
}

template <int Bytes>
__global__ void storeKernel(const int *offsets, unsigned *out) {
  extern __shared__ __align__(16) unsigned char smem[];
  using T = typename Vec<Bytes>::T;
  T v;
  memset(&v, threadIdx.x + out[0], sizeof(T));
  *reinterpret_cast<T *>(smem + offsets[threadIdx.x]) = v;
  // Keeps the store alive; never taken at run time (out[1] is 0).
  __syncwarp();
  if (out[1] == 12345)
    out[threadIdx.x] = smem[threadIdx.x];
}

template <int Bytes>
void run(const int *offsets, unsigned *out) {
  int smem = 64 * 1024;
  cudaFuncSetAttribute(loadKernel<Bytes>,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  cudaFuncSetAttribute(storeKernel<Bytes>,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  loadKernel<Bytes><<<1, 32, smem>>>(offsets, out);
  storeKernel<Bytes><<<1, 32, smem>>>(offsets, out);
}

int main(int argc, char **argv) {
  std::ifstream in(argv[1]);
  std::string line;
  int *offsets;
  unsigned *out;
  cudaMalloc(&offsets, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(unsigned));
  cudaMemset(out, 0, 32 * sizeof(unsigned));
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string name;
    int bytes, predicted;
    ls >> name >> bytes >> predicted;
    std::vector<int> offs(32);
    for (int &o : offs)
      ls >> o;
    cudaMemcpy(offsets, offs.data(), 32 * sizeof(int), cudaMemcpyHostToDevice);
    switch (bytes) {
    case 1:
      run<1>(offsets, out);
      break;
    case 2:
      run<2>(offsets, out);
      break;
    case 4:
      run<4>(offsets, out);
      break;
    case 8:
      run<8>(offsets, out);
      break;
    case 16:
      run<16>(offsets, out);
      break;
    default:
      fprintf(stderr, "bad width %d\n", bytes);
      return 1;
    }
  }
  cudaError_t err = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(err));
  return err != cudaSuccess;
}
