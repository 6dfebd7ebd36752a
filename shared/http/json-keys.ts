// JSON.parse keeps the last of two equal keys, so `{"test":false,"test":true}` would mean whatever the
// reader's parser makes of it; and it keeps `__proto__` as an ordinary key, which becomes the prototype
// once a validator copies it onto a fresh object, so the key silently vanishes. This walks a text
// JSON.parse has accepted and names both.

/** Keys no body may use anywhere: copied onto an object, they reach its prototype instead. */
export const forbiddenKeys: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * So many forbidden keys are named at most: each path is as long as the nesting is deep, and a body
 * nested a hundred thousand levels with one at each would otherwise make an answer of gigabytes.
 */
export const maxNamedKeys = 100;

export interface KeyFaults {
  /** The path of the first key its object repeats (`kennzahlen.kz81`). */
  duplicate?: string;
  /** The path of every forbidden key before it, up to `maxNamedKeys`. */
  forbidden: string[];
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
const pathOf = (frames: readonly Frame[], key: string) =>
  [...frames.slice(0, -1).map((frame) => ('index' in frame ? String(frame.index) : frame.key!)), key].join('.');

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
  let keyNext = false;
  for (let at = 0; at < json.length; at++) {
    const char = json[at];
    if (char === '"') {
      const end = stringEnd(json, at);
      const top = frames.at(-1);
      if (keyNext && top && !('index' in top)) {
        const literal = json.slice(at, end + 1);
        const key = literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);
        // A path costs as much as the nesting is deep, so it is written only for a key to be named.
        if (repeats(top, key)) return { duplicate: pathOf(frames, key), forbidden };
        if (forbiddenKeys.has(key) && forbidden.length < maxNamedKeys) forbidden.push(pathOf(frames, key));
        keyNext = false;
      }
      at = end;
    } else if (char === '{') {
      frames.push({});
      keyNext = true;
    } else if (char === '[') {
      frames.push({ index: 0 });
    } else if (char === '}' || char === ']') {
      frames.pop();
      keyNext = false;
    } else if (char === ',') {
      const top = frames.at(-1)!;
      if ('index' in top) top.index++;
      else keyNext = true;
    }
  }
  return { forbidden };
}
