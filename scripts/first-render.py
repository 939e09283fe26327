"""Prints the seconds from opening an editor URL in headless Chromium to the first frame that shows
strokes, then to the document's hello (from then on all of it can be viewed and edited). Used by
markupkit-bench: first-render.py URL"""
import sys

from playwright.sync_api import sync_playwright

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(sys.argv[1])
    page.wait_for_function("window.markupkit && window.markupkit.firstRenderMs !== undefined && window.markupkit.elementCount > 0",
                           timeout=120000)
    rendered = page.evaluate("window.markupkit.firstRenderMs")
    # A first view drawn from the document's preview comes before its hello.
    page.wait_for_function("window.markupkit.helloMs !== undefined", timeout=120000)
    hello = page.evaluate("window.markupkit.helloMs")
    # Milliseconds since the navigation started, as the page measured them.
    print(f"{rendered / 1000:.3f} {hello / 1000:.3f}")
    browser.close()
