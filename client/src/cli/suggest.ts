// "Did you mean": the known word nearest to a mistyped one, when it is near enough to be meant.

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate a typo most likely meant: the one it is the start of (`--pin` for `--pin-file`, before
 * `--kind`, two letters off), else one a few letters off (swapped letters count as two).
 */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const typed = word.toLowerCase();
  const started = typed.length >= 3 ? candidates.find((candidate) => candidate.toLowerCase().startsWith(typed)) : undefined;
  if (started) return started;
  const ranked = candidates.map((candidate) => ({ candidate, off: distance(typed, candidate.toLowerCase()) })).sort((a, b) => a.off - b.off);
  const best = ranked[0];
  return best && best.off <= Math.max(2, Math.floor(typed.length / 3)) ? best.candidate : undefined;
}

/** `; did you mean …?` to end a message with, or `otherwise`. */
export const didYouMean = (word: string, candidates: readonly string[], otherwise = '') => {
  const meant = nearest(word, candidates);
  return meant ? `; did you mean ${meant}?` : otherwise;
};
