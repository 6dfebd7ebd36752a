import { maxFindings } from '#shared/domain/finding-limits.ts';

// JSON.parse keeps the last of two equal keys, so `{"test":false,"test":true}` would mean whatever the
// reader's parser makes of it; and it keeps `__proto__` as an ordinary key, which becomes the prototype
// once a validator copies it onto a fresh object, so the key silently vanishes. This walks a text
// JSON.parse has accepted and names both, and stops where the text nests deeper than any body of
// this API: a path is as long as the nesting is deep, and each finding carries one.

/** Keys no body may use anywhere: copied onto an object, they reach its prototype instead. */
export const forbiddenKeys: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** So many levels of objects and arrays a body may nest (the deepest form nests four). */
export const maxNesting = 32;

export interface KeyFaults {
  /** The path of the first key its object repeats (`kennzahlen.kz81`). */
  duplicate?: string;
  /** The path of the first object or array that opens level `maxNesting + 1`; nothing after it is walked. */
  tooDeep?: string;
  /** The path of every forbidden key, up to `maxFindings`. */
  forbidden: string[];
  /** How many forbidden keys there are in all. */
  forbiddenCount: number;
}

// An object's keys go into a set from its second key on: deep nesting is mostly objects of one key.
type Frame = { key?: string; keys?: Set<string> } | { index: number };

/** Whether the object had `key` already; records it either way. */
function repeats(frame: { key?: string; keys?: Set<string> }, key: string): boolean {
  if (frame.key === undefined) {
    frame.key = key;
    return false;
  }
  frame.keys ??= new Set([frame.key]);
  frame.key = key;
  if (frame.keys.has(key)) return true;
  frame.keys.add(key);
  return false;
}

/** Keys as paths the way findings write them: object keys and array indexes, joined by dots. */
const pathOf = (frames: readonly Frame[]) => frames.map((frame) => ('index' in frame ? String(frame.index) : frame.key!)).join('.');

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(json: string, start: number): number {
  let at = start + 1;
  while (json[at] !== '"') at += json[at] === '\\' ? 2 : 1;
  return at;
}

/** `json` must be text JSON.parse accepts: only strings and brackets are looked at. */
export function keyFaults(json: string): KeyFaults {
  const frames: Frame[] = [];
  const forbidden: string[] = [];
  let forbiddenCount = 0;
  let keyNext = false;
  const faults = (more: Partial<KeyFaults> = {}): KeyFaults => ({ ...more, forbidden, forbiddenCount });
  for (let at = 0; at < json.length; at++) {
    const char = json[at];
    if (char === '"') {
      const end = stringEnd(json, at);
      const top = frames.at(-1);
      if (keyNext && top && !('index' in top)) {
        const literal = json.slice(at, end + 1);
        const key = literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);
        if (repeats(top, key)) return faults({ duplicate: pathOf(frames) });
        if (forbiddenKeys.has(key) && forbiddenCount++ < maxFindings) forbidden.push(pathOf(frames));
        keyNext = false;
      }
      at = end;
    } else if (char === '{' || char === '[') {
      if (frames.length === maxNesting) return faults({ tooDeep: pathOf(frames) });
      frames.push(char === '{' ? {} : { index: 0 });
      keyNext = char === '{';
    } else if (char === '}' || char === ']') {
      frames.pop();
      keyNext = false;
    } else if (char === ',') {
      const top = frames.at(-1)!;
      if ('index' in top) top.index++;
      else keyNext = true;
    }
  }
  return faults();
}
