/*===- GlibcCompat.c - glibc < 2.36 support for the static build ----------===*\
|*                                                                            *|
|* Debian 12's static LLVM calls arc4random (Support/Process.cpp), which     *|
|* glibc has had only since 2.36. Linked into libtile_capi.so by             *|
|* TILE_STATIC_LLVM (and kept local by the version script), this definition  *|
|* lets the wheel load on older glibc (2.34: Ubuntu 22.04, RHEL 9).          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <errno.h>
#include <stdint.h>
#include <sys/random.h>
#include <time.h>

uint32_t arc4random(void) {
  uint32_t value = 0;
  for (;;) {
    ssize_t n = getrandom(&value, sizeof(value), 0);
    if (n == (ssize_t)sizeof(value))
      return value;
    if (n < 0 && errno != EINTR)
      break;
  }
  /* No getrandom (a kernel older than 3.17): LLVM only seeds hashes with it. */
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint32_t)(now.tv_nsec ^ (now.tv_sec * 2654435761u));
}
