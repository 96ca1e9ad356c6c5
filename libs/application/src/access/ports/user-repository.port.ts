import type { User } from '@crucible/domain';

export abstract class UserRepository {
  /** By the normalized address (`normalizeEmail`); the store also compares lower-cased. */
  abstract findByEmail(email: string): Promise<User | null>;
  abstract findById(userId: string): Promise<User | null>;
  /** Throws a `conflict` DomainError when the address is taken. */
  abstract create(user: User): Promise<void>;
  /** False when there is no such user. */
  abstract setPassword(userId: string, passwordHash: string | null): Promise<boolean>;
  /** False when there is no such user. */
  abstract rename(userId: string, name: string): Promise<boolean>;
  /** Whether any account exists: an empty database prints the first-run setup link. */
  abstract any(): Promise<boolean>;
}
