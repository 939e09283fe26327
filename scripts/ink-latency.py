"""Prints the p99, in milliseconds, from a pen move to the frame that paints its ink, in headless
Chromium on an editor URL reached through a link adding a 300 ms round trip (150 ms each way): five
strokes of 40 moves, timed by the page itself. Used by markupkit-bench: ink-latency.py EDITOR_URL"""
import re
import sys

from playwright.sync_api import sync_playwright

from browser_input import SlowLink, ink_latencies, pen_rows

url = sys.argv[1]
port = int(re.search(r":(\d+)/", url).group(1))
link = SlowLink(port, 0.15)
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(url.replace(f":{port}/", f":{link.port}/"))
    page.wait_for_function("window.markupkit && window.markupkit.saveState === 'saved' && window.markupkit.drawsOwnInk",
                           timeout=20000)
    cdp = page.context.new_cdp_session(page)
    box = page.get_by_test_id("canvas").bounding_box()
    pen_rows(cdp, box["x"] + 120, box["y"] + 200, rows=5, while_down=lambda points: page.wait_for_timeout(50))
    page.wait_for_function("window.markupkit.saveState === 'saved'", timeout=20000)
    latencies = ink_latencies(page)
    assert len(latencies) >= 150, len(latencies)
    print(f"{latencies[int(len(latencies) * 0.99)]:.2f}")
    browser.close()
link.close()
