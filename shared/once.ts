const resets: (() => void)[] = [];

/** Lambda runs one function per process; the local runtime runs them all in one and names the one running now. */
let currentContainer: () => object | undefined = () => undefined;

/**
 * Builds a value on first use and keeps it for the life of the container, as Lambda reuses
 * containers. The local runtime calls `resetAll` when it starts, which is its cold start.
 */
export function once<T>(build: () => T): () => T {
  let value: { built: T } | undefined;
  let byContainer = new WeakMap<object, { built: T }>();
  resets.push(() => {
    value = undefined;
    byContainer = new WeakMap();
  });
  return () => {
    const container = currentContainer();
    if (!container) {
      value ??= { built: build() };
      return value.built;
    }
    let kept = byContainer.get(container);
    if (!kept) byContainer.set(container, (kept = { built: build() }));
    return kept.built;
  };
}

export const resetAll = () => {
  for (const reset of resets) reset();
};

/**
 * For the local runtime: what a function builds is kept apart from what another builds, as each
 * has containers of its own on Lambda, so none uses a client configured from another's environment.
 */
export function keepContainersApart(current: () => object | undefined): void {
  currentContainer = current;
}
