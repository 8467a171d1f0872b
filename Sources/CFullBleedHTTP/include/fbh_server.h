/* A small C face over libmicrohttpd for the review server: the daemon's variadic start call, the
 * per-connection upload buffer (bounded) and the response, so Swift sees one callback per complete request.
 * libmicrohttpd parses HTTP (request line, headers, chunked bodies, percent-decoding of the path); nothing
 * here reads the wire. */
#ifndef FBH_SERVER_H
#define FBH_SERVER_H
#include <stddef.h>
#include <stdint.h>

/* One complete request. Strings are NUL-terminated and live until the handler returns; absent headers are NULL. */
typedef struct fbh_request {
    const char *method;
    /* The path as libmicrohttpd hands it over: percent-decoded, without the query string. */
    const char *path;
    const char *host;          /* Host header */
    const char *origin;        /* Origin header */
    const char *token_header;  /* X-FullBleed-Token header */
    const char *token_query;   /* ?token= query argument */
    const char *content_type;  /* Content-Type header */
    const unsigned char *body; /* the request body (NULL when empty) */
    size_t body_size;
    int body_too_large;        /* 1 when the body exceeded the server's limit (the body is then dropped) */
} fbh_request;

/* What the handler answers. `body` must come from malloc (or be NULL): the shim takes it over and frees it.
 * The header strings are set with fbh_response_set_headers (copies the shim frees). */
typedef struct fbh_response {
    unsigned int status;
    unsigned char *body;
    size_t body_size;
    char *content_type;
    char *extra_name;  /* one more header, e.g. Content-Security-Policy (NULL for none) */
    char *extra_value;
} fbh_response;

/* Copies the Content-Type and one optional extra header (`extra_name` NULL for none) into `response`. */
void fbh_response_set_headers(fbh_response *response, const char *content_type, const char *extra_name, const char *extra_value);

typedef void (*fbh_handler)(void *context, const fbh_request *request, fbh_response *response);

typedef struct fbh_server fbh_server;

/* Starts a server on 127.0.0.1:`port` (0: a free port the system picks) with a thread per connection.
 * Bodies larger than `max_body_bytes` are read and dropped, and the handler sees `body_too_large`.
 * Returns NULL on failure (`error` gets errno, e.g. EADDRINUSE). */
fbh_server *fbh_start(uint16_t port, size_t max_body_bytes, fbh_handler handler, void *context, int *error);

/* The port the server listens on. */
uint16_t fbh_port(const fbh_server *server);

/* Stops accepting, waits for the requests in flight, frees the server. */
void fbh_stop(fbh_server *server);

#endif
