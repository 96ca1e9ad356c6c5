import { foreignExcerpt } from './ports/outbound-guard.port';

describe('foreignExcerpt', () => {
  it('keeps no URL password, even where the cut falls inside the URL', () => {
    const url = 'http://user:s3cretpassword@db.internal:5432/app';
    expect(foreignExcerpt(`failed: ${url}`)).toBe('failed: http://db.internal:5432/app');
    // The 200th character falls inside the password: cut first and redacted after, "http://user:s3cr…" would stay.
    const cutInside = `${'x'.repeat(200 - 'http://user:s3cr'.length)}${url}`;
    const excerpt = foreignExcerpt(cutInside);
    expect(excerpt).not.toMatch(/s3cr/);
    expect(excerpt).toMatch(/^x+http:\/\/db\.intern…$/);
  });
});
