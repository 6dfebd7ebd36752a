// `GET /v2/docs` opened in a real headless browser (Debian's chromium, driven by puppeteer-core): it
// loads, shows every operation of the OpenAPI document, breaks no rule of its own
// Content-Security-Policy, and asks nothing of any other machine.

import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type LocalService } from '#test/support/local-service.ts';

const chromium = '/usr/bin/chromium';
const haveBrowser = existsSync(chromium);
// CI installs chromium (.ci/run): there a missing browser is a failure, never a skip.
const mustRun = Boolean(process.env.CI);
if (!haveBrowser && !mustRun) console.log(`api reference: no browser at ${chromium} (apt-get install chromium), skipped`);

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('GET /v2/docs', () => {
  let service: LocalService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service?.stop());

  it('answers one HTML page, without a key, under a policy that admits nothing from elsewhere', async () => {
    const reply = await service.call('GET', '/v2/docs', { key: null });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = reply.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).not.toMatch(/https?:|\*/);
    expect(reply.text).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
  });

  it.runIf(!haveBrowser && mustRun)('finds the browser CI installs', () => {
    expect.fail(`no browser at ${chromium}: .ci/run installs Debian's chromium`);
  });

  describe.runIf(haveBrowser)('in a browser', () => {
    let browser: Browser | undefined;
    afterAll(() => browser?.close());

    it('shows every operation of the document and makes no request off the machine', async () => {
      // Running as root (a container, CI) Chromium needs its sandbox off.
      browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
      const page = await browser.newPage();
      const origin = new URL(service.runtime.apiUrl).origin;
      const requested: string[] = [];
      const problems: string[] = [];
      await page.setRequestInterception(true);
      // Only the page itself may be fetched; its images are data: URLs, which never leave the browser.
      const fetched = (url: string) => !url.startsWith('data:');
      page.on('request', (request) => {
        const url = request.url();
        if (fetched(url)) requested.push(url);
        if (!fetched(url) || new URL(url).origin === origin) void request.continue();
        else void request.abort();
      });
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(String(error)));

      const response = await page.goto(`${origin}/v2/docs`, { waitUntil: 'load', timeout: 60_000 });
      expect(response?.status()).toBe(200);
      await page.waitForSelector('.opblock', { timeout: 60_000 });

      const shown = await page.$$eval('.opblock', (blocks) =>
        blocks.map((block) => {
          const method = block.querySelector('.opblock-summary-method')?.textContent?.toLowerCase() ?? '';
          const path = block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
          return `${method} ${path}`;
        }),
      );
      const document = (await service.call('GET', '/v2/openapi.json')).json as {
        paths: Record<string, Record<string, unknown>>;
        webhooks?: Record<string, Record<string, unknown>>;
      };
      // The webhooks the service sends are shown as operations too, named as the document names them.
      const operations = [...Object.entries(document.paths), ...Object.entries(document.webhooks ?? {})].flatMap(([path, item]) =>
        Object.keys(item)
          .filter((key) => methods.includes(key))
          .map((method) => `${method} ${path}`),
      );
      expect(operations.length).toBeGreaterThan(20);
      expect(shown.toSorted()).toEqual(operations.toSorted());

      expect(requested).toEqual([`${origin}/v2/docs`]);
      expect(problems).toEqual([]);
    }, 120_000);
  });
});
