// The manifest's functions as the local runtime calls them: each entry imported when first called,
// once per thread, as Lambda loads a function in each of its containers, and each run with only its
// own environment (function-scope.ts).

import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runAs } from '#local/function-scope.ts';
import type { HttpLambda } from '#local/http-gateway.ts';
import type { Kind } from '../shared/domain/ticket.ts';
import { type FunctionName, type FunctionSpec, functions, profitModule } from '../shared/manifest.ts';

const repoRoot = resolve(import.meta.dirname, '..');

/** What an entry exports: the handler Lambda calls. */
interface Entry {
  handler: (...args: never[]) => unknown;
}

/**
 * The entries of a form's functions import their form's part from `#form/`, which only a form's
 * bundle resolves (bundleAliases in shared/manifest.ts). Run from the sources, each is made here as
 * its entry makes it, from the same part of the form's folder.
 */
const submitEntry = (reads: Reads) => async (form: Kind) => {
  const [{ submitHandler }, part, figure, caller] = await Promise.all([
    import('../shared/wiring/submit-handler.ts'),
    import(`../shared/forms/${form}/check.ts`),
    import(pathToFileURL(join(repoRoot, profitModule(form))).href),
    callerReads(reads, 'letterReads'),
  ]);
  return { handler: submitHandler(part.form, figure, caller) };
};
const validateEntry = (reads: Reads) => async (form: Kind) => {
  const [{ validateHandler }, part, caller] = await Promise.all([
    import('../shared/wiring/validate-handler.ts'),
    import(`../shared/forms/${form}/validation.ts`),
    callerReads(reads, 'letterChecks'),
  ]);
  return { handler: validateHandler(part.validation, caller) };
};
/**
 * What a form's check reads of the caller's: nothing, a letter's uploads, or those and the caller's
 * notices (the entries' `-letter`, `-letter-reading-notices`); a submit function marks the uploads used.
 */
type Reads = 'nothing' | 'uploads' | 'uploadsAndNotices';
async function callerReads(reads: Reads, letter: 'letterReads' | 'letterChecks') {
  if (reads === 'nothing') return undefined;
  const uploads = (await import('../shared/wiring/named-attachments.ts'))[letter];
  return reads === 'uploads' ? uploads : (await import('../shared/wiring/named-notice.ts')).readingNotices(uploads);
}

const formEntries: Record<string, (form: Kind) => Promise<Entry>> = {
  'functions/submit-form.ts': submitEntry('nothing'),
  'functions/validate-form.ts': validateEntry('nothing'),
  'functions/submit-letter.ts': submitEntry('uploads'),
  'functions/validate-letter.ts': validateEntry('uploads'),
  'functions/submit-letter-reading-notices.ts': submitEntry('uploadsAndNotices'),
  'functions/validate-letter-reading-notices.ts': validateEntry('uploadsAndNotices'),
};

/** A function's module as Lambda would load it: its entry, or for a form's function, its entry made for its form. */
export function entryOf(spec: FunctionSpec): Promise<Entry> {
  if (spec.form === undefined) return import(pathToFileURL(join(repoRoot, spec.entry)).href);
  const made = formEntries[spec.entry];
  if (!made) throw new Error(`${spec.entry} is the entry of a form's function that the local runtime cannot make`);
  return made(spec.form);
}

export type HandlerLoader = (name: string) => Promise<unknown>;

export function handlerLoader(): HandlerLoader {
  const handlers = new Map<string, Promise<unknown>>();
  return (name) => {
    let handler = handlers.get(name);
    if (!handler) {
      const fn = name as FunctionName;
      const imported = runAs(fn, () => entryOf(functions[fn]));
      handler = imported.then(
        ({ handler: run }) =>
          (...args: unknown[]) =>
            runAs(fn, () => (run as (...args: unknown[]) => unknown)(...args)),
      );
      handlers.set(name, handler);
    }
    return handler;
  };
}

/** An HTTP function for a gateway, loaded on its first request. */
export const httpLambdaOf =
  (load: HandlerLoader) =>
  (name: string): HttpLambda =>
  async (event, context) =>
    ((await load(name)) as HttpLambda)(event, context);
