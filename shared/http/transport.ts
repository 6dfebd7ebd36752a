// What the local gateway allows one connection (docs/reference/limits.md, "Transport"). On AWS, API Gateway's own
// limits apply; its payload limit is the same 10 MiB.

export const transportLimits = {
  /** API Gateway's payload limit; the handlers enforce the contract's smaller one. */
  maxBodyBytes: 10 * 1024 * 1024,
  /** Node's default: request line and headers together. */
  maxHeaderBytes: 16 * 1024,
  /** Any client sends its headers in one go: more time only serves one that holds the connection. */
  headersTimeoutSeconds: 10,
  /** The whole request: a 1 MiB body at 35 KB/s; as long as API Gateway waits for a function. */
  requestTimeoutSeconds: 30,
  /** A client reusing a connection sends its next request at once; an idle one is closed soon. */
  keepAliveSeconds: 5,
  /**
   * Connections served at once (API_MAX_CONNECTIONS): each may hold a body of up to `maxBodyBytes`,
   * so this bounds the memory bodies take. Well above what the `steuerbote` command opens (at most 64).
   */
  maxConnections: 100,
  /** What a connection over the limit is told to wait before it tries again. */
  retryAfterSeconds: 1,
};
