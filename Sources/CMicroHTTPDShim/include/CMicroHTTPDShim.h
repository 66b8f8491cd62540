#ifndef CMICROHTTPD_SHIM_INCLUDE_H
#define CMICROHTTPD_SHIM_INCLUDE_H

/*
 * The few libmicrohttpd calls Swift cannot make itself: the C-variadic ones
 * (MHD_start_daemon, MHD_get_daemon_info, MHD_get_connection_info), plus
 * address formatting and an async-signal-safe signal pipe for SignalWaiter.
 */

#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <stddef.h>
#include <microhttpd.h>

/* Starts a daemon with an option array that ends with {MHD_OPTION_END, 0, NULL}. */
struct MHD_Daemon *sbmhd_start_daemon(unsigned int flags,
                                      MHD_AccessHandlerCallback handler,
                                      void *handler_cls,
                                      struct MHD_OptionItem *options);

/* The port the daemon listens on (MHD_DAEMON_INFO_BIND_PORT); 0 if unknown. */
uint16_t sbmhd_bound_port(struct MHD_Daemon *daemon);

/* Open connections of the daemon and all its workers (MHD_DAEMON_INFO_CURRENT_CONNECTIONS). */
unsigned int sbmhd_current_connections(struct MHD_Daemon *daemon);

/* Writes the client's numeric address ("127.0.0.1", "::1") into buffer; returns its length, 0 if unknown. */
size_t sbmhd_client_address(struct MHD_Connection *connection, char *buffer, size_t capacity);

/* The connection's socket (MHD_CONNECTION_INFO_CONNECTION_FD); -1 if unknown. */
int sbmhd_connection_fd(struct MHD_Connection *connection);

/*
 * Fills `storage` with a numeric IPv4 or IPv6 address and port.
 * Returns 4 or 6 for the family, or 0 when `host` is not a numeric address.
 */
int sbmhd_make_address(const char *host, uint16_t port, struct sockaddr_storage *storage);

/*
 * Signal pipe: installs a handler for each signal that writes the signal number (one byte) to a pipe.
 * Returns the pipe's read end (the same for every call), or -1 with errno set.
 */
int sbmhd_signal_pipe_install(const int *signals, int count);

/* Blocks (block != 0) or unblocks the signals in the calling thread. Returns 0 or an errno value. */
int sbmhd_signal_mask(const int *signals, int count, int block);

#endif
