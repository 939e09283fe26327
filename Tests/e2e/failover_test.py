"""The web editor behind nginx, in front of two `markupkit serve` processes on one PostgreSQL.

The server the page is on is killed with SIGKILL while the page draws; nginx sends the page's
reconnect to the other server, which saves what the page kept, and nothing saved is lost. Runs
deploy/nginx.conf itself, with its own ports. Run by scripts/e2e.sh: failover_test.py MARKUPKIT_BINARY
"""
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

import editor_test as e2e

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def start_postgres(folder):
    env = dict(os.environ, MARKUPKIT_POSTGRES_PORT=str(e2e.free_port()))
    return subprocess.run([os.path.join(ROOT, "scripts", "postgres.sh"), "start", folder], env=env,
                          check=True, capture_output=True, text=True).stdout.strip()


def start_server(database, port, log):
    process = subprocess.Popen([e2e.BINARY, "serve", "--database", database, "--port", str(port), "--quiet"],
                               stdout=subprocess.PIPE, stderr=open(log, "a"), text=True)
    line = process.stdout.readline()
    assert "running at" in line, f"the server did not start: {line!r}"
    return process


def wait_for_port(port, timeout=10):
    deadline = time.time() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.time() > deadline:
                raise
            time.sleep(0.05)


def start_nginx(folder, port, upstreams):
    """deploy/nginx.conf with this test's ports, no access log, and a header naming the server used."""
    with open(os.path.join(ROOT, "deploy", "nginx.conf")) as shipped:
        config = shipped.read()
    config = config.replace("127.0.0.1:8081", f"127.0.0.1:{upstreams[0]}").replace("127.0.0.1:8082", f"127.0.0.1:{upstreams[1]}")
    config = config.replace("listen 127.0.0.1:8080;", f"listen 127.0.0.1:{port};")
    config = config.replace("http {", "http {\n    access_log off;", 1)
    config = config.replace("proxy_pass http://markupkit;", "proxy_pass http://markupkit;\n            add_header X-MarkupKit-Upstream $upstream_addr always;")
    assert f":{upstreams[1]}" in config and f"{port};" in config, "deploy/nginx.conf no longer has the ports this test puts in"
    path = os.path.join(folder, "nginx.conf")
    with open(path, "w") as written:
        written.write(config)
    process = subprocess.Popen(["nginx", "-p", folder, "-c", path, "-e", os.path.join(folder, "nginx-error.log"),
                                "-g", f"daemon off; pid {folder}/nginx.pid;"])
    wait_for_port(port)
    return process


def main():
    folder = tempfile.mkdtemp(prefix="markupkit-failover-")
    # PostgreSQL runs as its own user, and nginx's workers as nobody: both look inside.
    os.chmod(folder, 0o755)
    print(f"logs in {folder}", flush=True)
    steps = e2e.Steps("failover: ")
    database = start_postgres(os.path.join(folder, "postgres"))
    ports = [e2e.free_port(), e2e.free_port()]
    servers = {port: start_server(database, port, os.path.join(folder, f"server-{port}.log")) for port in ports}
    proxy_port = e2e.free_port()
    nginx = start_nginx(folder, proxy_port, ports)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            state = {}

            def draw_through_the_proxy():
                page.goto(f"http://127.0.0.1:{proxy_port}/")
                page.get_by_test_id("new-document").click()
                page.wait_for_url(re.compile(r"/edit/"))
                page.get_by_test_id("dialog-input").fill("Behind nginx")
                page.get_by_test_id("dialog-confirm").click()
                e2e.wait_saved(page)
                x, y = e2e.canvas_origin(page)
                for row in range(3):
                    e2e.draw(page, cdp, e2e.wave(x + 120, y + 120 + row * 60))
                e2e.wait_count(page, 3)
                e2e.wait_saved(page)
                state["url"] = page.url

            def the_pages_server_dies_and_the_other_takes_over():
                document = state["url"].rsplit("/", 1)[-1].split("?")[0]
                upstream = page.evaluate(f"fetch('/edit/{document}').then(r => r.headers.get('x-markupkit-upstream'))")
                port = int(upstream.rsplit(":", 1)[-1])
                assert port in servers, upstream
                servers[port].send_signal(signal.SIGKILL)
                servers[port].wait()
                # Drawn right away: whatever the page hears, or does not, nothing of it may be lost.
                x, y = e2e.canvas_origin(page)
                e2e.draw(page, cdp, e2e.wave(x + 120, y + 400))
                e2e.draw(page, cdp, e2e.wave(x + 120, y + 460))
                e2e.wait_count(page, 5, timeout=15000)
                page.wait_for_function("window.markupkit.saveState === 'saved' && window.markupkit.outboxSize === 0", timeout=20000)
                fresh = context.new_page()
                fresh.goto(state["url"])
                e2e.wait_count(fresh, 5, timeout=15000)
                other = fresh.evaluate(f"fetch('/edit/{document}').then(r => r.headers.get('x-markupkit-upstream'))")
                assert int(other.rsplit(":", 1)[-1]) != port, other
                fresh.close()

            steps.run("a page draws through nginx", draw_through_the_proxy)
            steps.run("its server is killed; the page goes on on the other, nothing lost", the_pages_server_dies_and_the_other_takes_over)
            browser.close()
    finally:
        nginx.terminate()
        nginx.wait()
        for process in servers.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=30)
        subprocess.run([os.path.join(ROOT, "scripts", "postgres.sh"), "stop", os.path.join(folder, "postgres")], check=False)
    steps.finish("failover step")


if __name__ == "__main__":
    sys.exit(main())
