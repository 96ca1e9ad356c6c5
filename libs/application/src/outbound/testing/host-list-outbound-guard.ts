import {
  OutboundFailureError, OutboundGuard, OutboundRefusedError, type OutboundResponse,
} from '../ports';

/**
 * For use-case tests that need no network: allows exactly the listed host names and never calls anything
 * (a call answers "unreachable", as a host that is down would).
 */
export class HostListOutboundGuard extends OutboundGuard {
  constructor(private readonly allowedHosts: readonly string[]) {
    super();
  }

  async check(url: string): Promise<void> {
    const { hostname } = new URL(url);
    if (!this.allowedHosts.includes(hostname)) throw new OutboundRefusedError(`${hostname} is refused`);
  }

  async request(url: string): Promise<OutboundResponse> {
    await this.check(url);
    throw new OutboundFailureError('unreachable', `cannot reach ${url}: no network in this test`);
  }

  protectListeningSocket(): void {
    // Nothing listens in a use-case test.
  }
}
