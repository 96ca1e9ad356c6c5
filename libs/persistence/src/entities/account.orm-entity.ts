import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ProjectRole } from '@crucible/domain';

@Entity('users')
export class UserOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('text') email: string;
  @Column('text') name: string;
  @Column('text', { name: 'password_hash', nullable: true }) passwordHash: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}

@Entity('memberships')
export class MembershipOrmEntity {
  @PrimaryColumn('uuid', { name: 'project_id' }) projectId: string;
  @PrimaryColumn('uuid', { name: 'user_id' }) userId: string;
  @Column('text') role: ProjectRole;
  @Column('timestamptz', { name: 'joined_at' }) joinedAt: Date;
}

@Entity('sessions')
export class SessionOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'user_id' }) userId: string;
  @Column('text', { name: 'token_hash' }) tokenHash: string;
  @Column('text', { name: 'csrf_token' }) csrfToken: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'last_seen_at' }) lastSeenAt: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
}

@Entity('invitations')
export class InvitationOrmEntity {
  @PrimaryColumn('uuid') id: string;
  @Column('uuid', { name: 'project_id' }) projectId: string;
  @Column('text') email: string;
  @Column('text') role: ProjectRole;
  @Column('text', { name: 'token_hash' }) tokenHash: string;
  @Column('text', { name: 'created_by' }) createdBy: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
  @Column('timestamptz', { name: 'accepted_at', nullable: true }) acceptedAt: Date | null;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt: Date | null;
}

@Entity('setup_tokens')
export class SetupTokenOrmEntity {
  @PrimaryColumn('text', { name: 'token_hash' }) tokenHash: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'used_at', nullable: true }) usedAt: Date | null;
}
