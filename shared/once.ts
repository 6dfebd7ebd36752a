const resets: (() => void)[] = [];

/**
 * Builds a value on first use and keeps it for the life of the container, as Lambda reuses
 * containers. The local runtime calls `resetAll` when it starts, which is its cold start.
 */
export function once<T>(build: () => T): () => T {
  let value: { built: T } | undefined;
  resets.push(() => {
    value = undefined;
  });
  return () => {
    value ??= { built: build() };
    return value.built;
  };
}

export const resetAll = () => {
  for (const reset of resets) reset();
};
