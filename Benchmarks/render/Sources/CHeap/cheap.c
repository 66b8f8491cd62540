#include "cheap.h"
#if defined(__linux__)
#include <malloc.h>
size_t cheap_in_use_bytes(void) { return mallinfo2().uordblks; }
#else
size_t cheap_in_use_bytes(void) { return 0; }
#endif
