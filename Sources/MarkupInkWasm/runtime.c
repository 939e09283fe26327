// What the Embedded Swift runtime needs beyond wasi-libc's malloc, mem* and libm, without asking the
// host for anything: the ink is deterministic, so hashing needs no random seed.
#include <stddef.h>
#include <string.h>

void arc4random_buf(void *buffer, size_t length) { memset(buffer, 0x5a, length); }
void __stack_chk_fail(void) { __builtin_trap(); }
unsigned long __stack_chk_guard = 0x5a5a5a5aUL;
