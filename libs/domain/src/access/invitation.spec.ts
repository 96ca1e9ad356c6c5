import type { Invitation, Membership } from './account';
import type { Actor, ProjectRole } from './project';
import { INVITATION_LIFETIME_MS, assertInvitationUsable, assertMayGrant, assertMemberChangeAllowed, invitationState } from './invitation';

const created = new Date('2026-11-01T10:00:00.000Z');
const invitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  id: 'i1', projectId: 'p1', email: 'ada@example.com', role: 'editor', tokenHash: 'h', createdBy: 'u0', createdAt: created,
  expiresAt: new Date(created.getTime() + INVITATION_LIFETIME_MS), acceptedAt: null, revokedAt: null, ...overrides,
});
const actor = (role: ProjectRole): Actor => ({ projectId: 'p1', type: 'user', id: 'me', name: 'Me', role });
const member = (role: ProjectRole): Membership => ({ projectId: 'p1', userId: 'them', role, joinedAt: created });

describe('invitation rules', () => {
  it('lasts seven days: pending until then, expired from the very instant it ends', () => {
    const end = new Date('2026-11-08T10:00:00.000Z');
    expect(invitationState(invitation(), new Date(end.getTime() - 1))).toBe('pending');
    expect(invitationState(invitation(), end)).toBe('expired');
    expect(() => assertInvitationUsable(invitation(), end)).toThrow(expect.objectContaining({
      code: 'gone', message: 'this invitation expired on 2026-11-08T10:00:00.000Z: ask for a new one',
    }));
  });

  it('is single use, and a revoked one stays revoked whatever the time, each with its own words', () => {
    const used = invitation({ acceptedAt: created });
    expect(invitationState(used, created)).toBe('accepted');
    expect(() => assertInvitationUsable(used, created)).toThrow(expect.objectContaining({ code: 'gone', message: expect.stringMatching(/^this invitation was already used/) }));
    const revoked = invitation({ revokedAt: created });
    expect(invitationState(revoked, new Date(created.getTime() + 2 * INVITATION_LIFETIME_MS))).toBe('revoked');
    expect(() => assertInvitationUsable(revoked, created)).toThrow(expect.objectContaining({ code: 'gone', message: expect.stringMatching(/^this invitation was revoked/) }));
    expect(() => assertInvitationUsable(invitation(), created)).not.toThrow();
  });

  it('lets only owners grant the owner role', () => {
    expect(() => assertMayGrant(actor('admin'), 'owner')).toThrow(expect.objectContaining({ code: 'forbidden', message: expect.stringMatching(/only an owner may invite or make owners; "Me" has the role admin/) }));
    expect(() => assertMayGrant(actor('admin'), 'admin')).not.toThrow();
    expect(() => assertMayGrant(actor('owner'), 'owner')).not.toThrow();
  });
});

describe('member change rules', () => {
  it('refuses removing or demoting the last owner (409), and allows it while another owner remains', () => {
    for (const change of [{ kind: 'remove' } as const, { kind: 'role', role: 'admin' } as const]) {
      expect(() => assertMemberChangeAllowed(actor('owner'), member('owner'), change, 1))
        .toThrow(expect.objectContaining({ code: 'conflict', message: expect.stringMatching(/last owner/) }));
      expect(() => assertMemberChangeAllowed(actor('owner'), member('owner'), change, 2)).not.toThrow();
    }
    expect(() => assertMemberChangeAllowed(actor('owner'), member('owner'), { kind: 'role', role: 'owner' }, 1)).not.toThrow();
  });

  it('lets only an owner make or unmake owners; an admin manages the other roles', () => {
    expect(() => assertMemberChangeAllowed(actor('admin'), member('editor'), { kind: 'role', role: 'owner' }, 1))
      .toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(() => assertMemberChangeAllowed(actor('admin'), member('owner'), { kind: 'role', role: 'editor' }, 2))
      .toThrow(expect.objectContaining({ code: 'forbidden', message: expect.stringMatching(/change an owner's role/) }));
    expect(() => assertMemberChangeAllowed(actor('admin'), member('owner'), { kind: 'remove' }, 2))
      .toThrow(expect.objectContaining({ code: 'forbidden', message: expect.stringMatching(/remove an owner/) }));
    expect(() => assertMemberChangeAllowed(actor('admin'), member('editor'), { kind: 'role', role: 'admin' }, 1)).not.toThrow();
    expect(() => assertMemberChangeAllowed(actor('admin'), member('viewer'), { kind: 'remove' }, 1)).not.toThrow();
  });
});
