// The Nutzdaten XML for reading: one element a line, indented by depth, an element holding only text
// on its own line. The text itself is left as the service wrote it.

const tokens = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<[^>]+>|[^<]+/g;

export function indentXml(xml: string, unit = '  '): string {
  const parts = (xml.match(tokens) ?? []).filter((part) => part.trim() !== '');
  const lines: string[] = [];
  let depth = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const opening = part.startsWith('<') && !/^<[/?!]/.test(part) && !part.endsWith('/>');
    if (part.startsWith('</')) depth = Math.max(0, depth - 1);
    // <Kz81>10000</Kz81> stays one line.
    if (opening && parts[i + 1] !== undefined && !parts[i + 1]!.startsWith('<') && parts[i + 2]?.startsWith('</')) {
      lines.push(`${unit.repeat(depth)}${part}${parts[i + 1]}${parts[i + 2]}`);
      i += 2;
      continue;
    }
    lines.push(`${unit.repeat(depth)}${part.startsWith('<') ? part : part.trim()}`);
    if (opening) depth++;
  }
  return lines.join('\n');
}
