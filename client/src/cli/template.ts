// `--template`: the part of Go's text/template that gh users write to format JSON output, so the same
// habits work here: `{{.field}}`, `{{.a.b}}`, `{{range .}}…{{else}}…{{end}}`, `{{if .x}}…{{else}}…{{end}}`,
// string literals (`{{"\n"}}`), `{{- … -}}` to trim the space beside an action, and the functions
// `join`, `truncate`, `pluck`, `json`, called as `{{join ", " .list}}` or piped, `{{.list | join ", "}}`.
import { UsageError } from './usage-error.ts';

type Node = { text: string } | { value: string } | { block: 'range' | 'if'; pipeline: string; body: Node[]; otherwise: Node[] };

const actions = /\{\{(-?)\s*([\s\S]*?)\s*(-?)\}\}/g;

const fail = (message: string): never => {
  throw new UsageError(`--template: ${message}`);
};

function parse(template: string): Node[] {
  const root: Node[] = [];
  const open: { node: Extract<Node, { block: string }>; inElse: boolean }[] = [];
  const into = () => {
    const top = open.at(-1);
    return top ? (top.inElse ? top.node.otherwise : top.node.body) : root;
  };
  let at = 0;
  let trimNext = false;
  for (const match of template.matchAll(actions)) {
    const [whole, trimBefore, action = '', trimAfter] = match;
    let text = template.slice(at, match.index);
    if (trimNext) text = text.trimStart();
    if (trimBefore) text = text.trimEnd();
    if (text) into().push({ text });
    at = match.index + whole.length;
    trimNext = Boolean(trimAfter);
    const [word = '', ...rest] = action.split(/\s+/);
    if (word === 'range' || word === 'if') {
      const node = { block: word, pipeline: rest.join(' '), body: [], otherwise: [] } as Extract<Node, { block: string }>;
      into().push(node);
      open.push({ node, inElse: false });
    } else if (word === 'else') {
      const top = open.at(-1) ?? fail('{{else}} outside {{if}} or {{range}}');
      top.inElse = true;
    } else if (word === 'end') {
      if (!open.pop()) fail('{{end}} without {{if}} or {{range}}');
    } else if (action) into().push({ value: action });
  }
  if (open.length) fail(`{{${open.at(-1)!.node.block}}} without {{end}}`);
  const text = trimNext ? template.slice(at).trimStart() : template.slice(at);
  if (text) root.push({ text });
  return root;
}

/** `.a.b` of the current value; `.` is the value itself. */
function field(path: string, dot: unknown): unknown {
  if (path === '.') return dot;
  return path
    .slice(1)
    .split('.')
    .reduce<unknown>((value, name) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined), dot);
}

const words = /"(?:[^"\\]|\\.)*"|`[^`]*`|[^\s"`]+/g;

function argument(word: string, dot: unknown): unknown {
  if (word.startsWith('"')) return JSON.parse(word) as string;
  if (word.startsWith('`')) return word.slice(1, -1);
  if (word.startsWith('.')) return field(word, dot);
  if (/^-?\d+(\.\d+)?$/.test(word)) return Number(word);
  return fail(`cannot read ${JSON.stringify(word)}: write .field, "text" or a number`);
}

const list = (value: unknown, name: string): unknown[] => (Array.isArray(value) ? value : fail(`${name} takes a list`));

const functions: Record<string, (...args: unknown[]) => unknown> = {
  join: (separator, values) => list(values, 'join').map(shown).join(String(separator)),
  truncate: (width, text) => {
    const value = shown(text);
    const max = Number(width);
    return value.length <= max ? value : `${value.slice(0, Math.max(0, max - 3))}...`;
  },
  pluck: (name, values) => list(values, 'pluck').map((item) => field(`.${String(name)}`, item)),
  json: (value) => JSON.stringify(value),
};

function evaluate(pipeline: string, dot: unknown): unknown {
  let piped: unknown[] = [];
  for (const command of pipeline.split(/\s*\|\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    const [name = '', ...args] = command.match(words) ?? [];
    const call = functions[name];
    if (call) piped = [call(...args.map((word) => argument(word, dot)), ...piped)];
    else if (args.length || piped.length) fail(`no function ${JSON.stringify(name)} (functions: ${Object.keys(functions).join(', ')})`);
    else piped = [argument(name, dot)];
  }
  return piped[0];
}

const shown = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

const truthy = (value: unknown) =>
  !(value === null || value === undefined || value === false || value === 0 || value === '' || (Array.isArray(value) && value.length === 0));

function render(nodes: readonly Node[], dot: unknown): string {
  return nodes
    .map((node) => {
      if ('text' in node) return node.text;
      if ('value' in node) return shown(evaluate(node.value, dot));
      const value = evaluate(node.pipeline, dot);
      if (node.block === 'if') return render(truthy(value) ? node.body : node.otherwise, dot);
      const items = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : [];
      return items.length ? items.map((item) => render(node.body, item)).join('') : render(node.otherwise, dot);
    })
    .join('');
}

/** The value written by the template; a mistake in the template is a usage error naming it. */
export function applyTemplate(template: string, value: unknown): string {
  try {
    return render(parse(template), value);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    return fail((error as Error).message);
  }
}
