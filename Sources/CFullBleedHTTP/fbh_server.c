#include "fbh_server.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <microhttpd.h>

struct fbh_server {
    struct MHD_Daemon *daemon;
    fbh_handler handler;
    void *context;
    size_t max_body;
    uint16_t port;
};

/* The body of one request as it arrives. */
struct fbh_upload {
    unsigned char *data;
    size_t size;
    int too_large;
};

static void fbh_completed(void *cls, struct MHD_Connection *connection, void **con_cls, enum MHD_RequestTerminationCode code) {
    (void)cls; (void)connection; (void)code;
    struct fbh_upload *upload = *con_cls;
    if (upload != NULL) {
        free(upload->data);
        free(upload);
        *con_cls = NULL;
    }
}

static enum MHD_Result fbh_access(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls) {
    (void)version;
    struct fbh_server *server = cls;
    struct fbh_upload *upload = *con_cls;
    if (upload == NULL) {
        upload = calloc(1, sizeof *upload);
        if (upload == NULL) return MHD_NO;
        *con_cls = upload;
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        size_t incoming = *upload_data_size;
        *upload_data_size = 0;
        if (upload->too_large) return MHD_YES;
        if (incoming > server->max_body || upload->size > server->max_body - incoming) {
            upload->too_large = 1;
            free(upload->data);
            upload->data = NULL;
            upload->size = 0;
            return MHD_YES;
        }
        unsigned char *grown = realloc(upload->data, upload->size + incoming + 1);
        if (grown == NULL) return MHD_NO;
        memcpy(grown + upload->size, upload_data, incoming);
        upload->data = grown;
        upload->size += incoming;
        upload->data[upload->size] = 0;
        return MHD_YES;
    }

    fbh_request request = {
        .method = method,
        .path = url,
        .host = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST),
        .origin = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Origin"),
        .token_header = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "X-FullBleed-Token"),
        .token_query = MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "token"),
        .content_type = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE),
        .body = upload->data,
        .body_size = upload->size,
        .body_too_large = upload->too_large,
    };
    fbh_response answer = { .status = 500, .body = NULL, .body_size = 0, .content_type = NULL, .extra_name = NULL, .extra_value = NULL };
    server->handler(server->context, &request, &answer);

    struct MHD_Response *response = MHD_create_response_from_buffer(answer.body_size, answer.body,
                                                                    answer.body != NULL ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (response == NULL) {
        free(answer.body);
        fbh_response_set_headers(&answer, NULL, NULL, NULL);
        return MHD_NO;
    }
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, answer.content_type != NULL ? answer.content_type : "text/plain; charset=utf-8");
    MHD_add_response_header(response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(response, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(response, "X-Frame-Options", "DENY");
    MHD_add_response_header(response, "Cross-Origin-Resource-Policy", "same-origin");
    if (answer.extra_name != NULL && answer.extra_value != NULL) MHD_add_response_header(response, answer.extra_name, answer.extra_value);
    fbh_response_set_headers(&answer, NULL, NULL, NULL);
    enum MHD_Result result = MHD_queue_response(connection, answer.status, response);
    MHD_destroy_response(response);
    return result;
}

void fbh_response_set_headers(fbh_response *response, const char *content_type, const char *extra_name, const char *extra_value) {
    free(response->content_type);
    free(response->extra_name);
    free(response->extra_value);
    response->content_type = content_type != NULL ? strdup(content_type) : NULL;
    response->extra_name = extra_name != NULL && extra_value != NULL ? strdup(extra_name) : NULL;
    response->extra_value = extra_name != NULL && extra_value != NULL ? strdup(extra_value) : NULL;
}

/* Percent-decoding as libmicrohttpd does it, except that a string holding an encoded NUL (%00) is left
 * encoded: decoded, it would cut the C string short ("a.json%00.txt" read as "a.json"); left as it is,
 * the handler refuses it. */
static size_t fbh_unescape(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls; (void)connection;
    if (strstr(text, "%00") != NULL) return strlen(text);
    return MHD_http_unescape(text);
}

fbh_server *fbh_start(uint16_t port, size_t max_body_bytes, fbh_handler handler, void *context, int *error) {
    struct fbh_server *server = calloc(1, sizeof *server);
    if (server == NULL) {
        if (error) *error = ENOMEM;
        return NULL;
    }
    server->handler = handler;
    server->context = context;
    server->max_body = max_body_bytes;
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    errno = 0;
    server->daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION, port, NULL, NULL,
                                      fbh_access, server,
                                      MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                                      MHD_OPTION_NOTIFY_COMPLETED, fbh_completed, server,
                                      MHD_OPTION_UNESCAPE_CALLBACK, fbh_unescape, NULL,
                                      MHD_OPTION_CONNECTION_LIMIT, (unsigned int)64,
                                      MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)60,
                                      MHD_OPTION_END);
    if (server->daemon == NULL) {
        if (error) *error = errno != 0 ? errno : EADDRINUSE;
        free(server);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    server->port = info != NULL ? info->port : port;
    return server;
}

uint16_t fbh_port(const fbh_server *server) { return server->port; }

void fbh_stop(fbh_server *server) {
    if (server == NULL) return;
    MHD_stop_daemon(server->daemon);
    free(server);
}
