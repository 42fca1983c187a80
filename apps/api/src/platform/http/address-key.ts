import net from 'node:net';

/**
 * The client address as per-address limits count it (issue 29 item 5): an IPv4 address as it is (an IPv4-mapped
 * IPv6 one too), an IPv6 address by its /64, written `a:b:c:d::/64` (one subscriber's network: a home or phone
 * is given a whole /64, so its 2^64 addresses are one address here). Anything else (no address) is kept as given.
 */
export function addressKey(ip: string): string {
  const address = ip.trim().toLowerCase().split('%')[0]!;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(address) === false) return address;
  // An embedded IPv4 tail is the last 32 bits: two groups, never in the /64.
  const groupsOf = (part: string) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const [head = '', tail] = address.split('::');
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - first.length - last.length)).fill('0');
  const groups = [...first, ...zeros, ...last].slice(0, 4);
  return `${groups.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
