/* An LD_PRELOAD shim that makes fsync and fdatasync take SLOW_FSYNC_MS milliseconds (a slow
   SD card), for the tests and benchmarks of the store: cc -shared -fPIC -o slowfsync.so
   slowfsync.c. The data is not synced (tests run on temporary files). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <time.h>

static void slow(void) {
    const char *ms = getenv("SLOW_FSYNC_MS");
    long n = ms ? atol(ms) : 0;
    struct timespec t = {n / 1000, (n % 1000) * 1000000L};
    nanosleep(&t, 0);
}

int fsync(int fd) { (void)fd; slow(); return 0; }
int fdatasync(int fd) { (void)fd; slow(); return 0; }
