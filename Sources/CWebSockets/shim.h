#include <libwebsockets.h>

/* LWS_PRE is a function-like macro, which Swift does not import. */
static inline size_t markupkit_lws_pre(void) { return LWS_PRE; }
