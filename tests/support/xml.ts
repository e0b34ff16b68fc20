/**
 * A tiny, strict XML reader for tests: checks well-formedness (one root, balanced and
 * properly nested tags, quoted attributes, only the five predefined or numeric entities,
 * no stray "<" or "&") and returns a simple element tree. Throws on the first error.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = "[A-Za-z_][\\w.:-]*";
const ENTITY = /&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;

function decode(raw: string, where: string): string {
  const stripped = raw.replace(ENTITY, "");
  if (stripped.includes("&")) throw new Error(`Unescaped or unknown entity in ${where}: ${raw.slice(0, 80)}`);
  if (stripped.includes("<")) throw new Error(`Stray "<" in ${where}`);
  return raw
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-fA-F]+);/g, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, "&");
}

export function parseXml(source: string): XmlElement {
  let pos = 0;
  const decl = /^<\?xml[^?]*\?>\s*/.exec(source);
  if (decl) pos = decl[0].length;
  const root: XmlElement = { name: "#document", attributes: {}, children: [], text: "" };
  const stack: XmlElement[] = [root];
  const tag = new RegExp(`<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`, "y");
  while (pos < source.length) {
    const lt = source.indexOf("<", pos);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > pos) {
      const text = decode(source.slice(pos, textEnd), `<${stack.at(-1)!.name}>`);
      if (stack.length === 1 && text.trim()) throw new Error("Text outside the root element");
      stack.at(-1)!.text += text;
      pos = textEnd;
      continue;
    }
    if (source.startsWith("<!--", pos)) {
      const end = source.indexOf("-->", pos);
      if (end === -1) throw new Error("Unclosed comment");
      pos = end + 3;
      continue;
    }
    if (source.startsWith("<![CDATA[", pos)) {
      const end = source.indexOf("]]>", pos);
      if (end === -1) throw new Error("Unclosed CDATA");
      stack.at(-1)!.text += source.slice(pos + 9, end);
      pos = end + 3;
      continue;
    }
    tag.lastIndex = pos;
    const m = tag.exec(source);
    if (!m) throw new Error(`Malformed tag at ${pos}: ${source.slice(pos, pos + 60)}`);
    const [whole, closing, name, attrText, selfClosing] = m;
    pos += whole.length;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name || stack.length === 0) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of attrText!.matchAll(new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "g"))) {
      if (a[1]! in attributes) throw new Error(`Duplicate attribute ${a[1]}`);
      attributes[a[1]!] = decode(a[2] ?? a[3] ?? "", `attribute ${a[1]}`);
    }
    const element: XmlElement = { name: name!, attributes, children: [], text: "" };
    if (stack.length === 1 && root.children.length) throw new Error("More than one root element");
    stack.at(-1)!.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new Error(`Unclosed <${stack.at(-1)!.name}>`);
  if (root.children.length !== 1) throw new Error("No root element");
  return root.children[0]!;
}

export function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}

export function childText(el: XmlElement, name: string): string {
  return child(el, name)?.text.trim() ?? "";
}
