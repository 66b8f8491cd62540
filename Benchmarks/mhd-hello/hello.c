/*
 * Plain C libmicrohttpd hello server: the baseline for Signalbox's HTTPServer.
 *
 * Same daemon setup as SignalboxMHD's HTTPServer: flags EPOLL_INTERNAL_THREAD | ITC | ERROR_LOG |
 * ALLOW_SUSPEND_RESUME (0x2609; Signalbox needs suspend/resume for responders that await), a
 * thread pool of `nproc` workers, the same limits, and the same response: 200, "Hello, world!\n",
 * Content-Type and one Set-Cookie, built per request and queued on the final handler call (queuing
 * on the first call would disable keep-alive).
 *
 * Usage: hello-c [port [page-file]]   (0 picks a free port; the bound port is printed as "PORT <n>")
 *
 * With page-file, the server answers that file's bytes (read into memory once, at start) as
 * text/html instead of "Hello": (a') in the load benchmark, the demo's list page as static bytes,
 * the limit for a page of that size on this server. The response is created per request as for
 * hello, from the buffer without copying it (MHD_RESPMEM_PERSISTENT).
 */
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <microhttpd.h>

static const char hello[] = "Hello, world!\n";
static const char *body = hello;
static size_t body_size = sizeof(hello) - 1;
static const char *content_type = "text/plain; charset=utf-8";
static enum MHD_ResponseMemoryMode body_mode = MHD_RESPMEM_MUST_COPY;
static int first_call_marker;

static int load_page(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) return -1;
    if (fseek(file, 0, SEEK_END) != 0) { fclose(file); return -1; }
    long size = ftell(file);
    if (size < 0 || fseek(file, 0, SEEK_SET) != 0) { fclose(file); return -1; }
    char *bytes = malloc((size_t)size + 1);
    if (bytes == NULL || fread(bytes, 1, (size_t)size, file) != (size_t)size) { fclose(file); free(bytes); return -1; }
    fclose(file);
    body = bytes;
    body_size = (size_t)size;
    content_type = "text/html; charset=utf-8";
    body_mode = MHD_RESPMEM_PERSISTENT;
    return 0;
}

static enum MHD_Result handler(void *cls, struct MHD_Connection *connection, const char *url,
                               const char *method, const char *version, const char *upload_data,
                               size_t *upload_data_size, void **con_cls)
{
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*con_cls == NULL) { /* first call: headers only */
        *con_cls = &first_call_marker;
        return MHD_YES;
    }
    if (*upload_data_size != 0) { /* body data: ignore */
        *upload_data_size = 0;
        return MHD_YES;
    }
    struct MHD_Response *response =
        MHD_create_response_from_buffer(body_size, (void *)body, body_mode);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
    MHD_add_response_header(response, MHD_HTTP_HEADER_SET_COOKIE, "session=abc123; Path=/; HttpOnly; SameSite=Lax");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

int main(int argc, char **argv)
{
    uint16_t port = argc > 1 ? (uint16_t)atoi(argv[1]) : 8081;
    if (argc > 2 && load_page(argv[2]) != 0) {
        fprintf(stderr, "hello-c: cannot read %s\n", argv[2]);
        return 1;
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned int pool = cores > 1 ? (unsigned int)cores : 1;

    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, NULL); /* inherited by MHD's threads */

    struct sockaddr_in address;
    memset(&address, 0, sizeof(address));
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME;
    struct MHD_Daemon *daemon = MHD_start_daemon(
        flags, 0, NULL, NULL, handler, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned int)1000,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned int)0,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)30,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
        MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned int)1024,
        pool > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, pool,
        MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "hello-c: cannot start on port %u\n", port);
        return 1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    printf("PORT %u\n", info ? info->port : port);
    printf("flags 0x%x, thread pool %u\n", flags, pool);
    fflush(stdout);

    int received = 0;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
