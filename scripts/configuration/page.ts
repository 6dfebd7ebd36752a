// docs/reference/configuration.md, made from the code that reads the settings: every environment
// variable of `settingNames` with its doc comment, the resource variables the manifest's tables and
// queues give a function, and every `-c` option `infra/stage-settings.ts` reads, described by the
// doc comment that names it (`-c key=…`). A setting without a description fails here, so none is missed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { queues, tables } from '#shared/manifest.ts';
import { resourceEnv } from '#shared/setting-names.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const pagePath = 'docs/reference/configuration.md';

interface Described {
  text: string;
  default?: string;
}

const source = (file: string) => ts.createSourceFile(file, readFileSync(path.join(repoRoot, file), 'utf8'), ts.ScriptTarget.Latest, true);

const oneLine = (text: string) => text.replace(/\s*\n\s*\*?\s*/g, ' ').trim();

function described(node: ts.Node): Described | undefined {
  const doc = ts.getJSDocCommentsAndTags(node).find(ts.isJSDoc);
  if (!doc?.comment) return undefined;
  const fallback = doc.tags?.find((tag) => tag.tagName.text === 'default')?.comment;
  return { text: oneLine(ts.getTextOfJSDocComment(doc.comment) ?? ''), ...(fallback && { default: oneLine(ts.getTextOfJSDocComment(fallback) ?? '') }) };
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** Each environment variable of `settingNames`, by name, with its doc comment. */
export function environmentVariables(): { name: string; about: Described }[] {
  const found: { name: string; about: Described }[] = [];
  walk(source('shared/setting-names.ts'), (node) => {
    if (!ts.isVariableDeclaration(node) || node.name.getText() !== 'settingNames') return;
    const object = (node.initializer as ts.AsExpression).expression as ts.ObjectLiteralExpression;
    for (const property of object.properties) {
      const value = (property as ts.PropertyAssignment).initializer as ts.StringLiteral;
      const about = described(property);
      if (!about) throw new Error(`shared/setting-names.ts: ${value.text} has no doc comment to describe it`);
      found.push({ name: value.text, about });
    }
  });
  return found;
}

interface ContextOption {
  key: string;
  values?: string;
  codeDefault?: string;
}

const readers: Record<string, (call: ts.CallExpression) => Omit<ContextOption, 'key'>> = {
  contextMatching: (call) => ({ values: (call.arguments[3] as ts.StringLiteral).text }),
  contextFlag: (call) => ({ values: 'true or false', codeDefault: call.arguments[2]!.getText() }),
  contextText: () => ({}),
};

/** The value a reader falls back to in `reader(…) ?? value`, if it is written so. */
function fallbackOf(call: ts.Expression): string | undefined {
  let node: ts.Node = call;
  while (ts.isPropertyAccessExpression(node.parent) || ts.isCallExpression(node.parent) || ts.isParenthesizedExpression(node.parent)) {
    if (ts.isCallExpression(node.parent) && node.parent.expression !== node) break;
    node = node.parent;
  }
  const parent = node.parent;
  return ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken && parent.left === node
    ? parent.right.getText()
    : undefined;
}

/** Every `-c` key `infra/stage-settings.ts` reads, with the values it takes and the default its code gives. */
export function contextOptions(): ContextOption[] {
  const file = source('infra/stage-settings.ts');
  // A local helper such as `secret(key)` that reads a key it is handed, as the reader it calls would.
  const helpers = new Map<string, (call: ts.CallExpression) => Omit<ContextOption, 'key'>>();
  walk(file, (node) => {
    if (!ts.isVariableDeclaration(node) || !node.initializer || !ts.isArrowFunction(node.initializer)) return;
    const parameter = node.initializer.parameters[0]?.name.getText();
    walk(node.initializer.body, (inner) => {
      if (ts.isCallExpression(inner) && readers[inner.expression.getText()] && inner.arguments[1]?.getText() === parameter) {
        helpers.set(node.name.getText(), () => readers[inner.expression.getText()]!(inner));
      }
    });
  });
  const found = new Map<string, ContextOption>();
  walk(file, (node) => {
    if (!ts.isCallExpression(node)) return;
    const name = node.expression.getText();
    const [key, read] = readers[name] ? [node.arguments[1], readers[name]] : helpers.has(name) ? [node.arguments[0], helpers.get(name)!] : [];
    if (!key || !read || !ts.isStringLiteral(key) || found.has(key.text)) return;
    const fallback = fallbackOf(node);
    const option = { key: key.text, ...read(node), ...(fallback && { codeDefault: fallback }) };
    found.set(key.text, { ...option, codeDefault: found.get(key.text)?.codeDefault ?? option.codeDefault });
  });
  return [...found.values()];
}

/** The doc comment in `infra/stage-settings.ts` that names `-c key=`. */
function contextDescriptions(): (key: string) => Described {
  const docs: { text: string; about: Described }[] = [];
  walk(source('infra/stage-settings.ts'), (node) => {
    if (!ts.isPropertySignature(node)) return;
    const about = described(node);
    if (about)
      docs.push({
        text: ts
          .getJSDocCommentsAndTags(node)
          .map((doc) => doc.getText())
          .join(' '),
        about,
      });
  });
  return (key) => {
    const doc = docs.find(({ text }) => text.includes(`-c ${key}=`));
    if (!doc) throw new Error(`infra/stage-settings.ts: no doc comment names \`-c ${key}=…\` to describe it`);
    return doc.about;
  };
}

const code = (text: string) => (/^[\d.]+$|^(true|false)$/.test(text) ? `\`${text}\`` : /^'.*'$/.test(text) ? `\`${text.slice(1, -1)}\`` : text);

export function configurationPage(): string {
  const describe = contextDescriptions();
  const lines = [
    '# Configuration',
    '',
    `<!-- Generated by \`npm run generate:configuration\` (scripts/configuration/page.ts) from shared/setting-names.ts, the manifest and infra/stage-settings.ts: edit those, not this page. -->`,
    '',
    'The service reads its configuration from the environment only. A bad value stops the start with one',
    'line naming the variable, e.g. `steuerbote: HOOK_TIMEOUT_MS must be a whole number from 1 to 900000, got "soon"`.',
    "A stage is configured by `-c key=value` (or the same keys in `cdk.json`); the stack sets the functions'",
    'variables from it. A bad `-c` value fails the synth with one line naming the key.',
    '',
    '## Environment variables',
    '',
    ...environmentVariables().map(({ name, about }) => `- \`${name}\`: ${about.text}${about.default ? ` Default: ${about.default}.` : ''}`),
    '',
    'Powertools reads `POWERTOOLS_LOG_LEVEL` itself (default `INFO`): the structured log level. Log lines carry ticket IDs and codes, never tax data.',
    '',
    'The stack and the local runtime also give each function the names of the tables, queues and bucket',
    'it uses, and nothing else:',
    '',
    `- tables: ${Object.keys(tables)
      .map((table) => `\`${resourceEnv.table(table)}\``)
      .join(', ')}`,
    `- queues: ${Object.keys(queues)
      .flatMap((queue) => [`\`${resourceEnv.queue(queue)}\``, `\`${resourceEnv.deadLetterQueue(queue)}\``])
      .join(', ')}`,
    `- the bucket: \`${resourceEnv.bucket}\`, and \`${resourceEnv.bucketPrefix}\`, the folder of the bucket its objects go under`,
    '',
    '## Stage options',
    '',
    ...contextOptions().map(({ key, values, codeDefault }) => {
      const about = describe(key);
      const fallback = about.default ?? (codeDefault ? code(codeDefault) : 'none');
      return `- \`${key}\`: ${about.text}${values ? ` Values: ${values}.` : ''} Default: ${fallback}.`;
    }),
    '',
  ];
  return lines.join('\n');
}
