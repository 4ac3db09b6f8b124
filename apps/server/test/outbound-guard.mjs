// Preloaded (node --import) by demo-start.api.test.ts: records every DNS question and outbound
// connection to an address that is not loopback, with the stack, in the file OUTBOUND_GUARD_LOG.
import dns from 'node:dns';
import net from 'node:net';
import { appendFileSync } from 'node:fs';

const file = process.env.OUTBOUND_GUARD_LOG;
// The database's host (OUTBOUND_GUARD_IGNORE) is not an outbound call: in CI it may be a service container.
const ignored = new Set((process.env.OUTBOUND_GUARD_IGNORE ?? '').split(',').filter(Boolean));
const local = (h) => !h || ignored.has(h) || h === 'localhost' || h === '0.0.0.0' || h.startsWith('127.') || h === '::1' || h === '::';
const record = (what) => {
  if (file) appendFileSync(file, `${what}\n${new Error().stack.split('\n').slice(2, 8).join('\n')}\n`);
};
const wrap = (target, name) => {
  const original = target[name];
  target[name] = function (host, ...rest) {
    if (!local(host)) record(`${name} ${host}`);
    return original.call(this, host, ...rest);
  };
};
for (const name of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCname', 'resolveTxt']) {
  wrap(dns, name);
  wrap(dns.promises, name);
}
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const o = typeof first === 'object' && first !== null ? first : { port: args[0], host: args[1] };
  // A host name is first looked up (recorded above when it asks DNS); an IP literal is contacted as is.
  if (!o.path && !local(o.host) && net.isIP(o.host ?? '')) record(`connect ${o.host}:${o.port}`);
  return connect.apply(this, args);
};
