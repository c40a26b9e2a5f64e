"""The log's line numbers (issue 25): from 100 on they were drawn as list markers outside the
list's padding, and the scrolling list clipped their first digit. Now each line draws its own
number inside itself (parlor.css ``.log li::before``), with its time."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.e2e.conftest import new_page

_DRAW = """async () => {
    const { renderLogList } = await import("/static/js/lib/log.js");
    const list = document.createElement("ol");
    list.className = "log";
    document.querySelector("main").replaceChildren(list);
    const game = { describeLog: (entry) => `move ${entry.n}` };
    const entries = Array.from({ length: 120 }, (_, n) => ({ type: "move", n }));
    renderLogList(list, entries, game, ["Ada"], { times: [[0, new Date().toISOString()]] });
    const line = list.children[119];
    const number = getComputedStyle(line, "::before");
    return {
        content: number.content,
        marker: getComputedStyle(list).listStyleType,
        lineLeft: line.getBoundingClientRect().left,
        listLeft: list.getBoundingClientRect().left,
        time: line.querySelector("time.log-time") !== null,
    };
}"""


def test_line_120_keeps_its_number_inside_the_log(browser: Browser, base_url: str) -> None:
    page = new_page(browser, base_url)
    page.goto("/")
    drawn = page.evaluate(_DRAW)
    # The number is part of the line (a counter), so the list's overflow cannot clip it.
    assert drawn["marker"] == "none", drawn
    assert "counter(log-line)" in drawn["content"], drawn
    assert drawn["lineLeft"] >= drawn["listLeft"], drawn
    assert drawn["time"], drawn
    page.context.close()
