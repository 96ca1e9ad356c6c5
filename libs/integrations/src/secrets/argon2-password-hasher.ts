import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { PasswordHasher } from '@crucible/application';

/** argon2id (the library's default algorithm) with its default cost: 19 MiB and two passes, OWASP's first choice. */
@Injectable()
export class Argon2PasswordHasher extends PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A hash this library cannot read matches no password.
      return false;
    }
  }
}
