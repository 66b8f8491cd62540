#include <stddef.h>
/// Bytes of the heap in use (glibc's mallinfo2().uordblks; 0 elsewhere).
size_t cheap_in_use_bytes(void);
