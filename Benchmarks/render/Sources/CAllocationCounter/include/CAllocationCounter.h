#include <stddef.h>

/// Counts heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign)
/// while started. The executable that links this target gets these definitions of the malloc
/// family, which forward to glibc's; on other systems the count stays 0.
void allocation_counter_start(void);
void allocation_counter_stop(void);
long allocation_counter_value(void);
