import { throttled } from './throttled';

describe('throttled', () => {
  it('says the first message, then nothing more until the period is over', () => {
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    const said: string[] = [];
    const say = throttled(10_000, (message) => said.push(message));
    try {
      say('redis down');
      now += 9_999;
      say('redis still down');
      now += 1;
      say('redis down again');
    } finally {
      clock.mockRestore();
    }
    expect(said).toEqual(['redis down', 'redis down again']);
  });
});
