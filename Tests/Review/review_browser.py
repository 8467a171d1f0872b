"""The review page in headless Chromium through Playwright (ReviewBrowserTests runs it).

phase "edit": at 1400x2000, drag the subject box of KEY by its corner handles to BOX (fractions of the
photo), pick the glyph tone the page does not recommend, screenshot, Save, wait for the answer, screenshot
again, then "Looks right". Prints one JSON object: the verdicts, schemes and contrasts before and after
(from the page), the tone chosen, the page's note. The card before and after the save is also shot at
1100 px wide as review-before.png and review-after.png (`make review-screenshots` copies them to docs/images).
phase "check": the page at 390x844 and 1400x2000: each width's scrollWidth, whether KEY shows as reviewed, the status line,
a screenshot of each. Prints one JSON object.
"""
import json
import sys
import time

from playwright.sync_api import sync_playwright


def verdicts(card):
    return card.locator(".legend .verdict").evaluate_all("els => els.map(e => e.className + ': ' + e.textContent)")


def numbers(card, label):
    """The `label` row of each target's numbers table, in target order."""
    return card.locator(".numbers tr").evaluate_all(
        "(rows, label) => rows.filter(r => r.querySelector('th') && r.querySelector('th').textContent === label)"
        ".map(r => r.querySelector('td').textContent)", label)


def card_shot(page, card, path):
    """The page header and the card's top (its bar, the photo with the editor, the first frame's numbers)
    at 1100 px wide: the card scrolled to just below the sticky header."""
    page.set_viewport_size({"width": 1100, "height": 2000})
    card.evaluate("c => window.scrollTo(0, c.getBoundingClientRect().top + window.scrollY"
                  " - document.querySelector('header.page').getBoundingClientRect().height - 8)")
    wait_until(page, "Array.from(document.images).every(i => i.complete)", 60)
    page.screenshot(path=path, clip={"x": 0, "y": 0, "width": 1100, "height": 1010})
    page.set_viewport_size({"width": 1400, "height": 2000})


def wait_until(page, expression, timeout=300):
    """Polls `expression` (page.wait_for_function evaluates strings, which the page's CSP forbids)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError("timed out waiting for " + expression)
        time.sleep(0.1)


def wait_ready(page):
    page.wait_for_selector("body[data-review-status=ready]", timeout=120_000)
    wait_until(page, "Array.from(document.images).every(i => i.complete)", 60)


def drag(page, start, end):
    page.mouse.move(*start)
    page.mouse.down()
    steps = 8
    for i in range(1, steps + 1):
        page.mouse.move(start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
    page.mouse.up()


def edit(page, key, box, shots):
    page.set_viewport_size({"width": 1400, "height": 2000})
    card = page.locator(f'section.review-card[data-key="{key}"]')
    card.scroll_into_view_if_needed()
    wait_ready(page)
    before = verdicts(card)
    source = card.locator(".source").bounding_box()
    def at(fx, fy):
        return (source["x"] + fx * source["width"], source["y"] + fy * source["height"])
    # The north-west handle to the box's top-left corner, then the south-east one to its bottom-right (a
    # few pixels inside each handle: they straddle the box's corners and the photo clips what lies outside).
    nw = card.locator(".edit-box i.nw").bounding_box()
    drag(page, (nw["x"] + nw["width"] / 2, nw["y"] + nw["height"] / 2), at(box[0], box[1]))
    se = card.locator(".edit-box i.se").bounding_box()
    edit_box = card.locator(".edit-box").bounding_box()
    grab = (se["x"] + 3, se["y"] + 3)
    corner = (edit_box["x"] + edit_box["width"], edit_box["y"] + edit_box["height"])
    target = at(box[0] + box[2], box[1] + box[3])
    drag(page, grab, (target[0] + grab[0] - corner[0], target[1] + grab[1] - corner[1]))
    # The tone the page does not recommend ("recommended (white)" -> black), saved with the box.
    recommended = card.locator("select.glyphs option").first.text_content()
    tone = "black" if "white" in recommended else "white"
    card.locator("select.glyphs").select_option(tone)
    schemes_before, contrasts_before = numbers(card, "Scheme"), numbers(card, "Contrast")
    page.screenshot(path=f"{shots}/review-before-save.png")
    card_shot(page, card, f"{shots}/review-before.png")
    saves = int(page.evaluate("Number(document.body.getAttribute('data-review-saves') || 0)"))
    # "Looks right" with the box and tone unsaved is refused on the page, and nothing is sent.
    card.locator("button.looks-right").click()
    refused_note = card.locator(".message").first.text_content()
    refused_reviewed = card.get_attribute("data-reviewed")
    page.wait_for_timeout(300)
    saves_after_refusal = int(page.evaluate("Number(document.body.getAttribute('data-review-saves') || 0)")) - saves
    card.locator("button.save").click()
    wait_until(page, f"Number(document.body.getAttribute('data-review-saves') || 0) > {saves}")
    card = page.locator(f'section.review-card[data-key="{key}"]')
    wait_until(page, "Array.from(document.images).every(i => i.complete)", 60)
    after = verdicts(card)
    schemes_after, contrasts_after = numbers(card, "Scheme"), numbers(card, "Contrast")
    selected = card.locator("select.glyphs").input_value()
    note = card.locator(".message").first.text_content()
    card.scroll_into_view_if_needed()
    page.screenshot(path=f"{shots}/review-after-save.png")
    card_shot(page, card, f"{shots}/review-after.png")
    hero_sources = card.locator(".hero img").evaluate_all("els => els.map(e => e.getAttribute('src'))")
    saves += 1
    card.locator("button.looks-right").click()
    wait_until(page, f"Number(document.body.getAttribute('data-review-saves') || 0) > {saves}")
    reviewed = page.locator(f'section.review-card[data-key="{key}"]').get_attribute("data-reviewed")
    return {"before": before, "after": after, "note": note, "heroes": hero_sources, "reviewed": reviewed,
            "recommended": recommended, "tone": tone, "selected": selected,
            "refusedNote": refused_note, "refusedReviewed": refused_reviewed, "savesAfterRefusal": saves_after_refusal,
            "schemesBefore": schemes_before, "schemesAfter": schemes_after,
            "contrastsBefore": contrasts_before, "contrastsAfter": contrasts_after}


def check(page, key, shots):
    result = {}
    for width, height in ((390, 844), (1400, 2000)):
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        wait_ready(page)
        result[str(width)] = {
            "innerWidth": page.evaluate("window.innerWidth"),
            "scrollWidth": page.evaluate("document.documentElement.scrollWidth"),
            "reviewed": page.locator(f'section.review-card[data-key="{key}"]').get_attribute("data-reviewed"),
            "badge": page.locator(f'section.review-card[data-key="{key}"] .state').text_content(),
            "status": page.locator("#status").text_content(),
            "images": page.evaluate("Array.from(document.images).filter(i => i.naturalWidth > 0).length"),
        }
        page.screenshot(path=f"{shots}/review-{width}.png")
    return result


def main():
    phase, url, key, shots = sys.argv[1:5]
    box = [float(v) for v in sys.argv[5].split(",")] if len(sys.argv) > 5 else None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1400, "height": 2000})
        messages = []
        page.on("console", lambda m: messages.append(m.type + ": " + m.text) if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: messages.append("pageerror: " + str(e)))
        page.goto(url)
        wait_ready(page)
        result = edit(page, key, box, shots) if phase == "edit" else check(page, key, shots)
        result["console"] = messages
        browser.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
