// The malloc family, defined in the executable so that every allocation of the process (the Swift
// runtime's included) comes here first, counted while the counter runs, then forwarded to glibc.
// One thread runs the measured operations (the benchmarks' InlineExecutor), so the count is
// deterministic. As swift-nio's allocation-counter tests do it, without a preloaded library.
#include "CAllocationCounter.h"
#include <stdlib.h>  // defines __GLIBC__ on glibc systems

#if defined(__linux__) && defined(__GLIBC__)
#include <stdatomic.h>
#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_int counting;
static atomic_long allocations;

static void count(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t count_, size_t size) { count(); return __libc_calloc(count_, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

void allocation_counter_start(void) {
    atomic_store(&allocations, 0);
    atomic_store(&counting, 1);
}
void allocation_counter_stop(void) { atomic_store(&counting, 0); }
long allocation_counter_value(void) { return atomic_load(&allocations); }
#else
void allocation_counter_start(void) {}
void allocation_counter_stop(void) {}
long allocation_counter_value(void) { return 0; }
#endif
