#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
/* microhttpd.h needs these types declared first. */
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <microhttpd.h>
#endif
