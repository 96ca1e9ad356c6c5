export abstract class PasswordHasher {
  /** A salted, stretched hash (argon2id) in its self-describing encoded form. */
  abstract hash(password: string): Promise<string>;
  /** False for a wrong password, and for a hash it cannot read. */
  abstract verify(passwordHash: string, password: string): Promise<boolean>;
}
