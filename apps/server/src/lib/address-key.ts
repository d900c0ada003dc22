import ipaddr from 'ipaddr.js';

/**
 * The key every per-address limit counts under. One IPv6 subscriber is handed a whole /64 (and
 * picks a new address in it at will, RFC 8981), so IPv6 counts by its /64; an IPv4-mapped IPv6
 * address (`::ffff:1.2.3.4`, what a dual-stack socket reports) is its IPv4 address; IPv4 counts
 * by the address. Anything unparseable is its own key.
 */
export function addressKey(ip: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns an IPv4-mapped IPv6 address into the IPv4 one.
    parsed = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
