// The local stand-ins ship without type declarations; these cover the parts the runtime uses.

declare module 'dynalite' {
  import type { Server } from 'node:http';
  export default function dynalite(options: { path?: string; createTableMs?: number; deleteTableMs?: number; updateTableMs?: number }): Server;
}
