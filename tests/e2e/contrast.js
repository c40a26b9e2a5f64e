// Every text under `root` (a CSS selector) whose contrast with what lies under it is below
// WCAG 2.1's 4.5:1 (3:1 for large text): a list of "parent > element: text ratio" lines.
// Evaluated in the page by tests/e2e/test_look_browser.py (page.evaluate takes it as a function).
(root) => {
    const channels = (text) => (text.match(/[\d.]+/g) || []).map(Number);
    const linear = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    const luminance = ([r, g, b]) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    const ratio = (a, b) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
    };
    // The colours under the text, nearest first, down to the first opaque one, then laid over
    // each other (alpha compositing).
    const background = (node) => {
        const layers = [];
        const add = (colour) => {
            if (colour.length < 3 || colour[3] === 0) return false;
            layers.push(colour.length === 3 ? [...colour, 1] : colour);
            return layers[layers.length - 1][3] >= 0.99;
        };
        // An overlay (a ::before, or an absolutely placed sibling such as the chip under a
        // space's number) is under the text only if it covers the middle of the text's box: a
        // colour band along a card's top edge is not under the words below it.
        const box = node.getBoundingClientRect();
        const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
        const inside = (left, top, width, height) => x >= left && x <= left + width && y >= top && y <= top + height;
        const coversBefore = (at, before) => {
            const outer = at.getBoundingClientRect();
            return inside(outer.left + parseFloat(before.left), outer.top + parseFloat(before.top),
                parseFloat(before.width), parseFloat(before.height));
        };
        let done = false;
        for (let at = node; at && !done; at = at.parentElement) {
            const before = getComputedStyle(at, "::before");
            if (before.content !== "none" && before.position === "absolute" && coversBefore(at, before)) {
                done = add(channels(before.backgroundColor));
            }
            if (!done) done = add(channels(getComputedStyle(at).backgroundColor));
            const siblings = at.parentElement ? [...at.parentElement.children].filter((other) => other !== at) : [];
            for (const sibling of siblings) {
                if (done) break;
                const style = getComputedStyle(sibling);
                const area = sibling.getBoundingClientRect();
                if (style.position === "absolute" && inside(area.left, area.top, area.width, area.height)) {
                    done = add(channels(style.backgroundColor));
                }
            }
        }
        if (!done) layers.push([255, 255, 255, 1]);
        let [r, g, b] = layers.pop();
        for (const [lr, lg, lb, la] of layers.reverse()) {
            [r, g, b] = [lr * la + r * (1 - la), lg * la + g * (1 - la), lb * la + b * (1 - la)];
        }
        return [r, g, b];
    };
    const exempt = (node) => {
        for (let at = node; at; at = at.parentElement) {
            if (Number(getComputedStyle(at).opacity) < 1 || at.matches(":disabled")) return true;
        }
        return false;
    };
    const found = [];
    for (const node of document.querySelectorAll(root)) {
        for (const element of [node, ...node.querySelectorAll("*")]) {
            const own = [...element.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim());
            if (!own) continue;
            const box = element.getBoundingClientRect();
            if (box.width <= 1 || box.height <= 1 || exempt(element)) continue;
            const style = getComputedStyle(element);
            if (style.visibility === "hidden") continue;
            const size = parseFloat(style.fontSize);
            const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
            const measured = ratio(channels(style.color).slice(0, 3), background(element));
            if (measured < (large ? 3 : 4.5)) {
                found.push(`${element.parentElement.className} > ${element.className || element.tagName}: "${element.textContent.trim().slice(0, 24)}" ${measured.toFixed(2)}`);
            }
        }
    }
    return found;
}
