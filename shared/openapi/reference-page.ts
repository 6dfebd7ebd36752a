// `GET /v2/docs`: the OpenAPI document rendered by Swagger UI (swagger-ui-dist, Apache-2.0) as one
// page that needs nothing beyond itself: the renderer's script and style and the document are
// inline, "Try it out" is off and the remote validator badge too, and a Content-Security-Policy
// admits exactly those scripts (by their SHA-256), and nothing from anywhere else. The renderer's
// files are not bundled: they are read from the package, shipped beside the function's bundle
// (its `packageFiles` in shared/manifest.ts: the script, then the style).

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { documentJson } from '#shared/openapi/document-json.ts';
import { once } from '#shared/once.ts';
import { functions } from '#shared/manifest.ts';

export interface ReferencePage {
  html: Buffer;
  contentSecurityPolicy: string;
}

// Where the document is mounted, and how Swagger UI is told to render it without any request.
const init = `SwaggerUIBundle({
  spec: JSON.parse(document.getElementById('openapi').textContent),
  dom_id: '#reference',
  validatorUrl: null,
  supportedSubmitMethods: [],
  deepLinking: false,
  defaultModelsExpandDepth: 0,
});`;

// Inside a <script> element, "<!--", "<script" and "</script" would change how the HTML parser reads
// on; in the renderer's code they stand only in strings and regular expressions, where \x3C is "<" too.
const scriptSafe = (code: string) => code.replace(/<(!--|\/?script)/gi, '\\x3C$1');

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

async function build(): Promise<ReferencePage> {
  const packages = createRequire(import.meta.url);
  const [script, style] = await Promise.all(functions.getDocs.packageFiles.map((file) => readFile(packages.resolve(file), 'utf8')));
  const renderer = scriptSafe(script!);
  // JSON in a data block: only "<" could end it early, and JSON may write it as \u003c.
  const dataBlock = (await documentJson()).replace(/</g, '\\u003c');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>steuerbote API reference</title>
<style>${style}</style>
</head>
<body>
<div id="reference"></div>
<script type="application/json" id="openapi">${dataBlock}</script>
<script>${renderer}</script>
<script>${init}</script>
</body>
</html>
`;
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src ${sha256(renderer)} ${sha256(init)}`,
    // Swagger UI styles elements as it renders them; no style can load anything but data: images.
    "style-src 'unsafe-inline'",
    'img-src data:',
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html: Buffer.from(html, 'utf8'), contentSecurityPolicy };
}

/** Built once per container, on first use. */
export const referencePage = once(build);
