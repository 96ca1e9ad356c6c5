import { nextPageCursor } from './next-page';

describe('nextPageCursor', () => {
  it('reads the cursor of an RFC 8288 next link, whatever else the query holds', () => {
    expect(nextPageCursor('</testsets?app_id=a&limit=2&cursor=WyIxIl0>; rel="next"')).toBe('WyIxIl0');
    expect(nextPageCursor('</apps?cursor=abc_-1>;rel="next"')).toBe('abc_-1');
  });

  it('answers null on the last page', () => {
    expect(nextPageCursor(null)).toBeNull();
    expect(nextPageCursor('</apps?cursor=x>; rel="prev"')).toBeNull();
  });
});
