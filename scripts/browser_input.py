"""What the browser scripts share: pen input through the Chrome DevTools Protocol, and a slow link.

Pen events go through CDP so the page gets PointerEvents with pointerType "pen", pressure and
tilt, as an Apple Pencil gives Safari.
"""
import socket
import threading
import time


def pen(cdp, kind, x, y, force=0.6, tilt=(15, -10), buttons=1):
    cdp.send("Input.dispatchMouseEvent", {
        "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1,
        "pointerType": "pen", "force": force, "tiltX": tilt[0], "tiltY": tilt[1]})


def pen_rows(cdp, x, y, rows=3, moves=40, while_down=None):
    """Strokes of `moves` pen moves each, a row apart, from (x, y) in the page; `while_down(points)`
    runs before each pen lifts."""
    for row in range(rows):
        points = [(x + i * 12, y + row * 40 + (i % 5) * 3) for i in range(moves)]
        pen(cdp, "mousePressed", *points[0], force=0.6)
        for px, py in points[1:]:
            pen(cdp, "mouseMoved", px, py, force=0.6)
        if while_down:
            while_down(points)
        pen(cdp, "mouseReleased", *points[-1], force=0.1, buttons=0)


def ink_latencies(page):
    """The page's own measure of each pen move: milliseconds from the event to the frame painting its
    ink, sorted."""
    return sorted(page.evaluate("window.markupkit.inkLatencies"))


class SlowLink:
    """A TCP proxy to the server that holds every chunk `delay` seconds each way: a 2 × `delay`
    round trip, as a poor Wi-Fi link from an iPad to a laptop adds. `go_silent()` makes it a link
    that stops carrying anything without closing (Wi-Fi lost, a NAT that forgot the connection):
    its connections never carry another byte, and new ones are accepted but go nowhere, until
    `come_back()`. A `gateway` answers for a server that is down as nginx does, 502 Bad Gateway."""

    def __init__(self, target_port, delay, gateway=False):
        self.target_port, self.delay, self.gateway = target_port, delay, gateway
        self.silent, self.carried, self.dead, self.held = False, set(), set(), []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.silent:
                self.held.append(client)
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                # The server is down (restarting): this page's attempt fails, as it would on a real link.
                if self.gateway:
                    threading.Thread(target=self.answer_bad_gateway, args=(client,), daemon=True).start()
                else:
                    client.close()
                continue
            self.carried.add(client)
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self.pump, args=(source, sink, client), daemon=True).start()

    @staticmethod
    def answer_bad_gateway(client):
        with client:
            try:
                client.settimeout(5)
                client.recv(65536)
                client.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\nContent-Length: 26\r\n"
                               b"Connection: close\r\n\r\n<h1>502 Bad Gateway</h1>\n\n")
            except OSError:
                pass

    def pump(self, source, sink, connection):
        # Chunks are stamped as they arrive and sent once their delay is over, in order.
        queue, ready = [], threading.Condition()

        def send():
            while True:
                with ready:
                    while not queue:
                        ready.wait()
                    due, data = queue.pop(0)
                time.sleep(max(0, due - time.time()))
                if connection in self.dead:
                    continue
                if data is None:
                    # Shut down, not just closed: the other direction's thread still reads this socket,
                    # and the far end must see the connection end.
                    try:
                        sink.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
                    sink.close()
                    return
                try:
                    sink.sendall(data)
                except OSError:
                    return
        threading.Thread(target=send, daemon=True).start()
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if connection in self.dead:
                if not data:
                    return
                continue
            with ready:
                queue.append((time.time() + self.delay, data or None))
                ready.notify()
            if not data:
                return

    def go_silent(self):
        self.silent = True
        self.dead.update(self.carried)

    def come_back(self):
        self.silent = False
        for client in self.held:
            client.close()
        self.held = []

    def close(self):
        self.listener.close()
