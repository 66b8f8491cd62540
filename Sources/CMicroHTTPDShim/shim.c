#include "CMicroHTTPDShim.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

struct MHD_Daemon *sbmhd_start_daemon(unsigned int flags,
                                      MHD_AccessHandlerCallback handler,
                                      void *handler_cls,
                                      struct MHD_OptionItem *options)
{
    /* Port 0 here: the address (and port) always comes from MHD_OPTION_SOCK_ADDR. */
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

uint16_t sbmhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

unsigned int sbmhd_current_connections(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

size_t sbmhd_client_address(struct MHD_Connection *connection, char *buffer, size_t capacity)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || capacity == 0) {
        return 0;
    }
    const struct sockaddr *address = info->client_addr;
    const char *text = NULL;
    if (address->sa_family == AF_INET && capacity >= 16) {
        /* Dotted quad by hand: this runs once per request and inet_ntop is several times slower. */
        const unsigned char *octets = (const unsigned char *)&((const struct sockaddr_in *)address)->sin_addr;
        size_t length = 0;
        for (int i = 0; i < 4; i++) {
            unsigned int value = octets[i];
            if (value >= 100) buffer[length++] = (char)('0' + value / 100);
            if (value >= 10) buffer[length++] = (char)('0' + value / 10 % 10);
            buffer[length++] = (char)('0' + value % 10);
            buffer[length++] = i < 3 ? '.' : '\0';
        }
        return length - 1;
    } else if (address->sa_family == AF_INET6) {
        text = inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, (socklen_t)capacity);
    }
    return text == NULL ? 0 : strlen(buffer);
}

int sbmhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

int sbmhd_make_address(const char *host, uint16_t port, struct sockaddr_storage *storage)
{
    memset(storage, 0, sizeof(*storage));
    struct sockaddr_in *v4 = (struct sockaddr_in *)storage;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
#ifdef __APPLE__
        v4->sin_len = sizeof(*v4);
#endif
        return 4;
    }
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)storage;
    if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
#ifdef __APPLE__
        v6->sin6_len = sizeof(*v6);
#endif
        return 6;
    }
    return 0;
}

/* ---- signal pipe ------------------------------------------------------------------------- */

static int sbmhd_signal_fds[2] = {-1, -1};
static pthread_once_t sbmhd_signal_once = PTHREAD_ONCE_INIT;
static int sbmhd_signal_error = 0;

static void sbmhd_signal_handler(int signo)
{
    int saved = errno; /* async-signal-safe: only write(2) */
    unsigned char byte = (unsigned char)signo;
    ssize_t ignored = write(sbmhd_signal_fds[1], &byte, 1);
    (void)ignored;
    errno = saved;
}

static void sbmhd_signal_pipe_create(void)
{
    if (pipe(sbmhd_signal_fds) != 0) {
        sbmhd_signal_error = errno;
        return;
    }
    for (int i = 0; i < 2; i++) {
        fcntl(sbmhd_signal_fds[i], F_SETFD, FD_CLOEXEC);
    }
    /* A full pipe must never block the handler: extra signals are dropped, one is enough. */
    fcntl(sbmhd_signal_fds[1], F_SETFL, fcntl(sbmhd_signal_fds[1], F_GETFL) | O_NONBLOCK);
}

int sbmhd_signal_pipe_install(const int *signals, int count)
{
    pthread_once(&sbmhd_signal_once, sbmhd_signal_pipe_create);
    if (sbmhd_signal_fds[0] < 0) {
        errno = sbmhd_signal_error;
        return -1;
    }
    for (int i = 0; i < count; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_handler = sbmhd_signal_handler;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        if (sigaction(signals[i], &action, NULL) != 0) {
            return -1;
        }
    }
    return sbmhd_signal_fds[0];
}

int sbmhd_signal_mask(const int *signals, int count, int block)
{
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) {
        sigaddset(&set, signals[i]);
    }
    return pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}
