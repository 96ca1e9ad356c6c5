import { AddressPolicy } from './address-policy';

describe('AddressPolicy', () => {
  const none = new AddressPolicy([]);
  const local = new AddressPolicy(['127.0.0.1', 'localhost', '10.1.0.0/16', '::1']);

  it('lets public unicast addresses through', () => {
    expect(none.refusal('example.com', '93.184.216.34', 443)).toBeUndefined();
    expect(none.refusal('example.com', '2606:2800:220:1:248:1893:25c8:1946', 443)).toBeUndefined();
  });

  it.each([
    ['169.254.169.254', /linkLocal/], ['fd00:ec2::254', /metadata/], ['0.0.0.0', /unspecified/], ['0.1.2.3', /unspecified/],
    ['224.0.0.1', /multicast/], ['255.255.255.255', /broadcast/], ['fe80::1', /linkLocal/], ['::', /unspecified/],
    ['::ffff:169.254.169.254', /linkLocal/],
  ])('always refuses %s, even when listed', (address, reason) => {
    const listed = new AddressPolicy([address, 'metadata.internal']);
    expect(listed.refusal('metadata.internal', address, 80)).toMatch(reason);
  });

  it.each(['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1', '10.0.0.1', '192.168.1.1', '172.16.0.1', '100.64.0.1', 'fd12::1', '192.0.2.1', '64:ff9b::7f00:1'])(
    'refuses %s unless listed',
    (address) => {
      expect(none.refusal('service.internal', address, 80)).toMatch(/CRUCIBLE_ALLOWED_PRIVATE_HOSTS/);
    },
  );

  it('allows a private address when the host name, the address or a CIDR block holding it is listed', () => {
    expect(local.refusal('localhost', '127.0.0.1', 80)).toBeUndefined();
    expect(local.refusal('LOCALHOST', '::1', 80)).toBeUndefined();
    expect(local.refusal('127.0.0.1', '127.0.0.1', 80)).toBeUndefined();
    expect(local.refusal('db.internal', '10.1.200.3', 80)).toBeUndefined();
    expect(local.refusal('db.internal', '10.2.0.1', 80)).toMatch(/private/);
    // Listing 127.0.0.1 does not open the rest of 127/8 (127.0.0.2 is a different address).
    expect(local.refusal('127.0.0.2', '127.0.0.2', 80)).toMatch(/loopback/);
  });

  it("refuses the process's own listening socket, even on an allowed host", () => {
    local.protect({ address: '127.0.0.1', port: 8000 });
    expect(local.refusal('localhost', '127.0.0.1', 8000)).toMatch(/own listening socket/);
    expect(local.refusal('localhost', '127.0.0.1', 8001)).toBeUndefined();
    const everywhere = new AddressPolicy(['localhost']);
    everywhere.protect({ address: '0.0.0.0', port: 8000 });
    expect(everywhere.refusal('localhost', '127.0.0.1', 8000)).toMatch(/own listening socket/);
  });
});
