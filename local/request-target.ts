// What the local gateway takes from a request line and its Host header before any function sees the
// request (docs/reference/limits.md, "Transport"): HTTP/1.0 or 1.1; a target that is a path (origin-form) or an http(s)
// URL with a usable authority (absolute-form, RFC 9112 §3.2.2); percent signs that start a
// percent-encoded byte; one Host of the form host[:port] (RFC 9112 §3.2). Anything else is 400
// BAD_REQUEST, whose message says which rule failed without repeating what was sent. The path is
// handed on as sent: no URL resolution turns `//other/…`, `..` or `\` into another route.

import { isIPv6 } from 'node:net';
import { HttpError } from '../shared/http/http-error.ts';

export interface RequestTarget {
  path: string;
  /** Without its `?`. */
  query: string;
  /** The host the request names: the absolute-form target's, else the Host header's. */
  host: string | undefined;
}

// The gateway's own refusals close the connection: what else the client sent cannot be trusted to frame a next request.
export const refusal = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  new HttpError(status, code, message, { headers: { ...headers, connection: 'close' } });
export const badRequest = (message: string) => refusal(400, 'BAD_REQUEST', message);

// RFC 3986: a reg-name (which covers IPv4 addresses) of unreserved characters, sub-delims and percent-encoded bytes.
const regName = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+$/;
const badPercent = /%(?![0-9A-Fa-f]{2})/;
const absoluteForm = /^https?:\/\/(?<authority>[^/?#]*)(?<rest>.*)$/i;

/** The request's path, query and host, or a 400 naming the rule its request line or Host header breaks. */
export function readTarget(request: { url?: string; httpVersion: string; rawHeaders: string[] }): RequestTarget {
  if (request.httpVersion !== '1.1' && request.httpVersion !== '1.0') throw badRequest('Only HTTP/1.1 and HTTP/1.0 are served');
  const hosts = request.rawHeaders.filter((_, at) => at % 2 === 1 && request.rawHeaders[at - 1]!.toLowerCase() === 'host');
  if (hosts.length > 1 || (hosts.length === 0 && request.httpVersion === '1.1')) throw badRequest('An HTTP/1.1 request carries exactly one Host header');
  let host = hosts[0] === undefined ? undefined : checkAuthority(hosts[0], 'The Host header');

  const target = request.url ?? '';
  if (target === '*') throw badRequest('The request target * is not served: send a path');
  let pathAndQuery = target;
  if (!target.startsWith('/')) {
    const absolute = absoluteForm.exec(target)?.groups;
    if (!absolute) throw badRequest('The request target is a path starting with / or an http(s) URL');
    host = checkAuthority(absolute.authority!, "The request target's authority");
    pathAndQuery = absolute.rest!.startsWith('/') ? absolute.rest! : `/${absolute.rest!}`;
  }
  if (pathAndQuery.includes('#')) throw badRequest('The request target carries no fragment (#)');
  const [path, query = ''] = splitOnce(pathAndQuery, '?');
  if (badPercent.test(path)) throw badRequest("The request target's path has a % that does not start a percent-encoded byte");
  if (badPercent.test(query)) throw badRequest("The request target's query has a % that does not start a percent-encoded byte");
  return { path, query, host };
}

/** The host of `authority` (host[:port], no user information), or a 400 naming `what`. */
function checkAuthority(authority: string, what: string): string {
  const [, host = '', port] = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/s.exec(authority) ?? [];
  if (authority.includes('@')) throw badRequest(`${what} carries no user information`);
  const validHost = host.startsWith('[') ? isIPv6(host.slice(1, -1)) : regName.test(host);
  if (!validHost) throw badRequest(`${what} names no host: a host name, an IPv4 address or an IPv6 address in brackets`);
  if (port !== undefined && !(/^\d{0,5}$/.test(port) && Number(port) <= 65535)) throw badRequest(`${what} has a port that is not a number from 0 to 65535`);
  return host;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}
