// Lambda runs each function in containers of its own, with its own environment. The local runtime
// runs them all in one process, so while a function runs, `process.env` shows only its environment
// and what it builds once is kept apart from what another builds: a variable or client a function
// is not given fails here as it would on AWS, instead of being borrowed from another function.

import { AsyncLocalStorage } from 'node:async_hooks';
import { functionEnvironment, sees } from '#local/function-environment.ts';
import type { FunctionName } from '../shared/manifest.ts';
import { keepContainersApart } from '../shared/once.ts';

interface Container {
  readonly name: FunctionName;
}

const running = new AsyncLocalStorage<Container>();
const containers = new Map<FunctionName, Container>();
const processEnv = process.env;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  // Read from the process's environment at each access, so what the runtime sets later still counts;
  // writes go to the process's environment, as the runtime and tests make them.
  const seen = () => {
    const container = running.getStore();
    return container ? functionEnvironment(container.name, processEnv) : processEnv;
  };
  // One variable is looked up alone: the SDK and the logger read several on every call, and a copy
  // of the environment for each read cost a sixth of the main thread's time under load.
  const valueOf = (name: string | symbol) => {
    if (typeof name !== 'string') return undefined;
    const container = running.getStore();
    return !container || sees(container.name, name) ? processEnv[name] : undefined;
  };
  process.env = new Proxy(processEnv, {
    set: (_, name, value) => Reflect.set(processEnv, name, value),
    deleteProperty: (_, name) => Reflect.deleteProperty(processEnv, name),
    get: (_, name) => valueOf(name),
    has: (_, name) => valueOf(name) !== undefined,
    ownKeys: () => Object.keys(seen()).filter((name) => seen()[name] !== undefined),
    getOwnPropertyDescriptor: (_, name) => {
      const value = valueOf(name);
      return value === undefined ? undefined : { value, writable: true, enumerable: true, configurable: true };
    },
  });
  keepContainersApart(() => running.getStore());
}

/** The function whose code is running, if any: what the cost model counts each AWS call for. */
export const runningFunction = (): FunctionName | undefined => running.getStore()?.name;

/** Runs `work` (a function's import, or one invocation) as function `name`. */
export function runAs<T>(name: FunctionName, work: () => T): T {
  install();
  let container = containers.get(name);
  if (!container) containers.set(name, (container = { name }));
  return running.run(container, work);
}
