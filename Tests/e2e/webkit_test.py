"""The editor's main flow in WebKit (Safari's engine, as an iPad runs it): Debian's WebKitGTK driven
through its WebDriver (webkit2gtk-driver) with Selenium, under a virtual X display.

WebKitGTK's driver sends mouse and touch pointer actions with their moves, but pen actions arrive
without moves, so the strokes here are drawn with the mouse and a finger (the Chromium tests cover
the pen).
Run by scripts/e2e.sh: xvfb-run -a python3 webkit_test.py MARKUPKIT_BINARY
"""
import base64
import json
import os
import struct
import sys
import tempfile
import time
import urllib.request
import zlib

from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from editor_test import Server, Steps, free_port  # noqa: E402


def wait(driver, script, timeout=15):
    """Waits until `script` (a JavaScript expression) is true in the page."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if driver.execute_script(f"return Boolean({script})"):
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {script}")


def count(driver):
    return driver.execute_script("return window.markupkit ? window.markupkit.elementCount : -1")


def draw(driver, canvas, x, y, moves=20):
    chain = ActionChains(driver, duration=10).move_to_element_with_offset(canvas, x - canvas.size["width"] // 2,
                                                                           y - canvas.size["height"] // 2)
    chain.click_and_hold()
    for step in range(moves):
        chain.move_by_offset(8, (step % 4) - 1)
    chain.release().perform()


def halves_png(width, height):
    """A PNG whose left half is red and right half blue."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    row = b"\x00" + bytes((255, 59, 48)) * (width // 2) + bytes((0, 122, 255)) * (width - width // 2)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def main():
    folder = tempfile.mkdtemp(prefix="markupkit-webkit-")
    server = Server(os.path.join(folder, "library.sqlite"), free_port())
    server.start()
    request = urllib.request.Request(f"{server.url}/api/documents", data=json.dumps({"title": "WebKit"}).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    document = json.load(urllib.request.urlopen(request))["id"]
    options = webdriver.WebKitGTKOptions()
    options.add_argument("--automation")
    driver = webdriver.WebKitGTK(options=options)
    runner = Steps(prefix="webkit: ")
    try:
        driver.set_window_size(1280, 900)
        driver.get(f"{server.url}/edit/{document}")
        wait(driver, "window.markupkit && window.markupkit.saveState === 'saved'")
        canvas = driver.find_element(By.CSS_SELECTOR, "[data-testid=canvas]")
        steps = []

        def step(name):
            def register(body):
                steps.append((name, body))
                return body
            return register

        @step("the page draws its own ink in WebKit")
        def own_ink():
            assert driver.execute_script("return window.markupkit.drawsOwnInk"), "the WebAssembly ink did not load"

        @step("a mouse stroke is saved")
        def stroke():
            draw(driver, canvas, 200, 200)
            wait(driver, "window.markupkit.elementCount === 1 && window.markupkit.saveState === 'saved'")
            kinds = driver.execute_script("return [...document.querySelectorAll('#content > g')].map(g => g.dataset.kind)")
            assert kinds == ["stroke"], kinds

        @step("undo and redo")
        def undo_redo():
            draw(driver, canvas, 200, 300)
            wait(driver, "window.markupkit.elementCount === 2 && window.markupkit.saveState === 'saved'")
            driver.find_element(By.CSS_SELECTOR, "[data-testid=undo]").click()
            wait(driver, "window.markupkit.elementCount === 1")
            driver.find_element(By.CSS_SELECTOR, "[data-testid=redo]").click()
            wait(driver, "window.markupkit.elementCount === 2 && window.markupkit.saveState === 'saved'")

        @step("a finger stroke is saved")
        def finger():
            finger = PointerInput(interaction.POINTER_TOUCH, "finger")
            actions = ActionBuilder(driver, mouse=finger, duration=10)
            box = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.left, b.top];", canvas)
            actions.pointer_action.move_to_location(int(box[0] + 200), int(box[1] + 400)).pointer_down()
            for step_index in range(20):
                actions.pointer_action.move_to_location(int(box[0] + 208 + step_index * 8), int(box[1] + 400 + step_index % 3))
            actions.pointer_action.pointer_up()
            actions.perform()
            wait(driver, "window.markupkit.elementCount === 3 && window.markupkit.saveState === 'saved'")

        @step("a reload shows everything")
        def reload():
            driver.refresh()
            wait(driver, "window.markupkit && window.markupkit.saveState === 'saved' && window.markupkit.elementCount === 3")

        @step("select all, copy and paste with the keyboard")
        def copy_and_paste():
            keys = lambda key: ActionChains(driver).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()
            keys("a")
            wait(driver, "window.markupkit.state.selection?.ids.length === 3")
            keys("c")
            keys("v")
            wait(driver, "window.markupkit.elementCount === 6 && window.markupkit.saveState === 'saved'")

        @step("a rectangle drawn and held becomes a rectangle")
        def held_shape():
            ActionChains(driver).send_keys(Keys.ESCAPE).send_keys("p").perform()
            wait(driver, "window.markupkit.state.selection === null")
            # Found again: the page was reloaded since.
            surface = driver.find_element(By.CSS_SELECTOR, "[data-testid=canvas]")
            chain = ActionChains(driver, duration=10).move_to_element_with_offset(surface, -300, 150).click_and_hold()
            for dx, dy in [(20, 0)] * 10 + [(0, 10)] * 8 + [(-20, 0)] * 10 + [(0, -10)] * 8:
                chain.move_by_offset(dx, dy)
            chain.pause(0.9).release().perform()
            wait(driver, "window.markupkit.elementCount === 7 && window.markupkit.saveState === 'saved'")
            kinds = driver.execute_script("return [...document.querySelectorAll('#content > g')].map(g => g.dataset.kind)")
            assert kinds[-1] == "shape", kinds

        @step("an arrow drawn out of that rectangle attaches to it")
        def attached_arrow():
            rectangle = driver.execute_script("return document.querySelector('#content > g:last-child').id")
            Select(driver.find_element(By.CSS_SELECTOR, "[data-testid=shape-kind]")).select_by_value("arrow")
            surface = driver.find_element(By.CSS_SELECTOR, "[data-testid=canvas]")
            chain = ActionChains(driver, duration=10).move_to_element_with_offset(surface, -200, 190).click_and_hold()
            for _ in range(10):
                chain.move_by_offset(30, 12)
            chain.release().perform()
            wait(driver, "window.markupkit.elementCount === 8 && window.markupkit.saveState === 'saved'")
            arrow = driver.execute_script("const g = document.querySelector('#content > g:last-child'); return [g.dataset.line, g.dataset.start]")
            assert arrow[0] and arrow[1] == rectangle, (arrow, rectangle)

        @step("that arrow is bent by its middle handle with a finger")
        def bent_arrow():
            ActionChains(driver).send_keys(Keys.ESCAPE).send_keys("v").perform()
            arrow = "document.querySelector('#content > g:last-child')"
            on_screen = ("const b = document.querySelector('[data-testid=canvas]').getBoundingClientRect();"
                         " const p = window.markupkit.canvas.toView(arguments[0], arguments[1]); return [b.left + p.x, b.top + p.y];")
            x1, y1, x2, y2 = driver.execute_script(f"return {arrow}.dataset.line.split(' ').map(Number)")
            middle = driver.execute_script(on_screen, (x1 + x2) / 2, (y1 + y2) / 2)
            tap = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "tap"), duration=10)
            tap.pointer_action.move_to_location(int(middle[0]), int(middle[1])).pointer_down().pointer_up()
            tap.perform()
            wait(driver, "window.markupkit.state.selection?.ids.length === 1 && !!document.querySelector('[data-testid=handle-line-middle]')")
            handle = driver.execute_script("const b = document.querySelector('[data-testid=handle-line-middle]').getBoundingClientRect();"
                                           " return [b.left + b.width / 2, b.top + b.height / 2];")
            finger = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "bend"), duration=10)
            finger.pointer_action.move_to_location(int(handle[0]), int(handle[1])).pointer_down()
            for index in range(1, 11):
                finger.pointer_action.move_to_location(int(handle[0]), int(handle[1] - index * 8))
            finger.pointer_action.pointer_up()
            finger.perform()
            wait(driver, f"!!{arrow}.dataset.middle && window.markupkit.saveState === 'saved'")
            start = driver.execute_script(f"return {arrow}.dataset.start")
            assert start, "still attached to the rectangle"

        def restyle_selected(testid, value, done):
            """Chooses `value` in the toolbar's `testid` for the one element selected, then waits until
            `done` holds and the page is saved."""
            wait(driver, "window.markupkit.state.selection?.ids.length === 1")
            Select(driver.find_element(By.CSS_SELECTOR, f"[data-testid={testid}]")).select_by_value(value)
            wait(driver, f"({done}) && window.markupkit.saveState === 'saved'")

        @step("that arrow, made an elbow from the toolbar, turns at right angles")
        def elbow_arrow():
            arrow = "document.querySelector('#content > g:last-child')"
            restyle_selected("line-route", "elbow", f"{arrow}.dataset.corners !== undefined && !{arrow}.dataset.middle")
            line, corners, start = driver.execute_script(f"const d = {arrow}.dataset; return [d.line, d.corners, d.start]")
            points = [float(value) for value in (line.split(" ")[:2] + corners.split() + line.split(" ")[2:])]
            pairs = list(zip(points[0::2], points[1::2]))
            assert len(pairs) >= 3 and start, (line, corners, start)
            assert all(abs(a[0] - b[0]) < 1e-6 or abs(a[1] - b[1]) < 1e-6 for a, b in zip(pairs, pairs[1:])), pairs

        @step("that arrow, made sketchy from the toolbar, is drawn by hand")
        def sketchy_arrow():
            arrow = "document.querySelector('#content > g:last-child')"
            restyle_selected("shape-look", "sketchy", f"({arrow}.querySelector('path').getAttribute('d').match(/c/gi) ?? []).length >= 4")
            assert driver.execute_script(f"return {arrow}.dataset.corners !== undefined"), "still an elbow"

        @step("a picture is cropped by its handles")
        def cropped_picture():
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
            # A 200 × 100 picture, red on the left and blue on the right, dropped on the canvas.
            png = base64.b64encode(halves_png(200, 100)).decode()
            driver.execute_script("""
                const bytes = Uint8Array.from(atob(arguments[0]), (c) => c.charCodeAt(0));
                const data = new DataTransfer();
                data.items.add(new File([bytes], 'halves.png', { type: 'image/png' }));
                const box = document.querySelector('[data-testid=canvas]').getBoundingClientRect();
                document.querySelector('[data-testid=canvas]').dispatchEvent(new DragEvent('drop',
                  { dataTransfer: data, clientX: box.left + 300, clientY: box.top + 500, bubbles: true, cancelable: true }));""", png)
            wait(driver, "!!document.querySelector('#content > g[data-kind=image]') && window.markupkit.saveState === 'saved'")
            picture = "document.querySelector('#content > g[data-kind=image]')"
            box = driver.execute_script(f"const b = {picture}.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]")
            ActionChains(driver).send_keys("v").perform()
            middle = (int(box[0] + box[2] / 2), int(box[1] + box[3] / 2))
            mouse = ActionBuilder(driver, duration=10)
            mouse.pointer_action.move_to_location(*middle).click()
            mouse.perform()
            wait(driver, "window.markupkit.state.selection?.ids.length === 1")
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            wait(driver, "!!document.querySelector('[data-testid=crop-box]')")
            west = driver.execute_script("const b = document.querySelector('[data-testid=crop-w]').getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]")
            drag = ActionBuilder(driver, duration=10)
            drag.pointer_action.move_to_location(int(west[0]), int(west[1])).pointer_down()
            for index in range(1, 11):
                drag.pointer_action.move_to_location(int(west[0] + (middle[0] - west[0]) * index / 10), int(west[1]))
            drag.pointer_action.pointer_up()
            drag.perform()
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            wait(driver, f"!!{picture}.dataset.crop && window.markupkit.saveState === 'saved'")
            # The part cropped away is not drawn (nothing of the picture is there to hit); the part kept is.
            hits = driver.execute_script(f"""const g = {picture};
                const at = (x, y) => document.elementsFromPoint(x, y).some((node) => node.closest?.('#content > g') === g);
                return [at({box[0] + box[2] * 0.2}, {middle[1]}), at({box[0] + box[2] * 0.8}, {middle[1]})]""")
            assert hits == [False, True], hits

        @step("a signature is written on the pad with a finger, saved and inserted")
        def signature():
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
            before = count(driver)
            driver.find_element(By.CSS_SELECTOR, "[data-testid=insert-menu]").click()
            driver.find_element(By.CSS_SELECTOR, "[data-testid=insert-signature]").click()
            wait(driver, "!!document.querySelector('[data-testid=signature-sheet]')?.open")
            pad = driver.execute_script("const b = document.querySelector('[data-testid=signature-pad]').getBoundingClientRect(); return [b.left, b.top];")
            finger = PointerInput(interaction.POINTER_TOUCH, "finger")
            actions = ActionBuilder(driver, mouse=finger, duration=10)
            actions.pointer_action.move_to_location(int(pad[0] + 40), int(pad[1] + 100)).pointer_down()
            for step_index in range(30):
                actions.pointer_action.move_to_location(int(pad[0] + 48 + step_index * 8), int(pad[1] + 100 - (step_index % 6) * 6))
            actions.pointer_action.pointer_up()
            actions.perform()
            wait(driver, "!document.querySelector('[data-testid=signature-save]').disabled")
            driver.find_element(By.CSS_SELECTOR, "[data-testid=signature-save]").click()
            wait(driver, f"!document.querySelector('[data-testid=signature-sheet]') && window.markupkit.elementCount === {before + 1}"
                         " && window.markupkit.saveState === 'saved'")
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()

        @step("the library picks two documents and deletes them together, with Undo; a card's menu opens")
        def library_select():
            made = []
            for title in ["Picked one", "Picked two"]:
                request = urllib.request.Request(f"{server.url}/api/documents", data=json.dumps({"title": title}).encode(), method="POST",
                                                 headers={"Content-Type": "application/json"})
                made.append(json.load(urllib.request.urlopen(request))["id"])
            count = driver.execute_script("return window.markupkit.elementCount")
            driver.get(f"{server.url}/")
            wait(driver, f"!!document.querySelector(\"[data-id='{made[1]}']\")")
            driver.find_element(By.CSS_SELECTOR, "[data-testid=select-documents]").click()
            for id in made:
                driver.find_element(By.CSS_SELECTOR, f"[data-testid=document][data-id='{id}'] .title").click()
            wait(driver, "document.querySelector('[data-testid=bulk-count]').textContent === '2 picked'")
            assert "/edit/" not in driver.current_url
            driver.find_element(By.CSS_SELECTOR, "[data-testid=bulk-delete]").click()
            gone = " && ".join(f"!document.querySelector(\"[data-testid=document][data-id='{id}']\")" for id in made)
            wait(driver, gone)
            driver.find_element(By.CSS_SELECTOR, "[data-testid=undo-delete]").click()
            wait(driver, " && ".join(f"!!document.querySelector(\"[data-testid=document][data-id='{id}']\")" for id in made))
            driver.find_element(By.CSS_SELECTOR, "[data-testid=bulk-done]").click()
            driver.find_element(By.CSS_SELECTOR, f"[data-testid=document][data-id='{made[0]}'] [data-testid=more]").click()
            wait(driver, "!document.querySelector('[data-testid=card-menu]').hidden")
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
            wait(driver, "document.querySelector('[data-testid=card-menu]').hidden")
            # Back to the document for the last step.
            driver.get(f"{server.url}/edit/{document}")
            wait(driver, f"window.markupkit && window.markupkit.saveState === 'saved' && window.markupkit.elementCount === {count}")

        @step("the context menu opens on a right-click")
        def context_menu():
            # Last: WebKitGTK's driver releases a right button as the left one and keeps the right
            # one down, so no later press would come as a pointerdown.
            picture = "document.querySelector('#content > g[data-kind=image]')"
            before = count(driver)
            middle = driver.execute_script(f"const b = {picture}.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]")
            click = ActionBuilder(driver, duration=10)
            click.pointer_action.move_to_location(int(middle[0]), int(middle[1])).pointer_down(button=2).pointer_up(button=2)
            click.perform()
            wait(driver, "!document.querySelector('[data-testid=context-menu]').hidden && !!document.querySelector('[data-testid=context-crop]')")
            assert count(driver) == before, "a right-click draws nothing"
            driver.find_element(By.CSS_SELECTOR, "[data-testid=context-duplicate]").click()
            wait(driver, f"window.markupkit.elementCount === {before + 1} && window.markupkit.saveState === 'saved'")
            # On the bare page, the page's own items (Escape closes the menu). WebKitGTK's driver
            # delivers a finger held still as no press at all, so the long press is left to Chromium.
            corner = driver.find_element(By.CSS_SELECTOR, "[data-testid=canvas]").rect
            click = ActionBuilder(driver, duration=10)
            click.pointer_action.move_to_location(int(corner["x"] + corner["width"] - 60), int(corner["y"] + corner["height"] - 60))
            click.pointer_action.pointer_down(button=2).pointer_up(button=2)
            click.perform()
            wait(driver, "!document.querySelector('[data-testid=context-menu]').hidden && !!document.querySelector('[data-testid=context-select-all]')")
            assert driver.execute_script("return window.markupkit.state.selection") is None
            ActionChains(driver).send_keys(Keys.ESCAPE).perform()
            wait(driver, "document.querySelector('[data-testid=context-menu]').hidden")

        for name, body in steps:
            runner.run(name, body)
    finally:
        driver.quit()
        server.stop()
    runner.finish("WebKit test")


if __name__ == "__main__":
    main()
