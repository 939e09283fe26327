#include <errno.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <time.h>

/* Linux's epoll, for the benchmark's load driver. `struct epoll_event` is packed, which Swift does
   not import, so these take and give plain integers. */

/* Watches `fd` for reading, reporting it as `tag`. */
static inline int markupkit_epoll_watch(int epfd, int fd, uint32_t tag) {
    struct epoll_event event = { .events = EPOLLIN, .data = { .u32 = tag } };
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
}

/* Waits at most `timeout_ns` nanoseconds (to the next millisecond on kernels before 5.11, which lack
   epoll_pwait2); writes the tags of up to `capacity` (at most 256) ready descriptors to `tags` and
   returns how many, or -1. */
static inline int markupkit_epoll_wait(int epfd, uint32_t *tags, int capacity, int64_t timeout_ns) {
    struct epoll_event events[256];
    if (capacity > 256) capacity = 256;
    struct timespec timeout = { .tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000 };
    int count = epoll_pwait2(epfd, events, capacity, &timeout, 0);
    if (count < 0 && errno == ENOSYS) count = epoll_wait(epfd, events, capacity, (int)((timeout_ns + 999999) / 1000000));
    for (int index = 0; index < count; index++) tags[index] = events[index].data.u32;
    return count;
}
