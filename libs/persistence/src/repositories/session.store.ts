import { Injectable } from '@nestjs/common';
import { DataSource, LessThanOrEqual } from 'typeorm';
import { type Session, sessionExpiry } from '@crucible/domain';
import { SessionStore } from '@crucible/application';
import { SessionOrmEntity } from '../entities/account.orm-entity';
import { sessionMapper } from '../mappers/account.mapper';

/** A session seen again within this long is not written again: a busy console does not write on every request. */
const TOUCH_GRANULARITY_MS = 60_000;

@Injectable()
export class TypeOrmSessionStore extends SessionStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** Also forgets the user's sessions that expired unused, so a browser that never came back leaves no row behind for long. */
  async create(session: Session): Promise<void> {
    const sessions = this.dataSource.getRepository(SessionOrmEntity);
    await sessions.delete({ userId: session.userId, expiresAt: LessThanOrEqual(session.createdAt) });
    await sessions.insert(sessions.create(sessionMapper.toOrm(session)));
  }

  async touch(tokenHash: string, now: Date): Promise<Session | null> {
    const sessions = this.dataSource.getRepository(SessionOrmEntity);
    const row = await sessions.findOneBy({ tokenHash });
    if (!row) return null;
    const session = sessionMapper.toDomain(row);
    if (session.expiresAt.getTime() <= now.getTime()) {
      await sessions.delete({ id: session.id });
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_GRANULARITY_MS) return session;
    const touched: Session = { ...session, lastSeenAt: now, expiresAt: sessionExpiry(now) };
    await sessions.update({ id: session.id }, { lastSeenAt: touched.lastSeenAt, expiresAt: touched.expiresAt });
    return touched;
  }

  async delete(tokenHash: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(SessionOrmEntity).delete({ tokenHash });
    return (result.affected ?? 0) > 0;
  }

  async deleteAllOf(userId: string): Promise<number> {
    const result = await this.dataSource.getRepository(SessionOrmEntity).delete({ userId });
    return result.affected ?? 0;
  }
}
