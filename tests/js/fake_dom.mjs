// A small stand-in for the browser's DOM, enough for the client's modules under Node's test
// runner: elements, text, attributes, events, focus and simple selectors. Importing it installs
// `document`, `Node`, `window` and `location` as globals, as the browser has them.

class FakeNode extends EventTarget {
  constructor(nodeType, nodeName) {
    super();
    this.nodeType = nodeType;
    this.nodeName = nodeName;
    this.parentNode = null;
    this.childNodes = [];
  }

  get firstChild() { return this.childNodes[0] || null; }
  get lastChild() { return this.childNodes[this.childNodes.length - 1] || null; }
  get nextSibling() { return this.sibling(1); }
  get previousSibling() { return this.sibling(-1); }
  sibling(step) {
    if (!this.parentNode) return null;
    const siblings = this.parentNode.childNodes;
    return siblings[siblings.indexOf(this) + step] || null;
  }

  get isConnected() {
    let node = this;
    while (node.parentNode) node = node.parentNode;
    return node === document;
  }

  contains(other) {
    for (let node = other; node; node = node.parentNode) if (node === this) return true;
    return false;
  }

  insertBefore(node, ref) {
    if (ref && ref.parentNode !== this) throw new Error("insertBefore: ref is not a child");
    if (node.contains(this)) throw new Error("insertBefore: would make a cycle");
    node.remove();
    const at = ref ? this.childNodes.indexOf(ref) : this.childNodes.length;
    this.childNodes.splice(at, 0, node);
    node.parentNode = this;
    return node;
  }

  appendChild(node) { return this.insertBefore(node, null); }

  append(...children) {
    for (const child of children) {
      this.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    }
  }

  removeChild(node) {
    const at = this.childNodes.indexOf(node);
    if (at < 0) throw new Error("removeChild: not a child");
    if (node.contains(document.activeElement)) document.activeElement = document.body;
    this.childNodes.splice(at, 1);
    node.parentNode = null;
    return node;
  }

  remove() {
    if (this.parentNode) this.parentNode.removeChild(this);
  }

  replaceChildren(...children) {
    while (this.firstChild) this.removeChild(this.firstChild);
    this.append(...children);
  }

  get textContent() {
    return this.childNodes.map((child) => child.textContent).join("");
  }

  set textContent(text) {
    this.replaceChildren();
    if (text !== "") this.append(String(text));
  }
}

class FakeText extends FakeNode {
  constructor(text) {
    super(3, "#text");
    this.nodeValue = text;
  }

  get data() { return this.nodeValue; }
  set data(text) { this.nodeValue = text; }
  get textContent() { return this.nodeValue; }
  set textContent(text) { this.nodeValue = String(text); }
}

const kebab = (name) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const camel = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

/** element.style: CSSOM properties kept in the element's style attribute. */
function styleOf(element) {
  const read = () => new Map((element.getAttribute("style") || "").split(";")
    .map((part) => part.split(":").map((text) => text.trim())).filter(([name]) => name));
  const write = (map) => {
    const text = [...map].map(([name, value]) => `${name}: ${value};`).join(" ");
    if (text) element.attributes.set("style", text);
    else element.attributes.delete("style");
  };
  return new Proxy({}, {
    get(_, name) {
      if (name === "cssText") return element.getAttribute("style") || "";
      return read().get(kebab(String(name))) || "";
    },
    set(_, name, value) {
      if (name === "cssText") {
        element.attributes.delete("style");
        if (value) element.attributes.set("style", String(value));
        return true;
      }
      const map = read();
      if (value === "" || value === null) map.delete(kebab(String(name)));
      else map.set(kebab(String(name)), String(value));
      write(map);
      return true;
    },
  });
}

class FakeElement extends FakeNode {
  constructor(tag) {
    super(1, tag.toUpperCase());
    this.tagName = this.nodeName;
    this.attributes = new Map();
    this.style = styleOf(this);
    this.scrollTop = 0;
    this.scrollHeight = 0;
    this.clientHeight = 0;
  }

  getAttribute(name) { return this.attributes.has(name) ? this.attributes.get(name) : null; }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  removeAttribute(name) { this.attributes.delete(name); }
  hasAttribute(name) { return this.attributes.has(name); }
  getAttributeNames() { return [...this.attributes.keys()]; }

  get id() { return this.getAttribute("id") || ""; }
  set id(value) { this.setAttribute("id", value); }
  get className() { return this.getAttribute("class") || ""; }
  set className(value) { this.setAttribute("class", value); }
  get hidden() { return this.hasAttribute("hidden"); }
  set hidden(value) { this.flag("hidden", value); }
  get disabled() { return this.hasAttribute("disabled"); }
  set disabled(value) { this.flag("disabled", value); }
  flag(name, on) {
    if (on) this.setAttribute(name, "");
    else this.removeAttribute(name);
  }

  get classList() {
    const element = this;
    const list = () => element.className.split(/\s+/).filter(Boolean);
    const classes = {
      contains: (name) => list().includes(name),
      add: (...names) => { element.className = [...new Set([...list(), ...names])].join(" "); },
      remove: (...names) => { element.className = list().filter((name) => !names.includes(name)).join(" "); },
      toggle: (name, force = !list().includes(name)) => {
        if (force) classes.add(name);
        else classes.remove(name);
        return force;
      },
    };
    return classes;
  }

  get dataset() {
    const element = this;
    return new Proxy({}, {
      get: (_, name) => element.getAttribute(`data-${kebab(String(name))}`) ?? undefined,
      set: (_, name, value) => { element.setAttribute(`data-${kebab(String(name))}`, value); return true; },
      ownKeys: () => element.getAttributeNames().filter((name) => name.startsWith("data-"))
        .map((name) => camel(name.slice(5))),
      getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }),
    });
  }

  get children() { return this.childNodes.filter((child) => child.nodeType === 1); }

  focus() { document.activeElement = this; }

  click() {
    if (this.disabled) return;
    this.dispatchEvent(new Event("click"));
  }

  querySelectorAll(selector) {
    const found = [];
    const walk = (node) => {
      for (const child of node.children) {
        if (matches(child, selector, this)) found.push(child);
        walk(child);
      }
    };
    walk(this);
    return found;
  }

  querySelector(selector) { return this.querySelectorAll(selector)[0] || null; }
}

// ---- selectors: tag, #id, .class, [attr], [attr="value"], descendants, lists with "," --------

const PART = /^(?:([a-z][a-z0-9-]*)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([\w-]+)))?\])/i;

function compound(element, text) {
  let rest = text;
  while (rest) {
    const part = PART.exec(rest);
    if (!part) throw new Error(`fake DOM: unsupported selector ${text}`);
    const [whole, tag, id, cls, attr, ...values] = part;
    const value = values.find((item) => item !== undefined);
    if (tag && element.tagName !== tag.toUpperCase()) return false;
    if (id && element.id !== id) return false;
    if (cls && !element.classList.contains(cls)) return false;
    if (attr && (!element.hasAttribute(attr) || (value !== undefined && element.getAttribute(attr) !== value))) return false;
    rest = rest.slice(whole.length);
  }
  return true;
}

function matches(element, selector, scope) {
  return selector.split(",").some((one) => {
    const steps = one.trim().split(/\s+/);
    if (!compound(element, steps[steps.length - 1])) return false;
    let node = element.parentNode;
    for (let index = steps.length - 2; index >= 0; index -= 1) {
      while (node && node !== scope && !(node.nodeType === 1 && compound(node, steps[index]))) node = node.parentNode;
      if (!node || node === scope) return false;
      node = node.parentNode;
    }
    return true;
  });
}

class FakeDocument extends FakeNode {
  constructor() {
    super(9, "#document");
    this.hidden = false;
  }

  createElement(tag) { return new FakeElement(tag); }
  createElementNS(namespace, tag) {
    const element = new FakeElement(tag);
    element.namespaceURI = namespace; // SVG pieces (static/js/lib/pieces.js)
    return element;
  }
  createTextNode(text) { return new FakeText(String(text)); }
  getElementById(id) { return this.body.querySelector(`#${id}`); }
  querySelectorAll(selector) { return this.body.querySelectorAll(selector); }
  querySelector(selector) { return this.body.querySelector(selector); }
}

export const document = new FakeDocument();
document.body = document.createElement("body");
document.appendChild(document.body);
document.activeElement = document.body;

globalThis.document = document;
globalThis.Node = FakeNode;
globalThis.window = new EventTarget();
globalThis.location = { protocol: "http:", host: "parlor.test", search: "", href: "http://parlor.test/" };

/** Start each test on an empty page. */
export function resetPage() {
  document.body.replaceChildren();
  document.activeElement = document.body;
}
