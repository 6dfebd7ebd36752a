// The local stand-ins ship without type declarations; these cover the parts the runtime uses.

declare module 'dynalite' {
  import type { Server } from 'node:http';
  export default function dynalite(options: { path?: string; createTableMs?: number; deleteTableMs?: number; updateTableMs?: number }): Server;
}

declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; configureBuckets?: { name: string }[] });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
