import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Ranges nobody may reach, whatever CRUCIBLE_ALLOWED_PRIVATE_HOSTS says: metadata services, "this host", broadcast. */
const ALWAYS_REFUSED_RANGES = new Set(['unspecified', 'linkLocal', 'multicast', 'broadcast']);
/** Cloud metadata over IPv6 (AWS). Inside fd00::/8, which is otherwise an allowable private range. */
const METADATA_V6 = ipaddr.parse('fd00:ec2::254');

export interface ListeningSocket {
  address: string;
  port: number;
}

/**
 * Decides whether one resolved address may be called (ARCHITECTURE §12). Public unicast addresses may; the
 * always-refused ranges and the process's own listening sockets never may; every other address (loopback,
 * private, reserved, 6to4 or NAT64 prefixes that may wrap a private IPv4) only when `allowedPrivateHosts` names
 * the URL's host, the address, or a CIDR block holding it.
 */
export class AddressPolicy {
  private readonly hostNames = new Set<string>();
  private readonly blocks: Array<[Address, number]> = [];
  private readonly ownSockets: ListeningSocket[] = [];

  constructor(allowedPrivateHosts: readonly string[]) {
    for (const entry of allowedPrivateHosts.map((host) => host.trim().toLowerCase()).filter(Boolean)) {
      const block = parseBlock(entry);
      if (block) this.blocks.push(block);
      else this.hostNames.add(entry.replace(/^\[|\]$/g, ''));
    }
  }

  protect(socket: ListeningSocket): void {
    this.ownSockets.push(socket);
  }

  /** Why `address` (an answer for `hostname`) may not be called on `port`, or undefined when it may. */
  refusal(hostname: string, address: string, port: number): string | undefined {
    if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
    const ip = ipaddr.process(address);
    const range = ip.range();
    if (ALWAYS_REFUSED_RANGES.has(range) || sameAddress(ip, METADATA_V6)) {
      return `${ip.toString()} is a ${range === 'uniqueLocal' ? 'metadata' : range} address, which is never called`;
    }
    if (this.isOwnSocket(ip, port)) return `${ip.toString()}:${port} is Crucible's own listening socket`;
    if (range === 'unicast') return undefined;
    const listed = this.hostNames.has(hostname.toLowerCase().replace(/^\[|\]$/g, '')) || this.inListedBlock(ip);
    if (listed) return undefined;
    return `${ip.toString()} is a ${range} address; list the host in CRUCIBLE_ALLOWED_PRIVATE_HOSTS to allow it`;
  }

  private inListedBlock(ip: Address): boolean {
    return this.blocks.some(([network, bits]) => ip.kind() === network.kind() && ip.match(network, bits));
  }

  private isOwnSocket(ip: Address, port: number): boolean {
    return this.ownSockets.some((socket) => {
      if (socket.port !== port || !ipaddr.isValid(socket.address)) return false;
      const bound = ipaddr.process(socket.address);
      // Bound to every interface: any address of this machine reaches it; loopback is the one we can name.
      if (bound.range() === 'unspecified') return ip.range() === 'loopback' || ip.range() === 'unspecified';
      return sameAddress(ip, bound);
    });
  }
}

function parseBlock(entry: string): [Address, number] | undefined {
  if (entry.includes('/') && ipaddr.isValidCIDR(entry)) {
    const [network, bits] = ipaddr.parseCIDR(entry);
    return network.kind() === 'ipv6' && (network as ipaddr.IPv6).isIPv4MappedAddress()
      ? [(network as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96)]
      : [network, bits];
  }
  const bare = entry.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return undefined;
  const ip = ipaddr.process(bare);
  return [ip, ip.kind() === 'ipv4' ? 32 : 128];
}

function sameAddress(a: Address, b: Address): boolean {
  return a.kind() === b.kind() && a.toNormalizedString() === b.toNormalizedString();
}
